/**
 * `WORKERS=2` (src/cluster.ts): the real server as a child process supervises two worker processes that
 * share its port and database, serve one game between them (each request on a new connection, handed out
 * round-robin), and all stop on SIGTERM with exit code 0.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createTestDatabase } from './helper.js';
import { waitFor } from './webhooks/support/receiver.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** One request on a connection of its own (no keep-alive), so the primary hands each to the next worker. */
function call(port: number, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1', port, method, path, agent: false,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

t.test('two worker processes serve one game as one service, and stop together on SIGTERM', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const port = await freePort();
  const server = fileURLToPath(new URL('../src/server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', server], {
    env: { ...process.env, WORKERS: '2', PORT: String(port), DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  await waitFor(() => call(port, 'GET', '/healthz').then((r) => r.status === 200, () => false), 300_000, 'the cluster to listen');

  // Each worker is an instance with its own commit-feed connection to the database.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  t.teardown(() => db.end());
  const feeds = async () => (await db.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'portolan-feed' AND datname = current_database()")).rows[0].n;
  t.equal(await waitFor(async () => ((await feeds()) === 2 ? 2 : null), 60_000, 'two workers'), 2, 'two worker processes');

  const ana = (await call(port, 'POST', '/v1/players', undefined, { name: 'Ana' })).body.token;
  const ben = (await call(port, 'POST', '/v1/players', undefined, { name: 'Ben' })).body.token;
  const game = (await call(port, 'POST', '/v1/games', ana, { type: 'puerto-rico', seats: 3, bots: [{ seat: 2, level: 'random' }] })).body;
  t.equal((await call(port, 'POST', `/v1/games/${game.id}/join`, ben, {})).status, 200);
  t.equal((await call(port, 'POST', `/v1/games/${game.id}/start`, ana)).status, 200);

  // Eight human moves, each read and sent on new connections (so through both workers), with expectedVersion.
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) {
    const turn = await waitFor(async () => {
      const g = (await call(port, 'GET', `/v1/games/${game.id}`)).body;
      return g.toMove.includes(0) || g.toMove.includes(1) ? g : null;
    }, 30_000, 'a human turn');
    const token = turn.toMove.includes(0) ? ana : ben;
    const legal = (await call(port, 'GET', `/v1/games/${game.id}/legal-moves`, token)).body;
    const res = await call(port, 'POST', `/v1/games/${game.id}/moves`, token, { move: legal.moves[0], expectedVersion: legal.version });
    statuses.push(res.status);
  }
  t.same(statuses, Array(8).fill(200), 'every move accepted');
  const history = (await call(port, 'GET', `/v1/games/${game.id}/moves?after=0&limit=200`)).body.items as { seq: number }[];
  t.same(history.map((m) => m.seq), history.map((_, i) => i + 1), 'one log, no gap');

  child.kill('SIGTERM');
  t.equal(await exited, 0, 'the primary stops its workers and exits 0');
  t.equal(await feeds(), 0, 'no worker is left behind');
});
