/**
 * Backup and restore, the way an operator does it (docs/operations/backup.md): a backup taken while the
 * service runs, of a database with games of every hosted type, restored into a new, empty database; a
 * service started on the restored database answers the same for every game's state, history, record and
 * its verification, the ratings and statistics, and goes on (tokens work, moves and audit entries get new
 * numbers). The backup leaves the caches out; the restored service rebuilds them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import t from 'tap';
import { backupDatabase } from '../../src/store/backup.js';
import { restoreDatabase } from '../../src/store/restore.js';
import { build, createTestDatabase, send } from '../helper.js';
import { OPERATOR_KEY, answers, playEveryType } from './support/played-games.js';

const asOperator = { authorization: `Bearer ${OPERATOR_KEY}` };

/** A new database with nothing in it (not the migrated template), dropped at teardown. */
async function emptyDatabase(t: { teardown(fn: () => unknown): void }): Promise<string> {
  const server = process.env.PORTOLAN_TEST_SERVER_URL;
  if (!server) throw new Error('run the tests with `npm test` (it provides the database)');
  const name = `portolan_r_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name} TEMPLATE template0`);
  t.teardown(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function count(databaseUrl: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ n: number }>(sql)).rows[0]!.n;
  } finally {
    await client.end();
  }
}

t.test('a backup restored into a new database serves the same games', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const app = await build(t, { databaseUrl, snapshotEvery: 10, adminKey: OPERATOR_KEY });
  const played = await playEveryType(t, app);
  const [ana] = played.players;
  const before = await answers(app, played);
  const auditBefore = (await send(app, 'GET', '/v1/admin/audit-log', undefined, asOperator)).body.items;
  t.equal(auditBefore.length, 1, 'the adjudication is in the audit log');

  // The backup, with the service still running.
  const dir = await mkdtemp(join(tmpdir(), 'portolan-backup-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const manifest = await backupDatabase(databaseUrl, join(dir, 'b'));
  const tables = new Map(manifest.tables.map((table) => [table.name, table]));
  t.equal(
    tables.get('moves')?.rows,
    await count(databaseUrl, 'SELECT count(*)::int AS n FROM moves'),
    'every move is in it',
  );
  t.equal(tables.get('games')?.rows, played.gameIds.length);
  t.match(manifest.serverVersion, /^\d+/, "the server's version is noted");
  for (const cache of ['snapshots', 'game_results', 'ratings', 'rate_limits'])
    t.notOk(tables.has(cache), `${cache} is left out`);
  t.ok(
    manifest.tables.findIndex((x) => x.name === 'players') < manifest.tables.findIndex((x) => x.name === 'games'),
    'referenced tables load first',
  );
  t.same((await readdir(join(dir, 'b'))).sort(), ['manifest.json', ...manifest.tables.map((x) => x.file)].sort());
  await t.rejects(backupDatabase(databaseUrl, join(dir, 'b')), /not empty/, 'a backup never overwrites another');
  await app.close();

  // Restored into a new database, and a new service on it.
  const restoredUrl = await emptyDatabase(t);
  const report = await restoreDatabase(restoredUrl, join(dir, 'b'));
  t.equal(
    report.rows,
    manifest.tables.reduce((n, x) => n + x.rows, 0),
  );
  t.same(report.migratedAfter, [], 'the backup had every migration');
  t.equal(await count(restoredUrl, 'SELECT count(*)::int AS n FROM snapshots'), 0, 'no snapshots came back');
  t.equal(await count(restoredUrl, 'SELECT count(*)::int AS n FROM ratings'), 0, 'no ratings came back');
  const restored = await build(t, { databaseUrl: restoredUrl, snapshotEvery: 10, adminKey: OPERATOR_KEY });
  await restored.archive.catchUp();
  t.same(
    await answers(restored, played),
    before,
    'every game, history, record, verification, rating and statistic is the same',
  );
  t.same(
    (await send(restored, 'GET', '/v1/admin/audit-log', undefined, asOperator)).body.items,
    auditBefore,
    'the audit log is the same',
  );

  // The restored service goes on: the player's token, a move, a new audit entry after the old ones.
  const move = await send(
    restored,
    'POST',
    `/v1/games/${played.active}/moves`,
    { move: { type: 'take', count: 3 } },
    { authorization: `Bearer ${played.players[1]!.token}` },
  );
  t.equal(move.status, 200, JSON.stringify(move.body));
  t.equal(
    (await send(restored, 'GET', '/v1/me/turns', undefined, { authorization: `Bearer ${ana!.token}` })).status,
    200,
    "Ana's token works",
  );
  const aborted = await send(
    restored,
    'POST',
    `/v1/admin/games/${played.active}/abort`,
    { reason: 'restore drill' },
    asOperator,
  );
  t.equal(aborted.status, 200);
  const audit = (await send(restored, 'GET', '/v1/admin/audit-log', undefined, asOperator)).body.items;
  t.equal(audit.length, 2);
  t.ok(BigInt(audit[0].id) > BigInt(auditBefore[0].id), 'new audit entries are numbered after the restored ones');

  await t.rejects(restoreDatabase(restoredUrl, join(dir, 'b')), /not empty/, 'a restore never writes over a database');
  await t.rejects(
    restoreDatabase(await emptyDatabase(t), dir),
    /no readable manifest/,
    'a directory without a manifest is no backup',
  );
});
