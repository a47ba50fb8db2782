/** Resignation and server-side bots, through the same path as players' moves. */
import t from 'tap';
import { build, player, send } from '../helper.js';

t.test('resigning a two-player game ends it: the other seat wins, the seed is revealed', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2 })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  await ana.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } });

  const resigned = await ana.request('POST', `/v1/games/${game.id}/resign`, {});
  t.equal(resigned.status, 200);
  t.equal(resigned.body.seq, 2, 'a resignation is logged like a move');
  t.equal(resigned.body.status, 'finished');
  t.same(resigned.body.outcome.winners, [1]);
  t.same(resigned.body.outcome.ranking, [[1], [0]]);
  t.same(resigned.body.outcome.resigned, [0]);

  const after = (await send(app, 'GET', `/v1/games/${game.id}`)).body;
  t.equal(after.status, 'finished');
  t.ok(after.seats[0].resigned);
  t.type(after.seed, 'string');
  const history = (await send(app, 'GET', `/v1/games/${game.id}/moves`)).body.items;
  t.same(history.map((m: { kind: string }) => m.kind), ['move', 'resign']);
  const again = await ben.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } });
  t.equal(again.body.error.code, 'GAME_OVER');
});

t.test('a bot seat plays its turns by itself until the game ends', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 20 }, bots: [{ seat: 1, level: 'perfect' }] })).body;
  t.equal(game.seats[1].bot, 'perfect');
  await ana.request('POST', `/v1/games/${game.id}/start`);
  let moves = 0;
  for (;;) {
    await app.bots.idle();
    const state = (await send(app, 'GET', `/v1/games/${game.id}`)).body;
    if (state.status === 'finished') {
      t.same(state.outcome.winners, [1], 'from 20 stones, perfect play beats whoever moves first');
      break;
    }
    t.same(state.toMove, [0], "after the bot's reply it is the human's turn again");
    const res = await ana.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 }, expectedVersion: state.version });
    t.equal(res.status, 200);
    moves++;
  }
  const history = (await send(app, 'GET', `/v1/games/${game.id}/moves`)).body.items;
  t.same(history.map((m: { seat: number }) => m.seat), history.map((_: unknown, i: number) => i % 2), 'human and bot alternate');
  t.equal(history.length, moves * 2);
});

t.test('bots are refused on a taken seat or at an unknown level', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const bad = await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, bots: [{ seat: 1, level: 'godlike' }] });
  t.equal(bad.body.error.code, 'BAD_REQUEST');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2 })).body;
  t.equal((await ana.request('POST', `/v1/games/${game.id}/bots`, { seat: 0, level: 'random' })).body.error.code, 'SEAT_TAKEN');
  const ok = await ana.request('POST', `/v1/games/${game.id}/bots`, { seat: 1, level: 'random' });
  t.equal(ok.body.seats[1].bot, 'random');
});
