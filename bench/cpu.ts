/**
 * CPU time spent during a bench phase, per process that matters:
 * - Postgres: the backends connected to the bench's database (the server's pools, the ceiling's clients),
 *   from /proc/<pid>/stat, so only when Postgres runs on this machine (null otherwise). Background
 *   processes (WAL writer, checkpointer) are left out for every system alike. The sampling connection
 *   sits in another database, so it is not counted.
 * - the server: what the server process reports from `process.cpuUsage()` (workers included; see
 *   bench/server.ts), over IPC;
 * - the load generator: this process's own `process.cpuUsage()`, to show that it is not the bottleneck.
 */
import { readFile } from 'node:fs/promises';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';

/** Linux reports /proc times in USER_HZ ticks, 100 per second on every architecture Node runs on. */
const TICK_MS = 10;

export class PostgresCpu {
  private readonly client: pg.Client;

  constructor(
    serverUrl: string,
    private readonly database: string,
  ) {
    this.client = new pg.Client({ connectionString: serverUrl });
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  end(): Promise<void> {
    return this.client.end();
  }

  /** CPU milliseconds so far of each backend of the database; null when /proc does not show them. */
  async sample(): Promise<Map<number, number> | null> {
    const { rows } = await this.client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [this.database]);
    const sample = new Map<number, number>();
    for (const { pid } of rows) {
      // A backend may have ended since the query (a pool closing an idle connection): skip it.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
      if (stat === null) continue;
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      sample.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    }
    // None readable: Postgres runs on another machine (or in a container), so no per-backend times.
    return sample.size === 0 && rows.length > 0 ? null : sample;
  }
}

/** Milliseconds between two samples (backends that started in between count from zero). */
export function postgresMs(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** The server's CPU milliseconds so far, as bench/server.ts reports them. */
export function serverCpuMs(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const cpu = (message as { cpuMicros?: unknown }).cpuMicros;
      if (typeof cpu !== 'number') return;
      child.off('message', onMessage);
      resolve(cpu / 1000);
    };
    child.on('message', onMessage);
    if (!child.send('cpu')) reject(new Error('the bench server has no IPC channel'));
  });
}

export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
