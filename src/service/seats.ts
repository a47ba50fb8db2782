/** Who sits where: the seat rules the service applies before the engine sees a move. */
import type { Seat, Viewer } from '../engine/types.js';
import type { Commit, Turn } from '../store/commit-feed.js';
import type { GameRow } from '../store/event-store.js';
import { ServiceError } from './errors.js';
import type { Player } from './players.js';
import type { Caller } from './types.js';

/**
 * Seats whose turn starts with a move by `actor` (for `turn.started`): those newly to move. The actor
 * moving again (a multi-step turn) already knows from its move's answer; a resigned seat is the bot's
 * (its former player is told nothing about it any more).
 */
export function turnsStarting(before: GameRow, actor: Seat, toMove: readonly number[], resigning: boolean): number[] {
  return toMove.filter((s) => !(resigning && s === actor) && !before.toMove.includes(s) && !before.seats[s]?.resigned);
}

export function assertActive(game: GameRow): void {
  if (game.status === 'finished') throw new ServiceError('GAME_OVER', 'the game is over');
  if (game.status !== 'active') throw new ServiceError('GAME_NOT_ACTIVE', `the game is ${game.status}`);
}

export const holdsSeat = (playerId: string, game: GameRow, seat: Seat): boolean =>
  game.seats.some((s) => s.index === seat && s.playerId === playerId && !s.resigned);

export const mySeats = (player: Player, game: GameRow): Seat[] =>
  game.seats.filter((s) => s.playerId === player.id && !s.resigned).map((s) => s.index);

/** A seat as far as who may look through it is concerned. */
export interface ViewingSeat {
  readonly index: number;
  readonly playerId: string | null;
  readonly resigned: boolean;
}

/**
 * The one rule for whose eyes a caller reads a game through (views, history, records, webhook bodies,
 * streams, ETags): its first seat there that it still holds; anyone else, and a player whose seat is
 * resigned (a bot plays it on, with its secrets), as a spectator.
 */
export function viewerSeatAmong(callerId: string | null | undefined, seats: readonly ViewingSeat[]): Viewer {
  if (!callerId) return null;
  return seats.find((s) => s.playerId === callerId && !s.resigned)?.index ?? null;
}

export const viewerSeat = (caller: Caller, game: GameRow): Viewer => viewerSeatAmong(caller?.id, game.seats);

/** A commit as the event fan-out announces it: the version, and the players whose seats are now to move. */
export function commitOf(game: GameRow): Commit {
  // A loop, not flatMap: this runs on every commit, and flatMap's per-seat arrays showed in profiles.
  const turns: Turn[] = [];
  for (const seat of game.toMove) {
    const row = game.seats[seat];
    if (row?.playerId && !row.resigned) turns.push({ playerId: row.playerId, seat });
  }
  return { gameId: game.id, seq: game.version, turns };
}
