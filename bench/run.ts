/**
 * `npm run bench`: measures, against a real Postgres (BENCH_DATABASE_URL, else DATABASE_URL, else an
 * embedded one in a temporary folder):
 *   1. moves through the HTTP API (a listening server, real sockets, an undici keep-alive pool) at 1, 50
 *      and 200 concurrent games, every move durably committed, with one process and with BENCH_WORKERS
 *      processes (node:cluster, as `WORKERS` runs the service; src/cluster.ts), against the ceiling
 *      measured in the same run (see ./moves.ts: CPU per move, open-loop latency, ratios);
 *   2. the cost of a move late in a long game (BENCH_LONG moves already in the log) against one early in
 *      a fresh game, warm (state cache) and cold (a server with STATE_CACHE_SIZE=0: snapshot + tail);
 *   3. archive and statistics latency for a player with BENCH_ARCHIVE_GAMES (10,000) finished games;
 *   4. per hosted engine: complete random games per second on one core, and the time to replay a full
 *      recorded game (the fixtures under test/games/<id>/fixtures).
 * Knobs: BENCH_LEVELS (1,50,200), BENCH_SECONDS per phase (5), BENCH_RATE (open loop; default half the
 * maximum), BENCH_POOL (20), BENCH_WORKERS (2), BENCH_LONG (60000), BENCH_ENGINE_SECONDS (3).
 */
import { spawn } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { GAMES } from '../src/games/registry.js';
import { Random, createRng } from '../src/engine/random.js';
import { replay, type GameRecord } from '../src/engine/replay.js';
import type { AnyGameDefinition } from '../src/engine/types.js';
import { nim } from '../test/support/nim.js';
import { archiveBench } from './archive.js';
import { PostgresCpu } from './cpu.js';
import { moveBench, POOL, type Server } from './moves.js';
import { scratchDatabase } from '../scripts/scratch-database.js';

const LONG_GAME = Number(process.env.BENCH_LONG ?? 60_000);
const ENGINE_SECONDS = Number(process.env.BENCH_ENGINE_SECONDS ?? 3);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (x: number) => `${x.toFixed(2)} ms`;

async function http(base: string, method: string, path: string, token?: string, body?: unknown): Promise<any> {
  const res = await fetch(base + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function newNimGame(base: string, a: string, b: string, stones: number): Promise<string> {
  const game = await http(base, 'POST', '/v1/games', a, { type: 'nim', seats: 2, options: { stones } });
  await http(base, 'POST', `/v1/games/${game.id}/join`, b, {});
  await http(base, 'POST', `/v1/games/${game.id}/start`, a);
  return game.id;
}

async function timeMoves(base: string, id: string, a: string, b: string, from: number, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let v = from; v < from + count; v++) {
    const t0 = performance.now();
    await http(base, 'POST', `/v1/games/${id}/moves`, v % 2 === 0 ? a : b, { move: { type: 'take', count: 1 }, expectedVersion: v });
    times.push(performance.now() - t0);
  }
  return times.sort((x, y) => x - y);
}

async function lateVersusEarly(base: string, coldBase: string, url: string, a: string, b: string): Promise<void> {
  const stones = LONG_GAME + 1000;
  const long = await newNimGame(base, a, b, stones);
  // Fill the log directly (the HTTP path is measured above): LONG_GAME "take 1" moves and the snapshots
  // the service would have written every 100 moves.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `INSERT INTO moves (game_id, seq, seat, kind, payload, log)
     SELECT $1, s, (s - 1) % 2, 'move', '{"type":"take","count":1}', '[]' FROM generate_series(1, $2::int) s`,
    [long, LONG_GAME],
  );
  await client.query(`UPDATE games SET version = $2, to_move = ARRAY[$2::int % 2] WHERE id = $1`, [long, LONG_GAME]);
  const row = await client.query('SELECT seed, options FROM games WHERE id = $1', [long]);
  let state = nim.setup({ seats: 2, options: row.rows[0].options, seed: row.rows[0].seed });
  for (let seq = 1; seq <= LONG_GAME; seq++) {
    const r = nim.apply(state, (seq - 1) % 2, { type: 'take', count: 1 });
    if (!r.ok) throw new Error('bad fill');
    state = r.state;
    if (seq % 100 === 0 && seq > LONG_GAME - 300) await client.query('INSERT INTO snapshots (game_id, seq, state) VALUES ($1, $2, $3)', [long, seq, JSON.stringify(state)]);
  }
  await client.end();
  const fresh = await newNimGame(base, a, b, stones);
  const n = 200;
  const early = await timeMoves(base, fresh, a, b, 0, n);
  const late = await timeMoves(base, long, a, b, LONG_GAME, n);
  const earlyCold = await timeMoves(coldBase, fresh, a, b, n, 50);
  const lateCold = await timeMoves(coldBase, long, a, b, LONG_GAME + n, 50);
  console.log(`\n## A move late in a ${LONG_GAME}-move game vs early in a fresh one (median of ${n}; cold = no state cache, snapshot + tail)`);
  console.log(`warm: early ${ms(percentile(early, 50))}, late ${ms(percentile(late, 50))}, ratio late/early ${(percentile(late, 50) / percentile(early, 50)).toFixed(2)}`);
  console.log(`cold: early ${ms(percentile(earlyCold, 50))}, late ${ms(percentile(lateCold, 50))}, ratio late/early ${(percentile(lateCold, 50) / percentile(earlyCold, 50)).toFixed(2)}`);
}

function randomGame(game: AnyGameDefinition, seats: number, seed: string): number {
  const options = game.validateOptions({}, seats);
  if (!options.ok) throw new Error(`${game.id}: default options refused for ${seats} seats`);
  let state = game.setup({ seats, options: options.value, seed });
  const rng = new Random(createRng(seed));
  let moves = 0;
  while (game.outcome(state) === null) {
    const seat = rng.pick(game.toMove(state));
    const r = game.apply(state, seat, rng.pick(game.legalMoves(state, seat)));
    if (!r.ok) throw new Error(`${game.id}: random move refused`);
    state = r.state;
    moves++;
  }
  return moves;
}

async function fixtures(game: AnyGameDefinition): Promise<(GameRecord & { file: string })[]> {
  const dir = new URL(`../test/games/${game.id}/fixtures/`, import.meta.url);
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    files.filter((f) => f.endsWith('.json')).map(async (file) => ({ file, ...(JSON.parse(await readFile(new URL(file, dir), 'utf8')) as GameRecord) })),
  );
}

async function engines(): Promise<void> {
  console.log(`\n## Engines (one core): complete random games per second (${ENGINE_SECONDS} s each), and full recorded-game replay`);
  for (const game of GAMES) {
    const seats = Math.min(game.players.max, Math.max(game.players.min, 4));
    let games = 0;
    let moves = 0;
    const end = performance.now() + ENGINE_SECONDS * 1000;
    while (performance.now() < end) {
      moves += randomGame(game, seats, `bench-${games}`);
      games++;
    }
    const line = [`${game.id} (${seats} players): ${(games / ENGINE_SECONDS).toFixed(1)} games/s, ${(moves / games).toFixed(0)} moves/game`];
    for (const record of await fixtures(game)) {
      const t0 = performance.now();
      const runs = 20;
      for (let i = 0; i < runs; i++) if (!replay(game, record).ok) throw new Error(`${record.file} no longer replays`);
      line.push(`replay ${record.file} (${record.seats}p, ${record.moves.length} moves): ${ms((performance.now() - t0) / runs)}`);
    }
    console.log(line.join('\n  '));
  }
}


/** Starts bench/server.ts in a child process (with an IPC channel for its CPU time) and resolves with its URL. */
function startServer(databaseUrl: string, stateCache: number, workers = 1, groupCommit = true): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./server.ts', import.meta.url).pathname], {
    env: {
      ...process.env,
      BENCH_SERVER_DATABASE_URL: databaseUrl,
      BENCH_STATE_CACHE: String(stateCache),
      BENCH_WORKERS: String(workers),
      BENCH_POOL: String(POOL),
      BENCH_GROUP_COMMIT: groupCommit ? 'on' : 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /LISTENING (\S+)/.exec(chunk.toString());
      if (match?.[1]) resolve({ base: match[1], child });
    });
  });
}

async function stopServer({ child }: Server): Promise<void> {
  child.removeAllListeners('exit');
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function machine(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>('SHOW server_version').finally(() => client.end());
  const cpu = cpus();
  // The load average says how shared the machine was: on a busy one the ratios mean more than the figures.
  return `${cpu.length} x ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${loadavg()[0]?.toFixed(1)}; Node ${process.version}; Postgres ${rows[0]?.server_version} at ${new URL(url).host}`;
}

const db = await scratchDatabase('portolan-bench', process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL);
const servers: Server[] = [];
const postgres = new PostgresCpu(db.server, db.name);
try {
  console.log(`# Portolan bench\n\nMachine: ${await machine(db.url)}`);
  await postgres.connect();
  const warm = await startServer(db.url, 1000);
  servers.push(warm);
  await moveBench({
    http,
    url: db.url,
    single: warm,
    startWorkers: async () => {
      const several = await startServer(db.url, 1000, WORKERS);
      servers.push(several);
      return several;
    },
    startUngrouped: async () => {
      const ungrouped = await startServer(db.url, 1000, 1, false);
      servers.push(ungrouped);
      return ungrouped;
    },
    stop: stopServer,
    workers: WORKERS,
    postgres,
  });
  const cold = await startServer(db.url, 0);
  servers.push(cold);
  const a = (await http(warm.base, 'POST', '/v1/players', undefined, { name: 'bench-a' })).token;
  const b = (await http(warm.base, 'POST', '/v1/players', undefined, { name: 'bench-b' })).token;
  await lateVersusEarly(warm.base, cold.base, db.url, a, b);
  await archiveBench(http, warm.base, db.url);
  await engines();
} finally {
  for (const server of servers) await stopServer(server);
  await postgres.end().catch(() => undefined);
  await db.cleanup();
}
