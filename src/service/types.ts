/** The service layer's vocabulary: what its use cases take and return (REST and GraphQL map these). */
import type { LogEntry, Outcome, Seat } from '../engine/types.js';
import type { GameStatus } from '../store/event-store.js';
import type { Clock, ClockOptions } from '../store/clock.js';
import type { Player } from './players.js';

export type Caller = Player | null;

export interface ServiceOptions {
  readonly snapshotEvery: number;
  readonly cacheSize: number;
  /** Time for turn clocks and notifications (tests move it by hand); default the system clock. */
  readonly clock?: Clock;
  /** How long an idempotency key replays its first answer; after that the key is new again. Default 24 h. */
  readonly idempotencyTtlMs?: number;
}

/** A running turn deadline of a seat (timed games only). */
export interface SeatDeadline {
  readonly seat: number;
  /** The game version at which this turn began. */
  readonly turnVersion: number;
  readonly deadlineAt: string;
  readonly reminderAt: string | null;
  readonly reserveSeconds: number;
}

export interface SeatSummary {
  readonly index: number;
  readonly player: { readonly id: string; readonly name: string } | null;
  readonly bot: string | null;
  readonly resigned: boolean;
}

export interface GameSummary {
  readonly id: string;
  readonly type: string;
  readonly engineVersion: number;
  readonly status: GameStatus;
  readonly version: number;
  readonly options: unknown;
  readonly seatCount: number;
  readonly seats: readonly SeatSummary[];
  readonly toMove: readonly number[];
  readonly createdBy: string;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  readonly turnStartedAt: string | null;
  /** SHA-256 of the seed, public from the start. */
  readonly seedCommitment: string;
  /** The seed itself, once the game is over (so anyone can check the commitment and replay). */
  readonly seed: string | null;
  readonly outcome: GameOutcome | null;
  /** Turn-clock options in seconds; null for an untimed game. */
  readonly clock: ClockOptions | null;
  /** The running turn deadlines, one per seat whose timed turn it is. */
  readonly deadlines: readonly SeatDeadline[];
}

export interface GameOutcome extends Outcome {
  readonly resigned: readonly Seat[];
}

export interface MoveRecord {
  readonly seq: number;
  /** null for the version-0 `start` entry (the setup's log). */
  readonly seat: number | null;
  readonly kind: 'move' | 'resign' | 'adjudicate' | 'start';
  readonly move: unknown;
  readonly log: LogEntry[];
  readonly at: string;
}

export interface MoveResult {
  readonly gameId: string;
  readonly seq: number;
  readonly version: number;
  readonly seat: number;
  readonly status: GameStatus;
  readonly toMove: readonly number[];
  readonly log: readonly LogEntry[];
  readonly outcome: GameOutcome | null;
}

export interface SubmitMove {
  readonly move: unknown;
  readonly seat?: number | undefined;
  readonly expectedVersion?: number | undefined;
  readonly idempotencyKey?: string | undefined;
}

export interface CreateGame {
  readonly type: string;
  readonly seats: number;
  readonly options?: unknown;
  /** Take a seat at once (seat 0 unless `seat` is given). Default true. */
  readonly join?: boolean | undefined;
  readonly seat?: number | undefined;
  readonly bots?: readonly { readonly seat: number; readonly level: string }[] | undefined;
  /** Turn clock in seconds: { perMove, reserve?, reminderBefore?, onTimeout?: 'bot' | 'forfeit' }. */
  readonly clock?: unknown;
}

export interface Page<T> {
  readonly items: T[];
  readonly nextCursor: string | null;
}
