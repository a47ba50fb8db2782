/**
 * `npm run restore -- <directory>`: restores a backup made by `npm run backup` into an empty database
 * (DATABASE_URL, or the embedded Postgres of a new DATA_DIR), then exits; start the service on it with
 * `npm start` as usual. See docs/operations/backup.md.
 */
import { loadConfig } from '../src/config.js';
import { startEmbeddedPostgres } from '../src/store/embedded-postgres.js';
import { restoreDatabase } from '../src/store/restore.js';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: npm run restore -- <backup directory>\n');
  process.exit(2);
}
const config = loadConfig();
const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_PG_PORT);
try {
  const report = await restoreDatabase(config.DATABASE_URL ?? embedded!.url, dir);
  const newer = report.migratedAfter.length > 0 ? `; then applied ${report.migratedAfter.join(', ')}` : '';
  process.stdout.write(`restored ${report.tables} tables, ${report.rows} rows${newer}\n`);
} catch (error) {
  process.stderr.write(
    `restore failed, no rows loaded (drop and create the database again before another try): ${(error as Error).message}\n`,
  );
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
