/**
 * Inputs that used to reach a stack overflow or the database unchecked: JSON nested thousands of levels
 * deep (refused while it is parsed, before anything walks it), and cursors or dates that decode to
 * values Postgres refuses (far-past dates, NUL bytes). All are 400 with a stable code, nothing stored.
 */
import t from 'tap';
import type { FastifyError } from 'fastify';
import { build, player, send } from '../helper.js';
import { classify } from '../../src/http/errors.js';
import { isClientDataError, sqlStateOf } from '../../src/store/data-errors.js';

/** `{"a":{"a":...}}` or `[[...]]` nested `depth` levels, as text (a JavaScript value this deep could not be stringified). */
export const deepObject = (depth: number, leaf = '1'): string => '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
export const deepArray = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const UUID = '00000000-0000-4000-8000-000000000000';

t.test('JSON nested 10,000 levels deep is a 400 wherever it is sent', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2 })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  const json = { authorization: `Bearer ${ana.token}`, 'content-type': 'application/json' };
  const cases: { name: string; url: string; payload: string; headers?: Record<string, string> }[] = [
    { name: 'a move with an Idempotency-Key', url: `/v1/games/${game.id}/moves`, payload: `{"move":${deepObject(10_000)}}`, headers: { 'idempotency-key': 'deep-1' } },
    { name: 'a move (arrays)', url: `/v1/games/${game.id}/moves`, payload: `{"move":${deepArray(10_000)}}` },
    { name: 'game options', url: '/v1/games', payload: `{"type":"nim","seats":2,"options":${deepObject(10_000)}}` },
    { name: 'record options', url: '/v1/records/verify', payload: `{"format":"portolan-record","options":${deepObject(10_000)}}` },
    { name: 'a GraphQL variable', url: '/graphql', payload: `{"query":"query($v: JSON) { __typename }","variables":{"v":${deepArray(10_000)}}}` },
    { name: 'just past the limit', url: '/v1/games', payload: `{"type":"nim","seats":2,"options":${deepObject(64)}}` },
  ];
  for (const c of cases) {
    const res = await app.inject({ method: 'POST', url: c.url, headers: { ...json, ...c.headers }, payload: c.payload });
    t.equal(res.statusCode, 400, `${c.name}: 400`);
    t.equal(res.json().error?.code ?? res.json().errors?.[0]?.extensions?.code, 'INVALID_JSON', `${c.name}: INVALID_JSON`);
  }
  const state = (await send(app, 'GET', `/v1/games/${game.id}`)).body;
  t.equal(state.version, 0, 'no move was stored');
  t.equal((await ana.request('GET', '/v1/games')).body.items.length, 1, 'no game was made');
  // Ordinary nesting still passes the parser (and then the schema decides).
  const shallow = await app.inject({ method: 'POST', url: '/v1/games', headers: json, payload: `{"type":"nim","seats":2,"options":${deepObject(20)}}` });
  t.equal(shallow.json().error.code, 'INVALID_OPTIONS', 'a body within the depth limit reaches validation');
  const string = await app.inject({ method: 'POST', url: '/v1/games', headers: json, payload: JSON.stringify({ type: 'nim', seats: 2, options: { stones: 3, note: '[[[['.repeat(5000) } }) });
  t.not(string.json().error?.code, 'INVALID_JSON', 'brackets inside a string are text, not depth');
});

t.test('cursors and dates that decode to values Postgres refuses are 400', async (t) => {
  const app = await build(t, { webhooks: { allowedHosts: ['127.0.0.1'] } });
  const ana = await player(app, 'Ana');
  const farPast = new Date(-8.64e15).toISOString(); // the earliest JavaScript date: year -271821
  const farFuture = new Date(8.64e15).toISOString();
  const urls = [
    `/v1/games?cursor=${b64(`${farPast}|${UUID}`)}`,
    `/v1/games?cursor=${b64(`${farFuture}|${UUID}`)}`,
    `/v1/me/turns?cursor=${b64(`${farPast}|${UUID}`)}`,
    `/v1/webhooks?cursor=${b64(`${farPast}|${UUID}`)}`,
    `/v1/players/${ana.id}/games?cursor=${b64(`${farPast}|${UUID}|0`)}`,
    `/v1/players/${ana.id}/games?since=${encodeURIComponent(farPast)}`,
    `/v1/players/${ana.id}/games?until=${encodeURIComponent(farFuture)}`,
    `/v1/game-types/nim/leaderboard?cursor=${b64('1|1|a\u0000b')}`,
    `/v1/game-types/nim/leaderboard?cursor=${b64('1e400|1|p')}`,
  ];
  const hook = (await ana.request('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['move.made'] })).body;
  if (hook.id) urls.push(`/v1/webhooks/${hook.id}/deliveries?cursor=${b64(`${new Date().toISOString()}|a\u0000b`)}`, `/v1/webhooks/${hook.id}/deliveries?cursor=${b64(`${farPast}|x`)}`);
  t.ok(hook.id, 'a webhook to page the deliveries of');
  for (const url of urls) {
    const res = await ana.request('GET', url);
    t.equal(res.status, 400, `${url}: 400`);
    t.equal(res.body.error?.code, 'BAD_REQUEST', `${url}: BAD_REQUEST`);
  }
});

t.test("a data exception Postgres raises through Prisma is recognised as the client's error", async (t) => {
  const app = await build(t, { workers: false });
  for (const where of [{ createdAt: { lt: new Date(-8.64e15) } }, { type: 'a\u0000b' }]) {
    const error = await app.db.game.findMany({ where }).then(() => null, (e: unknown) => e);
    t.ok(error, 'Postgres refused the value');
    t.match(sqlStateOf(error), /^22/, 'its SQLSTATE is found under Prisma’s wrapping');
    t.ok(isClientDataError(error));
    t.match(classify(error as FastifyError), { status: 400, code: 'BAD_REQUEST' }, 'REST answers 400');
  }
  t.notOk(isClientDataError(Object.assign(new Error('x'), { code: 'P2039' })), "Prisma's own code is not a SQLSTATE");
  t.notOk(isClientDataError(new Error('plain')));
});
