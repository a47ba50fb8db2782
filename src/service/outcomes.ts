/** Outcomes around resignations: resigned seats rank last, and one seat left standing wins. */
import type { Outcome, Seat } from '../engine/types.js';
import type { GameRow } from '../store/event-store.js';
import type { GameOutcome } from './types.js';

/** Resigned seats rank last (in one group), whatever their score; winners are the first group left. */
export function withResignations(outcome: Outcome, game: GameRow): GameOutcome {
  const resigned = game.seats.filter((s) => s.resigned).map((s) => s.index);
  if (resigned.length === 0) return { ...outcome, resigned };
  const out = new Set(resigned);
  const ranking = outcome.ranking.map((group) => group.filter((s) => !out.has(s))).filter((g) => g.length > 0);
  return { ...outcome, ranking: [...ranking, resigned], winners: ranking[0] ?? [], resigned };
}

export function resignationOutcome(game: GameRow, standing: readonly Seat[], resigned: ReadonlySet<Seat>): GameOutcome {
  const scores = game.seats.map((s) => (standing.includes(s.index) ? 1 : 0));
  return {
    scores,
    breakdown: scores.map((win) => ({ win })),
    ranking: standing.length > 0 ? [standing, [...resigned]] : [[...resigned]],
    winners: standing,
    resigned: [...resigned],
  };
}
