/**
 * Taking a move back. The log stays append-only: an undo is a log entry of its own (kind `undo`, payload
 * `{ type: 'undo', seq }`) that takes back the move just before it, so every reader of the log (replay,
 * history, records, webhooks, streams) sees both the move and its undo, and the state after the undo is
 * the state before the move (./undo-fold.ts).
 *
 * A player may take back their move only while it is the log's latest entry (nobody has acted since, so
 * the next seat has not acted on it), the game goes on, and the move revealed nothing (./undo-rule.ts).
 * Refusals carry stable codes: NOTHING_TO_UNDO (the latest entry is not a move of the caller's) and
 * UNDO_NOT_ALLOWED (it is, but it used chance, turned something up or showed something to some only).
 */
import type { AnyGameDefinition, LogEntry, Seat } from '../engine/types.js';
import { seatRef } from '../engine/log-text.js';
import type { GameRow, MoveRow } from '../store/event-store.js';
import type { Player } from './players.js';
import { holdsSeat } from './seats.js';
import { undoRefusal } from './undo-rule.js';
import type { UndoPayload } from './undo-fold.js';

export type UndoCheck =
  | { readonly ok: true; readonly last: MoveRow; readonly before: unknown }
  | { readonly ok: false; readonly code: 'NOTHING_TO_UNDO' | 'UNDO_NOT_ALLOWED'; readonly message: string };

/**
 * Whether `player` may take back the log's latest entry `last` (null: none) of the active `game`, whose
 * current state is `after`; `stateBefore` rebuilds the state before `last` (asked only when needed).
 */
export async function checkUndo(
  engine: AnyGameDefinition,
  game: GameRow,
  player: Player,
  seat: Seat | undefined,
  last: MoveRow | null,
  after: unknown,
  stateBefore: (seq: number) => Promise<unknown>,
): Promise<UndoCheck> {
  const mine =
    last !== null &&
    last.seq === game.version &&
    last.kind === 'move' &&
    last.playerId === player.id &&
    holdsSeat(player.id, game, last.seat) &&
    (seat === undefined || seat === last.seat);
  if (!mine)
    return { ok: false, code: 'NOTHING_TO_UNDO', message: 'the latest entry of the game is not a move of yours' };
  const before = await stateBefore(last.seq);
  const refusal = undoRefusal(engine, before, after, game.seatCount);
  if (refusal) return { ok: false, code: 'UNDO_NOT_ALLOWED', message: `that move cannot be taken back: ${refusal}` };
  return { ok: true, last, before };
}

export const undoPayload = (seq: number): UndoPayload => ({ type: 'undo', seq });

/** The undo's log entry (one sentence, like a resignation's). */
export const undoLog = (seat: Seat): LogEntry[] => [
  { type: 'move.undone', seat, text: `${seatRef(seat)} took back their last move.` },
];
