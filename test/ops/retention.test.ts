/**
 * Bounded storage (src/jobs/retention.ts): expired idempotency keys stop replaying and are purged, old
 * finished webhook records are purged (pending ones stay), old snapshots beyond the newest few are pruned,
 * the purge is a scheduled job on the queue, and no purge ever touches the move log.
 */
import t from 'tap';
import PgBoss from 'pg-boss';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_RETENTION_OPTIONS, RETENTION_QUEUE, purgeExpired } from '../../src/jobs/retention.js';
import { build, createTestDatabase, player, type Client } from '../helper.js';
import { waitFor } from '../webhooks/support/receiver.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function nimGame(app: FastifyInstance, stones = 30): Promise<{ id: string; ana: Client; ben: Client }> {
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  return { id: game.id, ana, ben };
}

/** The whole move log, to compare before and after a purge. */
async function moveLog(app: FastifyInstance) {
  return app.db.$queryRaw<unknown[]>`SELECT game_id, seq, seat, kind, payload, log FROM moves ORDER BY game_id, seq`;
}

t.test('an idempotency key replays for its time to live, then is forgotten and purged', async (t) => {
  const app = await build(t, { workers: false });
  const { id, ana, ben } = await nimGame(app);
  const take = (count: number) => ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count } }, { 'idempotency-key': 'k-1' });
  const first = await take(1);
  t.equal(first.status, 200);
  t.same(await take(1), first, 'a retry within the time to live replays the first answer');
  t.equal((await take(2)).body.error.code, 'IDEMPOTENCY_KEY_REUSED', 'and the key cannot be used for another move');

  await ben.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } });
  await app.db.$executeRaw`UPDATE idempotency_keys SET created_at = now() - interval '25 hours'`;
  const again = await take(2);
  t.equal(again.status, 200, 'after 24 h the key is new again: the request is a new move');
  t.equal(again.body.seq, 3);

  // One expired key, one live key: the purge takes only the expired one, and no move.
  await ben.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } }, { 'idempotency-key': 'k-2' });
  await app.db.$executeRaw`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'k-1'`;
  const log = await moveLog(app);
  const purged = await purgeExpired(app.db, DEFAULT_RETENTION_OPTIONS, new Date());
  t.equal(purged.idempotencyKeys, 1);
  t.same((await app.db.idempotencyKey.findMany()).map((k) => k.key), ['k-2']);
  t.same(await moveLog(app), log, 'the move log is untouched');
});

t.test('webhook deliveries and attempts: finished ones older than the retention time are purged', async (t) => {
  const app = await build(t, { workers: false });
  const { id, ana } = await nimGame(app);
  await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } });
  const endpoint = await app.db.webhookEndpoint.create({
    data: { id: crypto.randomUUID(), ownerId: ana.id, url: 'https://hooks.example/x', eventTypes: ['move.made'], secret: 'whsec_test' },
  });
  const now = new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const delivery = (name: string, seq: number, status: string, createdAt: Date) =>
    app.db.webhookDelivery.create({
      data: {
        id: name, endpointId: endpoint.id, eventType: 'move.made', gameId: id, seq, ordinal: 0, status, createdAt, nextAttemptAt: createdAt,
        attemptLog: { create: [{ attempt: 1, at: createdAt, status: status === 'pending' ? 500 : 204, latencyMs: 5 }] },
      },
    });
  await delivery('old-delivered', 1, 'delivered', ago(31 * DAY));
  await delivery('old-failed', 2, 'failed', ago(40 * DAY));
  await delivery('old-pending', 3, 'pending', ago(31 * DAY));
  await delivery('recent-delivered', 4, 'delivered', ago(29 * DAY));
  const log = await moveLog(app);

  const purged = await purgeExpired(app.db, DEFAULT_RETENTION_OPTIONS, now);
  t.same({ deliveries: purged.webhookDeliveries, attempts: purged.webhookAttempts }, { deliveries: 2, attempts: 3 });
  const left = await app.db.webhookDelivery.findMany({ orderBy: { seq: 'asc' }, include: { attemptLog: true } });
  t.same(left.map((d) => d.id), ['old-pending', 'recent-delivered'], 'pending work stays, whatever its age');
  t.same(left.map((d) => d.attemptLog.length), [0, 1], "the old pending delivery's old attempt record is gone");
  t.same(await moveLog(app), log, 'the move log is untouched');

  const shorter = await purgeExpired(app.db, { ...DEFAULT_RETENTION_OPTIONS, webhookRetentionMs: 7 * DAY }, now);
  t.equal(shorter.webhookDeliveries, 1, 'the retention time is a setting');
});

t.test('snapshots beyond the newest few per game are pruned; states are unchanged', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const app = await build(t, { databaseUrl, workers: false, snapshotEvery: 1 });
  const games = [await nimGame(app), await nimGame(app)];
  for (const { id, ana, ben } of games) {
    for (let i = 0; i < 3; i++) {
      await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } });
      await ben.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } });
    }
  }
  const viewOf = (server: FastifyInstance, id: string, token: string) =>
    server.inject({ method: 'GET', url: `/v1/games/${id}/state`, headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
  const before = await Promise.all(games.map((g) => viewOf(app, g.id, g.ana.token)));
  const log = await moveLog(app);

  const purged = await purgeExpired(app.db, { ...DEFAULT_RETENTION_OPTIONS, snapshotsKept: 2 }, new Date());
  t.equal(purged.snapshots, 8, 'six per game, two kept');
  const left = await app.db.snapshot.findMany({ orderBy: [{ gameId: 'asc' }, { seq: 'asc' }] });
  t.same(left.map((s) => s.seq), [5, 6, 5, 6]);
  t.same(await moveLog(app), log, 'the move log is untouched');

  // A new instance (nothing cached) rebuilds each state from what is left.
  const fresh = await build(t, { databaseUrl, workers: false });
  t.same(await Promise.all(games.map((g) => viewOf(fresh, g.id, g.ana.token))), before, 'every state reads as before');
});

t.test('the purge runs as a scheduled job on the queue', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  // The worker looks for the job every second here (every minute by default).
  const app = await build(t, { databaseUrl, retention: { cron: '*/5 * * * *', jobPollSeconds: 1 } });
  const schedules = await app.db.$queryRaw<{ name: string; cron: string }[]>`SELECT name, cron FROM pgboss.schedule`;
  t.same(schedules.filter((s) => s.name === RETENTION_QUEUE), [{ name: RETENTION_QUEUE, cron: '*/5 * * * *' }]);

  const { id, ana } = await nimGame(app);
  await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } }, { 'idempotency-key': 'old' });
  await app.db.$executeRaw`UPDATE idempotency_keys SET created_at = now() - interval '2 days'`;
  // What the cron does at its time: send the job. The app's worker runs the purge.
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', supervise: false, schedule: false, max: 1 });
  await boss.start();
  t.teardown(() => boss.stop({ graceful: false }));
  await boss.send(RETENTION_QUEUE, {});
  await waitFor(async () => (await app.db.idempotencyKey.count()) === 0, 20_000, 'the purge job');
  t.equal(await app.db.move.count(), 1, 'the move stays');
});
