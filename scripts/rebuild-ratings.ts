/**
 * `npm run ratings:rebuild`: forgets every stored result and rating and projects all finished games again,
 * in the order they finished, from the games and their outcomes alone. Gives exactly the numbers the
 * running service computed. Uses DATABASE_URL, or (with the service stopped) the embedded Postgres of
 * DATA_DIR, as `npm start` does.
 */
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { ArchiveService } from '../src/service/archive.js';
import { EventStore } from '../src/store/event-store.js';
import { openDatabase } from '../src/store/database.js';
import { startEmbeddedPostgres } from '../src/store/embedded-postgres.js';
import { migrate } from '../src/store/migrate.js';
import { ResultsStore } from '../src/store/results-store.js';
import { GAMES } from '../src/games/registry.js';

const config = loadConfig();
const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_PG_PORT);
const url = config.DATABASE_URL ?? (embedded as NonNullable<typeof embedded>).url;
await migrate(url);
const connections = openDatabase(url, 2);
const log = pino({ level: config.LOG_LEVEL });
try {
  const archive = new ArchiveService(new ResultsStore(connections.pool), new EventStore(connections.db, connections.pool), new Set(GAMES.map((g) => g.id)), log);
  await archive.rebuild();
  const { rows } = await connections.pool.query<{ games: number; ratings: number }>(
    'SELECT (SELECT count(*)::int FROM games WHERE results_at IS NOT NULL) AS games, (SELECT count(*)::int FROM ratings) AS ratings',
  );
  log.info(rows[0], 'ratings rebuilt');
} finally {
  await connections.close();
  await embedded?.stop();
}
