/**
 * Starts Portolan (`npm start`, or `node dist/server.js` from the build): reads the configuration, starts
 * the service (src/lifecycle.ts), and stops it cleanly on SIGTERM/SIGINT: exit 0 when everything finished
 * within SHUTDOWN_GRACE_MS, 1 otherwise. A second signal exits at once. pino is configured here, once.
 * With WORKERS > 1 this process only supervises: it starts the database, then forks that many workers
 * (src/cluster.ts), each running this same script as one service on the shared port.
 */
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { isSupervisor, superviseWorkers, workerCount } from './cluster.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { tracingConfigured } from './ops/tracing-config.js';

// Tracing (OTEL_* variables) starts before the service's modules load, so that its instrumentations see
// them: the service is imported below, after it. Without OTEL_* settings the SDK is never loaded.
const config = configOrExit();
const tracing = !isSupervisor(config.WORKERS) && tracingConfigured(process.env) ? await (await import('./ops/tracing.js')).startTracing() : null;
const { loggerOptions, startDatabase, startService } = await import('./lifecycle.js');

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}

async function orExit<T>(start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    process.stderr.write(`Portolan did not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

async function serve(config: Config): Promise<void> {
  const service = await orExit(() => startService(config));
  // close-with-grace's own timer is only a backstop: the service cuts connections at the grace period
  // itself, then still stops the embedded Postgres.
  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS + 10_000, logger: service.app.log }, async ({ signal, err }) => {
    if (err) service.app.log.error({ err }, 'shutting down after an error');
    else service.app.log.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down');
    const clean = await service.stop(config.SHUTDOWN_GRACE_MS);
    await tracing?.stop().catch((err: unknown) => service.app.log.warn({ err }, 'the last spans were not exported'));
    if (!clean) throw new Error('stopped after the grace period, with work cut');
  });
}

async function supervise(config: Config): Promise<void> {
  const log = pino(loggerOptions(config));
  const database = await orExit(() => startDatabase(config));
  const supervisor = await orExit(() => superviseWorkers(workerCount(config.WORKERS), { DATABASE_URL: database.url }, log));
  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS + 20_000, logger: log }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'stopping the workers after an error');
    else log.info({ signal }, 'stopping the workers');
    // Each worker stops cleanly on its own SIGTERM within the grace period; the database goes last.
    await supervisor.stop(config.SHUTDOWN_GRACE_MS + 10_000);
    await database.embedded?.stop();
  });
}

await (isSupervisor(config.WORKERS) ? supervise(config) : serve(config));
