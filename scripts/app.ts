/**
 * `npm run app -- <command>`: the operator's apps without the HTTP API (the same service code as
 * /v1/admin/apps). Uses DATABASE_URL, or (with the service stopped) the embedded Postgres of DATA_DIR, as
 * `npm start` does.
 *
 *   create NAME [--requests-per-minute N] [--players-per-hour N]   prints the app and its key (shown once)
 *   rotate APP_ID [--overlap-seconds N]                             prints the new key
 *   disable APP_ID | enable APP_ID
 *   list
 *
 * Output is JSON on stdout; errors go to stderr with exit code 1 (2 for a usage error).
 */
import { parseArgs } from 'node:util';
import { appSettings, loadConfig } from '../src/config.js';
import { AppService } from '../src/service/apps.js';
import { ServiceError } from '../src/service/errors.js';
import { openDatabase } from '../src/store/database.js';
import { startEmbeddedPostgres } from '../src/store/embedded-postgres.js';
import { migrate } from '../src/store/migrate.js';
import { systemClock } from '../src/store/clock.js';

const USAGE = `usage: npm run app -- create NAME [--requests-per-minute N] [--players-per-hour N]
       npm run app -- rotate APP_ID [--overlap-seconds N]
       npm run app -- disable APP_ID | enable APP_ID | list`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'requests-per-minute': { type: 'string' },
    'players-per-hour': { type: 'string' },
    'overlap-seconds': { type: 'string' },
  },
});
const [command, argument] = positionals;

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

const integer = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) usage(`--${name} must be a whole number`);
  return Number(value);
};

async function run(apps: AppService): Promise<unknown> {
  switch (command) {
    case 'create':
      if (!argument) usage('create needs a NAME');
      return apps.create(argument, {
        requestsPerMinute: integer('requests-per-minute', values['requests-per-minute']),
        playersPerHour: integer('players-per-hour', values['players-per-hour']),
      });
    case 'rotate':
      if (!argument) usage('rotate needs an APP_ID');
      return apps.rotateKey(argument, integer('overlap-seconds', values['overlap-seconds']));
    case 'disable':
    case 'enable':
      if (!argument) usage(`${command} needs an APP_ID`);
      return apps.setEnabled(argument, command === 'enable');
    case 'list': {
      const all = [];
      let cursor: string | undefined;
      do {
        const page = await apps.list({ cursor, limit: 200 });
        all.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return all;
    }
    default:
      usage(command ? `unknown command ${command}` : 'a command is needed');
  }
}

if (!command) usage('a command is needed');
const config = loadConfig();
const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_PG_PORT);
const url = config.DATABASE_URL ?? (embedded as NonNullable<typeof embedded>).url;
const connections = openDatabase(url, 2);
try {
  await migrate(url);
  const result = await run(new AppService(connections.db, systemClock, appSettings(config)));
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof ServiceError ? `${error.code}: ${error.message}` : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await connections.close();
  await embedded?.stop();
}
