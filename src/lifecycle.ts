/**
 * The service as a process: start (an embedded Postgres when no DATABASE_URL is given, migrations, the
 * app, listen) and stop cleanly. src/server.ts runs one service with signal handling; anything that runs
 * services in other processes (a cluster entry, a test) calls these same two steps.
 *
 * A stop, in order: stop accepting connections; let in-flight requests finish; close websockets with 1001
 * (going away); let webhook deliveries under way finish and stop the workers (queue, timers, bots); close
 * the database pool; then stop the embedded Postgres, last, since everything before may still need it.
 */
import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.js';
import { appSettings, edgeSettings, retentionSettings, subscriptionSettings, tableSettings, webhookSettings, type Config } from './config.js';
import type { EmbeddedDatabase } from './store/embedded-postgres.js';
import { migrate } from './store/migrate.js';
import { listenForScrapes, type MetricsListener } from './ops/metrics-listener.js';

export interface RunningService {
  readonly app: FastifyInstance;
  /** Where it listens, e.g. http://127.0.0.1:3000. */
  readonly url: string;
  /** Where `GET /metrics` is served (METRICS_PORT); null without one. */
  readonly metricsUrl: string | null;
  /**
   * Stops everything (see the file comment). Connections still open after `graceMs` are cut; resolves
   * true when everything finished within the grace period.
   */
  stop(graceMs: number): Promise<boolean>;
}

/** Time the embedded Postgres gets to stop after a grace period ran out (it stops in well under a second). */
const AFTER_GRACE_MS = 5_000;

export function loggerOptions(config: Config) {
  return {
    level: config.LOG_LEVEL,
    // Tokens and webhook secrets must never reach a log line, whichever serializer prints a request.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', '*.token', '*.secret'], censor: '[redacted]' },
  };
}

export interface ServiceDatabase {
  readonly url: string;
  /** The embedded Postgres this process started (no DATABASE_URL), to stop last; null otherwise. */
  readonly embedded: EmbeddedDatabase | null;
  readonly migrationsApplied: readonly string[];
}

/** DATABASE_URL, or an embedded Postgres in DATA_DIR; migrated either way. */
export async function startDatabase(config: Config): Promise<ServiceDatabase> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: null, migrationsApplied: await migrate(config.DATABASE_URL) };
  // Imported only here: with DATABASE_URL set, the embedded-postgres package is never loaded.
  const { startEmbeddedPostgres } = await import('./store/embedded-postgres.js');
  const embedded = await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_PG_PORT);
  try {
    return { url: embedded.url, embedded, migrationsApplied: await migrate(embedded.url) };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}

export async function startService(config: Config): Promise<RunningService> {
  const { url: databaseUrl, embedded, migrationsApplied } = await startDatabase(config);
  try {
    const app = await buildApp({
      databaseUrl,
      logger: loggerOptions(config),
      bodyLimit: config.BODY_LIMIT,
      recordBodyLimit: config.RECORD_BODY_LIMIT,
      snapshotEvery: config.SNAPSHOT_EVERY,
      stateCacheSize: config.STATE_CACHE_SIZE,
      groupCommit: config.GROUP_COMMIT === 'on',
      webhooks: webhookSettings(config),
      retention: retentionSettings(config),
      ...edgeSettings(config),
      subscriptions: subscriptionSettings(config),
      adminKey: config.ADMIN_KEY,
      webauthn: { rpId: config.WEBAUTHN_RP_ID, origins: config.WEBAUTHN_ORIGIN?.split(',').map((o) => o.trim()).filter(Boolean) },
      apps: appSettings(config),
      table: tableSettings(config),
    });
    app.log.info({ migrationsApplied, embeddedPostgres: embedded !== null }, 'database ready');
    const url = await app.listen({ port: config.PORT, host: config.HOST });
    const scrapes = config.METRICS_PORT === undefined ? null : await listenForScrapes(app.metrics, config.METRICS_PORT, config.METRICS_HOST ?? config.HOST);
    if (scrapes) app.log.info({ metricsUrl: `${scrapes.url}/metrics` }, 'metrics listener ready');
    return { app, url, metricsUrl: scrapes?.url ?? null, stop: (graceMs) => stopService(app, embedded, graceMs, scrapes) };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

async function stopService(app: FastifyInstance, embedded: EmbeddedDatabase | null, graceMs: number, scrapes: MetricsListener | null): Promise<boolean> {
  await scrapes?.close();
  const closing = app.close();
  const inTime = await Promise.race([closing.then(() => true), sleep(graceMs, false, { ref: false })]);
  if (!inTime) {
    app.log.warn({ graceMs }, 'grace period over: cutting the connections still open');
    app.server.closeAllConnections();
    for (const socket of app.websocketServer.clients) socket.terminate();
    await Promise.race([closing, sleep(AFTER_GRACE_MS, undefined, { ref: false })]);
  }
  await embedded?.stop();
  app.log.info({ inTime }, 'stopped');
  return inTime;
}
