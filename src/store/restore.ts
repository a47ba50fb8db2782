/**
 * Restores a backup (./backup-format.ts) into an empty database: builds the schema from the migrations
 * the backup was taken with, loads every table in one transaction (COPY through pg-copy-streams, parents
 * before the tables that reference them), sets each sequence past its highest id, marks the finished
 * games' results as not yet projected (the backup leaves the projections out: the service projects them
 * again at start, in the order the games finished), and then applies the migrations that are newer than
 * the backup. Either every row is loaded or none is.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, quoteIdent, type BackupManifest } from './backup-format.js';
import { MIGRATIONS_DIR, migrate, readMigrations } from './migrate.js';

export interface RestoreReport {
  readonly tables: number;
  readonly rows: number;
  /** Migrations newer than the backup, applied after the load. */
  readonly migratedAfter: readonly string[];
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch (error) {
    throw new Error(
      `${dir} holds no readable manifest.json (not a backup, or an unfinished one): ${(error as Error).message}`,
      { cause: error },
    );
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_FORMAT_VERSION) {
    throw new Error(`${dir} is not a ${BACKUP_FORMAT} backup of version ${BACKUP_FORMAT_VERSION}`);
  }
  return manifest;
}

/** The backup's migrations must be this code's first ones, unchanged: else the columns would not match. */
async function checkMigrations(manifest: BackupManifest, migrationsDir: string): Promise<void> {
  const known = await readMigrations(migrationsDir);
  manifest.migrations.forEach((m, i) => {
    const here = known[i];
    if (!here || here.name !== m.name || here.checksum !== m.checksum) {
      throw new Error(
        `the backup was taken with migration ${m.name}, which this version of Portolan does not have as its migration ${i + 1}: restore it with the version that made it`,
      );
    }
  });
}

async function assertEmpty(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')`,
  );
  if (rows[0]!.n > 0) throw new Error('the target database is not empty: restore into a new database');
}

export async function restoreDatabase(
  databaseUrl: string,
  dir: string,
  migrationsDir = MIGRATIONS_DIR,
): Promise<RestoreReport> {
  const manifest = await readManifest(dir);
  await checkMigrations(manifest, migrationsDir);
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'portolan-restore' });
  await client.connect();
  try {
    await assertEmpty(client);
    await migrate(databaseUrl, migrationsDir, new Set(manifest.migrations.map((m) => m.name)));
    await client.query('BEGIN');
    let rows = 0;
    for (const table of manifest.tables) {
      const columns = table.columns.map(quoteIdent).join(', ');
      await pipeline(
        createReadStream(join(dir, table.file)),
        createGunzip(),
        client.query(copyFrom(`COPY ${quoteIdent(table.name)} (${columns}) FROM STDIN`)),
      );
      rows += table.rows;
    }
    await advanceSequences(client);
    if (manifest.tables.some((t) => t.name === 'games' && t.columns.includes('results_at'))) {
      await client.query('UPDATE games SET results_at = NULL WHERE results_at IS NOT NULL');
    }
    await client.query('COMMIT');
    const migratedAfter = await migrate(databaseUrl, migrationsDir);
    return { tables: manifest.tables.length, rows, migratedAfter };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Every sequence that feeds a column (serial or identity) continues after the highest value loaded. */
async function advanceSequences(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ table: string; column: string; sequence: string }>(`
    SELECT c.relname AS table, a.attname AS column, pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS sequence
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE n.nspname = current_schema() AND c.relkind = 'r' AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`);
  for (const { table, column, sequence } of rows) {
    await client.query(
      `SELECT setval($1::regclass, coalesce((SELECT max(${quoteIdent(column)}) FROM ${quoteIdent(table)}), 0) + 1, false)`,
      [sequence],
    );
  }
}
