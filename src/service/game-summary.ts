/** A game's public summary, built from its row. */
import type { GameRow } from '../store/event-store.js';
import { readClock } from '../store/clock.js';
import type { GameOutcome, GameSummary } from './types.js';

/** A game as the API shows it: the seed only once the game is over, running deadlines, the outcome. */
export function summarize(game: GameRow): GameSummary {
  const over = game.status === 'finished' || game.status === 'aborted';
  return {
    id: game.id,
    type: game.type,
    engineVersion: game.engineVersion,
    status: game.status,
    version: game.version,
    options: game.options,
    seatCount: game.seatCount,
    seats: game.seats.map((s) => ({
      index: s.index,
      player: s.playerId ? { id: s.playerId, name: s.playerName ?? '' } : null,
      bot: s.botLevel,
      resigned: s.resigned,
    })),
    toMove: game.toMove,
    createdBy: game.createdById,
    createdAt: game.createdAt.toISOString(),
    startedAt: game.startedAt?.toISOString() ?? null,
    finishedAt: game.finishedAt?.toISOString() ?? null,
    turnStartedAt: game.status === 'active' ? (game.turnStartedAt?.toISOString() ?? null) : null,
    seedCommitment: game.seedCommitment,
    seed: over ? game.seed : null,
    outcome: (game.outcome as GameOutcome | null) ?? null,
    clock: readClock(game.clock),
    deadlines: game.status === 'active'
      ? game.seats.flatMap((s) => (s.deadlineAt
        ? [{ seat: s.index, turnVersion: s.turnVersion ?? 0, deadlineAt: s.deadlineAt.toISOString(), reminderAt: s.reminderAt?.toISOString() ?? null, reserveSeconds: s.reserveSeconds }]
        : []))
      : [],
  };
}
