/**
 * `npm run backup -- <directory>`: writes a backup of Portolan's database into a new directory (the
 * format: src/store/backup-format.ts; the procedure: docs/operations/backup.md). Safe while the service
 * runs: the backup is one consistent moment. Uses DATABASE_URL, or (with the service stopped) the
 * embedded Postgres of DATA_DIR, as `npm start` does.
 */
import { loadConfig } from '../src/config.js';
import { backupDatabase } from '../src/store/backup.js';
import { startEmbeddedPostgres } from '../src/store/embedded-postgres.js';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: npm run backup -- <new directory>\n');
  process.exit(2);
}
const config = loadConfig();
const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_PG_PORT);
try {
  const manifest = await backupDatabase(config.DATABASE_URL ?? embedded!.url, dir);
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  process.stdout.write(
    `backup written to ${dir}: ${manifest.tables.length} tables, ${rows} rows (PostgreSQL ${manifest.serverVersion})\n`,
  );
} catch (error) {
  process.stderr.write(`backup failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
