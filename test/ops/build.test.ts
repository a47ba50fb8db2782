/**
 * The production build: `npm run build` compiles src/ (the generated Prisma client included) to dist/, and
 * `node dist/server.js` (what the Docker image runs: plain JavaScript, no tsx) migrates, serves, plays a
 * move, and stops cleanly.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase } from '../helper.js';
import { ROOT, ok, playOne, startGame, startProcess } from './support/service-process.js';

t.test('npm run build, then node dist/server.js serves and plays a move', async (t) => {
  const built = await new Promise<number | null>((resolve) => {
    const npm = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    npm.once('exit', resolve);
  });
  t.equal(built, 0, 'the build succeeds');
  t.ok(existsSync(join(ROOT, 'dist', 'server.js')), 'dist/server.js exists');
  t.ok(existsSync(join(ROOT, 'dist', 'games', 'voyages', 'maps', 'map1.json')), 'the JSON data travels with the code');

  const databaseUrl = await createTestDatabase(t);
  const service = await startProcess(['dist/server.js'], { DATABASE_URL: databaseUrl }, t);
  t.same(await ok(service.url, 'GET', '/readyz'), { status: 'ready' });
  const game = await startGame(service.url);
  const move = await playOne(service.url, game);
  t.equal(move.status, 200, 'a move is played');
  t.equal(move.body.seq, 1);
  service.child.kill('SIGTERM');
  t.same(await service.exited, { code: 0, signal: null }, 'and it stops cleanly');
});
