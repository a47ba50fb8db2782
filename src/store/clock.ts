/**
 * Turn clocks for play-by-web: a time per move and an optional correspondence reserve per seat.
 *
 * - When a seat's turn starts, its deadline is `now + perMove + reserve left`; a reminder is due
 *   `reminderBefore` seconds before it.
 * - When the seat moves, the time it took beyond `perMove` comes off its reserve.
 * - Only seats held by players have clocks: server-side bots and resigned seats play at once.
 * - On expiry the game's `onTimeout` policy applies (src/jobs/timers.ts): the seat's bot plays the
 *   move, or the seat forfeits (resigns; the game goes on or ends as a resignation would).
 *
 * The computation is pure (time comes from the caller, an injected clock); the event store writes the
 * result in the same statement as the move, so a deadline exists exactly when its turn does.
 */
import type { SeatRow } from '../store/event-store.js';
import type { SeatClockUpdate } from '../store/seat-clocks.js';

/** Where "now" comes from: the system clock in production, a hand-moved one in tests. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const TIMEOUT_POLICIES = ['bot', 'forfeit'] as const;
export type TimeoutPolicy = (typeof TIMEOUT_POLICIES)[number];

/** A game's clock, in seconds, as stored in `games.clock`. */
export interface ClockOptions {
  readonly perMove: number;
  readonly reserve: number;
  readonly reminderBefore: number;
  readonly onTimeout: TimeoutPolicy;
}

export function readClock(stored: unknown): ClockOptions | null {
  return stored && typeof stored === 'object' && typeof (stored as ClockOptions).perMove === 'number' ? (stored as ClockOptions) : null;
}

const timed = (seat: SeatRow): boolean => seat.playerId !== null && seat.botLevel === null && !seat.resigned;

/**
 * The seat clocks that change when version `version` commits: the actor's reserve is charged, seats
 * whose turn starts get a deadline, seats no longer to move lose theirs. Seats whose turn simply goes
 * on (a simultaneous phase where another seat moved) keep their deadline.
 */
export function clockUpdates(input: {
  readonly clock: ClockOptions;
  readonly seats: readonly SeatRow[];
  /** The seat that moved (null at the start). */
  readonly actor: number | null;
  /** The actor resigns: its row is updated by the resignation itself. */
  readonly resigning: boolean;
  readonly toMove: readonly number[];
  readonly version: number;
  readonly now: Date;
}): SeatClockUpdate[] {
  const { clock, now } = input;
  const updates: SeatClockUpdate[] = [];
  for (const seat of input.seats) {
    if (input.resigning && seat.index === input.actor) continue;
    let reserve = seat.reserveSeconds;
    if (seat.index === input.actor && seat.turnStartedAt) {
      const used = (now.getTime() - seat.turnStartedAt.getTime()) / 1000;
      reserve = Math.max(0, reserve - Math.max(0, used - clock.perMove));
    }
    const running = seat.deadlineAt !== null;
    const turn = timed(seat) && input.toMove.includes(seat.index);
    if (turn && running && seat.index !== input.actor) continue;
    if (turn) {
      const deadline = now.getTime() + (clock.perMove + reserve) * 1000;
      const reminder = deadline - clock.reminderBefore * 1000;
      updates.push({
        seat: seat.index,
        turnVersion: input.version,
        turnStartedAt: now,
        deadlineAt: new Date(deadline),
        reminderAt: clock.reminderBefore > 0 && reminder > now.getTime() ? new Date(reminder) : null,
        reserveSeconds: reserve,
      });
    } else if (running || reserve !== seat.reserveSeconds) {
      updates.push({ seat: seat.index, turnVersion: null, turnStartedAt: null, deadlineAt: null, reminderAt: null, reserveSeconds: reserve });
    }
  }
  return updates;
}
