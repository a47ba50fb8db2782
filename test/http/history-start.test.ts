/**
 * Voyages rolls round 1's dice at setup: the history starts with a version-0 `start` entry holding them
 * (REST and GraphQL), a cursor of 0 skips it, and a new game's options show its round limit (none).
 */
import t from 'tap';
import { build, gql, player, send } from '../helper.js';

t.test('the Voyages history starts with the first dice as version 0', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const duo = await ana.request('POST', '/v1/games', { type: 'voyages', seats: 2, options: { map: 1 } });
  t.same(duo.body.options, { map: 1, maxRounds: null }, 'no round limit unless asked for: the 3-star end ends the game');
  const created = await ana.request('POST', '/v1/games', { type: 'voyages', seats: 1, options: { map: 2 } });
  t.equal(created.status, 201);
  const id = created.body.id as string;
  t.equal((await ana.request('POST', `/v1/games/${id}/start`)).status, 200);
  const state = await send(app, 'GET', `/v1/games/${id}/state?at=0`);
  const dice = state.body.view.dice as number[];

  const legal = await ana.request('GET', `/v1/games/${id}/legal-moves`);
  t.equal((await ana.request('POST', `/v1/games/${id}/moves`, { move: legal.body.moves[0] })).status, 200);
  const history = await send(app, 'GET', `/v1/games/${id}/moves`);
  t.same(history.body.items.map((m: { seq: number }) => m.seq), [0, 1]);
  t.equal(history.status, 200);
  const [first] = history.body.items;
  t.match(first, { seq: 0, seat: null, kind: 'start', move: null });
  t.same(first.log[0], { type: 'round.rolled', text: `Round 1: the dice show ${dice.join(', ')}.`, round: 1, dice });

  const afterZero = await send(app, 'GET', `/v1/games/${id}/moves?after=0`);
  t.notOk(afterZero.body.items.some((m: { seq: number }) => m.seq === 0), 'a cursor of 0 reads the moves only');

  const one = await send(app, 'GET', `/v1/games/${id}/moves?limit=1`);
  t.equal(one.body.items.length, 1, 'the start entry counts towards the page size');
  t.equal(one.body.nextCursor, '0', 'and the next page starts after it');

  const q = await gql(app, 'query($id: ID!) { game(id: $id) { history { items { seq seat kind move log } } } }', { id });
  t.same(q.data.game.history.items[0], { seq: 0, seat: null, kind: 'start', move: null, log: first.log });

  const nim = await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, bots: [{ seat: 1, level: 'random' }] });
  await ana.request('POST', `/v1/games/${nim.body.id}/start`);
  const nimHistory = await send(app, 'GET', `/v1/games/${nim.body.id}/moves`);
  t.notOk(nimHistory.body.items.some((m: { kind: string }) => m.kind === 'start'), 'a game that logs no setup has no start entry');
});
