/**
 * The move bench (issue 16): Portolan's moves through HTTP against the ceiling, in one run.
 *
 * For each number of concurrent games (BENCH_LEVELS, default 1, 50, 200), each game with two players of
 * its own, playing "take 1" moves of the test game with an expected version:
 *   - Portolan, one process, then BENCH_WORKERS processes (closed loop: the maximum rate), and one
 *     process with group commit off (one transaction per move), which shows what grouping gains;
 *   - the minimal durable move and Portolan's own append through `pg` (./ceiling.ts);
 * then, at 50 games, Portolan, the minimal move and the append through `pg` at a fixed offered rate (open
 * loop; BENCH_RATE, default half the one-process maximum at 50 games), where Postgres' CPU per move of
 * each compares like with like (a WAL flush serves fewer commits at a lower rate). Every phase warms up for a second, then runs BENCH_SECONDS (5).
 * Per phase: moves/s, p50/p99, and CPU per move of the server, Postgres' backends and this load
 * generator (./cpu.ts); then Portolan/ceiling ratios.
 */
import type { ChildProcess } from 'node:child_process';
import { Pool } from 'undici';
import { ownCpuMs, postgresMs, serverCpuMs, type PostgresCpu } from './cpu.js';
import { minimalMove, portolanStatement, type StartedGame } from './ceiling.js';
import { closedLoop, movesPerSecond, openLoop, percentile, type Load, type Mover } from './load.js';

const LEVELS = (process.env.BENCH_LEVELS ?? '1,50,200').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 1;
const OPEN_LOOP_GAMES = 50;
/** The server's pool size (bench/server.ts reads the same variable); the ceiling's pools match it. */
export const POOL = Number(process.env.BENCH_POOL ?? 20);

type Http = (base: string, method: string, path: string, token?: string, body?: unknown) => Promise<any>;

export interface Server {
  readonly base: string;
  readonly child: ChildProcess;
}

interface HttpGame extends StartedGame {
  readonly path: string;
  /** Request headers of seat 0 and seat 1. */
  readonly headers: readonly [Record<string, string>, Record<string, string>];
}

/** `count` started nim games with a big pile, each between two new players. */
async function startGames(http: Http, base: string, count: number): Promise<HttpGame[]> {
  const one = async (i: number): Promise<HttpGame> => {
    const [a, b] = await Promise.all([0, 1].map((seat) => http(base, 'POST', '/v1/players', undefined, { name: `bench-${i}-${seat}` })));
    const game = await http(base, 'POST', '/v1/games', a.token, { type: 'nim', seats: 2, options: { stones: 1_000_000 } });
    await http(base, 'POST', `/v1/games/${game.id}/join`, b.token, {});
    await http(base, 'POST', `/v1/games/${game.id}/start`, a.token);
    const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    return { id: game.id, playerIds: [a.player.id, b.player.id], version: 0, path: `/v1/games/${game.id}/moves`, headers: [headers(a.token), headers(b.token)] };
  };
  const games: HttpGame[] = [];
  for (let i = 0; i < count; i += 20) games.push(...(await Promise.all(Array.from({ length: Math.min(20, count - i) }, (_, j) => one(i + j)))));
  return games;
}

/** Moves through HTTP on a keep-alive pool (one connection per game: a game has one move in flight). */
function httpMover(base: string, games: readonly HttpGame[], connections: number): { move: Mover; close: () => Promise<void> } {
  const pool = new Pool(base, { connections, pipelining: 1 });
  return {
    async move(index) {
      const game = games[index]!;
      const version = game.version;
      const res = await pool.request({
        method: 'POST',
        path: game.path,
        headers: game.headers[version % 2]!,
        body: `{"move":{"type":"take","count":1},"expectedVersion":${version}}`,
      });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`move ${version + 1} of ${game.id}: ${res.statusCode} ${text}`);
      game.version = version + 1;
    },
    close: () => pool.close(),
  };
}

interface Row {
  readonly label: string;
  readonly games: number;
  readonly load: Load;
  /** CPU milliseconds per move, null when not measured. */
  readonly server: number | null;
  readonly postgres: number | null;
  readonly generator: number;
}

async function measure(label: string, games: number, move: Mover, postgres: PostgresCpu, server: ChildProcess | null, rate?: number): Promise<Row> {
  await closedLoop(games, WARMUP_SECONDS, move);
  const before = { pg: await postgres.sample(), server: server ? await serverCpuMs(server) : null, own: ownCpuMs() };
  const load = rate === undefined ? await closedLoop(games, SECONDS, move) : await openLoop(games, rate, SECONDS, move);
  const own = ownCpuMs();
  const after = { pg: await postgres.sample(), server: server ? await serverCpuMs(server) : null };
  const pgMs = postgresMs(before.pg, after.pg);
  return {
    label,
    games,
    load,
    server: before.server === null || after.server === null ? null : (after.server - before.server) / load.moves,
    postgres: pgMs === null ? null : pgMs / load.moves,
    generator: (own - before.own) / load.moves,
  };
}

const f2 = (x: number | null) => (x === null ? 'n/a' : x.toFixed(2));
const f3 = (x: number | null) => (x === null ? 'n/a' : x.toFixed(3));

function printRows(title: string, rows: readonly Row[]): void {
  console.log(`\n### ${title}\n`);
  console.log('| system | games | moves/s | p50 ms | p99 ms | server CPU ms/move | Postgres CPU ms/move | load generator CPU ms/move |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(`| ${r.label} | ${r.games} | ${movesPerSecond(r.load).toFixed(0)} | ${f2(percentile(r.load, 50))} | ${f2(percentile(r.load, 99))} | ${f3(r.server)} | ${f3(r.postgres)} | ${f3(r.generator)} |`);
  }
}

function printRatios(levels: readonly number[], rows: readonly Row[], workers: number): void {
  const find = (label: string, games: number) => rows.find((r) => r.label === label && r.games === games);
  const ratio = (a: number | null | undefined, b: number | null | undefined) => (a == null || b == null || b === 0 ? 'n/a' : (a / b).toFixed(2));
  console.log('\n### Portolan / ceiling (same run)\n');
  console.log('| games | moves/s, 1 process / minimal | moves/s, ' + workers + ' processes / minimal | moves/s, append through pg / minimal | moves/s, 1 process / one transaction per move | Postgres CPU/move, 1 process / minimal | server CPU ms/move (target 0.26) |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const games of levels) {
    const one = find('Portolan, 1 process', games);
    const many = find(`Portolan, ${workers} processes`, games);
    const minimal = find('minimal durable move', games);
    const statement = find("Portolan's append through pg", games);
    const ungrouped = find('Portolan, 1 process, one transaction per move', games);
    const mps = (r: Row | undefined) => (r ? movesPerSecond(r.load) : null);
    console.log(`| ${games} | ${ratio(mps(one), mps(minimal))} | ${ratio(mps(many), mps(minimal))} | ${ratio(mps(statement), mps(minimal))} | ${ratio(mps(one), mps(ungrouped))} | ${ratio(one?.postgres, minimal?.postgres)} | ${f3(one?.server ?? null)} |`);
  }
}

/** Postgres CPU per move of Portolan and of its append through `pg` against the minimal move's, all at one offered rate. */
function printSameRate(rows: readonly Row[], rate: number): void {
  const at = (label: string) => rows.find((r) => r.label === `${label}, open loop at ${rate} moves/s`)?.postgres ?? null;
  const minimal = at('minimal durable move');
  const ratio = (x: number | null) => (x === null || minimal === null || minimal === 0 ? 'n/a' : (x / minimal).toFixed(2));
  console.log(`\n### Postgres CPU per move at one offered rate (${rate} moves/s, ${OPEN_LOOP_GAMES} games), against the minimal move\n`);
  console.log('| minimal ms/move | Portolan, 1 process / minimal | append through pg / minimal |');
  console.log('| ---: | ---: | ---: |');
  console.log(`| ${f3(minimal)} | ${ratio(at('Portolan, 1 process'))} | ${ratio(at("Portolan's append through pg"))} |`);
}

/**
 * Runs every phase. `single` serves the one-process phases; `startWorkers` starts the several-process
 * server (stopped again at the end).
 */
export async function moveBench(opts: {
  http: Http;
  url: string;
  single: Server;
  startWorkers: () => Promise<Server>;
  /** A one-process server with group commit off. */
  startUngrouped: () => Promise<Server>;
  stop: (server: Server) => Promise<void>;
  workers: number;
  postgres: PostgresCpu;
}): Promise<void> {
  const { http, url, single, postgres, workers } = opts;
  const most = Math.max(...LEVELS, OPEN_LOOP_GAMES);
  const games = await startGames(http, single.base, most);
  const statementGames = await startGames(http, single.base, most);
  const rows: Row[] = [];

  // Each level's systems run back to back, so that a change in the machine's load between phases
  // (it is shared) distorts their ratios as little as possible.
  const one = 'Portolan, 1 process';
  const many = `Portolan, ${workers} processes`;
  const ungrouped = 'Portolan, 1 process, one transaction per move';
  const several = await opts.startWorkers();
  const alone = await opts.startUngrouped();
  const portolan = async (server: Server, label: string, level: number, rate?: number) => {
    const mover = httpMover(server.base, games.slice(0, level), level);
    rows.push(await measure(rate === undefined ? label : `${label}, open loop at ${rate} moves/s`, level, mover.move, postgres, server.child, rate));
    await mover.close();
  };
  // The first phase would otherwise also pay for compiling this process's HTTP client and each server's
  // hot path (measured: a fifth fewer moves/s at one game than the same server a phase later).
  for (const server of [single, several, alone]) {
    const mover = httpMover(server.base, games.slice(0, 2), 2);
    await closedLoop(2, 3 * WARMUP_SECONDS, mover.move);
    await mover.close();
  }
  for (const level of LEVELS) {
    await portolan(single, one, level);
    await portolan(several, many, level);
    await portolan(alone, ungrouped, level);
    const minimal = await minimalMove(url, level, POOL);
    rows.push(await measure('minimal durable move', level, minimal.move, postgres, null));
    await minimal.close();
    const statement = portolanStatement(url, statementGames.slice(0, level), POOL);
    rows.push(await measure("Portolan's append through pg", level, statement.move, postgres, null));
    await statement.close();
  }
  const at50 = rows.find((r) => r.games === OPEN_LOOP_GAMES && r.label === one);
  const rate = Number(process.env.BENCH_RATE ?? Math.round((at50 ? movesPerSecond(at50.load) : 500) / 2));
  await portolan(single, one, OPEN_LOOP_GAMES, rate);
  await portolan(several, many, OPEN_LOOP_GAMES, rate);
  await opts.stop(several);
  await opts.stop(alone);
  // The ceiling at the same offered rate: Postgres' CPU per commit falls as the rate rises (one WAL flush
  // serves more commits), so CPU per move compares like with like only at one rate.
  const minimal = await minimalMove(url, OPEN_LOOP_GAMES, POOL);
  rows.push(await measure(`minimal durable move, open loop at ${rate} moves/s`, OPEN_LOOP_GAMES, minimal.move, postgres, null, rate));
  await minimal.close();
  const statement = portolanStatement(url, statementGames.slice(0, OPEN_LOOP_GAMES), POOL);
  rows.push(await measure(`Portolan's append through pg, open loop at ${rate} moves/s`, OPEN_LOOP_GAMES, statement.move, postgres, null, rate));
  await statement.close();

  printRows(`Moves, every one durably committed (${SECONDS} s per phase after a ${WARMUP_SECONDS} s warm-up; server and ceiling pools of ${POOL})`, rows);
  printRatios(LEVELS, rows, workers);
  printSameRate(rows, rate);
}
