/** Reads of games, seats and the move log. */
import type pg from 'pg';
import type { Database } from './database.js';
import { Prisma } from '../generated/prisma/client.js';
import type { Commit, Turn } from './commit-feed.js';
import { prepared } from './prepared.js';
import { fromJsonGame, GAME_BY_ID, GAME_WITH_SEATS, gameInclude, toGameRow, type GameRow, type GameStatus, type JsonGame, type MoveKind, type MoveRow } from './game-rows.js';

export class GameQueries {
  constructor(
    private readonly db: Database,
    private readonly pool: pg.Pool,
  ) {}

  async getGame(id: string): Promise<GameRow | null> {
    const { rows } = await this.pool.query<JsonGame>(prepared(GAME_BY_ID, [id]));
    const game = rows[0];
    return game ? fromJsonGame(game) : null;
  }

  /** Several games by id, in the order asked (unknown ids are left out). */
  async getGames(ids: readonly string[]): Promise<GameRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.pool.query<JsonGame>(`${GAME_WITH_SEATS} WHERE g.id = ANY($1::uuid[])`, [ids]);
    const byId = new Map(rows.map((row) => [row.id, fromJsonGame(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async moves(gameId: string, afterSeq: number, limit: number, uptoSeq?: number): Promise<MoveRow[]> {
    const rows = await this.db.move.findMany({
      where: { gameId, seq: { gt: afterSeq, ...(uptoSeq === undefined ? {} : { lte: uptoSeq }) } },
      orderBy: { seq: 'asc' },
      take: limit,
    });
    return rows.map((m) => ({ ...m, kind: m.kind as MoveKind }));
  }

  async latestSnapshot(gameId: string, atOrBefore: number): Promise<{ seq: number; state: unknown } | null> {
    return this.db.snapshot.findFirst({
      where: { gameId, seq: { lte: atOrBefore } },
      orderBy: { seq: 'desc' },
      select: { seq: true, state: true },
    });
  }

  async listGames(filter: {
    type?: string;
    status?: GameStatus;
    playerId?: string;
    after?: { at: Date; id: string };
    limit: number;
  }): Promise<GameRow[]> {
    const games = await this.db.game.findMany({
      where: {
        ...(filter.type ? { type: filter.type } : {}),
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.playerId ? { seats: { some: { playerId: filter.playerId } } } : {}),
        ...(filter.after
          ? {
              OR: [
                { createdAt: { lt: filter.after.at } },
                { createdAt: filter.after.at, id: { lt: filter.after.id } },
              ],
            }
          : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: filter.limit,
      include: gameInclude,
    });
    return games.map(toGameRow);
  }

  /**
   * Active games where one of the player's seats is to move, longest-waiting first (then by id), after
   * the keyset `after` (a turn that never started sorts as the epoch).
   */
  async gamesAwaiting(playerId: string, limit: number, after?: { at: Date; id: string }): Promise<GameRow[]> {
    const waitingSince = Prisma.sql`COALESCE(g.turn_started_at, 'epoch'::timestamptz)`;
    const keyset = after ? Prisma.sql`AND (${waitingSince}, g.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : Prisma.empty;
    const ids = await this.db.$queryRaw<{ id: string }[]>`
      SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id
       WHERE s.player_id = ${playerId}::uuid AND g.status = 'active' AND s.index = ANY(g.to_move) AND NOT s.resigned ${keyset}
       GROUP BY g.id, g.turn_started_at ORDER BY ${waitingSince} ASC, g.id ASC LIMIT ${limit}`;
    const games = await this.db.game.findMany({ where: { id: { in: ids.map((r) => r.id) } }, include: gameInclude });
    const order = new Map(ids.map((r, i) => [r.id, i]));
    return games.map(toGameRow).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  }

  /**
   * What a listener that lost the commit feed may have missed: the current version of each started game
   * in `gameIds`, and of each game of `playerIds` whose turn changed since `since`, with the players to
   * move (only when their turn began since then).
   */
  async commitsSince(gameIds: readonly string[], playerIds: readonly string[], since: Date): Promise<Commit[]> {
    const { rows } = await this.pool.query<{ gameId: string; seq: number; turns: Turn[] }>(
      `SELECT g.id AS "gameId", g.version AS seq,
              COALESCE((SELECT json_agg(json_build_object('playerId', s.player_id, 'seat', s.index) ORDER BY s.index)
                          FROM seats s
                         WHERE s.game_id = g.id AND s.player_id IS NOT NULL AND NOT s.resigned
                           AND s.index = ANY(g.to_move) AND g.turn_started_at >= $3), '[]') AS turns
         FROM games g
        WHERE g.status IN ('active', 'finished')
          AND (g.id = ANY($1::uuid[])
               OR (g.turn_started_at >= $3 AND EXISTS (SELECT 1 FROM seats p WHERE p.game_id = g.id AND p.player_id = ANY($2::uuid[]))))`,
      [gameIds, playerIds, since],
    );
    return rows;
  }

  /** Active games with a seat a server-side bot must play (bots and resigned seats), for the bot driver. */
  async gamesWithBotTurns(): Promise<string[]> {
    const rows = await this.db.$queryRaw<{ id: string }[]>`
      SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id
       WHERE g.status = 'active' AND s.index = ANY(g.to_move) AND (s.bot_level IS NOT NULL OR s.resigned)`;
    return rows.map((r) => r.id);
  }
}
