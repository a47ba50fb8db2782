/**
 * Counts of running games that only bots play (every seat a bot's, or resigned and so played by the bot):
 * what the caps on such games (src/service/bot-games.ts) compare with.
 */
import type pg from 'pg';

const COUNT = `
  SELECT count(*) FILTER (WHERE g.created_by = $1::uuid)::int AS mine, count(*)::int AS total
    FROM games g
   WHERE g.status = 'active'
     AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.player_id IS NOT NULL AND NOT s.resigned)`;

/** Running bot-only games started by `playerId`, and in all. */
export async function countBotOnlyGames(pool: pg.Pool, playerId: string): Promise<{ mine: number; total: number }> {
  const { rows } = await pool.query<{ mine: number; total: number }>(COUNT, [playerId]);
  return rows[0] ?? { mine: 0, total: 0 };
}
