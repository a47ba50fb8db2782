/**
 * Replay: the one idea of the design, `state = fold(apply, setup(seed, seats, options), log)`.
 * Used by the service to rebuild state, by tests to check determinism, and by benchmarks.
 */
import type { AnyGameDefinition, LogEntry, RuleError, Seat } from './types.js';

export interface RecordedMove<M = unknown> {
  readonly seat: Seat;
  readonly move: M;
}

export interface GameRecord<O = unknown, M = unknown> {
  readonly seats: number;
  readonly options: O;
  readonly seed: string;
  readonly moves: readonly RecordedMove<M>[];
}

export type ReplayResult<S> =
  | { readonly ok: true; readonly state: S; readonly log: readonly LogEntry[] }
  | { readonly ok: false; readonly atIndex: number; readonly error: RuleError };

/** Applies `moves` to `state` in order; stops at the first refused move and says where. */
export function applyAll<S>(
  game: AnyGameDefinition,
  state: S,
  moves: readonly RecordedMove[],
  collectLog = false,
): ReplayResult<S> {
  let current = state;
  const log: LogEntry[] = [];
  for (let i = 0; i < moves.length; i++) {
    const { seat, move } = moves[i] as RecordedMove;
    const result = game.apply(current, seat, move);
    if (!result.ok) return { ok: false, atIndex: i, error: result.error };
    current = result.state as S;
    if (collectLog) log.push(...result.log);
  }
  return { ok: true, state: current, log };
}

/** Builds the state of a recorded game from scratch: setup, then every move. */
export function replay<S>(game: AnyGameDefinition, record: GameRecord, collectLog = false): ReplayResult<S> {
  const options = game.validateOptions(record.options, record.seats);
  if (!options.ok) return { ok: false, atIndex: -1, error: options.error };
  const initial = game.setup({ seats: record.seats, options: options.value, seed: record.seed }) as S;
  return applyAll(game, initial, record.moves, collectLog);
}
