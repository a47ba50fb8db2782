import t from 'tap';
import { build, player, send } from '../helper.js';

t.test('REST: a whole game of the test game, from registration to the outcome', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');

  const created = await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 5 } });
  t.equal(created.status, 201);
  const game = created.body;
  t.equal(game.status, 'waiting');
  t.same(game.options, { stones: 5 });
  t.equal(game.seats[0].player.id, ana.id);
  t.equal(game.seed, null, 'the seed stays secret while the game runs');
  t.match(game.seedCommitment, /^[0-9a-f]{64}$/);

  const joined = await ben.request('POST', `/v1/games/${game.id}/join`, {});
  t.equal(joined.status, 200);
  t.equal(joined.body.seats[1].player.id, ben.id);

  const started = await ana.request('POST', `/v1/games/${game.id}/start`);
  t.equal(started.status, 200);
  t.equal(started.body.status, 'active');
  t.same(started.body.toMove, [0]);

  const legal = await ana.request('GET', `/v1/games/${game.id}/legal-moves`);
  t.same(legal.body.moves, [
    { type: 'take', count: 1 },
    { type: 'take', count: 2 },
    { type: 'take', count: 3 },
    { type: 'swap' },
  ]);

  const m1 = await ana.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 }, expectedVersion: 0 });
  t.equal(m1.status, 200);
  t.equal(m1.body.seq, 1);
  t.same(m1.body.toMove, [1]);
  const m2 = await ben.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 3 }, expectedVersion: 1 });
  t.equal(m2.status, 200);
  const m3 = await ana.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } });
  t.equal(m3.status, 200);
  t.equal(m3.body.status, 'finished');
  t.same(m3.body.outcome.winners, [0]);

  const after = await send(app, 'GET', `/v1/games/${game.id}`);
  t.equal(after.body.status, 'finished');
  t.equal(after.body.version, 3);
  t.match(after.body.seed, /^[0-9a-f]{64}$/, 'the seed is revealed at the end');
  const { createHash } = await import('node:crypto');
  t.equal(createHash('sha256').update(after.body.seed).digest('hex'), game.seedCommitment, 'and matches the commitment');

  const history = await send(app, 'GET', `/v1/games/${game.id}/moves`);
  t.same(history.body.items.map((m: { seq: number; move: unknown }) => [m.seq, m.move]), [
    [1, { type: 'take', count: 1 }],
    [2, { type: 'take', count: 3 }],
    [3, { type: 'take', count: 1 }],
  ]);
  t.equal(history.body.nextCursor, null);
});
