/**
 * The Postgres job queue (pg-boss 10, in its own schema `pgboss`, created at start). It schedules work:
 * "deliver the next webhooks of this endpoint and game", "this turn's reminder or deadline is due".
 * The truth stays in our tables (deliveries, seat deadlines), and each worker also sweeps those tables
 * at start and every few seconds, so a job lost in a crash only delays work, never loses it.
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';

export type JobQueue = PgBoss;

export async function startQueue(databaseUrl: string, log: FastifyBaseLogger): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: 'pgboss',
    max: 4,
    application_name: 'portolan-jobs',
    // Cron for the retention purge (src/jobs/retention.ts); the sweeps run in-process.
    schedule: true,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  return boss;
}

/** Seconds from now until `at` (by the service clock), as pg-boss's startAfter (real time). */
export function delaySeconds(at: Date, now: Date): number {
  return Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
}
