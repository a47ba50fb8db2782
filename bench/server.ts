/**
 * The service under benchmark, in its own process (so the load generator in bench/run.ts does not share
 * its event loop): the real app with the test game added, no request logging. Prints its URL.
 * With BENCH_WORKERS > 1 it runs as the service does with WORKERS (src/cluster.ts): this process
 * supervises that many workers sharing one port and the database.
 */
import cluster from 'node:cluster';
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

if (cluster.isPrimary && workers > 1) {
  const port = await freePort();
  const quiet = { info: () => undefined, error: (object: object, message: string) => console.error(message, object) };
  const supervisor = await superviseWorkers(workers, { BENCH_PORT: String(port) }, quiet);
  process.stdout.write(`LISTENING http://127.0.0.1:${port}\n`);
  process.on('SIGTERM', () => void supervisor.stop().then(() => process.exit(0)));
} else {
  const app = await buildApp({
    databaseUrl: process.env.BENCH_SERVER_DATABASE_URL ?? '',
    games: [nim, ...GAMES],
    poolSize: Number(process.env.BENCH_POOL ?? 20),
    stateCacheSize: Number(process.env.BENCH_STATE_CACHE ?? 1000),
    // Every call is counted (the bench measures the limiter's cost) but none is refused: one client plays all.
    rateLimits: { perMinute: 1e9, registrationsPerHour: 1e9, gamesPerHour: 1e9, webhookChangesPerHour: 1e9 },
  });
  const url = await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });
  if (cluster.isPrimary) process.stdout.write(`LISTENING ${url}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
