/**
 * The service under benchmark, in its own process (so the load generator in bench/run.ts does not share
 * its event loop): the real app with the test game added, no request logging. Prints its URL.
 */
import { buildApp } from '../src/app.js';
import { GAMES } from '../src/games/registry.js';
import { nim } from '../test/support/nim.js';

const app = await buildApp({
  databaseUrl: process.env.BENCH_SERVER_DATABASE_URL ?? '',
  games: [nim, ...GAMES],
  poolSize: Number(process.env.BENCH_POOL ?? 20),
  stateCacheSize: Number(process.env.BENCH_STATE_CACHE ?? 1000),
  // Every call is counted (the bench measures the limiter's cost) but none is refused: one client plays all.
  rateLimits: { perMinute: 1e9, registrationsPerHour: 1e9, gamesPerHour: 1e9, webhookChangesPerHour: 1e9 },
});
const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`LISTENING ${url}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
