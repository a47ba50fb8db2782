/**
 * Voyages benchmark (run: `npx tsx test/games/voyages/bench.ts [games]`, or call `benchVoyages` from
 * the shared `npm run bench` runner): complete random and greedy games per second per map and seat count,
 * and the replay time of a recorded full game. Never asserted in tests.
 */
import { Random, createRng } from '../../../src/engine/random.js';
import { replay, type RecordedMove } from '../../../src/engine/replay.js';
import { voyages } from '../../../src/games/voyages/index.js';
import type { VoyagesMove, VoyagesState } from '../../../src/games/voyages/types.js';

function playOut(seats: number, map: number, seed: string, policy: 'random' | 'greedy'): RecordedMove<VoyagesMove>[] {
  const options = voyages.validateOptions({ map }, seats);
  if (!options.ok) throw new Error(options.error.message);
  let state: VoyagesState = voyages.setup({ seats, options: options.value, seed });
  const rng = new Random(createRng(seed));
  const moves: RecordedMove<VoyagesMove>[] = [];
  while (!state.over) {
    const seat = rng.pick(voyages.toMove(state));
    const move = policy === 'random' ? rng.pick(voyages.legalMoves(state, seat)) : voyages.bot.choose(state, seat, { level: 'greedy', seed: `${seed}:${moves.length}` });
    const r = voyages.apply(state, seat, move);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    moves.push({ seat, move });
  }
  return moves;
}

/** Measures every map and seat count; `games` complete games per policy, divided by the seat count. */
export function benchVoyages(games: number, report: (line: string) => void): void {
  for (const map of [1, 2, 3, 4]) benchMap(map, games, report);
}

function benchMap(map: number, games: number, report: (line: string) => void): void {
  for (const seats of [1, 2, 5, 12]) {
    for (const policy of ['random', 'greedy'] as const) {
      const n = Math.max(5, Math.round(games / seats));
      const t0 = performance.now();
      let moves = 0;
      for (let i = 0; i < n; i++) moves += playOut(seats, map, `bench${i}`, policy).length;
      const seconds = (performance.now() - t0) / 1000;
      report(`map ${map} seats ${seats} ${policy}: ${(n / seconds).toFixed(0)} games/s, ${(moves / seconds).toFixed(0)} moves/s`);
    }
    const record = { seats, options: { map }, seed: 'bench-replay', moves: playOut(seats, map, 'bench-replay', 'greedy') };
    const t0 = performance.now();
    const reps = 20;
    for (let i = 0; i < reps; i++) if (!replay(voyages, record).ok) throw new Error('replay failed');
    report(`map ${map} seats ${seats}: full-game replay (${record.moves.length} moves) ${((performance.now() - t0) / reps).toFixed(2)} ms`);
  }
}

// `npx tap test/games/voyages` also loads this file: only a direct run measures.
if (!process.env.TAP && process.argv[1]?.endsWith('bench.ts')) benchVoyages(Number(process.argv[2] ?? 200), (line) => console.log(line));
