/**
 * Several processes on one machine (`WORKERS=2`, or `WORKERS=0` for one per core), with node:cluster: the
 * primary forks workers that each run the whole service and share its listening port (the primary hands
 * out connections round-robin). Workers share nothing but Postgres, so they behave exactly like separate
 * instances (docs/architecture.md, "Several instances, one database": commits fan out through LISTEN/NOTIFY, jobs are taken once).
 *
 * The primary starts the embedded Postgres (when there is no DATABASE_URL) and applies the migrations
 * once, then hands the database's URL to its workers. A worker that dies is replaced; SIGTERM or SIGINT
 * stops every worker (each shuts down cleanly on its own SIGTERM), then the primary's Postgres.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';

export interface SupervisorLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface Supervisor {
  /** SIGTERM to every worker; resolves when all have exited (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

/** The number of processes a WORKERS setting asks for. */
export function workerCount(setting: number): number {
  return setting === 0 ? availableParallelism() : setting;
}

/** Whether this process should supervise workers rather than serve. */
export function isSupervisor(setting: number): boolean {
  return cluster.isPrimary && workerCount(setting) > 1;
}

/**
 * Forks `count` workers running this same script with `env` added to theirs, and resolves once each is
 * listening (rejects if one exits before). Later, a worker that dies is replaced (after a second's pause
 * when it died before listening, so a worker that cannot start does not spin).
 */
export async function superviseWorkers(count: number, env: Record<string, string>, log: SupervisorLog): Promise<Supervisor> {
  let stopping = false;
  /** Until every first worker listens, a death fails the start instead of being replaced. */
  let started = false;
  const fork = (): Worker => {
    const worker = cluster.fork(env);
    let listening = false;
    worker.once('listening', () => {
      listening = true;
    });
    worker.once('exit', (code, signal) => {
      if (stopping || !started) return;
      log.error({ pid: worker.process.pid, code, signal }, 'a worker died; starting another');
      setTimeout(() => {
        if (!stopping) fork();
      }, listening ? 0 : 1_000);
    });
    return worker;
  };
  const first = Array.from({ length: count }, fork);
  try {
    await Promise.all(
      first.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            worker.once('listening', () => resolve());
            worker.once('exit', (code) => reject(new Error(`a worker exited (code ${code}) before listening`)));
          }),
      ),
    );
  } catch (error) {
    stopping = true;
    await stopAll(5_000);
    throw error;
  }
  started = true;
  log.info({ workers: count }, 'all workers listening');
  return {
    async stop(graceMs = 30_000) {
      stopping = true;
      await stopAll(graceMs);
    },
  };
}

async function stopAll(graceMs: number): Promise<void> {
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
  await Promise.all(workers.map((worker) => stopWorker(worker, graceMs)));
}

function stopWorker(worker: Worker, graceMs: number): Promise<void> {
  if (worker.isDead()) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => worker.process.kill('SIGKILL'), graceMs);
    worker.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    worker.process.kill('SIGTERM');
  });
}
