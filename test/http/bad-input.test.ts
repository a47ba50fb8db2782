/**
 * Bad input gets a clear error with a stable code and a fitting status, and changes nothing:
 * after every refused request the log (version and history) is exactly as before.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { build, player, send, type Client } from '../helper.js';

async function startedNim(app: FastifyInstance, ana: Client, ben: Client, stones = 9): Promise<string> {
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  return game.id;
}

async function snapshotOf(app: FastifyInstance, id: string) {
  const game = await send(app, 'GET', `/v1/games/${id}`);
  const history = await send(app, 'GET', `/v1/games/${id}/moves`);
  return { version: game.body.version, moves: history.body.items };
}

t.test('refused moves answer with a code and leave the log untouched', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const eve = await player(app, 'Eve');
  const id = await startedNim(app, ana, ben);
  await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 2 } });
  const before = await snapshotOf(app, id);
  t.equal(before.version, 1);

  const checks: { name: string; run: () => Promise<{ status: number; body: any }>; status: number; code: string }[] = [
    { name: 'out of turn', run: () => ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } }), status: 409, code: 'NOT_YOUR_TURN' },
    { name: 'a seat that is not yours', run: () => ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 }, seat: 1 }), status: 403, code: 'NOT_YOUR_SEAT' },
    { name: 'a player with no seat', run: () => eve.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } }), status: 403, code: 'NOT_YOUR_SEAT' },
    { name: 'a stale version', run: () => ben.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 }, expectedVersion: 0 }), status: 409, code: 'STALE_VERSION' },
    { name: 'a move outside the schema', run: () => ben.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 4 } }), status: 400, code: 'INVALID_MOVE' },
    { name: 'an unknown move type', run: () => ben.request('POST', `/v1/games/${id}/moves`, { move: { type: 'fly' } }), status: 400, code: 'INVALID_MOVE' },
    { name: 'a body without a move', run: () => ben.request('POST', `/v1/games/${id}/moves`, { expectedVersion: 1 }), status: 400, code: 'BAD_REQUEST' },
    { name: 'no token', run: () => send(app, 'POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } }), status: 401, code: 'UNAUTHENTICATED' },
    { name: 'a forged token', run: () => send(app, 'POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } }, { authorization: 'Bearer ptl_forged' }), status: 401, code: 'UNAUTHENTICATED' },
    { name: 'an unknown game', run: () => ben.request('POST', '/v1/games/00000000-0000-4000-8000-000000000000/moves', { move: { type: 'take', count: 1 } }), status: 404, code: 'GAME_NOT_FOUND' },
    { name: 'a game id that is no uuid', run: () => ben.request('POST', '/v1/games/not-a-game/moves', { move: { type: 'take', count: 1 } }), status: 400, code: 'BAD_REQUEST' },
  ];
  for (const c of checks) {
    const res = await c.run();
    t.equal(res.status, c.status, `${c.name}: status`);
    t.equal(res.body.error.code, c.code, `${c.name}: code`);
    t.type(res.body.error.message, 'string');
  }

  // An engine refusal: a second swap by the same seat is against the rules.
  t.equal((await ben.request('POST', `/v1/games/${id}/moves`, { move: { type: 'swap' } })).status, 200);
  t.equal((await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } })).status, 200);
  const beforeIllegal = await snapshotOf(app, id);
  const twice = await ben.request('POST', `/v1/games/${id}/moves`, { move: { type: 'swap' } });
  t.equal(twice.status, 422);
  t.equal(twice.body.error.code, 'ILLEGAL_MOVE');
  t.same(await snapshotOf(app, id), beforeIllegal, 'an illegal move changes nothing');

  // The earlier refusals changed nothing either (only the two accepted moves were added since).
  t.same(beforeIllegal.moves.slice(0, before.moves.length), before.moves);
  t.equal(beforeIllegal.version, before.version + 2);
});

t.test('malformed and oversized bodies are refused before anything runs', async (t) => {
  const app = await build(t, { bodyLimit: 2048 });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const id = await startedNim(app, ana, ben);
  const auth = { authorization: `Bearer ${ana.token}`, 'content-type': 'application/json' };

  const malformed = await app.inject({ method: 'POST', url: `/v1/games/${id}/moves`, headers: auth, payload: '{"move": {"type": "take",' });
  t.equal(malformed.statusCode, 400);
  t.equal(malformed.json().error.code, 'INVALID_JSON');

  const huge = await app.inject({ method: 'POST', url: `/v1/games/${id}/moves`, headers: auth, payload: JSON.stringify({ move: { type: 'take', count: 1, pad: 'x'.repeat(5000) } }) });
  t.equal(huge.statusCode, 413);
  t.equal(huge.json().error.code, 'PAYLOAD_TOO_LARGE');

  t.equal((await snapshotOf(app, id)).version, 0);
});

t.test('creating games: unknown types, bad seat counts and bad options are refused', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const unknown = await ana.request('POST', '/v1/games', { type: 'chess', seats: 2 });
  t.equal(unknown.status, 400);
  t.equal(unknown.body.error.code, 'UNKNOWN_GAME_TYPE');
  const seats = await ana.request('POST', '/v1/games', { type: 'nim', seats: 3 });
  t.equal(seats.status, 400);
  t.equal(seats.body.error.code, 'INVALID_SEAT_COUNT');
  const options = await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 0 } });
  t.equal(options.status, 400);
  t.equal(options.body.error.code, 'INVALID_OPTIONS');
  const missing = await send(app, 'GET', '/v1/games/00000000-0000-4000-8000-000000000000');
  t.equal(missing.status, 404);
  t.equal(missing.body.error.code, 'GAME_NOT_FOUND');
  const route = await send(app, 'GET', '/v1/nothing-here');
  t.equal(route.status, 404);
  t.equal(route.body.error.code, 'NOT_FOUND');
  const list = await send(app, 'GET', '/v1/games');
  t.same(list.body.items, [], 'no game was created by the refused requests');
});

t.test('lifecycle rules: join, start and abort are guarded', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const cid = await player(app, 'Cid');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2 })).body;

  const early = await ana.request('POST', `/v1/games/${game.id}/start`);
  t.equal(early.body.error.code, 'SEATS_NOT_FILLED');
  t.equal((await ben.request('POST', `/v1/games/${game.id}/start`)).body.error.code, 'FORBIDDEN');
  t.equal((await cid.request('POST', `/v1/games/${game.id}/join`, { seat: 0 })).body.error.code, 'SEAT_TAKEN');
  t.equal((await ben.request('POST', `/v1/games/${game.id}/join`, {})).status, 200);
  t.equal((await cid.request('POST', `/v1/games/${game.id}/join`, {})).body.error.code, 'GAME_FULL');
  t.equal((await ana.request('GET', `/v1/games/${game.id}/state`)).body.error.code, 'GAME_NOT_ACTIVE');

  const other = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2 })).body;
  const aborted = await ana.request('POST', `/v1/games/${other.id}/abort`);
  t.equal(aborted.body.status, 'aborted');
  t.match(aborted.body.seed, /^[0-9a-f]{64}$/, 'an aborted game reveals its seed');
  t.equal((await ben.request('POST', `/v1/games/${other.id}/join`, {})).body.error.code, 'GAME_ALREADY_STARTED');

  t.equal((await ana.request('POST', `/v1/games/${game.id}/start`)).status, 200);
  t.equal((await ana.request('POST', `/v1/games/${game.id}/abort`)).body.error.code, 'GAME_ALREADY_STARTED');
});
