/**
 * A quick engine benchmark, outside the test run (timings are never asserted):
 *   npx tsx test/games/puerto-rico/bench.ts
 * Complete random games per CPU-second (legalMoves + apply, one core) per player count, and the CPU time to
 * replay the recorded 4-player fixture. `npm run bench` measures the same for every registered engine.
 */
import { readFileSync } from 'node:fs';
import { Random, createRng } from '../../../src/engine/random.js';
import { replay, type GameRecord } from '../../../src/engine/replay.js';
import type { Seat } from '../../../src/engine/types.js';
import { puertoRico } from '../../../src/games/puerto-rico/index.js';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 2);

/** CPU seconds used by this process: on a shared, loaded machine wall time says little about the engine. */
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

function randomGames(seats: number, seconds = SECONDS): { games: number; moves: number } {
  const options = { roleOrder: 'official6', balance: false } as const;
  let games = 0;
  let moves = 0;
  const start = performance.now();
  const cpuStart = cpuSeconds();
  while (performance.now() - start < seconds * 1000) {
    let state = puertoRico.setup({ seats, options, seed: `bench-${games}` });
    const rng = new Random(createRng(`bench-policy-${games}`));
    while (puertoRico.outcome(state) === null) {
      const seat = puertoRico.toMove(state)[0] as Seat;
      const result = puertoRico.apply(state, seat, rng.pick(puertoRico.legalMoves(state, seat)));
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
      moves++;
    }
    games++;
  }
  const elapsed = cpuSeconds() - cpuStart;
  return { games: games / elapsed, moves: moves / elapsed };
}

if (process.env['TAP'] === undefined) {
  // Warm the JIT up first, so the first player count measured is not penalised.
  for (const seats of [2, 3, 4, 5]) randomGames(seats, 1);
  for (const seats of [2, 3, 4, 5]) {
    const { games, moves } = randomGames(seats);
    console.log(`${seats}p random games: ${games.toFixed(0)}/s (${(moves / 1000).toFixed(0)}k moves/s)`);
  }
  const record = JSON.parse(readFileSync(new URL('./fixtures/4p.json', import.meta.url), 'utf8')) as GameRecord;
  const runs = 50;
  const start = cpuSeconds();
  for (let i = 0; i < runs; i++) if (!replay(puertoRico, record).ok) throw new Error('the 4p fixture no longer replays');
  console.log(`replay of the 4p fixture (${record.moves.length} moves): ${(((cpuSeconds() - start) / runs) * 1000).toFixed(2)} ms of CPU`);
}
