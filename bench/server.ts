/**
 * The service under benchmark, in its own process (so the load generator in bench/run.ts does not share
 * its event loop): the real app with the test game added, no request logging. Prints its URL.
 * With BENCH_WORKERS > 1 it runs as the service does with WORKERS (src/cluster.ts): this process
 * supervises that many workers sharing one port and the database.
 *
 * Asked `cpu` over IPC, it answers `{ cpuMicros }`: its `process.cpuUsage()` (user + system), plus every
 * worker's when it supervises workers, so the bench can report the server's CPU per move.
 */
import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:net';
import { buildApp } from '../src/app.js';
import { superviseWorkers } from '../src/cluster.js';
import { GAMES } from '../src/games/registry.js';
import { nim } from '../test/support/nim.js';

const workers = Number(process.env.BENCH_WORKERS ?? 1);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function ownCpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

function workerCpuMicros(worker: Worker): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: { cpuMicros?: number }) => {
      if (typeof message.cpuMicros !== 'number') return;
      worker.off('message', onMessage);
      resolve(message.cpuMicros);
    };
    worker.on('message', onMessage);
    worker.send('cpu');
  });
}

/** Answers the parent's (bench/run.ts, or a worker's supervisor) `cpu` questions. */
function answerCpu(total: () => Promise<number>): void {
  process.on('message', (message) => {
    if (message === 'cpu') void total().then((cpuMicros) => process.send?.({ cpuMicros }));
  });
}

if (cluster.isPrimary && workers > 1) {
  const port = await freePort();
  const quiet = { info: () => undefined, error: (object: object, message: string) => console.error(message, object) };
  const supervisor = await superviseWorkers(workers, { BENCH_PORT: String(port) }, quiet);
  answerCpu(async () => {
    const each = await Promise.all(Object.values(cluster.workers ?? {}).flatMap((worker) => (worker ? [workerCpuMicros(worker)] : [])));
    return each.reduce((sum, micros) => sum + micros, ownCpuMicros());
  });
  process.stdout.write(`LISTENING http://127.0.0.1:${port}\n`);
  process.on('SIGTERM', () => void supervisor.stop().then(() => process.exit(0)));
} else {
  const app = await buildApp({
    databaseUrl: process.env.BENCH_SERVER_DATABASE_URL ?? '',
    games: [nim, ...GAMES],
    poolSize: Number(process.env.BENCH_POOL ?? 20),
    stateCacheSize: Number(process.env.BENCH_STATE_CACHE ?? 1000),
    groupCommit: process.env.BENCH_GROUP_COMMIT !== 'off',
    // Every call is counted (the bench measures the limiter's cost) but none is refused.
    rateLimits: { perMinute: 1e9, registrationsPerHour: 1e9, gamesPerHour: 1e9, webhookChangesPerHour: 1e9 },
  });
  answerCpu(async () => ownCpuMicros());
  const url = await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });
  if (cluster.isPrimary) process.stdout.write(`LISTENING ${url}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
