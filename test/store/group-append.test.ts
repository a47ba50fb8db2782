/**
 * Group commit against Postgres (src/store/event-store.ts, GROUP_APPEND): plain moves of many games
 * sent at once share statements, and each keeps its own version check and answer. A stale move in a
 * group is refused alone, a watched game in a group writes nothing there and goes through
 * `portolan_append` with its outbox row, two instances racing on the same games neither deadlock nor
 * write a version twice, and the grouped statement is prepared with a generic plan.
 */
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { build, player, type Client } from '../helper.js';
import { EventStore, type AppendResult } from '../../src/store/event-store.js';

const OPTIONS = { workers: false, webhooks: { allowedHosts: ['127.0.0.1'] } } as const;

async function startedGames(ana: Client, ben: Client, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 500 } })).body;
    await ben.request('POST', `/v1/games/${game.id}/join`, {});
    await ana.request('POST', `/v1/games/${game.id}/start`);
    ids.push(game.id);
  }
  return ids;
}

function plainMove(store: EventStore, playerId: string, gameId: string, expectedVersion: number): Promise<AppendResult> {
  const seat = expectedVersion % 2;
  return store.append({ gameId, expectedVersion, seat, kind: 'move', payload: { type: 'take', count: 1 }, log: [], playerId, toMove: [1 - seat], finished: false, outcome: null });
}

const seqsOf = async (app: FastifyInstance, gameId: string) =>
  (await app.db.move.findMany({ where: { gameId }, select: { seq: true }, orderBy: { seq: 'asc' } })).map((m) => m.seq);

interface Prepared {
  statement: string;
  generic_plans: number;
  custom_plans: number;
}

t.test('moves of many games at once: grouped, each version-checked and answered on its own', async (t) => {
  // One connection, so every statement below is on the session whose prepared statements are read.
  const app = await build(t, { ...OPTIONS, poolSize: 1 });
  const [ana, ben] = [await player(app, 'Ana'), await player(app, 'Ben')];
  const ids = await startedGames(ana, ben, 12);
  const watchedId = ids[11]!;
  t.equal((await ana.request('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['move.made'], gameId: watchedId })).status, 201);
  const store = new EventStore(app.db, app.pgPool);

  const rounds = 8;
  for (let version = 0; version < rounds; version++) {
    // Every game's next move at once, and for game 0 a second one at the same version, which must lose.
    const answers = await Promise.all([
      ...ids.map((id) => plainMove(store, version % 2 === 0 ? ana.id : ben.id, id, version)),
      plainMove(store, ana.id, ids[0]!, version),
    ]);
    t.ok(answers.slice(0, ids.length).every((a) => a.ok && a.seq === version + 1), `round ${version + 1}: every game's move committed at its version`);
    t.same(answers[ids.length], { ok: false, reason: 'stale' }, `round ${version + 1}: the second move of game 0 at that version is stale`);
  }
  const stale = await Promise.all(ids.slice(0, 3).map((id) => plainMove(store, ana.id, id, 0)));
  t.ok(stale.every((a) => !a.ok && a.reason === 'stale'), 'moves at an old version, grouped: all stale');

  for (const id of ids) t.same(await seqsOf(app, id), Array.from({ length: rounds }, (_, i) => i + 1), 'one move per version, none lost');
  t.equal(await app.db.webhookDelivery.count({ where: { gameId: watchedId, eventType: 'move.made' } }), rounds, 'the watched game: an outbox row per move');
  t.equal(await app.db.webhookDelivery.count({ where: { eventType: 'move.made' } }), rounds, 'no other game got one');

  const { rows } = await app.pgPool.query<Prepared>('SELECT statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements');
  const grouped = rows.find((p) => p.statement.includes('unnest(') && p.statement.includes('INSERT INTO moves'));
  t.ok(grouped, 'the grouped append is a named, prepared statement');
  const executions = grouped!.generic_plans + grouped!.custom_plans;
  t.ok(executions >= rounds, `it ran for the groups (${executions} times)`);
  t.ok(grouped!.generic_plans >= executions - 5, `with the generic plan after at most five custom ones (${grouped!.generic_plans} of ${executions})`);
});

t.test('watched games and idempotency records: grouped calls of portolan_append, each answered on its own', async (t) => {
  const app = await build(t, { ...OPTIONS, poolSize: 1 });
  const [ana, ben] = [await player(app, 'Ana'), await player(app, 'Ben')];
  const ids = await startedGames(ana, ben, 8);
  // An endpoint of Ben's for all his games: every move now needs the outbox, so portolan_append.
  t.equal((await ben.request('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['move.made'] })).status, 201);
  const store = new EventStore(app.db, app.pgPool);
  const keyed = (gameId: string, expectedVersion: number, key: string) => {
    const seat = expectedVersion % 2;
    return store.append({
      gameId, expectedVersion, seat, kind: 'move', payload: { type: 'take', count: 1 }, log: [], playerId: ana.id, toMove: [1 - seat], finished: false, outcome: null,
      idempotency: { playerId: ana.id, key, requestHash: `hash-${gameId}`, status: 200, response: { ok: true } },
    });
  };

  const rounds = 4;
  for (let version = 0; version < rounds; version++) {
    const answers = await Promise.all([...ids.map((id) => plainMove(store, ana.id, id, version)), plainMove(store, ana.id, ids[0]!, version)]);
    t.ok(answers.slice(0, ids.length).every((a) => a.ok && a.seq === version + 1 && a.deliveries === 1), `round ${version + 1}: every move committed with its outbox row`);
    t.same(answers[ids.length], { ok: false, reason: 'stale' }, `round ${version + 1}: a second move at that version is stale`);
  }
  // Read before a refused statement below: node-postgres' pool replaces a connection a query failed on.
  const { rows } = await app.pgPool.query<Prepared>('SELECT statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements');
  const grouped = rows.find((p) => p.statement.includes('unnest(') && p.statement.includes('portolan_append('));
  t.ok(grouped && grouped.generic_plans + grouped.custom_plans >= rounds - 1, 'the grouped call is a named, prepared statement, used for the groups');

  // Moves with idempotency records, one reusing a key another game's move already recorded.
  t.ok((await keyed(ids[0]!, rounds, 'taken')).ok, 'a key recorded');
  const keyedAnswers = await Promise.all([keyed(ids[1]!, rounds, 'first'), keyed(ids[2]!, rounds, 'second'), keyed(ids[3]!, rounds, 'taken')]);
  t.ok(keyedAnswers[0]!.ok && keyedAnswers[1]!.ok, 'fresh keys: committed');
  t.same(keyedAnswers[2], { ok: false, reason: 'duplicate-key' }, 'the reused key: refused alone');

  for (const [i, id] of ids.entries()) {
    const expected = i < 3 ? rounds + 1 : rounds;
    t.same(await seqsOf(app, id), Array.from({ length: expected }, (_, v) => v + 1), 'one move per version');
    t.equal(await app.db.webhookDelivery.count({ where: { gameId: id, eventType: 'move.made' } }), expected, 'an outbox row per move');
  }
});

t.test('a move Postgres refuses fails alone; the others of its group commit', async (t) => {
  const app = await build(t, OPTIONS);
  const [ana, ben] = [await player(app, 'Ana'), await player(app, 'Ben')];
  const ids = await startedGames(ana, ben, 5);
  const store = new EventStore(app.db, app.pgPool);
  // jsonb refuses the NUL character: the statement that carries this move fails as a whole.
  const refused = (gameId: string) =>
    store.append({ gameId, expectedVersion: 0, seat: 0, kind: 'move', payload: { type: 'take', note: 'nul\u0000' }, log: [], playerId: ana.id, toMove: [1], finished: false, outcome: null });
  const answers = await Promise.allSettled([plainMove(store, ana.id, ids[0]!, 0), ...ids.slice(1, 4).map((id) => plainMove(store, ana.id, id, 0)), refused(ids[4]!)]);
  t.ok(answers.slice(0, 4).every((a) => a.status === 'fulfilled' && a.value.ok), 'the other moves committed');
  t.equal(answers[4]!.status, 'rejected', 'the refused move failed');
  for (const id of ids.slice(0, 4)) t.same(await seqsOf(app, id), [1], 'each once');
  t.same(await seqsOf(app, ids[4]!), [], 'the refused one wrote nothing');
});

t.test('two instances racing on the same games: no deadlock, each version once', async (t) => {
  const app = await build(t, OPTIONS);
  const [ana, ben] = [await player(app, 'Ana'), await player(app, 'Ben')];
  const ids = await startedGames(ana, ben, 16);
  // Two stores, as two instances have, sending the same games' moves in opposite orders: their groups
  // lock the same rows, and only a lock order shared by both keeps them from deadlocking.
  const [one, two] = [new EventStore(app.db, app.pgPool), new EventStore(app.db, app.pgPool)];
  const blocker = await app.pgPool.connect();
  t.teardown(() => blocker.release());
  const rounds = 6;
  for (let version = 0; version < rounds; version++) {
    const mover = version % 2 === 0 ? ana.id : ben.id;
    // A game in the middle is locked meanwhile, so both groups are at the database together, each
    // holding some rows and waiting for that one: the moment a lock order would deadlock.
    await blocker.query('BEGIN');
    await blocker.query('SELECT 1 FROM games WHERE id = $1 FOR UPDATE', [ids[8]]);
    const sent = Promise.all([
      ...ids.map((id) => plainMove(one, mover, id, version)),
      ...[...ids].reverse().map((id) => plainMove(two, mover, id, version)),
    ]);
    await sleep(100);
    await blocker.query('COMMIT');
    const answers = await sent;
    const won = answers.filter((a) => a.ok).length;
    t.equal(won, ids.length, `round ${version + 1}: one move per game won, the other was stale`);
    t.equal(answers.filter((a) => !a.ok && a.reason === 'stale').length, ids.length);
  }
  for (const id of ids) t.same(await seqsOf(app, id), Array.from({ length: rounds }, (_, i) => i + 1), 'one move per version');
});
