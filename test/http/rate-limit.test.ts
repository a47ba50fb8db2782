/**
 * Rate limits: budgets per token (per client address for anonymous calls and refused tokens), stricter
 * hourly budgets for registration, game creation and webhook changes shared by REST and GraphQL, the
 * IETF draft headers, 429 RATE_LIMITED in each API's error shape; and counters that two instances of the
 * service share, through Postgres (the default) and through Redis.
 */
import t, { type Test } from 'tap';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { build, createTestDatabase, player } from '../helper.js';
import type { AppOptions } from '../../src/app.js';

const SMALL = { perMinute: 5, registrationsPerHour: 1000, gamesPerHour: 1000, webhookChangesPerHour: 1000 };

/** Two instances of the service on one database (and one Redis when given). */
async function twoInstances(t: Test, options: Partial<AppOptions>): Promise<[FastifyInstance, FastifyInstance]> {
  const databaseUrl = await createTestDatabase(t);
  return [await build(t, { workers: false, databaseUrl, ...options }), await build(t, { workers: false, databaseUrl, ...options })];
}

async function budgetIsShared(t: Test, [a, b]: [FastifyInstance, FastifyInstance]) {
  for (let i = 0; i < 5; i++) {
    const res = await (i % 2 === 0 ? a : b).inject({ method: 'GET', url: '/v1/game-types' });
    t.equal(res.statusCode, 200, `call ${i + 1} of 5 is served`);
    t.equal(res.headers['ratelimit-limit'], '5');
    t.equal(res.headers['ratelimit-remaining'], String(4 - i), 'one counter across both instances');
    t.ok(Number(res.headers['ratelimit-reset']) > 0);
  }
  for (const app of [a, b]) {
    const refused = await app.inject({ method: 'GET', url: '/v1/game-types' });
    t.equal(refused.statusCode, 429);
    t.equal(refused.json().error.code, 'RATE_LIMITED');
    t.type(refused.json().error.message, 'string');
    t.equal(refused.headers['ratelimit-remaining'], '0');
    t.ok(Number(refused.headers['retry-after']) > 0 && Number(refused.headers['retry-after']) <= 60, 'Retry-After within the window');
  }
}

t.test('two instances on one Postgres share the budget (the default store)', async (t) => {
  await budgetIsShared(t, await twoInstances(t, { rateLimits: SMALL }));
});

t.test('two instances on one Redis share the budget (REDIS_URL)', async (t) => {
  const redisPrefix = `portolan-test:${randomBytes(6).toString('hex')}:`;
  const redisUrl = 'redis://127.0.0.1:6379';
  const instances = await twoInstances(t, { rateLimits: { ...SMALL, redisPrefix }, redisUrl });
  await budgetIsShared(t, instances);
  const redis = new Redis(redisUrl);
  t.teardown(() => redis.quit());
  const keys = await redis.keys(`${redisPrefix}*`);
  t.ok(keys.length > 0, 'the counter lives in Redis');
  t.equal(await instances[0].db.rateLimit.count(), 0, 'and not in Postgres');
  await redis.del(...keys);
});

t.test('a token has its own budget; anonymous calls and forged tokens count per address', async (t) => {
  const app = await build(t, { workers: false, rateLimits: { ...SMALL, perMinute: 3 } });
  const ana = await player(app, 'Ana'); // a registration: its own bucket, not the general budget
  for (let i = 0; i < 3; i++) t.equal((await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer forged-${i}` } })).statusCode, 401);
  const forged = await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: 'Bearer forged-4' } });
  t.equal(forged.statusCode, 429, 'forged tokens are counted against the address');
  t.equal((await app.inject({ method: 'GET', url: '/v1/game-types' })).statusCode, 429, 'so are anonymous calls');
  for (let i = 0; i < 3; i++) t.equal((await ana.request('GET', '/v1/me')).status, 200, 'the token holder has a budget of its own');
  const over = await ana.request('GET', '/v1/me');
  t.equal(over.status, 429);
  t.equal(over.body.error.code, 'RATE_LIMITED');
  t.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200, 'health checks are never limited');
});

t.test('registration, game creation and webhook changes have stricter budgets, shared by REST and GraphQL', async (t) => {
  const [a, b] = await twoInstances(t, { rateLimits: { perMinute: 1000, registrationsPerHour: 2, gamesPerHour: 1, webhookChangesPerHour: 1 } });
  const ana = await player(a, 'Ana');
  t.equal((await b.inject({ method: 'POST', url: '/graphql', payload: { query: 'mutation { register(name: "Ben") { token } }' } })).statusCode, 200);
  const third = await a.inject({ method: 'POST', url: '/v1/players', payload: { name: 'Cid' } });
  t.equal(third.statusCode, 429, 'the third registration of the hour');
  t.equal(third.json().error.code, 'RATE_LIMITED');
  t.equal(third.headers['ratelimit-limit'], '2');
  const viaGraphql = await b.inject({ method: 'POST', url: '/graphql', payload: { query: 'mutation { register(name: "Dan") { token } }' } });
  t.equal(viaGraphql.statusCode, 429, 'refused before execution');
  t.equal(viaGraphql.json().errors[0].extensions.code, 'RATE_LIMITED');
  t.ok(Number(viaGraphql.headers['retry-after']) > 0);
  t.equal(await a.db.player.count(), 2, 'nobody registered over the budget');

  t.equal((await ana.request('POST', '/v1/games', { type: 'nim', seats: 2 })).status, 201);
  const game = await b.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${ana.token}` }, payload: { query: 'mutation { createGame(type: "nim", seats: 2) { id } }' } });
  t.equal(game.json().errors[0].extensions.code, 'RATE_LIMITED', 'the second game of the hour');
  t.equal(await a.db.game.count(), 1);

  t.equal((await ana.request('DELETE', '/v1/webhooks/00000000-0000-4000-8000-000000000000')).status, 404, 'a webhook change (of nothing) counts');
  const change = await ana.request('POST', '/v1/webhooks', { url: 'https://example.com/hook', events: ['move.committed'] });
  t.equal(change.status, 429);
  t.equal(change.body.error.code, 'RATE_LIMITED');
  t.equal((await ana.request('GET', '/v1/webhooks')).status, 200, 'reading is not a change');
});

t.test('over the general budget, /graphql answers 429 in GraphQL shape', async (t) => {
  const app = await build(t, { workers: false, rateLimits: { ...SMALL, perMinute: 1 } });
  t.equal((await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ gameTypes { id } }' } })).statusCode, 200);
  const refused = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ gameTypes { id } }' } });
  t.equal(refused.statusCode, 429);
  t.equal(refused.json().data, null);
  t.equal(refused.json().errors[0].extensions.code, 'RATE_LIMITED');
  t.ok(refused.headers['retry-after']);
});

/** Counts the rate-limit statements `app` sends (they go through `app.pgPool`) from now on. */
function countRateLimitStatements(app: FastifyInstance): () => number {
  let sent = 0;
  const pool = app.pgPool as { query: (...args: unknown[]) => unknown };
  const query = pool.query.bind(pool);
  pool.query = (...args: unknown[]) => {
    const config = args[0];
    const text = typeof config === 'string' ? config : (config as { text?: string }).text;
    if (text?.includes('rate_limits')) sent++;
    return query(...args);
  };
  return () => sent;
}

t.test('a large budget costs Postgres a lease per block of calls, not a statement per call (issue 16)', async (t) => {
  const app = await build(t, { workers: false, rateLimits: { ...SMALL, perMinute: 10_000 } });
  const ana = await player(app, 'Ana');
  const statements = countRateLimitStatements(app);
  for (let i = 0; i < 200; i++) {
    const res = await ana.request('GET', '/v1/me');
    if (res.status !== 200) t.fail(`call ${i + 1} answered ${res.status}`);
  }
  const last = await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${ana.token}` } });
  t.equal(last.headers['ratelimit-remaining'], String(10_000 - 201), 'one instance counts every call');
  t.ok(statements() <= Math.ceil(201 / 64) + 1, `${statements()} rate-limit statements for 201 calls`);
  const row = await app.db.rateLimit.findUnique({ where: { key: `general:player:${ana.id}` } });
  t.ok(row && row.hits >= 201 && row.hits <= 201 + 64, `Postgres holds the leased total (${row?.hits}): the calls and at most one unspent block`);
});

t.test('two instances under concurrent calls admit exactly the budget, never more', async (t) => {
  const budget = 100;
  const [a, b] = await twoInstances(t, { rateLimits: { ...SMALL, perMinute: budget } });
  const ana = await player(a, 'Ana');
  const headers = { authorization: `Bearer ${ana.token}` };
  const answers = await Promise.all(Array.from({ length: 3 * budget }, (_, i) => (i % 2 === 0 ? a : b).inject({ method: 'GET', url: '/v1/me', headers })));
  const served = answers.filter((res) => res.statusCode === 200);
  const refused = answers.filter((res) => res.statusCode === 429);
  t.equal(served.length, budget, `exactly ${budget} of ${3 * budget} calls served`);
  t.equal(refused.length, 2 * budget, 'the others refused');
  t.ok(
    refused.every((res) => res.headers['ratelimit-remaining'] === '0' && Number(res.headers['retry-after']) > 0 && Number(res.headers['retry-after']) <= 60),
    'refusals say 0 remaining and when to retry',
  );
  t.same(
    served.map((res) => Number(res.headers['ratelimit-remaining'])).sort((x, y) => x - y),
    Array.from({ length: budget }, (_, i) => i),
    'each served call has a count of its own',
  );
  const row = await a.db.rateLimit.findUnique({ where: { key: `general:player:${ana.id}` } });
  t.equal(row?.hits, budget, 'Postgres granted the budget and no more');
});
