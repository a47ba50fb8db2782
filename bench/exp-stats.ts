// Experiment (not committed): which statements a move over HTTP sends, per move.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { Pool } from 'undici';
import { scratchDatabase } from '../scripts/scratch-database.js';
import { closedLoop, openLoop } from './load.js';
import { PostgresCpu, postgresMs, serverCpuMs } from './cpu.js';

async function http(base: string, method: string, path: string, token?: string, body?: unknown): Promise<any> {
  const res = await fetch(base + path, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
const GAMES = Number(process.env.G ?? 50);
const RATE = process.env.RATE ? Number(process.env.RATE) : undefined;
const db = await scratchDatabase('portolan-exp', 'postgresql://postgres@127.0.0.1:5432/postgres');
const child = spawn(process.execPath, ['--import', 'tsx', new URL('./server.ts', import.meta.url).pathname], { env: { ...process.env, BENCH_SERVER_DATABASE_URL: db.url }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
const base: string = await new Promise((resolve) => child.stdout!.on('data', (c: Buffer) => { const m = /LISTENING (\S+)/.exec(c.toString()); if (m) resolve(m[1]!); }));
const games: any[] = [];
for (let i = 0; i < GAMES; i++) {
  const [a, b] = await Promise.all([0, 1].map((s) => http(base, 'POST', '/v1/players', undefined, { name: `e-${i}-${s}` })));
  const g = await http(base, 'POST', '/v1/games', a.token, { type: 'nim', seats: 2, options: { stones: 1_000_000 } });
  await http(base, 'POST', `/v1/games/${g.id}/join`, b.token, {});
  await http(base, 'POST', `/v1/games/${g.id}/start`, a.token);
  const h = (t: string) => ({ authorization: `Bearer ${t}`, 'content-type': 'application/json' });
  games.push({ path: `/v1/games/${g.id}/moves`, headers: [h(a.token), h(b.token)], version: 0 });
}
const pool = new Pool(base, { connections: GAMES, pipelining: 1 });
const move = async (i: number) => {
  const g = games[i]; const v = g.version;
  const res = await pool.request({ method: 'POST', path: g.path, headers: g.headers[v % 2], body: `{"move":{"type":"take","count":1},"expectedVersion":${v}}` });
  const t = await res.body.text(); if (res.statusCode !== 200) throw new Error(t); g.version = v + 1;
};
const admin = new pg.Client({ connectionString: db.server }); await admin.connect();
const cpu = new PostgresCpu(db.server, db.name); await cpu.connect();
await closedLoop(GAMES, 1, move);
await admin.query('select pg_stat_statements_reset()');
const b0 = await cpu.sample(); const s0 = await serverCpuMs(child);
const load = RATE ? await openLoop(GAMES, RATE, 5, move) : await closedLoop(GAMES, 5, move);
const b1 = await cpu.sample(); const s1 = await serverCpuMs(child);
console.log(`moves ${load.moves} (${(load.moves / load.seconds).toFixed(0)}/s) pg ms/move ${(postgresMs(b0, b1)! / load.moves).toFixed(3)} server ms/move ${((s1 - s0) / load.moves).toFixed(3)}`);
const { rows } = await admin.query(`select calls, round(total_exec_time::numeric,1) ms, round((total_exec_time/calls)::numeric,4) per_call, left(regexp_replace(query,'\\s+',' ','g'),110) q from pg_stat_statements s join pg_database d on d.oid=s.dbid where d.datname=$1 order by total_exec_time desc limit 25`, [db.name]);
for (const r of rows) console.log(`${(r.calls / load.moves).toFixed(3)}/move ${r.ms}ms ${r.per_call}ms/call  ${r.q}`);
const act = await admin.query(`select pid, application_name, left(regexp_replace(query,'\\s+',' ','g'),60) q from pg_stat_activity where datname=$1`, [db.name]);
const per = [...b1!].map(([pid, ms]) => [pid, ms - (b0!.get(pid) ?? 0)] as const).sort((a, b) => b[1] - a[1]);
for (const [pid, ms] of per.slice(0, 30)) { const a = act.rows.find((r) => r.pid === pid); console.log(`pid ${pid} ${ms}ms ${a?.application_name} ${a?.q}`); }
import('./ceiling.js').then(() => undefined);
const { minimalMove } = await import('./ceiling.js');
const mm = await minimalMove(db.url, GAMES, 20);
await closedLoop(GAMES, 1, mm.move);
const c0 = await cpu.sample();
const ml = RATE ? await openLoop(GAMES, RATE, 5, mm.move) : await closedLoop(GAMES, 5, mm.move);
const c1 = await cpu.sample();
console.log(`minimal moves ${ml.moves} (${(ml.moves / ml.seconds).toFixed(0)}/s) pg ms/move ${(postgresMs(c0, c1)! / ml.moves).toFixed(3)}`);
await mm.close();
await pool.close(); child.kill('SIGTERM'); await new Promise((r) => child.once('exit', r));
await admin.end(); await cpu.end(); await db.cleanup();
