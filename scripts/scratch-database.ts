/**
 * A fresh, migrated database for a tool run (the bench, the screenshots): on the Postgres server `given`
 * names, or on an embedded one in a temporary folder. `cleanup` drops the database and stops and removes
 * what was started.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/store/embedded-postgres.js';
import { migrate } from '../src/store/migrate.js';

export interface ScratchDatabase {
  /** The new database. */
  readonly url: string;
  /** Its server (the maintenance database). */
  readonly server: string;
  readonly name: string;
  cleanup(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function scratchDatabase(prefix: string, given: string | undefined): Promise<ScratchDatabase> {
  let embedded: EmbeddedDatabase | null = null;
  let dir: string | null = null;
  let server = given;
  if (!server) {
    dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
    embedded = await startEmbeddedPostgres(dir, await freePort(), false);
    server = embedded.url;
  }
  const name = `${prefix.replaceAll('-', '_')}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  return {
    url: url.toString(),
    server,
    name,
    cleanup: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await embedded?.stop();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
