/**
 * Starts Portolan: reads the configuration, starts an embedded Postgres when no DATABASE_URL is given,
 * applies migrations, listens, and shuts everything down cleanly on SIGTERM/SIGINT.
 * pino is configured here, once.
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, webhookSettings, type Config } from './config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './store/embedded-postgres.js';
import { migrate } from './store/migrate.js';

export function loggerOptions(config: Config) {
  return {
    level: config.LOG_LEVEL,
    // Tokens and webhook secrets must never reach a log line, whichever serializer prints a request.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', '*.token', '*.secret'], censor: '[redacted]' },
  };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_PG_PORT);
    databaseUrl = embedded.url;
  }
  const applied = await migrate(databaseUrl);

  const app = await buildApp({
    databaseUrl,
    logger: loggerOptions(config),
    bodyLimit: config.BODY_LIMIT,
    recordBodyLimit: config.RECORD_BODY_LIMIT,
    snapshotEvery: config.SNAPSHOT_EVERY,
    stateCacheSize: config.STATE_CACHE_SIZE,
    webhooks: webhookSettings(config),
  });
  app.log.info({ migrationsApplied: applied, embeddedPostgres: embedded !== null }, 'database ready');

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await embedded?.stop();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
}

await main();
