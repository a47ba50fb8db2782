/**
 * A player's tokens over REST and GraphQL: several per player, each with a label, scopes and an optional
 * expiry; listing, creating and revoking one's own; scopes enforced on every route and field; no scope
 * escalation by minting; expired and revoked tokens refused with a code that says why; last-used times
 * recorded in batches.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { build, gql, player, send, type Client } from '../helper.js';

const as = (app: FastifyInstance, secret: string) => ({
  request: (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => send(app, method, url, body, { authorization: `Bearer ${secret}` }),
});

async function mint(client: Client, body: Record<string, unknown>): Promise<{ id: string; secret: string }> {
  const res = await client.request('POST', '/v1/me/tokens', body);
  if (res.status !== 201) throw new Error(`createToken failed: ${JSON.stringify(res.body)}`);
  return { id: res.body.token.id, secret: res.body.secret };
}

async function startedNim(ana: Client, ben: Client): Promise<string> {
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 20 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  return game.id;
}

const take = { move: { type: 'take', count: 1 } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

t.test('tokens: list, create, revoke; scopes on every route; no escalation by minting', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const id = await startedNim(ana, ben);

  // The registration token holds every scope and no expiry, and is the only one.
  const first = await ana.request('GET', '/v1/me/tokens');
  t.equal(first.status, 200);
  t.equal(first.body.items.length, 1);
  t.match(first.body.items[0], { label: 'registration', scopes: ['play', 'read', 'webhooks', 'tokens'], expiresAt: null, current: true });
  t.notOk('tokenHash' in first.body.items[0] || 'secret' in first.body.items[0], 'a listed token has no secret or hash');

  // A read-only token reads, but moving, managing webhooks or tokens is 403 INSUFFICIENT_SCOPE, and nothing changes.
  const reader = await mint(ana, { label: 'spectating laptop', scopes: ['read'] });
  const asReader = as(app, reader.secret);
  t.equal((await asReader.request('GET', `/v1/games/${id}`)).status, 200, 'read: a game');
  t.equal((await asReader.request('GET', '/v1/me/turns')).status, 200, 'read: my turns');
  t.equal((await asReader.request('GET', '/v1/me')).status, 200, 'any token: who am I');
  const refusedMove = await asReader.request('POST', `/v1/games/${id}/moves`, take);
  t.equal(refusedMove.status, 403);
  t.equal(refusedMove.body.error.code, 'INSUFFICIENT_SCOPE', 'a read-only token cannot move');
  t.equal((await ana.request('GET', `/v1/games/${id}`)).body.version, 0, 'the refused move changed nothing');
  t.equal((await asReader.request('GET', '/v1/webhooks')).body.error.code, 'INSUFFICIENT_SCOPE');
  t.equal((await asReader.request('GET', '/v1/me/tokens')).body.error.code, 'INSUFFICIENT_SCOPE');
  t.equal((await ana.request('POST', `/v1/games/${id}/moves`, take)).status, 200, 'the full token moves');

  // Minting cannot escalate: a `tokens`+`read` token mints `read` but not `play`.
  const minter = await mint(ana, { label: 'minter', scopes: ['read', 'tokens'], expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
  const asMinter = as(app, minter.secret);
  const escalated = await asMinter.request('POST', '/v1/me/tokens', { label: 'sneaky', scopes: ['read', 'play'] });
  t.equal(escalated.status, 403);
  t.equal(escalated.body.error.code, 'INSUFFICIENT_SCOPE', 'no scope beyond the minting token');
  const outliving = await asMinter.request('POST', '/v1/me/tokens', { label: 'forever', scopes: ['read'], expiresAt: new Date(Date.now() + 7_200_000).toISOString() });
  t.equal(outliving.body.error.code, 'INSUFFICIENT_SCOPE', 'no life beyond the minting token');
  const child = await asMinter.request('POST', '/v1/me/tokens', { label: 'child', scopes: ['read'] });
  t.equal(child.status, 201);
  t.equal(child.body.token.expiresAt, (await ana.request('GET', '/v1/me/tokens')).body.items.find((x: any) => x.id === minter.id).expiresAt, 'without an expiry, it expires with its minter');

  // Bad input: stable codes, nothing created.
  const before = (await ana.request('GET', '/v1/me/tokens')).body.items.length;
  for (const body of [
    { label: '', scopes: ['read'] },
    { label: 'x'.repeat(65), scopes: ['read'] },
    { label: 'bell\u0007', scopes: ['read'] },
    { label: 'x', scopes: [] },
    { label: 'x', scopes: ['admin'] },
    { label: 'x', scopes: ['read', 'read'] },
    { label: 'x', scopes: ['read'], expiresAt: 'tomorrow' },
    { label: 'x', scopes: ['read'], expiresAt: new Date(Date.now() - 1000).toISOString() },
    { label: 'x', scopes: ['read'], extra: true },
  ]) {
    const res = await ana.request('POST', '/v1/me/tokens', body);
    t.equal(res.status, 400, `refused: ${JSON.stringify(body)}`);
    t.equal(res.body.error.code, 'BAD_REQUEST');
  }
  t.equal((await ana.request('GET', '/v1/me/tokens')).body.items.length, before, 'no token was created by bad input');

  // Revoking: another player's token is 404 (as an unknown one); one's own is 401 TOKEN_REVOKED at once.
  t.equal((await ben.request('DELETE', `/v1/me/tokens/${reader.id}`)).body.error.code, 'TOKEN_NOT_FOUND');
  t.equal((await ana.request('DELETE', '/v1/me/tokens/not-a-uuid')).status, 400);
  t.equal((await ana.request('DELETE', `/v1/me/tokens/${reader.id}`)).status, 204);
  const revoked = await asReader.request('GET', `/v1/games/${id}`);
  t.equal(revoked.status, 401);
  t.equal(revoked.body.error.code, 'TOKEN_REVOKED');
  t.notOk((await ana.request('GET', '/v1/me/tokens')).body.items.some((x: any) => x.id === reader.id), 'a revoked token is no longer listed');
  t.equal((await ana.request('DELETE', `/v1/me/tokens/${reader.id}`)).status, 204, 'revoking twice is harmless');
  t.equal((await ben.request('GET', '/v1/me')).status, 200, "Ben's token is untouched");

  // Revoking one's own token signs it out.
  const device = await mint(ana, { label: 'phone', scopes: ['play', 'read', 'tokens'] });
  t.equal((await as(app, device.secret).request('DELETE', `/v1/me/tokens/${device.id}`)).status, 204);
  t.equal((await as(app, device.secret).request('GET', '/v1/me')).body.error.code, 'TOKEN_REVOKED');

  // Last-used times: seen at once in the list (from memory), written in one batch.
  const used = (await ana.request('GET', '/v1/me/tokens')).body.items.find((x: any) => x.current);
  t.ok(used.lastUsedAt, 'the current token shows when it was last used');
  await app.tokens.flushLastUsed();
  const stored = await app.db.playerToken.findUnique({ where: { id: used.id } });
  t.ok(stored?.lastUsedAt, 'and the flush wrote it');
});

t.test('expired tokens: 401 TOKEN_EXPIRED, whether cached or not', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  // Cached: used while valid, then refused once past its expiry, without a database write.
  const brief = await mint(ana, { label: 'brief', scopes: ['read'], expiresAt: new Date(Date.now() + 1_500).toISOString() });
  t.equal((await as(app, brief.secret).request('GET', '/v1/me')).status, 200);
  await sleep(1_600);
  const late = await as(app, brief.secret).request('GET', '/v1/me');
  t.equal(late.status, 401);
  t.equal(late.body.error.code, 'TOKEN_EXPIRED');
  // Not cached: its expiry passed before its first use (moved back in the database).
  const unused = await mint(ana, { label: 'unused', scopes: ['read'], expiresAt: new Date(Date.now() + 60_000).toISOString() });
  await app.db.playerToken.update({ where: { id: unused.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
  t.equal((await as(app, unused.secret).request('GET', '/v1/me')).body.error.code, 'TOKEN_EXPIRED');
  t.equal((await gql(app, '{ me { id } }', {}, unused.secret)).errors?.[0]?.extensions?.code, 'TOKEN_EXPIRED', 'GraphQL says why too');
  t.notOk((await ana.request('GET', '/v1/me/tokens')).body.items.some((x: any) => x.id === unused.id), 'an expired token is not listed');
});

t.test('GraphQL: myTokens, createToken, revokeToken, and scopes per field', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const id = await startedNim(ana, ben);

  const created = await gql(app, 'mutation { createToken(label: "bot", scopes: ["play"]) { secret token { id label scopes expiresAt current } } }', {}, ana.token);
  t.same(created.data?.createToken.token, { id: created.data?.createToken.token.id, label: 'bot', scopes: ['play'], expiresAt: null, current: false });
  const playOnly = created.data.createToken.secret as string;
  const moved = await gql(app, 'mutation($id: ID!) { move(id: $id, move: {type: "take", count: 1}) { game { version } } }', { id }, playOnly);
  t.equal(moved.data?.move.game.version, 1, 'a play token moves');
  const read = await gql(app, 'query($id: ID!) { game(id: $id) { id } }', { id }, playOnly);
  t.equal(read.errors?.[0]?.extensions?.code, 'INSUFFICIENT_SCOPE', 'a play-only token cannot read a game');
  t.equal((await gql(app, '{ me { name } }', {}, playOnly)).data?.me.name, 'Ana', 'any token: me');
  t.equal((await gql(app, '{ myTokens { id } }', {}, playOnly)).errors?.[0]?.extensions?.code, 'INSUFFICIENT_SCOPE');
  t.equal((await gql(app, '{ webhooks { id } }', {}, playOnly)).errors?.[0]?.extensions?.code, 'INSUFFICIENT_SCOPE');

  const readOnly = (await gql(app, 'mutation { createToken(label: "r", scopes: ["read"]) { secret } }', {}, ana.token)).data.createToken.secret as string;
  const refused = await gql(app, 'mutation($id: ID!) { move(id: $id, move: {type: "take", count: 1}) { game { version } } }', { id }, readOnly);
  t.equal(refused.errors?.[0]?.extensions?.code, 'INSUFFICIENT_SCOPE', 'a read-only token cannot move');
  const escalate = await gql(app, 'mutation { createToken(label: "x", scopes: ["read"]) { secret } }', {}, readOnly);
  t.equal(escalate.errors?.[0]?.extensions?.code, 'INSUFFICIENT_SCOPE', 'minting needs the tokens scope');
  t.equal((await gql(app, 'mutation { createToken(label: "x", scopes: ["root"]) { secret } }', {}, ana.token)).errors?.[0]?.extensions?.code, 'BAD_REQUEST');
  t.equal((await gql(app, 'mutation { createToken(label: "x", scopes: ["read"], expiresAt: "soon") { secret } }', {}, ana.token)).errors?.[0]?.extensions?.code, 'BAD_REQUEST');

  const listed = await gql(app, '{ myTokens { id label current } }', {}, ana.token);
  t.same(listed.data?.myTokens.map((x: any) => x.label).sort(), ['bot', 'r', 'registration']);
  const botId = listed.data.myTokens.find((x: any) => x.label === 'bot').id;
  t.equal((await gql(app, 'mutation($id: ID!) { revokeToken(id: $id) }', { id: botId }, ben.token)).errors?.[0]?.extensions?.code, 'TOKEN_NOT_FOUND', "Ben cannot revoke Ana's token");
  t.equal((await gql(app, 'mutation { revokeToken(id: "nope") }', {}, ana.token)).errors?.[0]?.extensions?.code, 'TOKEN_NOT_FOUND');
  t.equal((await gql(app, 'mutation($id: ID!) { revokeToken(id: $id) }', { id: botId }, ana.token)).data?.revokeToken, true);
  const after = await gql(app, '{ me { id } }', {}, playOnly);
  t.equal(after.errors?.[0]?.extensions?.code, 'TOKEN_REVOKED');
});
