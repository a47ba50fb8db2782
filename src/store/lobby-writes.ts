/** Writes to games and seats before and around play: creating a game, taking a seat, starting, aborting. */
import type { Database } from './database.js';
import type { Prisma } from '../generated/prisma/client.js';
import { outboxArguments, type OutboxEvents } from './outbox.js';
import { clockUpdateSql, type SeatClockUpdate } from './seat-clocks.js';
import { gameInclude, toGameRow, type GameRow } from './game-rows.js';

/** A new game and its seats, as the lobby creates it. */
export interface NewGame {
  id: string;
  type: string;
  engineVersion: number;
  options: unknown;
  seatCount: number;
  seed: string;
  seedCommitment: string;
  createdById: string;
  seats: readonly { index: number; playerId: string | null; botLevel: string | null }[];
  clock?: unknown;
  /** Initial correspondence reserve of every seat, in seconds. */
  reserveSeconds?: number;
}

export class LobbyWrites {
  constructor(private readonly db: Database) {}

  async createGame(input: NewGame): Promise<GameRow> {
    const game = await this.db.game.create({
      data: {
        id: input.id,
        type: input.type,
        engineVersion: input.engineVersion,
        options: input.options as Prisma.InputJsonValue,
        seatCount: input.seatCount,
        seed: input.seed,
        seedCommitment: input.seedCommitment,
        createdById: input.createdById,
        ...(input.clock ? { clock: input.clock as Prisma.InputJsonValue } : {}),
        seats: {
          create: input.seats.map((s) => ({
            index: s.index,
            playerId: s.playerId,
            botLevel: s.botLevel,
            reserveSeconds: input.reserveSeconds ?? 0,
            joinedAt: s.playerId || s.botLevel ? new Date() : null,
          })),
        },
      },
      include: gameInclude,
    });
    return toGameRow(game);
  }

  /** Takes an empty seat before the start; false when it was taken meanwhile or the game started. */
  async claimSeat(gameId: string, index: number, claim: { playerId: string | null; botLevel: string | null }): Promise<boolean> {
    const updated = await this.db.$executeRaw`
      UPDATE seats SET player_id = ${claim.playerId}::uuid, bot_level = ${claim.botLevel}, joined_at = now()
      WHERE game_id = ${gameId}::uuid AND index = ${index} AND player_id IS NULL AND bot_level IS NULL
        AND EXISTS (SELECT 1 FROM games WHERE id = ${gameId}::uuid AND status = 'waiting')`;
    return updated === 1;
  }

  /** waiting -> aborted; false when the game was not waiting any more. */
  async abort(gameId: string): Promise<boolean> {
    const updated = await this.db.game.updateMany({
      where: { id: gameId, status: 'waiting' },
      data: { status: 'aborted', finishedAt: new Date() },
    });
    return updated.count === 1;
  }

  /** waiting or active -> aborted (the operator's): running deadlines end; false when it had ended already. */
  async abortAny(gameId: string): Promise<boolean> {
    const [updated] = await this.db.$transaction([
      this.db.game.updateMany({ where: { id: gameId, status: { in: ['waiting', 'active'] } }, data: { status: 'aborted', finishedAt: new Date(), toMove: [] } }),
      this.db.seat.updateMany({ where: { gameId, game: { status: 'aborted' } }, data: { turnVersion: null, turnStartedAt: null, deadlineAt: null, reminderAt: null } }),
    ]);
    return updated.count === 1;
  }

  /**
   * waiting -> active with the `game.started` / `turn.started` outbox rows and the first turn clocks,
   * in one statement; null when the game was not waiting any more, else the number of outbox rows written.
   */
  async start(gameId: string, toMove: readonly number[], now: Date, outbox: OutboxEvents, clocks: readonly SeatClockUpdate[] = []): Promise<{ deliveries: number } | null> {
    const [events, ordinals, turnSeats, turnOrdinal, maxEndpoints] = outboxArguments(outbox);
    const rows = await this.db.$queryRaw<{ deliveries: number }[]>`
      WITH bumped AS (
        UPDATE games SET status = 'active', started_at = ${now}, to_move = ${[...toMove]}::int[], turn_started_at = ${now}
         WHERE id = ${gameId}::uuid AND status = 'waiting'
        RETURNING id, version
      ), clocked AS (${clockUpdateSql('bumped', clocks)}
      ), outbox AS (
        SELECT portolan_outbox(id, version, ${now}, ${events}::text[], ${ordinals}::int[], ${turnSeats}::int[], ${turnOrdinal}::int, ${maxEndpoints}::int) AS written
          FROM bumped
      )
      SELECT (SELECT written FROM outbox) AS deliveries FROM bumped`;
    const row = rows[0];
    return row ? { deliveries: row.deliveries } : null;
  }
}
