/**
 * `npx tsx bench/async-play.ts`: what asynchronous play costs (against BENCH_DATABASE_URL, else the local
 * Postgres at 127.0.0.1:5432):
 *   1. the latency of a move with no webhook endpoint watching vs. one whose two players each have an
 *      endpoint for every event (3 to 4 outbox rows in the same statement), interleaved so both see the
 *      same machine load;
 *   2. the time from a move's HTTP answer to its signed delivery at a local receiver (p50/p99).
 *      Moves come back to back unless BENCH_PACE_MS spaces them (one game's deliveries go out one at a time,
 *      in order, so a single game moving faster than its endpoint's round trip builds a queue);
 *   3. delivery throughput: BENCH_GAMES games played side by side at BENCH_RATE moves/s in all (0: as fast
 *      as the service takes them), both players of each with an endpoint for every event; it prints moves/s,
 *      delivered moves/s and events/s (all types) and the lag from each move's answer to its move.made
 *      reaching both endpoints (p50/p99). Delivery keeps up when the delivered rate matches the played one
 *      and the lag stays flat.
 *   4. catching up after an outage: the receiver answers 503 while BENCH_BACKLOG moves per game are played,
 *      then comes back and each endpoint gets "retry now": how fast the backlog drains (pure delivery
 *      capacity, whatever the move path's speed on this machine).
 * Knobs: BENCH_MOVES (400), BENCH_PACE_MS (0), BENCH_GAMES (20), BENCH_GAME_MOVES (100), BENCH_RATE (120),
 * BENCH_BACKLOG (50).
 */
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { migrate } from '../src/store/migrate.js';
import { nim } from '../test/support/nim.js';

const MOVES = Number(process.env.BENCH_MOVES ?? 400);
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 0);
const GAMES = Number(process.env.BENCH_GAMES ?? 20);
const GAME_MOVES = Number(process.env.BENCH_GAME_MOVES ?? 100);
const RATE = Number(process.env.BENCH_RATE ?? 120);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 50);
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
  // Each move's move.made reaches two endpoints: the time is the second arrival's (every watcher served).
  const arrivals = new Map<string, number>();
  const firstHalf = new Set<string>();
  let received = 0;
  let down = false;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (down) {
        res.writeHead(503).end();
        return;
      }
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      received++;
      const key = `${event.data.gameId}:${event.data.version}`;
      if (event.type === 'move.made' && !firstHalf.delete(key)) firstHalf.add(key);
      else if (event.type === 'move.made') arrivals.set(key, performance.now());
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
  const hook = (p: { token: string }) => post('/v1/webhooks', p.token, { url: `http://127.0.0.1:${port}/`, events: ['move.made', 'turn.started', 'game.finished'] });
  for (const p of players.slice(2)) await hook(p);
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

  // 3. Throughput: many games at once, every move watched by both players' endpoints.
  const pairs = await Promise.all(Array.from({ length: GAMES }, async (_, i) => {
    const pair = await Promise.all([`P${i}a`, `P${i}b`].map((n) => post('/v1/players', null, { name: n })));
    const hooks = [];
    for (const p of pair) hooks.push({ token: p.token as string, id: (await hook(p)).id as string });
    return { pair, hooks, id: await newGame(pair[0], pair[1]) };
  }));
  arrivals.clear();
  answered.clear();
  const receivedBefore = received;
  const start = performance.now();
  await Promise.all(pairs.map(async ({ pair, id }, g) => {
    for (let i = 0; i < GAME_MOVES; i++) {
      // Game g's i-th move is due at its slot of the overall rate (no catching up in bursts: a late move waits for nothing).
      const due = start + ((i * GAMES + g) * 1000) / RATE;
      if (RATE > 0 && due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
      await post(`/v1/games/${id}/moves`, pair[i % 2].token, { move: { type: 'take', count: 1 } });
      answered.set(`${id}:${i + 1}`, performance.now());
    }
  }));
  const played = performance.now() - start;
  const total = GAMES * GAME_MOVES;
  const deadline = performance.now() + 60_000;
  while (arrivals.size < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const lastArrival = Math.max(...arrivals.values());
  const lags = [...answered].flatMap(([key, t]) => (arrivals.has(key) ? [arrivals.get(key)! - t] : []));
  const events = received - receivedBefore;
  const seconds = (lastArrival - start) / 1000;
  console.log(`## Throughput: ${GAMES} games x ${GAME_MOVES} moves side by side${RATE > 0 ? ` at up to ${RATE} moves/s` : ''}, 2 endpoints per game (move.made, turn.started, game.finished)`);
  console.log(`played: ${(total / (played / 1000)).toFixed(0)} moves/s; move.made delivered to both endpoints ${arrivals.size}/${total} (${events} events in all)`);
  console.log(`delivered: ${(arrivals.size / seconds).toFixed(0)} moves/s, ${(events / seconds).toFixed(0)} events/s (first move to last delivery: ${seconds.toFixed(1)} s)`);
  console.log(`delivery lag (move answered -> move.made received by both endpoints): p50 ${f(pct(lags, 50))}  p99 ${f(pct(lags, 99))}`);

  // 4. An outage, then "retry now": the backlog's drain rate.
  down = true;
  await Promise.all(pairs.map(async ({ pair, id }) => {
    for (let i = GAME_MOVES; i < GAME_MOVES + BACKLOG; i++) await post(`/v1/games/${id}/moves`, pair[i % 2].token, { move: { type: 'take', count: 1 } });
  }));
  await new Promise((r) => setTimeout(r, 1_000)); // the attempts under way end (and fail)
  arrivals.clear();
  down = false;
  const receivedBeforeCatchUp = received;
  const back = performance.now();
  for (const { hooks } of pairs) for (const h of hooks) await post(`/v1/webhooks/${h.id}/retry`, h.token);
  const backlog = GAMES * BACKLOG;
  const catchUpDeadline = performance.now() + 120_000;
  while (arrivals.size < backlog && performance.now() < catchUpDeadline) await new Promise((r) => setTimeout(r, 20));
  const drained = (Math.max(...arrivals.values()) - back) / 1000;
  const backlogEvents = received - receivedBeforeCatchUp;
  console.log(`## Catching up: ${backlog} moves played while the receiver answered 503, then "retry now" on its ${GAMES * 2} endpoints`);
  console.log(`delivered ${arrivals.size}/${backlog} moves to both endpoints (${backlogEvents} events) in ${drained.toFixed(1)} s: ${(arrivals.size / drained).toFixed(0)} moves/s, ${(backlogEvents / drained).toFixed(0)} events/s`);
  await app.close();
  receiver.close();
} finally {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
