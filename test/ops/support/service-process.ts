/**
 * Portolan as a real child process (the way it runs in production), for the operations tests: started
 * with a given environment, its URL read from its "Server listening" log line, its exit observed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface ServiceProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Every JSON log line so far. */
  readonly log: Record<string, unknown>[];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `node <args>` in the repository with `env` added; resolves once it listens. */
export async function startProcess(args: string[], env: Record<string, string>, t: { teardown(fn: () => unknown): void }): Promise<ServiceProcess> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // NODE_OPTIONS cleared: the child loads nothing of the test runner's (no TypeScript loader).
    env: { ...process.env, NODE_OPTIONS: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  const log: Record<string, unknown>[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        log.push(entry);
        const listening = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(String(entry.msg));
        if (listening) resolve(listening[1]!);
      } catch {
        // not a log line
      }
    });
    void exited.then(({ code, signal }) => reject(new Error(`the service exited before listening (${code ?? signal}):\n${stderr}`)));
  });
  return { child, url, log, exited };
}

export interface Answer {
  readonly status: number;
  readonly body: any;
}

/**
 * One HTTP request on a connection of its own (no keep-alive), so that a stopping server can only
 * refuse it (ECONNREFUSED: never accepted) or answer it; anything else means it was cut mid-way.
 */
export function call(base: string, method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), {
      method,
      agent: false,
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        if (!res.complete) return reject(Object.assign(new Error('response cut'), { code: 'CUT' }));
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Like `call`, but throws unless the status is 2xx. */
export async function ok(base: string, method: string, path: string, body?: unknown, token?: string): Promise<any> {
  const answer = await call(base, method, path, body, token);
  if (answer.status >= 300) {
    throw Object.assign(new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`), { status: answer.status });
  }
  return answer.body;
}

/** Registers two players and starts a two-seat Puerto Rico game between them. */
export async function startGame(base: string): Promise<{ gameId: string; tokens: string[] }> {
  const a = await ok(base, 'POST', '/v1/players', { name: 'Ana' });
  const b = await ok(base, 'POST', '/v1/players', { name: 'Ben' });
  const game = await ok(base, 'POST', '/v1/games', { type: 'puerto-rico', seats: 2 }, a.token);
  await ok(base, 'POST', `/v1/games/${game.id}/join`, {}, b.token);
  await ok(base, 'POST', `/v1/games/${game.id}/start`, undefined, a.token);
  return { gameId: game.id, tokens: [a.token, b.token] };
}

/** Plays the first legal move of whoever is to move; returns the answer to the move. */
export async function playOne(base: string, game: { gameId: string; tokens: string[] }): Promise<Answer> {
  const state = await ok(base, 'GET', `/v1/games/${game.gameId}`);
  const token = game.tokens[state.toMove[0]]!;
  const legal = await ok(base, 'GET', `/v1/games/${game.gameId}/legal-moves`, undefined, token);
  return call(base, 'POST', `/v1/games/${game.gameId}/moves`, { move: legal.moves[0], expectedVersion: legal.version }, token);
}
