/**
 * Finished games' results and ratings (projections of the log), and the archive queries that read them.
 * The projector takes finished games in order of finishing (finished_at, id) under one advisory lock,
 * so every instance applies ratings in the same order and a rebuild from scratch gives the same numbers.
 */
import type pg from 'pg';
import type { FinishedGame, RatingRow, ResultRow, SeatResult, StoredRating } from './result-rows.js';
import type { GameStatus } from './event-store.js';

/** Serialises projections across instances (an arbitrary constant: "results" in a 32-bit key). */
const PROJECTOR_LOCK = 0x7265_7375;

export interface ArchiveFilter {
  readonly playerId: string;
  readonly type?: string | undefined;
  readonly status: GameStatus;
  readonly result?: string | undefined;
  readonly opponent?: string | undefined;
  readonly since?: Date | undefined;
  readonly until?: Date | undefined;
  readonly after?: { readonly at: Date; readonly id: string; readonly seat: number } | undefined;
  readonly limit: number;
}

export interface ArchiveRow {
  readonly gameId: string;
  readonly seat: number;
  /** finished_at for finished games, created_at otherwise: the archive's order and its cursor. */
  readonly at: Date;
  readonly result: { readonly rank: number; readonly score: number; readonly result: SeatResult } | null;
}

export interface TypeStatistics {
  readonly gameType: string;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly averageScore: number;
  readonly averageRank: number;
}

export interface LeaderboardRow extends RatingRow {
  readonly playerName: string | null;
}

/** The projection of one game (the service's); `O` is the stored outcome's shape, which only it reads. */
type Compute<O> = (game: FinishedGame<O>, ratings: ReadonlyMap<string, StoredRating>) => { results: ResultRow[]; ratings: RatingRow[] };

export class ResultsStore {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Projects the oldest finished game not yet projected, in one transaction: its seats' results, its
   * subjects' new ratings, and the mark that it is done. False when nothing was waiting.
   */
  async projectNext<O>(compute: Compute<O>, subjectsOf: (game: FinishedGame<O>) => string[]): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [PROJECTOR_LOCK]);
      const game = await nextFinished<O>(client);
      if (!game) {
        await client.query('COMMIT');
        return false;
      }
      const { rows } = await client.query<{ subject: string; mu: number; sigma: number; games: number }>(
        'SELECT subject, mu, sigma, games FROM ratings WHERE game_type = $1 AND subject = ANY($2::text[])',
        [game.type, subjectsOf(game)],
      );
      const computed = compute(game, new Map(rows.map((r) => [r.subject, r])));
      await insertResults(client, game, computed.results);
      await upsertRatings(client, game, computed.ratings);
      await client.query('UPDATE games SET results_at = now() WHERE id = $1', [game.id]);
      await client.query('COMMIT');
      return true;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Forgets every projection (ratings:rebuild), under the projector's lock. */
  async resetProjections(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [PROJECTOR_LOCK]);
      await client.query('DELETE FROM ratings');
      await client.query('DELETE FROM game_results');
      await client.query('UPDATE games SET results_at = NULL WHERE results_at IS NOT NULL');
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async playerExists(playerId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM players WHERE id = $1', [playerId]);
    return (rowCount ?? 0) > 0;
  }

  /** One page of a player's games, newest first: finished ones from game_results, others from seats. */
  async archive(filter: ArchiveFilter): Promise<ArchiveRow[]> {
    return filter.status === 'finished' ? finishedPage(this.pool, filter) : otherPage(this.pool, filter);
  }

  async statistics(playerId: string): Promise<TypeStatistics[]> {
    const { rows } = await this.pool.query<TypeStatistics>(
      `SELECT game_type AS "gameType", count(*)::int AS games,
              (count(*) FILTER (WHERE result = 'win'))::int AS wins,
              (count(*) FILTER (WHERE result = 'draw'))::int AS draws,
              avg(score)::float8 AS "averageScore", avg(rank)::float8 AS "averageRank"
         FROM game_results WHERE player_id = $1 GROUP BY game_type ORDER BY game_type`,
      [playerId],
    );
    return rows;
  }

  async ratingsOf(playerId: string): Promise<(RatingRow & { gameType: string })[]> {
    const { rows } = await this.pool.query<RatingRow & { gameType: string }>(
      `SELECT game_type AS "gameType", subject, player_id AS "playerId", bot_level AS "botLevel", mu, sigma, ordinal, games
         FROM ratings WHERE player_id = $1 ORDER BY game_type`,
      [playerId],
    );
    return rows;
  }

  async leaderboard(gameType: string, after: { ordinal: number; subject: string } | undefined, limit: number): Promise<LeaderboardRow[]> {
    const { rows } = await this.pool.query<LeaderboardRow>(
      `SELECT r.subject, r.player_id AS "playerId", r.bot_level AS "botLevel", r.mu, r.sigma, r.ordinal, r.games,
              p.name AS "playerName"
         FROM ratings r LEFT JOIN players p ON p.id = r.player_id
        WHERE r.game_type = $1 AND ($2::float8 IS NULL OR (r.ordinal, r.subject) < ($2, $3::text))
        ORDER BY r.ordinal DESC, r.subject DESC LIMIT $4`,
      [gameType, after?.ordinal ?? null, after?.subject ?? null, limit],
    );
    return rows;
  }
}

async function nextFinished<O>(client: pg.PoolClient): Promise<FinishedGame<O> | null> {
  const { rows } = await client.query<{ id: string; type: string; seatCount: number; finishedAt: Date; outcome: O }>(
    `SELECT id, type, seat_count AS "seatCount", finished_at AS "finishedAt", outcome FROM games
      WHERE status = 'finished' AND results_at IS NULL ORDER BY finished_at, id LIMIT 1 FOR UPDATE`,
  );
  const game = rows[0];
  if (!game) return null;
  const seats = await client.query<FinishedGame['seats'][number]>(
    `SELECT index, player_id AS "playerId", bot_level AS "botLevel", resigned FROM seats WHERE game_id = $1 ORDER BY index`,
    [game.id],
  );
  return { ...game, seats: seats.rows };
}

async function insertResults(client: pg.PoolClient, game: FinishedGame, results: readonly ResultRow[]): Promise<void> {
  if (results.length === 0) return;
  await client.query(
    `INSERT INTO game_results (game_id, seat, game_type, player_id, bot_level, finished_at, seat_count, rank, score, result, resigned)
     SELECT $1, r.seat, $2, r."playerId", r."botLevel", $3, $4, r.rank, r.score, r.result, r.resigned
       FROM jsonb_to_recordset($5::jsonb) AS r(seat int, "playerId" uuid, "botLevel" text, rank int, score float8, result text, resigned boolean)`,
    [game.id, game.type, game.finishedAt, game.seatCount, JSON.stringify(results)],
  );
}

async function upsertRatings(client: pg.PoolClient, game: FinishedGame, ratings: readonly RatingRow[]): Promise<void> {
  if (ratings.length === 0) return;
  await client.query(
    `INSERT INTO ratings (game_type, subject, player_id, bot_level, mu, sigma, ordinal, games, updated_at)
     SELECT $1, r.subject, r."playerId", r."botLevel", r.mu, r.sigma, r.ordinal, r.games, $2
       FROM jsonb_to_recordset($3::jsonb) AS r(subject text, "playerId" uuid, "botLevel" text, mu float8, sigma float8, ordinal float8, games int)
     ON CONFLICT (game_type, subject) DO UPDATE
       SET mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games, updated_at = excluded.updated_at`,
    [game.type, game.finishedAt, JSON.stringify(ratings)],
  );
}

async function finishedPage(pool: pg.Pool, f: ArchiveFilter): Promise<ArchiveRow[]> {
  const { rows } = await pool.query<{ gameId: string; seat: number; at: Date; rank: number; score: number; result: SeatResult }>(
    `SELECT r.game_id AS "gameId", r.seat, r.finished_at AS at, r.rank, r.score, r.result
       FROM game_results r
      WHERE r.player_id = $1
        AND ($2::text IS NULL OR r.game_type = $2)
        AND ($3::text IS NULL OR r.result = $3)
        AND ($4::uuid IS NULL OR EXISTS (SELECT 1 FROM game_results o WHERE o.game_id = r.game_id AND o.player_id = $4 AND o.seat <> r.seat))
        AND ($5::timestamptz IS NULL OR r.finished_at >= $5)
        AND ($6::timestamptz IS NULL OR r.finished_at < $6)
        AND ($7::timestamptz IS NULL OR (r.finished_at, r.game_id, r.seat) < ($7, $8::uuid, $9::int))
      ORDER BY r.finished_at DESC, r.game_id DESC, r.seat DESC LIMIT $10`,
    [f.playerId, f.type ?? null, f.result ?? null, f.opponent ?? null, f.since ?? null, f.until ?? null, f.after?.at ?? null, f.after?.id ?? null, f.after?.seat ?? null, f.limit],
  );
  return rows.map(({ rank, score, result, ...row }) => ({ ...row, result: { rank, score, result } }));
}

async function otherPage(pool: pg.Pool, f: ArchiveFilter): Promise<ArchiveRow[]> {
  const { rows } = await pool.query<{ gameId: string; seat: number; at: Date }>(
    `SELECT g.id AS "gameId", s.index AS seat, g.created_at AS at
       FROM seats s JOIN games g ON g.id = s.game_id
      WHERE s.player_id = $1 AND g.status = $2::"GameStatus"
        AND ($3::text IS NULL OR g.type = $3)
        AND ($4::uuid IS NULL OR EXISTS (SELECT 1 FROM seats o WHERE o.game_id = g.id AND o.player_id = $4 AND o.index <> s.index))
        AND ($5::timestamptz IS NULL OR g.created_at >= $5)
        AND ($6::timestamptz IS NULL OR g.created_at < $6)
        AND ($7::timestamptz IS NULL OR (g.created_at, g.id, s.index) < ($7, $8::uuid, $9::int))
      ORDER BY g.created_at DESC, g.id DESC, s.index DESC LIMIT $10`,
    [f.playerId, f.status, f.type ?? null, f.opponent ?? null, f.since ?? null, f.until ?? null, f.after?.at ?? null, f.after?.id ?? null, f.after?.seat ?? null, f.limit],
  );
  return rows.map((row) => ({ ...row, result: null }));
}
