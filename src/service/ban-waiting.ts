/**
 * What a ban does to the banned player's games that have not started (status `waiting`), as the players
 * waiting in them would expect:
 * - a game it created is cancelled (aborted): only the creator may start a game, so it would wait forever,
 *   and its other players are better told at once that it will not happen;
 * - in another player's game its seats are freed, so that someone else may join and the creator can still
 *   start it. The game's listeners hear of the change as of any seating change.
 *
 * A start that checked the seats just before they were freed can still win the race and start the game
 * with the freed seat empty; such a seat is then resigned for the operator, so the game's bot plays it, as
 * in any active game of a banned player.
 */
import type { Database } from '../store/database.js';
import type { GameService } from './game-service.js';

export type WaitingBanAction = 'cancelled' | 'seat-freed';

/** The player's waiting games: those it created, and those where it holds a seat. */
export async function waitingGamesOf(db: Database, playerId: string): Promise<{ id: string; createdById: string }[]> {
  return db.game.findMany({
    where: { status: 'waiting', OR: [{ createdById: playerId }, { seats: { some: { playerId } } }] },
    select: { id: true, createdById: true },
    orderBy: { id: 'asc' },
  });
}

/**
 * Cancels the game or frees the player's seats in it; null when the game was no longer waiting when this
 * got to it (it started or was aborted meanwhile: the caller treats it as the active game it became).
 */
export async function leaveWaitingGame(
  db: Database,
  games: GameService,
  game: { id: string; createdById: string },
  playerId: string,
): Promise<WaitingBanAction | null> {
  if (game.createdById === playerId) {
    const cancelled = await db.game.updateMany({
      where: { id: game.id, status: 'waiting' },
      data: { status: 'aborted', finishedAt: new Date() },
    });
    if (cancelled.count === 0) return null;
    await games.announceSeating(game.id);
    return 'cancelled';
  }
  // The game's row is locked so that this waits for (or holds off) a join or start being written.
  const freed = await db.$queryRaw<{ index: number }[]>`
    WITH game AS (SELECT id FROM games WHERE id = ${game.id}::uuid AND status = 'waiting' FOR UPDATE)
    UPDATE seats SET player_id = NULL, joined_at = NULL
      FROM game WHERE seats.game_id = game.id AND seats.player_id = ${playerId}::uuid
    RETURNING seats.index`;
  if (freed.length === 0) return null;
  const after = await games.getGame(game.id);
  if (after.status === 'active') {
    // A start won the race after checking the seats: the freed seats pass to the game's bot.
    for (const index of freed.map((f) => f.index).sort((a, b) => a - b)) {
      await games.resignForOperator(game.id, index, 'was banned; a bot plays the seat');
    }
    return 'seat-freed';
  }
  await games.announceSeating(game.id);
  return 'seat-freed';
}
