/**
 * Folding stored log rows into a state, undo included. The log stays append-only: an `undo` row at
 * version N takes back the move at N - 1 (always a `move` of the same seat, see ./undo.ts), so the state
 * after it is the state before that move. The fold therefore carries the state before the latest move.
 */
import type { AnyGameDefinition } from '../engine/types.js';
import type { MoveRow } from '../store/event-store.js';
import { ServiceError } from './errors.js';

/** A state, and the state before the latest row when that row was a move (undefined: not known here). */
export interface Folded {
  readonly state: unknown;
  readonly before: unknown;
}

/** The payload of an `undo` row: the version of the move it takes back. */
export interface UndoPayload {
  readonly type: 'undo';
  readonly seq: number;
}

/** Thrown when an undo row comes first and the fold was not told the earlier state (callers rebuild it). */
export class UndoOutOfReach extends ServiceError {
  constructor(gameId: string, seq: number) {
    super('INTERNAL', `game ${gameId}: the undo at ${seq} needs the state before the move it takes back`, 500);
  }
}

/** What a fold reads of a stored row (a worker thread receives only these fields). */
export type FoldRow = Pick<MoveRow, 'seq' | 'seat' | 'payload'> & { readonly kind: string };

/** Applies stored rows; resignations and adjudications are the service's and change no engine state. */
export function foldRows(engine: AnyGameDefinition, gameId: string, start: Folded, moves: readonly FoldRow[]): Folded {
  let { state, before } = start;
  for (const move of moves) {
    if (move.kind === 'undo') {
      if (before === undefined) throw new UndoOutOfReach(gameId, move.seq);
      state = before;
      before = undefined;
      continue;
    }
    if (move.kind !== 'move') {
      before = undefined;
      continue;
    }
    const result = engine.apply(state, move.seat, move.payload);
    if (!result.ok) {
      throw new ServiceError(
        'INTERNAL',
        `game ${gameId}: stored move ${move.seq} no longer replays (${result.error.code})`,
        500,
      );
    }
    before = state;
    state = result.state;
  }
  return { state, before };
}
