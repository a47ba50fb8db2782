/**
 * The Postgres job queue (pg-boss 10, in its own schema `pgboss`, created at start). It schedules work:
 * "this turn's reminder or deadline is due", "purge what retention allows". The truth stays in our tables
 * (seat deadlines), and each worker also sweeps them at start and every so often, so a job lost in a crash
 * only delays work, never loses it. (Webhook deliveries need no job: their outbox rows are their queue,
 * see src/webhooks/dispatcher.ts.)
 *
 * An idle service must cost Postgres next to nothing (about one statement a second at most, in all):
 * every poll here is a statement, so the queue's own clocks run slowly. pg-boss checks its cron table every
 * 45 s and fetches the jobs cron made as rarely; maintenance stays at its 2 minutes.
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
    cronMonitorIntervalSeconds: 45,
    cronWorkerIntervalSeconds: 45,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  return boss;
}

/** Seconds from now until `at` (by the service clock), as pg-boss's startAfter (real time). */
export function delaySeconds(at: Date, now: Date): number {
  return Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
}
