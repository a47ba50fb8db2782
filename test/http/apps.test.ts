/**
 * Apps (a site's community): the operator creates apps and their keys (hash only, rotation with overlap,
 * disable), over HTTP and with `npm run app`; an app finds or creates its players by its own ids, and sees
 * only its own. Attacks: another app's players, a player token on app routes, an app key elsewhere, bad
 * external ids, 2,000 concurrent upserts of one id, 500 upserts from one address under the real budgets.
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMITS } from '../../src/http/rate-limit.js';
import { build, createTestDatabase, player, send } from '../helper.js';

const ADMIN_KEY = 'operator-key-for-app-tests-0123456789';
const asOperator = { authorization: `Bearer ${ADMIN_KEY}` };

async function createApp(app: FastifyInstance, name: string, budgets: Record<string, number> = {}) {
  const res = await send(app, 'POST', '/v1/admin/apps', { name, ...budgets }, asOperator);
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  const key: string = res.body.key;
  return { id: res.body.app.id as string, key, as: (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => send(app, method, url, body, { authorization: `Bearer ${key}` }) };
}

t.test('the operator creates an app and gets its key once; only its hash is stored', async (t) => {
  const app = await build(t, { adminKey: ADMIN_KEY, workers: false });
  t.equal((await send(app, 'POST', '/v1/admin/apps', { name: 'Site' })).status, 401, 'without the operator key');
  const ana = await player(app, 'Ana');
  t.equal((await ana.request('POST', '/v1/admin/apps', { name: 'Site' })).status, 401, 'a player is not the operator');

  const site = await createApp(app, 'Example Site');
  t.match(site.key, /^app_[A-Za-z0-9_-]{43}$/);
  const row = await app.db.app.findUniqueOrThrow({ where: { id: site.id } });
  t.equal(row.keyHash, createHash('sha256').update(site.key).digest('hex'));
  t.notOk(JSON.stringify(row).includes(site.key), 'the key itself is nowhere in the row');
  const read = await send(app, 'GET', `/v1/admin/apps/${site.id}`, undefined, asOperator);
  t.equal(read.status, 200);
  t.notOk(JSON.stringify(read.body).includes('app_'), 'reads never show a key');
  t.equal((await send(app, 'GET', '/v1/admin/apps', undefined, asOperator)).body.items.length, 1);

  const me = await site.as('GET', '/v1/app');
  t.equal(me.status, 200);
  t.same(me.body, { id: site.id, name: 'Example Site', requestsPerMinute: 6000, playersPerHour: 10000 });
  t.equal((await send(app, 'GET', '/v1/app', undefined, { authorization: 'Bearer app_not-a-key' })).body.error.code, 'UNAUTHENTICATED');
});

t.test('without ADMIN_KEY the operator routes do not exist', async (t) => {
  const app = await build(t, { workers: false });
  const res = await send(app, 'POST', '/v1/admin/apps', { name: 'Site' }, asOperator);
  t.equal(res.status, 404);
});

t.test('a rotated key keeps working for the overlap, then stops; a disabled app is refused', async (t) => {
  const app = await build(t, { adminKey: ADMIN_KEY, workers: false });
  const site = await createApp(app, 'Site');
  const rotated = await send(app, 'POST', `/v1/admin/apps/${site.id}/rotate-key`, { overlapSeconds: 3600 }, asOperator);
  t.equal(rotated.status, 200);
  t.not(rotated.body.key, site.key);
  t.ok(rotated.body.app.previousKeyValidUntil, 'the overlap is shown');
  const withKey = (key: string) => send(app, 'GET', '/v1/app', undefined, { authorization: `Bearer ${key}` });
  t.equal((await withKey(site.key)).status, 200, 'the previous key works during the overlap');
  t.equal((await withKey(rotated.body.key)).status, 200, 'the new key works');

  // A rotation without overlap (after a leak): the key before it stops at once.
  const again = await send(app, 'POST', `/v1/admin/apps/${site.id}/rotate-key`, { overlapSeconds: 0 }, asOperator);
  t.equal((await withKey(rotated.body.key)).status, 401, 'the leaked key is refused');
  t.equal((await withKey(site.key)).status, 401, 'and so is the one before it');
  t.equal((await withKey(again.body.key)).status, 200);
  t.equal(again.body.app.previousKeyValidUntil, null);

  t.equal((await send(app, 'POST', `/v1/admin/apps/${site.id}/disable`, undefined, asOperator)).body.enabled, false);
  const refused = await withKey(again.body.key);
  t.equal(refused.status, 401);
  t.equal(refused.body.error.code, 'APP_DISABLED');
  await send(app, 'POST', `/v1/admin/apps/${site.id}/enable`, undefined, asOperator);
  t.equal((await withKey(again.body.key)).status, 200, 'enabled again');
  t.equal((await send(app, 'POST', '/v1/admin/apps/00000000-0000-4000-8000-000000000000/disable', undefined, asOperator)).body.error.code, 'APP_NOT_FOUND');
});

t.test("an app finds or creates its players by its own ids, renames, reads and lists them", async (t) => {
  const app = await build(t, { adminKey: ADMIN_KEY, workers: false });
  const site = await createApp(app, 'Site');
  const first = await site.as('POST', '/v1/app/players', { externalId: 'user-1', name: 'Ana' });
  t.equal(first.status, 201);
  t.match(first.body, { name: 'Ana', externalId: 'user-1' });
  const second = await site.as('POST', '/v1/app/players', { externalId: 'user-1', name: 'Other' });
  t.equal(second.status, 200, 'found, not created');
  t.same(second.body, first.body, 'the same player, its name unchanged');
  const renamed = await site.as('PATCH', `/v1/app/players/${first.body.id}`, { name: 'Ana B.' });
  t.equal(renamed.body.name, 'Ana B.');
  t.equal((await site.as('GET', `/v1/app/players/${first.body.id}`)).body.name, 'Ana B.');
  const unnamed = await site.as('POST', '/v1/app/players', { externalId: 'ünïcode-ユーザー' });
  t.equal(unnamed.status, 201);
  t.match(unnamed.body.name, /^player-[0-9a-f]{8}$/, 'a neutral name: the external id is never shown to other players');

  for (let i = 2; i <= 5; i++) await site.as('POST', '/v1/app/players', { externalId: `user-${i}` });
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { body: { items: { externalId: string }[]; nextCursor: string | null } } = await site.as('GET', `/v1/app/players?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    t.ok(page.body.items.length <= 2);
    seen.push(...page.body.items.map((p) => p.externalId));
    cursor = page.body.nextCursor;
  } while (cursor);
  t.same(seen, ['user-1', 'ünïcode-ユーザー', 'user-2', 'user-3', 'user-4', 'user-5'], 'every player once, oldest first');
  const found = await site.as('GET', `/v1/app/players?externalId=${encodeURIComponent('user-3')}`);
  t.same(found.body.items.map((p: { externalId: string }) => p.externalId), ['user-3']);
});

t.test('attacks: other apps, player tokens, app keys elsewhere, bad external ids', async (t) => {
  const app = await build(t, { adminKey: ADMIN_KEY, workers: false });
  const site = await createApp(app, 'Site');
  const rival = await createApp(app, 'Rival');
  const ana = (await site.as('POST', '/v1/app/players', { externalId: 'ana' })).body;

  // Another app's player is absent: 404, the same as a missing one, for every route.
  const missing = '00000000-0000-4000-8000-000000000000';
  for (const [method, url, body] of [
    ['GET', `/v1/app/players/${ana.id}`, undefined],
    ['PATCH', `/v1/app/players/${ana.id}`, { name: 'Mallory' }],
  ] as const) {
    const res = await rival.as(method, url, body);
    t.equal(res.status, 404, `${method} ${url} by another app`);
    t.same(res.body, { error: { code: 'PLAYER_NOT_FOUND', message: `no player ${ana.id} of this app` } });
    const none = await rival.as(method, url.replace(ana.id, missing), body);
    t.equal(none.body.error.code, res.body.error.code, 'indistinguishable from a missing player');
  }
  t.same((await rival.as('GET', '/v1/app/players?externalId=ana')).body.items, [], "another app's external ids are not found");
  const rivalsAna = await rival.as('POST', '/v1/app/players', { externalId: 'ana' });
  t.equal(rivalsAna.status, 201, 'the same external id in another app is another player');
  t.not(rivalsAna.body.id, ana.id);
  const hook = await app.db.webhookEndpoint.create({ data: { id: '11111111-1111-4111-8111-111111111111', appId: site.id, url: 'https://example.com/hook', eventTypes: ['move.made'], secret: 'whsec_x' } });
  t.equal((await rival.as('GET', `/v1/app/webhooks/${hook.id}`)).status, 404, "another app's endpoint");
  t.equal((await rival.as('DELETE', `/v1/app/webhooks/${hook.id}`)).status, 404);
  t.equal((await rival.as('GET', `/v1/app/webhooks/${hook.id}/deliveries`)).status, 404);

  // A player token (or nothing) on app routes.
  const bob = await player(app, 'Bob');
  for (const res of [await bob.request('GET', '/v1/app/players'), await bob.request('POST', '/v1/app/players', { externalId: 'x' }), await send(app, 'GET', '/v1/app')]) {
    t.equal(res.status, 401);
    t.equal(res.body.error.code, 'UNAUTHENTICATED');
  }
  const bobsEndpoint = await bob.request('GET', `/v1/webhooks/${hook.id}`);
  t.equal(bobsEndpoint.status, 404, "a player cannot reach an app's endpoint through the player routes");

  // An app key where a player token is required (or anywhere but the app routes): 403, nothing done.
  for (const [method, url, body] of [
    ['GET', '/v1/me', undefined],
    ['POST', '/v1/games', { type: 'nim', seats: 2 }],
    ['GET', '/v1/games', undefined],
    ['POST', '/v1/webhooks', { url: 'https://example.com/x', events: ['move.made'] }],
    ['POST', '/graphql', { query: '{ me { id } }' }],
  ] as const) {
    const res = await site.as(method, url, body);
    t.equal(res.status, 403, `${method} ${url} with an app key`);
    t.equal(res.body.error?.code ?? res.body.errors?.[0]?.extensions?.code, 'APP_KEY_NOT_ALLOWED');
  }
  t.equal(await app.db.game.count(), 0, 'no game was created');

  // Bad external ids: 400, nothing created.
  const before = await app.db.player.count();
  for (const externalId of ['x'.repeat(10 * 1024), 'a\u0000b', 'line\nbreak', 'tab\tid', 'del\u007f', 'c1\u0085', '', 'lone\ud800']) {
    const res = await site.as('POST', '/v1/app/players', { externalId });
    t.equal(res.status, 400, `externalId ${JSON.stringify(externalId.slice(0, 12))}`);
    t.equal(res.body.error.code, 'BAD_REQUEST');
  }
  t.equal((await site.as('GET', `/v1/app/players?externalId=${'y'.repeat(10 * 1024)}`)).status, 400);
  t.equal(await app.db.player.count(), before, 'no player was created');
});

t.test("an app mints short-lived tokens for its players' browsers and revokes them; never for another app's", async (t) => {
  const app = await build(t, { adminKey: ADMIN_KEY, workers: false });
  const site = await createApp(app, 'Site');
  const rival = await createApp(app, 'Rival');
  const ana = (await site.as('POST', '/v1/app/players', { externalId: 'ana', name: 'Ana' })).body;
  const before = Date.now();
  const minted = await site.as('POST', `/v1/app/players/${ana.id}/tokens`, {});
  t.equal(minted.status, 201);
  t.same(minted.body.token.scopes, ['play', 'read'], 'a browser token by default');
  t.equal(minted.body.token.label, 'browser');
  const expires = Date.parse(minted.body.token.expiresAt) - before;
  t.ok(expires > 3_500_000 && expires < 3_700_000, 'it expires in an hour');
  const browser = { authorization: `Bearer ${minted.body.secret}` };
  t.same((await send(app, 'GET', '/v1/me', undefined, browser)).body, { id: ana.id, name: 'Ana' }, 'the token is the player');
  const created = await send(app, 'POST', '/v1/games', { type: 'nim', seats: 2 }, browser);
  t.equal(created.status, 201, 'it plays');
  t.equal((await send(app, 'GET', '/v1/app/players', undefined, browser)).status, 401, 'a player token is no app key');

  // Another app can neither mint for, list, nor revoke the tokens of this app's player.
  t.equal((await rival.as('POST', `/v1/app/players/${ana.id}/tokens`, {})).status, 404);
  t.equal((await rival.as('GET', `/v1/app/players/${ana.id}/tokens`)).status, 404);
  t.equal((await rival.as('DELETE', `/v1/app/players/${ana.id}/tokens/${minted.body.token.id}`)).status, 404);
  t.equal((await rival.as('DELETE', `/v1/app/players/${ana.id}/tokens`)).status, 404);
  t.equal((await send(app, 'GET', '/v1/me', undefined, browser)).status, 200, 'still valid');
  const rivalsOwn = (await rival.as('POST', '/v1/app/players', { externalId: 'mallory' })).body;
  t.equal((await rival.as('DELETE', `/v1/app/players/${rivalsOwn.id}/tokens/${minted.body.token.id}`)).status, 404, "a token of another app's player through one's own");

  t.same((await site.as('GET', `/v1/app/players/${ana.id}/tokens`)).body.items.map((x: { id: string }) => x.id), [minted.body.token.id]);
  t.equal((await site.as('DELETE', `/v1/app/players/${ana.id}/tokens/${minted.body.token.id}`)).status, 204);
  const revoked = await send(app, 'GET', '/v1/me', undefined, browser);
  t.equal(revoked.status, 401);
  t.equal(revoked.body.error.code, 'TOKEN_REVOKED');
  const two = await Promise.all([1, 2].map(() => site.as('POST', `/v1/app/players/${ana.id}/tokens`, { label: 'phone', scopes: ['read'], expiresInSeconds: 60 })));
  t.same((await site.as('DELETE', `/v1/app/players/${ana.id}/tokens`)).body, { revoked: 2 }, 'signed out everywhere');
  for (const x of two) t.equal((await send(app, 'GET', '/v1/me', undefined, { authorization: `Bearer ${x.body.secret}` })).body.error.code, 'TOKEN_REVOKED');
  t.equal((await site.as('POST', `/v1/app/players/${ana.id}/tokens`, { expiresInSeconds: 10 })).status, 400, 'at least a minute');
  t.equal((await site.as('POST', `/v1/app/players/${ana.id}/tokens`, { scopes: ['root'] })).status, 400);
});

t.test('2,000 concurrent upserts of one external id make one player', async (t) => {
  const app = await build(t, { adminKey: ADMIN_KEY, workers: false });
  const site = await createApp(app, 'Site');
  const results = await Promise.all(Array.from({ length: 2000 }, () => site.as('POST', '/v1/app/players', { externalId: 'same-user', name: 'Same' })));
  t.same([...new Set(results.map((r) => r.status))].sort(), [200, 201]);
  t.equal(results.filter((r) => r.status === 201).length, 1, 'exactly one call created it');
  t.equal(new Set(results.map((r) => r.body.id)).size, 1, 'every call got the same player');
  t.equal(await app.db.player.count({ where: { appId: site.id } }), 1);
});

t.test('500 upserts from one address get no 429 under the real budgets; each app has its own', async (t) => {
  const app = await build(t, { adminKey: ADMIN_KEY, workers: false, rateLimits: { ...DEFAULT_RATE_LIMITS } });
  const site = await createApp(app, 'Site');
  const statuses: number[] = [];
  for (let i = 0; i < 500; i += 50) {
    const batch = await Promise.all(Array.from({ length: 50 }, (_, j) => site.as('POST', '/v1/app/players', { externalId: `user-${(i + j) % 250}` })));
    statuses.push(...batch.map((r) => r.status));
  }
  t.equal(statuses.filter((s) => s === 429).length, 0, 'no 429');
  t.equal(statuses.filter((s) => s === 201).length, 250, 'the first call of each id created it');
  t.equal(statuses.filter((s) => s === 200).length, 250, 'the second found it');
  // Anonymous registrations from the same address still have their budget of 20 an hour.
  const registrations = [];
  for (let i = 0; i < 21; i++) registrations.push((await send(app, 'POST', '/v1/players', { name: `p${i}` })).status);
  t.equal(registrations.filter((s) => s === 201).length, 20, 'app players did not spend the anonymous budget');
  t.equal(registrations.at(-1), 429);

  // An app with budgets of its own: 3 new players an hour, 8 requests a minute.
  const small = await createApp(app, 'Small', { playersPerHour: 3, requestsPerMinute: 8 });
  for (let i = 0; i < 3; i++) t.equal((await small.as('POST', '/v1/app/players', { externalId: `s${i}` })).status, 201);
  const over = await small.as('POST', '/v1/app/players', { externalId: 's3' });
  t.equal(over.status, 429, 'the fourth new player is over its hourly budget');
  t.equal(over.body.error.code, 'RATE_LIMITED');
  t.equal((await small.as('POST', '/v1/app/players', { externalId: 's0' })).status, 200, 'finding an existing one is not');
  const rest = [];
  for (let i = 0; i < 4; i++) rest.push((await small.as('GET', '/v1/app')).status);
  t.same(rest, [200, 200, 200, 429], 'the ninth request in a minute is refused');
  t.equal((await site.as('GET', '/v1/app')).status, 200, "another app's budget is its own");
});

t.test('npm run app: create, rotate, disable, list without the HTTP API', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const run = async (...args: string[]) => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/app.ts', ...args], { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' } });
    return JSON.parse(stdout);
  };
  const created = await run('create', 'Command Line Site', '--players-per-hour', '7');
  t.match(created.key, /^app_/);
  t.equal(created.app.playersPerHour, 7);
  const rotated = await run('rotate', created.app.id, '--overlap-seconds', '0');
  t.not(rotated.key, created.key);
  const app = await build(t, { databaseUrl, workers: false });
  t.equal((await send(app, 'GET', '/v1/app', undefined, { authorization: `Bearer ${rotated.key}` })).status, 200, 'the HTTP API accepts the key the command made');
  t.equal((await send(app, 'GET', '/v1/app', undefined, { authorization: `Bearer ${created.key}` })).status, 401);
  await run('disable', created.app.id);
  const listed = await send(app, 'GET', '/v1/admin/apps', undefined, asOperator);
  t.equal(listed.status, 404, 'this instance has no ADMIN_KEY: the operator API is off, the command works anyway');
  const row = await app.db.app.findUniqueOrThrow({ where: { id: created.app.id } });
  t.ok(row.disabledAt, 'disabled by the command');
  t.equal((await send(app, 'GET', '/v1/app', undefined, { authorization: `Bearer ${rotated.key}` })).body.error.code, 'APP_DISABLED');
});
