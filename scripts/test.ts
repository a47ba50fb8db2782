/**
 * `npm test`: type-check, then run every tap test against a real Postgres: TEST_DATABASE_URL when set,
 * otherwise an embedded one in a temporary folder (removed afterwards). The schema is migrated once
 * into a template database; each test file clones it (CREATE DATABASE ... TEMPLATE), so test files run
 * in parallel without seeing each other's rows.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/store/embedded-postgres.js';
import { migrate } from '../src/store/migrate.js';
import { findChromium, NoChromiumError } from './browser.js';
import { freePort } from './scratch-database.js';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs tap, echoing its output, and ends with the plain `N passed, N failed` line CI reads. */
function runTap(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tap', ...args], { stdio: ['inherit', 'pipe', 'inherit'], env });
    let tail = ''; // the end of the output, where tap prints `# { total: N, pass: N, fail: N }`
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-2000);
    });
    child.on('exit', (code, signal) => {
      const match = /# \{ total: (\d+), pass: (\d+)(?:, fail: (\d+))?/.exec(tail);
      if (match) process.stdout.write(`tests: ${match[2]} passed, ${match[3] ?? 0} failed\n`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// The project and the web client (its own compiler settings: DOM, JSX, bundler resolution), side by side,
// and the layer rules (.dependency-cruiser.cjs): an import up the layer order or a circle fails the suite.
const typechecks = await Promise.all([
  run('npx', ['tsc', '--noEmit']),
  run('npx', ['tsc', '--noEmit', '-p', 'web']),
  run('npm', ['run', '--silent', 'lint:layers']),
]);
const failedTypecheck = typechecks.find((code) => code !== 0);
if (failedTypecheck !== undefined) process.exit(failedTypecheck);

try {
  console.log(`browser tests: Chromium from ${(await findChromium()).source}`);
} catch (error) {
  if (!(error instanceof NoChromiumError)) throw error;
  console.log(error.message); // and the browser test files fail with the same line
}

let embedded: EmbeddedDatabase | null = null;
let dataDir: string | null = null;
let serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  dataDir = await mkdtemp(join(tmpdir(), 'portolan-test-'));
  embedded = await startEmbeddedPostgres(dataDir, await freePort(), false);
  serverUrl = embedded.url;
  // A throwaway cluster: flushing to disk protects nothing here (a crashed server still recovers from the
  // page cache), and every test file's CREATE DATABASE and commits would wait for it.
  for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) await admin(serverUrl, `ALTER SYSTEM SET ${setting} = off`);
  await admin(serverUrl, 'SELECT pg_reload_conf()');
}

const template = `portolan_tpl_${process.pid}`;
let code: number;
try {
  await admin(serverUrl, `DROP DATABASE IF EXISTS ${template}`);
  await admin(serverUrl, `CREATE DATABASE ${template}`);
  await migrate(withDatabase(serverUrl, template));
  code = await runTap(process.argv.slice(2), {
    ...process.env,
    PORTOLAN_TEST_SERVER_URL: serverUrl,
    PORTOLAN_TEST_TEMPLATE: template,
  });
} finally {
  await admin(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
  await embedded?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
process.exit(code);
