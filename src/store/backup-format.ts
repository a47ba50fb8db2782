/**
 * Portolan's own backup format (`npm run backup` / `npm run restore`, ./backup.ts and ./restore.ts): a
 * directory holding `manifest.json` and one gzip'd file per table in PostgreSQL's COPY text format.
 * The schema is not in it: a restore builds it from the migrations the manifest names, then loads the
 * rows. It needs no client tools of the server's version, only a connection (see
 * docs/operations/backup.md for why, and for pg_dump/pg_restore, which work as well).
 *
 * What is left out: the caches the service rebuilds by itself (state snapshots, the results and ratings
 * projections), the rate-limit windows, and the job queue's schema (pg-boss recreates it at start; turn
 * deadlines and reminders live on the seat rows, and the timers' sweep schedules them again).
 */
import type pg from 'pg';

export const BACKUP_FORMAT = 'portolan-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** Tables a backup skips: caches rebuilt from the move log, and windows that only matter for a minute. */
export const SKIPPED_TABLES: Readonly<Record<string, string>> = {
  snapshots: 'state snapshots: a cache, rebuilt from the move log as games are read',
  game_results: 'a projection of finished games, rebuilt at start',
  ratings: 'a projection of finished games, rebuilt at start',
  rate_limits: 'current rate-limit windows only',
  _prisma_migrations: 'the restore applies the migrations the manifest names',
};

export interface BackupTable {
  readonly name: string;
  /** Columns copied, in file order (generated columns are left out: the database computes them). */
  readonly columns: readonly string[];
  readonly rows: number;
  readonly file: string;
}

export interface BackupManifest {
  readonly format: typeof BACKUP_FORMAT;
  readonly version: typeof BACKUP_FORMAT_VERSION;
  readonly createdAt: string;
  readonly serverVersion: string;
  /** The migrations the database had, in order, with their checksums. */
  readonly migrations: readonly { readonly name: string; readonly checksum: string }[];
  /** In load order: a table comes after every table it references. */
  readonly tables: readonly BackupTable[];
  readonly skipped: readonly string[];
}

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The schema's base tables with their copied columns, ordered so that referenced tables come first. */
export async function tablesInLoadOrder(client: pg.ClientBase): Promise<{ name: string; columns: string[] }[]> {
  const { rows: columns } = await client.query<{ table: string; column: string }>(`
    SELECT c.relname AS table, a.attname AS column
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     WHERE n.nspname = current_schema() AND c.relkind = 'r'
     ORDER BY c.relname, a.attnum`);
  const { rows: references } = await client.query<{ table: string; references: string }>(`
    SELECT c.relname AS table, r.relname AS references
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE k.contype = 'f' AND n.nspname = current_schema() AND k.conrelid <> k.confrelid`);
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns) byTable.set(table, [...(byTable.get(table) ?? []), column]);
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const r of references) if (r.table === table) visit(r.references, path);
    ordered.push(table);
  };
  for (const table of [...byTable.keys()].sort()) visit(table, new Set());
  return ordered.map((name) => ({ name, columns: byTable.get(name)! }));
}
