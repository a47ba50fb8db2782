/**
 * The log is the truth: the state rebuilt from the log alone (no cache, no snapshot) equals the state
 * the service serves from its cache and snapshots, at the end and at every past sequence number.
 */
import t from 'tap';
import { replay } from '../../src/engine/replay.js';
import { build, player, send } from '../helper.js';
import { nim } from '../support/nim.js';

t.test('replay from the log equals the snapshot-accelerated state', async (t) => {
  const app = await build(t, { snapshotEvery: 4 });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 40 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  for (let i = 0; i < 19; i++) {
    const who = i % 2 === 0 ? ana : ben;
    const move = i === 3 || i === 6 ? { type: 'swap' } : { type: 'take', count: 1 + (i % 3) };
    t.equal((await who.request('POST', `/v1/games/${game.id}/moves`, { move })).status, 200);
  }
  const snapshots = await app.db.snapshot.findMany({ where: { gameId: game.id }, select: { seq: true }, orderBy: { seq: 'asc' } });
  t.same(snapshots.map((s) => s.seq), [4, 8, 12, 16], 'a snapshot every 4 moves');

  const row = await app.db.game.findUniqueOrThrow({ where: { id: game.id } });
  const moves = await app.db.move.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
  const fromLog = replay(nim, { seats: 2, options: row.options, seed: row.seed, moves: moves.map((m) => ({ seat: m.seat, move: m.payload })) });
  if (!fromLog.ok) throw new Error('replay refused');

  const viewNow = async () => (await ana.request('GET', `/v1/games/${game.id}/state`)).body.view;
  t.same(await viewNow(), nim.view(fromLog.state as never, 0), 'cached state = replay');
  app.games.clearCache();
  t.same(await viewNow(), nim.view(fromLog.state as never, 0), 'snapshot + tail = replay');
  await app.db.snapshot.deleteMany({ where: { gameId: game.id } });
  app.games.clearCache();
  t.same(await viewNow(), nim.view(fromLog.state as never, 0), 'log alone = replay');

  await app.db.snapshot.create({ data: { gameId: game.id, seq: 8, state: JSON.parse(JSON.stringify(replayUpTo(8))) } });
  for (let seq = 0; seq <= 19; seq++) {
    const past = await ana.request('GET', `/v1/games/${game.id}/state?at=${seq}`);
    t.same(past.body.view, nim.view(replayUpTo(seq) as never, 0), `state at ${seq}`);
  }
  const beyond = await ana.request('GET', `/v1/games/${game.id}/state?at=20`);
  t.equal(beyond.body.error.code, 'BAD_REQUEST');

  function replayUpTo(seq: number): unknown {
    const r = replay(nim, { seats: 2, options: row.options, seed: row.seed, moves: moves.slice(0, seq).map((m) => ({ seat: m.seat, move: m.payload })) });
    if (!r.ok) throw new Error('replay refused');
    return r.state;
  }
  t.equal((await send(app, 'GET', `/v1/games/${game.id}`)).body.version, 19);
});
