/**
 * Rebuilding a game's state from its log: the latest snapshot at or before the wanted sequence number,
 * then the moves after it, folded through the engine. Current states are also kept in a small LRU cache,
 * so a move late in a long game costs the same as an early one (docs/architecture.md, "A move, from request to delivery"; measured in docs/benchmarks.md).
 * The cache is only ever trusted together with the version it was built at: the append's version check
 * catches a cache that another instance has left behind.
 */
import type { AnyGameDefinition, Seat } from '../engine/types.js';
import type { EventStore, GameRow, MoveRow } from '../store/event-store.js';
import { foldRows, type Folded } from './undo-fold.js';

/** Work that may leave the event loop: folding stored moves, a bot's choice (./cpu-pool.ts). */
export interface Offload {
  fold(engine: AnyGameDefinition, gameId: string, state: unknown, moves: readonly { seq: number; seat: Seat; kind: string; payload: unknown }[]): Promise<unknown>;
  botMove(engine: AnyGameDefinition, state: unknown, seat: Seat, input: { level: string; seed: string }): Promise<unknown>;
}

export interface LiveState {
  readonly version: number;
  readonly state: unknown;
}

const PAGE = 1000;

/** A small least-recently-used map (current states, recent states, game rows). */
export class LruCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  get(gameId: string): V | undefined {
    const entry = this.entries.get(gameId);
    if (entry) {
      // Map keeps insertion order: re-inserting marks the entry as most recently used.
      this.entries.delete(gameId);
      this.entries.set(gameId, entry);
    }
    return entry;
  }

  set(gameId: string, entry: V): void {
    if (this.capacity === 0) return;
    this.entries.delete(gameId);
    this.entries.set(gameId, entry);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  delete(gameId: string): void {
    this.entries.delete(gameId);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The engine state right after setup: the fold's starting point. */
export function initialState(engine: AnyGameDefinition, game: GameRow): unknown {
  return engine.setup({ seats: game.seatCount, options: game.options, seed: game.seed, engineVersion: game.engineVersion });
}

/** Applies stored moves to a state; a refused stored move means the log and engine disagree. */
export function applyStored(engine: AnyGameDefinition, gameId: string, state: unknown, moves: readonly MoveRow[]): unknown {
  return foldRows(engine, gameId, { state, before: undefined }, moves).state;
}

/**
 * The state after move `seq` (0 = after setup), from the nearest snapshot, which may fall just after a move an undo takes back. With `cpu`, a long run of moves
 * is folded off the event loop (a past position of a long game replays up to a checkpoint's spacing).
 */
export async function stateAt(store: EventStore, engine: AnyGameDefinition, game: GameRow, seq: number, cpu?: Offload): Promise<unknown> {
  const snapshot = await store.latestSnapshot(game.id, seq);
  let fold: Folded = { state: snapshot ? snapshot.state : initialState(engine, game), before: undefined };
  let from = snapshot ? snapshot.seq : 0;
  while (from < seq) {
    const moves = await store.moves(game.id, from, Math.min(PAGE, seq - from), seq);
    if (moves.length === 0) break;
    if (moves[0]?.kind === 'undo' && fold.before === undefined) {
      // The undo at from + 1 takes back move `from`, whose earlier state the snapshot does not hold.
      fold = { state: await stateAt(store, engine, game, from - 1, cpu), before: undefined };
      fold = foldRows(engine, game.id, fold, moves.slice(1));
    } else if (cpu && moves[0]?.kind !== 'undo') {
      // Off the event loop; an undo inside the run folds there too (the state before it is in the run).
      fold = { state: await cpu.fold(engine, game.id, fold.state, moves), before: undefined };
    } else {
      fold = foldRows(engine, game.id, fold, moves);
    }
    from = (moves[moves.length - 1] as MoveRow).seq;
  }
  return fold.state;
}

/** A bot's move through the game's own bot: in the worker pool when there is one. */
export function chooseBotMove(cpu: Offload | undefined, engine: AnyGameDefinition, state: unknown, seat: number, input: { level: string; seed: string }): Promise<unknown> {
  return cpu ? cpu.botMove(engine, state, seat, input) : Promise.resolve(engine.bot.choose(state, seat, input));
}
