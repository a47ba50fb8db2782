/**
 * Past positions of a long game stay cheap: retention keeps, besides the newest snapshots, one
 * checkpoint per SNAPSHOT_CHECKPOINT_EVERY moves, so a past state of a 20,000-move game replays from a
 * nearby snapshot, not from the start. Counted in moves the engine replays (not in time).
 */
import t from 'tap';
import type { AnyGameDefinition } from '../../src/engine/types.js';
import { DEFAULT_RETENTION_OPTIONS, purgeExpired } from '../../src/jobs/retention.js';
import { initialState } from '../../src/service/game-state.js';
import { EventStore } from '../../src/store/event-store.js';
import { build, createTestDatabase, player } from '../helper.js';
import { nim } from '../support/nim.js';

const MOVES = 20_000;
const SNAPSHOT_EVERY = 100;
const CHECKPOINT_EVERY = 1_000;

t.test('a past state of a 20,000-move game replays from a nearby snapshot after retention', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const setup = await build(t, { databaseUrl, workers: false, snapshotEvery: SNAPSHOT_EVERY });
  const ana = await player(setup, 'Ana');
  const ben = await player(setup, 'Ben');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 1_000_000 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);

  // The log of a long game, written directly: each seat takes one stone in turn, with a snapshot
  // every SNAPSHOT_EVERY moves as the service writes them.
  const row = await new EventStore(setup.db, setup.pgPool, { groupCommit: false }).getGame(game.id);
  const start = initialState(nim as unknown as AnyGameDefinition, row!) as { stones: number; turn: number };
  await setup.pgPool.query(
    `INSERT INTO moves (game_id, seq, seat, kind, payload, log)
     SELECT $1, s, (s - 1) % 2, 'move', '{"type":"take","count":1}', '[]' FROM generate_series(1, $2::int) s`,
    [game.id, MOVES],
  );
  for (let seq = SNAPSHOT_EVERY; seq <= MOVES; seq += SNAPSHOT_EVERY) {
    await setup.pgPool.query('INSERT INTO snapshots (game_id, seq, state) VALUES ($1, $2, $3)', [game.id, seq, { ...start, stones: start.stones - seq, turn: seq % 2 }]);
  }
  await setup.pgPool.query('UPDATE games SET version = $2, to_move = $3 WHERE id = $1', [game.id, MOVES, [MOVES % 2]]);

  const purged = await purgeExpired(setup.db, { ...DEFAULT_RETENTION_OPTIONS, snapshotsKept: 3, snapshotCheckpointEvery: CHECKPOINT_EVERY }, new Date());
  const left = (await setup.pgPool.query<{ seq: number }>('SELECT seq FROM snapshots WHERE game_id = $1 ORDER BY seq', [game.id])).rows.map((r) => r.seq);
  const checkpoints = Array.from({ length: MOVES / CHECKPOINT_EVERY }, (_, i) => (i + 1) * CHECKPOINT_EVERY);
  t.same(left, [...new Set([...checkpoints, MOVES - 200, MOVES - 100, MOVES])].sort((a, b) => a - b), 'the newest three and one checkpoint per 1,000 moves are kept');
  t.equal(purged.snapshots, MOVES / SNAPSHOT_EVERY - left.length, 'the rest is purged: storage stays one state per 1,000 moves');

  // A new instance (nothing cached) whose engine counts the moves it replays.
  let replayed = 0;
  const counting = { ...nim, apply: (...args: Parameters<typeof nim.apply>) => { replayed++; return nim.apply(...args); } };
  const app = await build(t, { databaseUrl, workers: false, games: [counting as typeof nim] });
  for (const at of [12_345, 1_999, 999, 19_950]) {
    replayed = 0;
    const res = await app.inject({ method: 'GET', url: `/v1/games/${game.id}/state?at=${at}` });
    t.equal(res.statusCode, 200);
    t.equal(res.json().view.stones, start.stones - at, `the state at ${at} is right`);
    t.ok(replayed <= CHECKPOINT_EVERY, `the state at ${at} replayed ${replayed} moves (at most ${CHECKPOINT_EVERY})`);
  }
  replayed = 0;
  await app.inject({ method: 'GET', url: `/v1/games/${game.id}/state?at=12345` });
  t.equal(replayed, 345, 'from the checkpoint at 12,000 exactly');
  replayed = 0;
  const page = await app.inject({ method: 'GET', url: `/v1/games/${game.id}/moves?after=15500&limit=10` });
  t.equal(page.json().items.length, 10);
  t.ok(replayed <= CHECKPOINT_EVERY + 10, `an old history page replayed ${replayed} moves`);
});
