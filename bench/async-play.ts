/**
 * `npx tsx bench/async-play.ts`: what asynchronous play costs (against BENCH_DATABASE_URL, else the local
 * Postgres at 127.0.0.1:5432):
 *   1. the latency of a move with no webhook endpoint watching vs. one whose two players each have an
 *      endpoint for every event (3 to 4 outbox rows in the same statement), interleaved so both see the
 *      same machine load;
 *   2. the time from a move's HTTP answer to its signed delivery at a local receiver (p50/p99).
 *      Moves come back to back unless BENCH_PACE_MS spaces them (one game's deliveries go out one at a time,
 *      in order, so a single game moving faster than its endpoint's round trip builds a queue).
 * Knobs: BENCH_MOVES (400), BENCH_PACE_MS (0).
 */
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { migrate } from '../src/store/migrate.js';
import { nim } from '../test/support/nim.js';

const MOVES = Number(process.env.BENCH_MOVES ?? 400);
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 0);
const server = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const name = `portolan_bench_async_${process.pid}`;
const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;

await admin(`CREATE DATABASE ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;
try {
  await migrate(url.toString());
  const arrivals = new Map<string, number>();
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (event.type === 'move.made') arrivals.set(`${event.data.gameId}:${event.data.version}`, performance.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as { port: number }).port;
  const app = await buildApp({
    databaseUrl: url.toString(),
    games: [nim],
    webhooks: { allowedHosts: ['127.0.0.1'] },
    rateLimits: { perMinute: 1e9, registrationsPerHour: 1e9, gamesPerHour: 1e9, webhookChangesPerHour: 1e9 },
  });
  await app.ready();
  const post = async (path: string, token: string | null, payload?: object) => {
    const res = await app.inject({ method: 'POST', url: path, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${path}: ${res.body}`);
    return res.json();
  };
  const players = await Promise.all(['A', 'B', 'C', 'D'].map((n) => post('/v1/players', null, { name: n })));
  for (const p of players.slice(2)) await post('/v1/webhooks', p.token, { url: `http://127.0.0.1:${port}/`, events: ['move.made', 'turn.started', 'game.finished'] });
  const newGame = async (a: any, b: any) => {
    const g = await post('/v1/games', a.token, { type: 'nim', seats: 2, options: { stones: 10_000 } });
    await post(`/v1/games/${g.id}/join`, b.token, {});
    await post(`/v1/games/${g.id}/start`, a.token);
    return g.id as string;
  };
  const quiet = await newGame(players[0], players[1]);
  const watched = await newGame(players[2], players[3]);
  const lat = { quiet: [] as number[], watched: [] as number[] };
  const answered = new Map<string, number>();
  for (let i = 0; i < MOVES; i++) {
    for (const [kind, id, pair] of [['quiet', quiet, players.slice(0, 2)], ['watched', watched, players.slice(2)]] as const) {
      const t0 = performance.now();
      await post(`/v1/games/${id}/moves`, pair[i % 2].token, { move: { type: 'take', count: 1 } });
      const t1 = performance.now();
      lat[kind].push(t1 - t0);
      if (kind === 'watched') answered.set(`${id}:${i + 1}`, t1);
    }
    if (PACE_MS > 0) await new Promise((r) => setTimeout(r, PACE_MS));
  }
  const until = performance.now() + 30_000;
  while (arrivals.size < MOVES && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
  const delays = [...answered].flatMap(([key, t]) => (arrivals.has(key) ? [arrivals.get(key)! - t] : []));
  const f = (x: number) => `${x.toFixed(2)} ms`;
  console.log(`## Move latency, ${MOVES} moves each, interleaved (app.inject, one at a time${PACE_MS ? `, ${PACE_MS} ms apart` : ''})`);
  console.log(`no endpoints:        p50 ${f(pct(lat.quiet, 50))}  p99 ${f(pct(lat.quiet, 99))}`);
  console.log(`2 endpoints watching: p50 ${f(pct(lat.watched, 50))}  p99 ${f(pct(lat.watched, 99))}`);
  console.log(`## Move answered -> signed move.made received: ${delays.length}/${MOVES} delivered, p50 ${f(pct(delays, 50))}  p99 ${f(pct(delays, 99))}`);
  await app.close();
  receiver.close();
} finally {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
