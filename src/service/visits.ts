/**
 * Since your last visit: the latest version of each game a seated player has read (their own view of the
 * current state, GET /v1/games/:id/state or GraphQL's `view`), so a client can show the moves made since,
 * and the caller's games with moves they have not seen yet. A read records its version without delaying
 * the answer; the recorded version only ever goes up.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../store/database.js';
import { ServiceError } from './errors.js';
import type { GameService } from './game-service.js';
import type { Caller } from './types.js';

export interface LastSeen {
  readonly gameId: string;
  readonly version: number;
  /** The latest version the caller read; null: never. */
  readonly seenVersion: number | null;
  /** Moves made since (the whole game when never read). */
  readonly unseen: number;
  /** Whether one of the caller's seats is to move. */
  readonly myTurn: boolean;
}

export class VisitService {
  constructor(
    private readonly db: Database,
    private readonly games: GameService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The game service's read hook: remembers `version` for the player (in the background). */
  viewed = (playerId: string, gameId: string, version: number): void => {
    this.db.$executeRaw`
      INSERT INTO game_visits (player_id, game_id, seen_version, seen_at) VALUES (${playerId}::uuid, ${gameId}::uuid, ${version}, now())
      ON CONFLICT (player_id, game_id) DO UPDATE SET seen_version = GREATEST(game_visits.seen_version, EXCLUDED.seen_version), seen_at = now()`
      .catch((err: unknown) => this.log.warn({ err, gameId }, 'recording a visit failed'));
  };

  async lastSeen(caller: Caller, gameId: string): Promise<LastSeen> {
    if (!caller) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token');
    const game = await this.games.getGame(gameId);
    const seats = game.seats.filter((s) => s.player?.id === caller.id).map((s) => s.index);
    if (seats.length === 0) throw new ServiceError('NOT_IN_GAME', 'you hold no seat in this game');
    const visit = await this.db.gameVisit.findUnique({ where: { playerId_gameId: { playerId: caller.id, gameId } } });
    const seen = visit?.seenVersion ?? null;
    return { gameId, version: game.version, seenVersion: seen, unseen: Math.max(0, game.version - (seen ?? 0)), myTurn: game.toMove.some((s) => seats.includes(s)) };
  }

  /** The caller's started games with moves they have not read, most recently moved first (at most 100). */
  async unseen(caller: Caller): Promise<LastSeen[]> {
    if (!caller) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token');
    const rows = await this.db.$queryRaw<{ id: string; version: number; seen: number | null; my_turn: boolean }[]>`
      SELECT g.id, g.version, v.seen_version AS seen,
             EXISTS (SELECT 1 FROM seats t WHERE t.game_id = g.id AND t.player_id = ${caller.id}::uuid AND t.index = ANY(g.to_move)) AS my_turn
        FROM games g
        LEFT JOIN game_visits v ON v.game_id = g.id AND v.player_id = ${caller.id}::uuid
       WHERE g.status IN ('active', 'finished') AND g.version > COALESCE(v.seen_version, 0)
         AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.player_id = ${caller.id}::uuid)
       ORDER BY g.turn_started_at DESC NULLS LAST, g.id LIMIT 100`;
    return rows.map((r) => ({ gameId: r.id, version: r.version, seenVersion: r.seen, unseen: r.version - (r.seen ?? 0), myTurn: r.my_turn }));
  }
}
