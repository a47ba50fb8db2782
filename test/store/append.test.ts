/**
 * The append's two statements (src/store/event-store.ts): a plain move of a game no endpoint may watch
 * goes through the plain statement; once a player's endpoint may watch the game, the plain statement
 * writes nothing and the move goes through `portolan_append`, which writes the outbox rows with it. The
 * log is the same either way: one move per version, none lost, none twice. Workers are off, so the
 * outbox rows are what is checked.
 */
import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { build, player, type Client } from '../helper.js';
import { EventStore } from '../../src/store/event-store.js';

const OPTIONS = { workers: false, webhooks: { allowedHosts: ['127.0.0.1'] } } as const;

async function startedNim(ana: Client, ben: Client): Promise<string> {
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 50 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  return game.id;
}

async function move(t: Test, who: Client, id: string, expectedVersion: number): Promise<void> {
  const res = await who.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 }, expectedVersion });
  t.equal(res.status, 200, `move ${expectedVersion + 1} accepted`);
}

const deliveries = (app: FastifyInstance, gameId: string) => app.db.webhookDelivery.count({ where: { gameId, eventType: 'move.made' } });

t.test('an endpoint added mid-game gets the next move; the log has every move once', async (t) => {
  const app = await build(t, OPTIONS);
  const [ana, ben] = [await player(app, 'Ana'), await player(app, 'Ben')];
  const id = await startedNim(ana, ben);
  await move(t, ana, id, 0);
  await move(t, ben, id, 1);
  t.equal(await deliveries(app, id), 0, 'nobody watches: no outbox rows');

  const created = await ben.request('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['move.made'] });
  t.equal(created.status, 201);
  await move(t, ana, id, 2);
  t.equal(await deliveries(app, id), 1, "the move after the endpoint's creation has its row");
  await move(t, ben, id, 3);
  t.equal(await deliveries(app, id), 2, 'and every move after it');

  await ben.request('PATCH', `/v1/webhooks/${created.body.id}`, { enabled: false });
  await move(t, ana, id, 4);
  t.equal(await deliveries(app, id), 2, 'a disabled endpoint watches nothing');

  const seqs = (await app.db.move.findMany({ where: { gameId: id }, select: { seq: true }, orderBy: { seq: 'asc' } })).map((m) => m.seq);
  t.same(seqs, [1, 2, 3, 4, 5], 'one move per version');
});

t.test('a stale plain append writes nothing; a watched game is remembered and still version-checked', async (t) => {
  const app = await build(t, OPTIONS);
  const [ana, ben] = [await player(app, 'Ana'), await player(app, 'Ben')];
  const plainId = await startedNim(ana, ben);
  const watchedId = await startedNim(ana, ben);
  t.equal((await ana.request('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['move.made'], gameId: watchedId })).status, 201);

  // A store of its own, as a second instance would have.
  const store = new EventStore(app.db, app.pgPool);
  const plainMove = (gameId: string, expectedVersion: number) =>
    store.append({ gameId, expectedVersion, seat: 0, kind: 'move', payload: { type: 'take', count: 1 }, log: [], playerId: ana.id, toMove: [1], finished: false, outcome: null });

  t.same(await plainMove(plainId, 3), { ok: false, reason: 'stale' }, 'a version the game is not at: stale');
  t.equal(await app.db.move.count({ where: { gameId: plainId } }), 0, 'nothing written');
  const first = await plainMove(plainId, 0);
  t.ok(first.ok && first.seq === 1 && first.deliveries === 0, 'the plain statement appends');

  const watched = await plainMove(watchedId, 0);
  t.ok(watched.ok && watched.seq === 1 && watched.deliveries === 1, 'watched: appended with its outbox row');
  t.same(await plainMove(watchedId, 0), { ok: false, reason: 'stale' }, 'the same version again: stale');
  t.equal(await app.db.move.count({ where: { gameId: watchedId } }), 1, 'one move, not two');
  t.equal(await deliveries(app, watchedId), 1, 'one outbox row, not two');
});
