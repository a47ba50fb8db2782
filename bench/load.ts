/**
 * The bench's load: `games` games played at once, each one move at a time (a game's next move needs the
 * previous one's version), by any `Mover` (HTTP requests to Portolan, or statements straight to Postgres
 * for the ceiling), so every system is driven by the same code.
 *
 * - closed loop: every game sends its next move as soon as the last one is answered (the maximum rate);
 * - open loop: moves arrive at a fixed rate whatever the answers do, each timed from when it was due
 *   (not when a free game took it), so the p99 includes any queueing the service causes and is not
 *   flattered by a generator that waits for it.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** Makes game `game`'s next move and resolves once it is committed (rejects on any refusal). */
export type Mover = (game: number) => Promise<void>;

export interface Load {
  readonly moves: number;
  readonly seconds: number;
  /** Sorted, in milliseconds. */
  readonly latencies: Float64Array;
}

export const movesPerSecond = (load: Load): number => load.moves / load.seconds;

export function percentile(load: Load, p: number): number {
  const { latencies } = load;
  return latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
}

/** A growable list of latencies (a plain array of doubles would box them). */
class Latencies {
  private values = new Float64Array(1 << 16);
  private count = 0;

  push(value: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = value;
  }

  sorted(): Float64Array {
    return this.values.slice(0, this.count).sort();
  }
}

export async function closedLoop(games: number, seconds: number, move: Mover): Promise<Load> {
  const latencies = new Latencies();
  let moves = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: games }, async (_, game) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await move(game);
        latencies.push(performance.now() - t0);
        moves++;
      }
    }),
  );
  return { moves, seconds: (performance.now() - started) / 1000, latencies: latencies.sorted() };
}

/** `rate` moves per second for `seconds`, spread over `games` games (a move due while every game is busy waits). */
export async function openLoop(games: number, rate: number, seconds: number, move: Mover): Promise<Load> {
  const latencies = new Latencies();
  const total = Math.max(1, Math.floor(rate * seconds));
  const interval = 1000 / rate;
  const idle = Array.from({ length: games }, (_, game) => game);
  const waiting: number[] = []; // due times of moves no game was free for
  let sent = 0;
  let done = 0;
  let failed: unknown = null;
  const started = performance.now();
  let finish = () => undefined as void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const dispatch = (game: number, due: number): void => {
    move(game).then(
      () => {
        latencies.push(performance.now() - due);
        if (++done === total) finish();
        const next = waiting.shift();
        if (next === undefined) idle.push(game);
        else dispatch(game, next);
      },
      (error: unknown) => {
        failed ??= error;
        finish();
      },
    );
  };
  while (sent < total && failed === null) {
    const now = performance.now();
    for (let due = started + sent * interval; sent < total && due <= now; due = started + ++sent * interval) {
      const game = idle.pop();
      if (game === undefined) waiting.push(due);
      else dispatch(game, due);
    }
    await sleep(1);
  }
  await finished;
  if (failed !== null) throw failed;
  return { moves: total, seconds: (performance.now() - started) / 1000, latencies: latencies.sorted() };
}
