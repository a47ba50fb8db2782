/**
 * Plays the turns of server-side bots and of resigned seats, through the same service path as a
 * player's move (so the log, subscriptions and webhooks see ordinary moves). One chain of work per
 * game keeps a game's bot moves in order; games run side by side.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { GameRow } from '../store/event-store.js';
import type { GameService } from './game-service.js';
import { ServiceError } from './errors.js';

/** A safety valve: a game whose bots make this many moves in one run yields to others and resumes. */
const MOVES_PER_RUN = 10_000;

export class BotDriver {
  private readonly running = new Map<string, Promise<void>>();
  /** Games kicked while a run was already under way: that run may have looked before the new commit. */
  private readonly again = new Set<string>();
  private stopped = false;

  constructor(
    private readonly games: GameService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Called after every commit: starts a run when a bot (or resigned) seat is to move. */
  onCommitted = (game: GameRow): void => {
    if (game.status !== 'active' || this.stopped) return;
    const botToMove = game.toMove.some((seat) => {
      const row = game.seats[seat];
      return row !== undefined && (row.botLevel !== null || row.resigned);
    });
    if (botToMove) this.kick(game.id);
  };

  kick(gameId: string): void {
    if (this.stopped) return;
    if (this.running.has(gameId)) {
      this.again.add(gameId);
      return;
    }
    const run = this.run(gameId).finally(() => {
      this.running.delete(gameId);
      if (this.again.delete(gameId)) this.kick(gameId);
    });
    this.running.set(gameId, run);
  }

  /** Resolves when no bot has anything left to play (tests wait on it instead of sleeping). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled(this.running.values());
  }

  private async run(gameId: string): Promise<void> {
    // Let the commit that triggered us answer its caller first.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      for (let i = 0; i < MOVES_PER_RUN && !this.stopped; i++) {
        if (!(await this.games.playBotTurn(gameId))) return;
      }
    } catch (error) {
      // A game at its move limit waits for a resignation or the operator: expected, not a fault.
      if (error instanceof ServiceError && error.code === 'MOVE_LIMIT_REACHED') this.log.warn({ gameId }, 'bot stopped: the game reached its move limit');
      else this.log.error({ err: error, gameId }, 'bot move failed');
    }
  }
}
