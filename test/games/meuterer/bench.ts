/**
 * Meuterer benchmark: complete random and greedy games per second, and the time to replay a recorded
 * full game. Run `npx tsx test/games/meuterer/bench.ts`; `runMeutererBench` is exported so the
 * project's `npm run bench` (bench/run.ts) can call it. Never asserted in tests (no timed assertions).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Random, createRng } from '../../../src/engine/random.js';
import { replay, type GameRecord } from '../../../src/engine/replay.js';
import { meuterer } from '../../../src/games/meuterer/index.js';
import type { MeutererState } from '../../../src/games/meuterer/types.js';

export interface BenchLine {
  readonly name: string;
  readonly games: number;
  readonly moves: number;
  /** Wall-clock milliseconds. */
  readonly ms: number;
  /** CPU milliseconds of this process (user + system): per-core rates that hold on a busy machine. */
  readonly cpuMs: number;
}

function measure(name: string, run: () => { games: number; moves: number }): BenchLine {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const { games, moves } = run();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { name, games, moves, ms, cpuMs: (used.user + used.system) / 1000 };
}

function playOut(seats: number, pirates: boolean, policy: 'random' | 'greedy', seed: string): number {
  let state = meuterer.setup({ seats, options: { pirates, layout: 'random' }, seed });
  const chooser = new Random(createRng(`bench:${seed}`));
  let moves = 0;
  while (meuterer.outcome(state) === null) {
    const seat = state.turn;
    const move =
      policy === 'random' ? chooser.pick(meuterer.legalMoves(state, seat)) : meuterer.bot.choose(state, seat, { level: 'greedy', seed: `${seed}:${moves}` });
    const result = meuterer.apply(state, seat, move);
    if (!result.ok) throw new Error(`${seed}: ${result.error.message}`);
    state = result.state;
    moves++;
  }
  return moves;
}

function games(name: string, count: number, seats: number, pirates: boolean, policy: 'random' | 'greedy'): BenchLine {
  return measure(name, () => {
    let moves = 0;
    for (let i = 0; i < count; i++) moves += playOut(seats, pirates, policy, `${name}-${i}`);
    return { games: count, moves };
  });
}

function replays(count: number): BenchLine {
  const file = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'four-players-base.json');
  const record = JSON.parse(readFileSync(file, 'utf8')) as GameRecord;
  return measure('replay recorded 4-player game', () => {
    for (let i = 0; i < count; i++) {
      const result = replay<MeutererState>(meuterer, record);
      if (!result.ok) throw new Error('fixture replay refused a move');
    }
    return { games: count, moves: count * record.moves.length };
  });
}

export function runMeutererBench(scale = 1): BenchLine[] {
  games('warm-up', 200, 4, false, 'random');
  return [
    games('random 4 players', 2000 * scale, 4, false, 'random'),
    games('random 3 players, pirates', 2000 * scale, 3, true, 'random'),
    games('greedy 4 players', 500 * scale, 4, false, 'greedy'),
    replays(2000 * scale),
  ];
}

// Prints only when run directly, not when tap loads every file of this folder.
if (process.env.TAP === undefined) {
  for (const line of runMeutererBench()) {
    console.log(
      `meuterer ${line.name}: ${line.games} games; per CPU second ${(line.games / (line.cpuMs / 1000)).toFixed(0)} games, ` +
        `${(line.moves / (line.cpuMs / 1000)).toFixed(0)} moves, ${(line.cpuMs / line.games).toFixed(3)} CPU ms per game ` +
        `(wall clock ${(line.games / (line.ms / 1000)).toFixed(0)} games/s)`,
    );
  }
}
