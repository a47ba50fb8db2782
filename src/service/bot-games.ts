/**
 * Budgets of bot work a player can set going. Two requests start a game with a bot in every seat, which
 * then plays itself to the end at the server's expense: running games of that kind are capped per player
 * (all of their tokens together) and in all, checked when such a game starts. Every game's length is capped
 * too (`maxMovesPerGame`, enforced where moves are committed), so that no game, bot-only or not, runs forever.
 */
import type pg from 'pg';
import { countBotOnlyGames } from '../store/bot-games.js';
import { ServiceError } from './errors.js';

export interface BotGameCaps {
  /** Running bot-only games one player may have started. */
  readonly perPlayer: number;
  /** Running bot-only games on the whole service. */
  readonly total: number;
}

export const DEFAULT_BOT_GAME_CAPS: BotGameCaps = { perPlayer: 3, total: 100 };

/** Generous: a long game of any hosted type ends in well under a thousand moves. */
export const DEFAULT_MAX_MOVES_PER_GAME = 50_000;

interface StartingGame {
  readonly createdById: string | null;
  readonly seats: readonly { readonly botLevel: string | null }[];
}

export class BotGames {
  constructor(
    private readonly pool: pg.Pool,
    private readonly caps: BotGameCaps,
  ) {}

  /** Refuses to start a game with a bot in every seat when its creator, or the service, has enough running. */
  async assertCanStart(game: StartingGame): Promise<void> {
    if (game.createdById === null || !game.seats.every((seat) => seat.botLevel !== null)) return;
    const { mine, total } = await countBotOnlyGames(this.pool, game.createdById);
    if (mine >= this.caps.perPlayer) {
      throw new ServiceError(
        'TOO_MANY_BOT_GAMES',
        `you already have ${mine} running games played only by bots (at most ${this.caps.perPlayer}); wait for one to end`,
      );
    }
    if (total >= this.caps.total) {
      throw new ServiceError(
        'TOO_MANY_BOT_GAMES',
        `the server already runs ${total} games played only by bots; try again later`,
      );
    }
  }
}

/** Refuses a move past the game's length cap (resignations, which can only end a game, are not moves). */
export function assertMoveAllowed(movesSoFar: number, max: number | undefined): void {
  if (max !== undefined && movesSoFar >= max) {
    throw new ServiceError(
      'MOVE_LIMIT_REACHED',
      `this game has reached the limit of ${max} moves; it can still be resigned or ended by the operator`,
    );
  }
}
