/**
 * Writing turn-clock changes (src/store/clock.ts computes them) in the same statement as a move or a
 * start: the store owns the SQL, the timers module owns the arithmetic, and imports run timers -> store.
 */
import { Prisma } from '../generated/prisma/client.js';

/** One seat's clock after a commit: the running turn (or none) and the reserve left, in seconds. */
export interface SeatClockUpdate {
  readonly seat: number;
  readonly turnVersion: number | null;
  readonly turnStartedAt: Date | null;
  readonly deadlineAt: Date | null;
  readonly reminderAt: Date | null;
  readonly reserveSeconds: number;
}

/** The updates as the jsonb array that `jsonb_to_recordset` reads (here and in `portolan_append`). */
export function clockRows(updates: readonly SeatClockUpdate[]): string {
  return JSON.stringify(
    updates.map((u) => ({
      seat: u.seat,
      turn_version: u.turnVersion,
      turn_started_at: u.turnStartedAt?.toISOString() ?? null,
      deadline_at: u.deadlineAt?.toISOString() ?? null,
      reminder_at: u.reminderAt?.toISOString() ?? null,
      reserve_seconds: u.reserveSeconds,
    })),
  );
}

/** `UPDATE seats ...` applying `updates` to the game returned by the CTE `source` (columns `id`). */
export function clockUpdateSql(source: 'bumped', updates: readonly SeatClockUpdate[]): Prisma.Sql {
  return Prisma.sql`
    UPDATE seats SET turn_version = c.turn_version, turn_started_at = c.turn_started_at, deadline_at = c.deadline_at,
           reminder_at = c.reminder_at, reminded = false, reserve_seconds = c.reserve_seconds
      FROM ${Prisma.raw(source)} b,
           jsonb_to_recordset(${clockRows(updates)}::jsonb) AS c(seat int, turn_version int, turn_started_at timestamptz,
                                                   deadline_at timestamptz, reminder_at timestamptz, reserve_seconds float8)
     WHERE seats.game_id = b.id AND seats.index = c.seat`;
}
