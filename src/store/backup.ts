/**
 * Writes a backup (./backup-format.ts) of the database at `databaseUrl` into `dir` while the service
 * runs: every table is read in one read-only REPEATABLE READ transaction, so the backup is one consistent
 * moment of the database, as pg_dump's is; the service's writes go on meanwhile. Each table streams
 * through COPY (pg-copy-streams) and gzip to its file, so memory stays flat whatever the size.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  SKIPPED_TABLES,
  quoteIdent,
  tablesInLoadOrder,
  type BackupManifest,
  type BackupTable,
} from './backup-format.js';

export async function backupDatabase(databaseUrl: string, dir: string): Promise<BackupManifest> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new Error(`${dir} is not empty: a backup goes into a new directory`);
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'portolan-backup' });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const serverVersion = (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!
      .v;
    const migrations = (
      await client.query<{ name: string; checksum: string }>(
        'SELECT migration_name AS name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
      )
    ).rows;
    const tables: BackupTable[] = [];
    for (const table of await tablesInLoadOrder(client)) {
      if (table.name in SKIPPED_TABLES) continue;
      const file = `${table.name}.copy.gz`;
      const rows = await copyTable(client, table.name, table.columns, join(dir, file));
      tables.push({ name: table.name, columns: table.columns, rows, file });
    }
    await client.query('COMMIT');
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      serverVersion,
      migrations,
      tables,
      skipped: Object.keys(SKIPPED_TABLES),
    };
    // Written last: a directory without its manifest is an unfinished backup, which restore refuses.
    await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await client.end();
  }
}

/** Streams one table (COPY text format) through gzip into `path`; returns the number of rows. */
async function copyTable(client: pg.Client, table: string, columns: readonly string[], path: string): Promise<number> {
  let rows = 0;
  // COPY's text format ends every row with a newline, and escapes newlines inside values.
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (const byte of chunk) if (byte === 0x0a) rows++;
      done(null, chunk);
    },
  });
  const source = client.query(copyTo(`COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) TO STDOUT`));
  await pipeline(source, count, createGzip(), createWriteStream(path));
  return rows;
}
