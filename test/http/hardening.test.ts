/**
 * Input hardening: integers bounded to their int4 columns, no control characters in any text, no unknown
 * fields in any game's moves, and every error the framework can raise in Portolan's shape. Each refusal
 * is a 4xx with a stable code and leaves the database as it was.
 */
import t from 'tap';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { build, player, send, type Client } from '../helper.js';

async function rowCounts(app: FastifyInstance) {
  const [players, games, moves, seats, webhooks] = await Promise.all([
    app.db.player.count(), app.db.game.count(), app.db.move.count(), app.db.seat.count(), app.db.webhookEndpoint.count(),
  ]);
  return { players, games, moves, seats, webhooks };
}

async function waitingNim(ana: Client): Promise<string> {
  return (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 9 } })).body.id;
}

t.test('integers beyond int4 and negative ones are 400, not 500', async (t) => {
  const app = await build(t, { workers: false });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const waiting = await waitingNim(ana);
  const started = await waitingNim(ana);
  await ben.request('POST', `/v1/games/${started}/join`, {});
  await ana.request('POST', `/v1/games/${started}/start`);
  await ana.request('POST', `/v1/games/${started}/moves`, { move: { type: 'take', count: 1 } });
  const before = await rowCounts(app);

  const big = 2147483648;
  const cases: [string, () => Promise<{ status: number; body: any }>][] = [
    ['bots seat', () => ana.request('POST', `/v1/games/${waiting}/bots`, { seat: big, level: 'random' })],
    ['join seat', () => ben.request('POST', `/v1/games/${waiting}/join`, { seat: big })],
    ['join seat -1', () => ben.request('POST', `/v1/games/${waiting}/join`, { seat: -1 })],
    ['create seat', () => ana.request('POST', '/v1/games', { type: 'nim', seats: 2, seat: big })],
    ['create bot seat', () => ana.request('POST', '/v1/games', { type: 'nim', seats: 2, bots: [{ seat: big, level: 'random' }] })],
    ['clock beyond a year', () => ana.request('POST', '/v1/games', { type: 'nim', seats: 2, clock: { perMove: 1e300 } })],
    ['history after', () => send(app, 'GET', `/v1/games/${started}/moves?after=99999999999999999999`)],
    ['history after 2^31', () => send(app, 'GET', `/v1/games/${started}/moves?after=${big}`)],
    ['state at', () => send(app, 'GET', `/v1/games/${started}/state?at=${big}`)],
    ['legal moves seat', () => ana.request('GET', `/v1/games/${started}/legal-moves?seat=${big}`)],
    ['move seat', () => ana.request('POST', `/v1/games/${started}/moves`, { move: { type: 'take', count: 1 }, seat: big })],
    ['expected version', () => ben.request('POST', `/v1/games/${started}/moves`, { move: { type: 'take', count: 1 }, expectedVersion: big })],
    ['resign seat', () => ana.request('POST', `/v1/games/${started}/resign`, { seat: big })],
    ['list limit', () => send(app, 'GET', `/v1/games?limit=${big}`)],
  ];
  for (const [name, run] of cases) {
    const res = await run();
    t.equal(res.status, 400, `${name}: status`);
    t.equal(res.body?.error?.code, 'BAD_REQUEST', `${name}: code`);
  }
  t.same(await rowCounts(app), before, 'nothing stored');

  // GraphQL's Int is 32-bit already; out-of-range values are validation errors in GraphQL's shape.
  const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query: `mutation { joinGame(id: "${waiting}", seat: ${big}) { id } }` } });
  t.equal(res.statusCode, 400);
  t.equal(res.json().errors[0].extensions.code, 'BAD_REQUEST');
});

t.test('NUL bytes and control characters in any text are refused', async (t) => {
  const app = await build(t, { workers: false });
  const ana = await player(app, 'Ana');
  const game = await waitingNim(ana);
  const before = await rowCounts(app);
  const nul = 'a\u0000b';

  const rest: [string, () => Promise<{ status: number; body: any }>][] = [
    ['player name', () => send(app, 'POST', '/v1/players', { name: nul })],
    ['player name with a newline', () => send(app, 'POST', '/v1/players', { name: 'a\nb' })],
    ['type filter', () => send(app, 'GET', '/v1/games?type=a%00b')],
    ['cursor', () => send(app, 'GET', '/v1/games?cursor=%01')],
    ['game type', () => ana.request('POST', '/v1/games', { type: nul, seats: 2 })],
    ['options value', () => ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 3, note: nul } })],
    ['options key', () => ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { [nul]: 1 } })],
    ['bot level', () => ana.request('POST', `/v1/games/${game}/bots`, { seat: 1, level: nul })],
    ['webhook description', () => ana.request('POST', '/v1/webhooks', { url: 'https://example.com/hook', events: ['move.committed'], description: nul })],
    ['webhook url', () => ana.request('POST', '/v1/webhooks', { url: `https://example.com/${nul}`, events: ['move.committed'] })],
  ];
  for (const [name, run] of rest) {
    const res = await run();
    t.equal(res.status, 400, `${name}: status`);
    t.equal(res.body?.error?.code, 'BAD_REQUEST', `${name}: code`);
  }

  const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${ana.token}` }, payload: { query, variables } });
    return { status: res.statusCode, body: res.json() };
  };
  for (const [name, query, variables] of [
    ['literal', 'mutation { register(name: "a\\u0000b") { token } }', {}],
    ['variable', 'mutation($n: String!) { register(name: $n) { token } }', { n: nul }],
    ['JSON literal', `mutation { createGame(type: "nim", seats: 2, options: { note: "x\\u0001" }) { id } }`, {}],
    ['JSON variable', 'mutation($o: JSON) { createGame(type: "nim", seats: 2, options: $o) { id } }', { o: { note: nul } }],
  ] as const) {
    const res = await graphql(query, variables);
    t.equal(res.status, 400, `GraphQL ${name}: status`);
    t.equal(res.body.data, null, `GraphQL ${name}: nothing ran`);
    t.equal(res.body.errors[0].extensions.code, 'BAD_REQUEST', `GraphQL ${name}: code`);
  }
  t.same(await rowCounts(app), before, 'nothing stored');
});

/** Starts a game of `type` with humans in every seat; returns a player to move and one legal move. */
async function toMove(app: FastifyInstance, type: string, seats: number, options: object = {}) {
  const players = await Promise.all(Array.from({ length: seats }, (_, i) => player(app, `P${i}`)));
  const game = await players[0]!.request('POST', '/v1/games', { type, seats, options });
  t.equal(game.status, 201, `${type}: created`);
  for (const p of players.slice(1)) await p.request('POST', `/v1/games/${game.body.id}/join`, {});
  t.equal((await players[0]!.request('POST', `/v1/games/${game.body.id}/start`)).status, 200, `${type}: started`);
  for (const p of players) {
    const legal = await p.request('GET', `/v1/games/${game.body.id}/legal-moves`);
    if (legal.body.moves.length > 0) return { id: game.body.id as string, mover: p, move: legal.body.moves[0] as Record<string, unknown>, version: legal.body.version as number };
  }
  throw new Error(`${type}: nobody has a legal move`);
}

t.test('every game refuses a move with a field it does not know, and stores nothing', async (t) => {
  const app = await build(t, { workers: false });
  for (const [type, seats, options] of [['puerto-rico', 3, {}], ['navegador', 2, {}], ['meuterer', 3, {}], ['voyages', 1, {}]] as const) {
    const { id, mover, move, version } = await toMove(app, type, seats, options);
    const before = await send(app, 'GET', `/v1/games/${id}/moves`);
    const extra = await mover.request('POST', `/v1/games/${id}/moves`, { move: { ...move, note: '<script>alert(1)</script>' } });
    t.equal(extra.status, 400, `${type}: status`);
    t.equal(extra.body.error.code, 'INVALID_MOVE', `${type}: code`);
    t.equal((await send(app, 'GET', `/v1/games/${id}`)).body.version, version, `${type}: version unchanged`);
    t.same(await send(app, 'GET', `/v1/games/${id}/moves`), before, `${type}: history unchanged`);
    // The same move without the extra field is a legal one: the field alone was refused.
    t.equal((await mover.request('POST', `/v1/games/${id}/moves`, { move })).status, 200, `${type}: the move itself is accepted`);
  }
});

t.test("the framework's own errors come in Portolan's shape with stable codes", async (t) => {
  const app = await build(t, { workers: false });
  const ana = await player(app, 'Ana');
  const rest = async (options: InjectOptions, status: number, code: string, name: string) => {
    const res = await app.inject(options);
    t.equal(res.statusCode, status, `${name}: status`);
    t.equal(res.json().error?.code, code, `${name}: code`);
    t.type(res.json().error?.message, 'string', `${name}: message`);
  };
  await rest({ method: 'GET', url: `/v1/games/${'a'.repeat(200)}` }, 414, 'URI_TOO_LONG', 'a path parameter over the length limit');
  await rest({ method: 'POST', url: '/v1/players', headers: { 'content-type': 'application/xml' }, payload: '<name/>' }, 415, 'UNSUPPORTED_MEDIA_TYPE', 'xml');
  await rest({ method: 'GET', url: '/v1/nothing-here' }, 404, 'NOT_FOUND', 'an unknown route');
  await rest({ method: 'PUT', url: '/v1/games' }, 404, 'NOT_FOUND', 'an unknown method');
  await rest({ method: 'POST', url: '/v1/players', headers: { 'content-type': 'application/json' }, payload: '{"name":' }, 400, 'INVALID_JSON', 'broken JSON');
  await rest({ method: 'POST', url: '/v1/players', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1},"name":"a"}' }, 400, 'INVALID_JSON', 'prototype poisoning');
  await rest({ method: 'GET', url: '/v1/me', headers: { authorization: 'Bearer forged' } }, 401, 'UNAUTHENTICATED', 'a forged token on REST');
  await rest({ method: 'GET', url: '/v1/games/%E0%A4%A' }, 400, 'BAD_REQUEST', 'a malformed URL');

  const graphql = async (options: InjectOptions, status: number, code: string, name: string) => {
    const res = await app.inject({ url: '/graphql', ...options });
    t.equal(res.statusCode, status, `GraphQL ${name}: status`);
    t.equal(res.json().data, null, `GraphQL ${name}: data`);
    t.equal(res.json().errors?.[0]?.extensions?.code, code, `GraphQL ${name}: code`);
    t.notOk(res.json().error, `GraphQL ${name}: not the REST shape`);
  };
  await graphql({ method: 'POST', payload: { query: 5 } }, 400, 'BAD_REQUEST', '{"query": 5}');
  await graphql({ method: 'POST', payload: { query: '{"kind":"Document","definitions":[{}]}' } }, 400, 'BAD_REQUEST', 'a JSON syntax tree');
  await graphql({ method: 'POST', payload: { query: '{ me { id } }', variables: 7 } }, 400, 'BAD_REQUEST', 'variables that are no object');
  await graphql({ method: 'POST', payload: [{ query: '{ me { id } }' }] as never }, 400, 'BAD_REQUEST', 'a batch');
  await graphql({ method: 'POST', payload: {} }, 400, 'BAD_REQUEST', 'no query');
  await graphql({ method: 'POST', headers: { 'content-type': 'application/json' }, payload: '{"query":' }, 400, 'INVALID_JSON', 'broken JSON');
  await graphql({ method: 'POST', headers: { 'content-type': 'application/xml' }, payload: '<q/>' }, 415, 'UNSUPPORTED_MEDIA_TYPE', 'xml');
  await graphql({ method: 'GET', url: `/graphql?query=${encodeURIComponent('mutation { register(name: "x") { token } }')}` }, 405, 'METHOD_NOT_ALLOWED', 'a mutation over GET');
  await graphql({ method: 'GET', url: `/graphql?query=${encodeURIComponent('{ me { id } }')}&variables=%7B` }, 400, 'INVALID_JSON', 'broken variables over GET');
  await graphql({ method: 'POST', headers: { authorization: 'Bearer forged' }, payload: { query: '{ me { id } }' } }, 401, 'UNAUTHENTICATED', 'a forged token');
  t.same((await app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${ana.token}` }, payload: { query: '{ me { name } }' } })).json(), { data: { me: { name: 'Ana' } } });
});
