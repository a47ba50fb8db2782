/**
 * The rows the event store returns for games, seats and moves, and how they are read from the database:
 * through Prisma (`gameInclude`, `toGameRow`) or in one round trip as JSON (`GAME_WITH_SEATS`).
 */
import type { Prisma } from '../generated/prisma/client.js';

export type GameStatus = 'waiting' | 'active' | 'finished' | 'aborted';

export interface SeatRow {
  readonly index: number;
  readonly playerId: string | null;
  readonly playerName: string | null;
  readonly botLevel: string | null;
  readonly resigned: boolean;
  /** Turn clock (timed games): the running turn's version, start, deadline, reminder; reserve left. */
  readonly turnVersion: number | null;
  readonly turnStartedAt: Date | null;
  readonly deadlineAt: Date | null;
  readonly reminderAt: Date | null;
  readonly reminded: boolean;
  readonly reserveSeconds: number;
}

export interface GameRow {
  readonly id: string;
  readonly type: string;
  readonly engineVersion: number;
  readonly options: unknown;
  readonly seatCount: number;
  readonly status: GameStatus;
  readonly version: number;
  readonly seed: string;
  readonly seedCommitment: string;
  readonly createdById: string;
  readonly toMove: readonly number[];
  readonly turnStartedAt: Date | null;
  readonly outcome: unknown;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  /** Turn-clock options (src/store/clock.ts), null for an untimed game. */
  readonly clock: unknown;
  readonly seats: readonly SeatRow[];
}

/** `adjudicate`: the operator ended the game with a result (src/service/adjudication.ts). */
export type MoveKind = 'move' | 'resign' | 'adjudicate';

export interface MoveRow {
  readonly seq: number;
  readonly seat: number;
  readonly kind: MoveKind;
  readonly payload: unknown;
  readonly log: unknown;
  readonly playerId: string | null;
  readonly createdAt: Date;
}

export const gameInclude = { seats: { include: { player: { select: { name: true } } }, orderBy: { index: 'asc' } } } as const;

export type GameWithSeats = Prisma.GameGetPayload<{ include: typeof gameInclude }>;

export function toGameRow(game: GameWithSeats): GameRow {
  return {
    ...game,
    status: game.status,
    outcome: game.outcome ?? null,
    seats: game.seats.map((s) => ({
      index: s.index,
      playerId: s.playerId,
      playerName: s.player?.name ?? null,
      botLevel: s.botLevel,
      resigned: s.resigned,
      turnVersion: s.turnVersion,
      turnStartedAt: s.turnStartedAt,
      deadlineAt: s.deadlineAt,
      reminderAt: s.reminderAt,
      reminded: s.reminded,
      reserveSeconds: s.reserveSeconds,
    })),
  };
}

/** Games with their seats in one round trip (add a WHERE on g); JSON-built seats come back with dates as strings. */
export const GAME_WITH_SEATS = `
  SELECT g.id, g.type, g.engine_version AS "engineVersion", g.options, g.seat_count AS "seatCount", g.status,
         g.version, g.seed, g.seed_commitment AS "seedCommitment", g.created_by AS "createdById",
         g.to_move AS "toMove", g.turn_started_at AS "turnStartedAt", g.outcome, g.created_at AS "createdAt",
         g.started_at AS "startedAt", g.finished_at AS "finishedAt", g.clock,
         COALESCE((SELECT json_agg(json_build_object(
             'index', s.index, 'playerId', s.player_id, 'playerName', p.name, 'botLevel', s.bot_level,
             'resigned', s.resigned, 'turnVersion', s.turn_version, 'turnStartedAt', s.turn_started_at,
             'deadlineAt', s.deadline_at, 'reminderAt', s.reminder_at, 'reminded', s.reminded,
             'reserveSeconds', s.reserve_seconds) ORDER BY s.index)
           FROM seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = g.id), '[]') AS seats
    FROM games g`;

type JsonSeat = Omit<SeatRow, 'turnStartedAt' | 'deadlineAt' | 'reminderAt'> & {
  turnStartedAt: string | null;
  deadlineAt: string | null;
  reminderAt: string | null;
};

/** The game a move is judged on, when the service has no cached row: prepared like the append. */
export const GAME_BY_ID = `${GAME_WITH_SEATS} WHERE g.id = $1`;

const toDate = (value: string | null): Date | null => (value === null ? null : new Date(value));

export type JsonGame = Omit<GameRow, 'seats'> & { seats: JsonSeat[] };

export function fromJsonGame(game: JsonGame): GameRow {
  return {
    ...game,
    seats: game.seats.map((s) => ({ ...s, turnStartedAt: toDate(s.turnStartedAt), deadlineAt: toDate(s.deadlineAt), reminderAt: toDate(s.reminderAt) })),
  };
}
