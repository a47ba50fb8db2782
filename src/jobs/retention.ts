/**
 * Bounded storage: a scheduled job on the job queue deletes what no one needs any more. The move log
 * (`games`, `moves`, `seats`) is never touched: it is the truth, kept for ever.
 * - idempotency keys older than their time to live (they no longer replay anyway: src/service/game-service.ts);
 * - finished webhook deliveries (delivered or failed) and attempt records older than the retention time
 *   (pending deliveries are work still to do and stay, whatever their age);
 * - snapshots beyond the newest few per game (a snapshot is a cache: rebuilding from an older one or
 *   from the start gives the same state), but for one checkpoint per `snapshotCheckpointEvery` moves,
 *   kept for good: a past position (`state?at=N`, an old history page, a stream resumed from far back)
 *   then replays at most about that many moves, however long the game, for one stored state per that
 *   many moves of the log (which is kept for ever anyway).
 * pg-boss's cron runs each occurrence once across all instances.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../store/database.js';
import type { Clock } from '../store/clock.js';
import type { JobQueue } from './queue.js';

export interface RetentionOptions {
  readonly idempotencyTtlMs: number;
  readonly webhookRetentionMs: number;
  /** Newest snapshots kept per game; 0 keeps them all. */
  readonly snapshotsKept: number;
  /** Also kept: the first snapshot of each span of this many moves (0: none). */
  readonly snapshotCheckpointEvery: number;
  /** When the purge runs (cron, UTC). */
  readonly cron: string;
  /**
   * How often the worker looks for a purge job, in seconds: how late it may start after its cron time.
   * An hourly purge can wait a minute; a poll every second would cost an idle service (src/jobs/queue.ts).
   */
  readonly jobPollSeconds: number;
}

export const DEFAULT_RETENTION_OPTIONS: RetentionOptions = {
  idempotencyTtlMs: 24 * 3_600_000,
  webhookRetentionMs: 30 * 86_400_000,
  snapshotsKept: 3,
  snapshotCheckpointEvery: 1_000,
  cron: '17 * * * *',
  jobPollSeconds: 60,
};

export const RETENTION_QUEUE = 'retention-purge';

export interface PurgeCounts {
  readonly idempotencyKeys: number;
  readonly webhookDeliveries: number;
  readonly webhookAttempts: number;
  readonly snapshots: number;
}

/** Rows deleted per statement: short transactions and locks, however much has piled up. */
const BATCH = 5_000;

/**
 * Deletes everything the retention settings allow; returns how many rows of each. Webhook records are
 * dated by the service clock (`now`), idempotency keys by the database's, as each was written.
 */
export async function purgeExpired(db: Database, options: RetentionOptions, now: Date): Promise<PurgeCounts> {
  const recordsBefore = new Date(now.getTime() - options.webhookRetentionMs);
  const idempotencyKeys = await inBatches(() => db.$executeRaw`
    DELETE FROM idempotency_keys WHERE ctid IN (
      SELECT ctid FROM idempotency_keys
       WHERE created_at < now() - make_interval(secs => ${options.idempotencyTtlMs / 1000}) LIMIT ${BATCH})`);
  const webhookAttempts = await inBatches(() => db.$executeRaw`
    DELETE FROM webhook_attempts WHERE id IN (
      SELECT id FROM webhook_attempts WHERE at < ${recordsBefore} LIMIT ${BATCH})`);
  // Their remaining attempts go with them (ON DELETE CASCADE).
  const webhookDeliveries = await inBatches(() => db.$executeRaw`
    DELETE FROM webhook_deliveries WHERE id IN (
      SELECT id FROM webhook_deliveries WHERE created_at < ${recordsBefore} AND status <> 'pending' LIMIT ${BATCH})`);
  // A checkpoint is the first snapshot of its span (seq / every), whatever SNAPSHOT_EVERY was when it was
  // written; the first span needs none (its positions replay from the game's setup).
  const every = options.snapshotCheckpointEvery;
  const snapshots = options.snapshotsKept === 0 ? 0 : await db.$executeRaw`
    DELETE FROM snapshots s USING (
      SELECT game_id, seq, row_number() OVER (PARTITION BY game_id ORDER BY seq DESC) AS newer,
             CASE WHEN ${every}::int > 0 AND seq >= ${every}::int
                  THEN row_number() OVER (PARTITION BY game_id, seq / GREATEST(${every}::int, 1) ORDER BY seq) = 1
                  ELSE false END AS checkpoint
        FROM snapshots) ranked
     WHERE s.game_id = ranked.game_id AND s.seq = ranked.seq AND ranked.newer > ${options.snapshotsKept} AND NOT ranked.checkpoint`;
  return { idempotencyKeys, webhookDeliveries, webhookAttempts, snapshots };
}

async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/** The purge as a scheduled job: registered (idempotently) by every instance, run by one per occurrence. */
export async function scheduleRetention(boss: JobQueue, db: Database, options: RetentionOptions, clock: Clock, log: FastifyBaseLogger): Promise<void> {
  await boss.createQueue(RETENTION_QUEUE);
  await boss.work(RETENTION_QUEUE, { pollingIntervalSeconds: options.jobPollSeconds }, async () => {
    const purged = await purgeExpired(db, options, clock.now());
    log.info({ purged }, 'retention purge');
  });
  await boss.schedule(RETENTION_QUEUE, options.cron, {}, { tz: 'UTC' });
}
