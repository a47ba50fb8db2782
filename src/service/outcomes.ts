/** Outcomes around resignations: resigned seats rank last, and one seat left standing wins. */
import type { Outcome, Seat } from '../engine/types.js';
import type { GameOutcome } from './types.js';

/** The seats an outcome needs: which resigned (a game row, or a record being replayed). */
interface SeatsOf {
  readonly seats: readonly { readonly index: number; readonly resigned: boolean }[];
}

/** Resigned seats rank last (in one group), whatever their score; winners are the first group left. */
export function withResignations(outcome: Outcome, game: SeatsOf): GameOutcome {
  const resigned = game.seats.filter((s) => s.resigned).map((s) => s.index);
  if (resigned.length === 0) return { ...outcome, resigned };
  const out = new Set(resigned);
  const ranking = outcome.ranking.map((group) => group.filter((s) => !out.has(s))).filter((g) => g.length > 0);
  return { ...outcome, ranking: [...ranking, resigned], winners: ranking[0] ?? [], resigned };
}

export function resignationOutcome(game: SeatsOf, standing: readonly Seat[], resigned: ReadonlySet<Seat>): GameOutcome {
  const scores = game.seats.map((s) => (standing.includes(s.index) ? 1 : 0));
  return {
    scores,
    breakdown: scores.map((win) => ({ win })),
    ranking: standing.length > 0 ? [standing, [...resigned]] : [[...resigned]],
    winners: standing,
    resigned: [...resigned],
  };
}
