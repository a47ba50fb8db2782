/** Operations: health checks, configuration checked at start, migrations applied once and recorded. */
import t from 'tap';
import pg from 'pg';
import { loadConfig, ConfigError } from '../src/config.js';
import { migrate, readMigrations } from '../src/store/migrate.js';
import { build, createTestDatabase, send } from './helper.js';

t.test('/healthz answers; /readyz checks the database', async (t) => {
  const app = await build(t);
  t.same((await send(app, 'GET', '/healthz')).body, { status: 'ok' });
  t.same((await send(app, 'GET', '/readyz')).body, { status: 'ready' });
  const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-42' } });
  t.equal(res.headers['x-request-id'], 'trace-42', 'a caller-given request id is echoed');
});

t.test('/readyz is 503 when the database is unreachable', async (t) => {
  const app = await build(t, { databaseUrl: 'postgresql://nobody@127.0.0.1:1/none', workers: false });
  const res = await send(app, 'GET', '/readyz');
  t.equal(res.status, 503);
  t.equal((await send(app, 'GET', '/healthz')).status, 200, 'while the process itself is alive');
});

t.test('configuration: defaults, conversions, and clear errors', async (t) => {
  const defaults = loadConfig({});
  t.equal(defaults.PORT, 3000);
  t.equal(defaults.DATABASE_URL, undefined, 'no URL means the embedded Postgres');
  t.equal(defaults.LOG_LEVEL, 'info');
  t.equal(defaults.GROUP_COMMIT, 'on', 'group commit unless switched off');
  t.equal(loadConfig({ GROUP_COMMIT: 'off' }).GROUP_COMMIT, 'off');
  t.throws(() => loadConfig({ GROUP_COMMIT: 'maybe' }), ConfigError);
  t.equal(loadConfig({ PORT: '8080', LOG_LEVEL: 'debug' }).PORT, 8080);
  t.throws(() => loadConfig({ PORT: 'eighty' }), ConfigError);
  try {
    loadConfig({ PORT: '99999', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    t.fail('should have thrown');
  } catch (error) {
    const message = (error as Error).message;
    t.match(message, /PORT="99999"/);
    t.match(message, /DATABASE_URL="mysql:\/\/x"/);
    t.match(message, /LOG_LEVEL="loud"/);
  }
});

t.test('migrations: applied once, recorded with Prisma checksums, idempotent on restart', async (t) => {
  const url = await createTestDatabase(t); // cloned from the migrated template
  t.same(await migrate(url), [], 'nothing left to apply');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  t.teardown(() => client.end());
  const { rows } = await client.query('SELECT migration_name, checksum FROM _prisma_migrations ORDER BY migration_name');
  const files = await readMigrations();
  t.same(rows, files.map((m) => ({ migration_name: m.name, checksum: m.checksum })));
  const tables = await client.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  for (const table of ['games', 'moves', 'players', 'seats', 'snapshots', 'idempotency_keys']) {
    t.ok(tables.rows.some((r) => r.tablename === table), `table ${table}`);
  }
});
