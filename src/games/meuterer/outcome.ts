/** The result of a finished Meuterer game. */
import type { Outcome, Seat } from '../../engine/types.js';
import type { MeutererState } from './types.js';

/** §5 with D17: the most VP wins; ties share a place (standard competition ranking), no tie-break. */
export function outcome(state: MeutererState): Outcome | null {
  if (state.phase !== 'gameOver') return null;
  const scores = state.players.map((p) => p.score);
  const distinctScores = [...new Set(scores)].sort((a, b) => b - a);
  const ranking: Seat[][] = distinctScores.map((score) => scores.flatMap((s, seat) => (s === score ? [seat] : [])));
  return {
    scores,
    breakdown: state.players.map((p) => ({ ...p.breakdown })),
    ranking,
    winners: ranking[0] ?? [],
  };
}
