/**
 * `npx tsx bench/app-webhook.ts`: deliveries per second to ONE app endpoint, the site-wide webhook that
 * receives the events of all an app's players (against BENCH_DATABASE_URL, else the local Postgres at
 * 127.0.0.1:5432). BENCH_APP_GAMES games between the app's players (2 per game, each with its own
 * short-lived token minted by the app) are played while the endpoint answers 503, BENCH_APP_MOVES moves
 * each; then the endpoint comes back, the app asks "retry now", and the backlog drains: every move makes a
 * move.made for both players and a turn.started for one (3 deliveries, each rendered for its player). It
 * prints deliveries/s while draining, which is the delivery capacity to one endpoint whatever the move
 * path's speed, and then the live rate: BENCH_APP_MOVES more moves per game with the endpoint up.
 * Knobs: BENCH_APP_GAMES (100), BENCH_APP_MOVES (10).
 */
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { migrate } from '../src/store/migrate.js';
import { nim } from '../test/support/nim.js';

const GAMES = Number(process.env.BENCH_APP_GAMES ?? 100);
const MOVES = Number(process.env.BENCH_APP_MOVES ?? 10);
const server = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const name = `portolan_bench_app_${process.pid}`;
const ADMIN_KEY = 'bench-operator-key-0123456789abcdefghij';
const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};

await admin(`CREATE DATABASE ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;
try {
  await migrate(url.toString());
  let received = 0;
  let down = true;
  const recipients = new Set<string>();
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (down) return void res.writeHead(503).end();
      received++;
      recipients.add(JSON.parse(Buffer.concat(chunks).toString('utf8')).data.recipient.playerId);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as { port: number }).port;
  const app = await buildApp({
    databaseUrl: url.toString(),
    games: [nim],
    adminKey: ADMIN_KEY,
    webhooks: { allowedHosts: ['127.0.0.1'] },
    rateLimits: { perMinute: 1e9, registrationsPerHour: 1e9, gamesPerHour: 1e9, webhookChangesPerHour: 1e9 },
    apps: { requestsPerMinute: 1e9, playersPerHour: 1e9 },
  });
  await app.ready();
  const call = async (method: 'GET' | 'POST', path: string, token: string, payload?: object) => {
    const res = await app.inject({ method, url: path, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${path}: ${res.body}`);
    return res.json();
  };
  const { key } = await call('POST', '/v1/admin/apps', ADMIN_KEY, { name: 'Bench site' });
  const hook = await call('POST', '/v1/app/webhooks', key, { url: `http://127.0.0.1:${port}/site`, events: ['move.made', 'turn.started'] });
  const browserToken = async (externalId: string) => {
    const player = await call('POST', '/v1/app/players', key, { externalId });
    return (await call('POST', `/v1/app/players/${player.id}/tokens`, key, { scopes: ['play', 'read'], expiresInSeconds: 3600 })).secret as string;
  };
  const games = await Promise.all(Array.from({ length: GAMES }, async (_, i) => {
    const [a, b] = await Promise.all([browserToken(`user-${i}-a`), browserToken(`user-${i}-b`)]);
    const game = await call('POST', '/v1/games', a, { type: 'nim', seats: 2, options: { stones: 10_000 } });
    await call('POST', `/v1/games/${game.id}/join`, b, {});
    await call('POST', `/v1/games/${game.id}/start`, a);
    return { id: game.id as string, tokens: [a, b] };
  }));
  const play = (from: number) => Promise.all(games.map(async ({ id, tokens }) => {
    for (let i = from; i < from + MOVES; i++) await call('POST', `/v1/games/${id}/moves`, tokens[i % 2]!, { move: { type: 'take', count: 1 } });
  }));
  const pending = async () => (await app.pgPool.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'")).rows[0]!.n;

  await play(0);
  await new Promise((r) => setTimeout(r, 1_000)); // the attempts under way end (and fail)
  const backlog = await pending();
  down = false;
  const back = performance.now();
  await call('POST', `/v1/app/webhooks/${hook.id}/retry`, key);
  const deadline = back + 300_000;
  while (received < backlog && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const drained = (performance.now() - back) / 1000;
  console.log(`## One app endpoint, ${GAMES} games of the app's players (${GAMES * 2} players), after an outage`);
  console.log(`backlog ${backlog} deliveries (${GAMES * MOVES} moves) drained: ${received}/${backlog} in ${drained.toFixed(1)} s = ${(received / drained).toFixed(0)} deliveries/s (${recipients.size} players named)`);

  const before = received;
  const start = performance.now();
  await play(MOVES);
  while ((await pending()) > 0 && performance.now() < start + 120_000) await new Promise((r) => setTimeout(r, 50));
  const live = (performance.now() - start) / 1000;
  console.log(`live: ${GAMES * MOVES} moves played and ${received - before} deliveries received in ${live.toFixed(1)} s = ${((received - before) / live).toFixed(0)} deliveries/s`);
  await app.close();
  receiver.close();
} finally {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
