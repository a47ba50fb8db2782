/**
 * `/healthz` latency while record verifications run: the service on a listening port, four verifications
 * of a long legal Navegador record sent at once, and `/healthz` asked every 20 ms until they are answered.
 * Prints the latencies with the worker pool (CPU_THREADS as configured, default half the cores) and inline
 * (CPU_THREADS=0) for comparison. Uses DATABASE_URL's server, or an embedded Postgres.
 *
 *   npx tsx bench/verify-healthz.ts [moves=30000]
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.js';
import { scratchDatabase } from '../scripts/scratch-database.js';
import { longRecord } from '../test/support/long-record.js';

const moves = Number(process.argv[2] ?? 30_000);
const body = JSON.stringify(longRecord(moves));
const database = await scratchDatabase('bench-verify', process.env.DATABASE_URL);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function measure(threads: number | undefined): Promise<void> {
  const app = await buildApp({
    databaseUrl: database.url,
    rateLimits: { perMinute: 1_000_000, verificationsPerMinute: 1_000 },
    ...(threads === undefined ? {} : { cpu: { threads } }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // Warm up: start the worker threads and the routes.
  await fetch(`${url}/v1/records/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(longRecord(10)),
  });
  const latencies: number[] = [];
  let running = true;
  const started = performance.now();
  const verifications = Promise.all(
    Array.from({ length: 4 }, () =>
      fetch(`${url}/v1/records/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
        (r) => r.json(),
      ),
    ),
  ).finally(() => (running = false));
  while (running) {
    const t0 = performance.now();
    await fetch(`${url}/healthz`);
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20));
  }
  const answers = (await verifications) as { valid?: boolean }[];
  const took = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const label = threads === 0 ? 'inline (CPU_THREADS=0)' : `worker pool (${app.cpu.options.threads} thread(s))`;
  console.log(
    `${label}: 4 verifications of ${moves} moves in ${took.toFixed(0)} ms (valid: ${answers.map((a) => a.valid).join(',')}); /healthz while they ran: n=${latencies.length} p50=${quantile(latencies, 0.5).toFixed(1)} ms p99=${quantile(latencies, 0.99).toFixed(1)} ms max=${(latencies[latencies.length - 1] ?? NaN).toFixed(1)} ms`,
  );
  await app.close();
}

try {
  await measure(undefined);
  await measure(0);
} finally {
  await database.cleanup();
}
