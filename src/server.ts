/**
 * Starts Portolan (`npm start`, or `node dist/server.js` from the build): reads the configuration, starts
 * the service (src/lifecycle.ts), and stops it cleanly on SIGTERM/SIGINT: exit 0 when everything finished
 * within SHUTDOWN_GRACE_MS, 1 otherwise. A second signal exits at once. pino is configured here, once.
 */
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type Config } from './config.js';
import { startService } from './lifecycle.js';

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

async function startOrExit(config: Config) {
  try {
    return await startService(config);
  } catch (error) {
    process.stderr.write(`Portolan did not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

const config = configOrExit();
const service = await startOrExit(config);
// close-with-grace's own timer is only a backstop: the service cuts connections at the grace period
// itself, then still stops the embedded Postgres.
closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS + 10_000, logger: service.app.log }, async ({ signal, err }) => {
  if (err) service.app.log.error({ err }, 'shutting down after an error');
  else service.app.log.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down');
  if (!(await service.stop(config.SHUTDOWN_GRACE_MS))) throw new Error('stopped after the grace period, with work cut');
});
