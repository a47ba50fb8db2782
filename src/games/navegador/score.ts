/** §6.3 scoring: the King's privilege, the VP formula, and the tie-break walking right from the card. */
import type { Outcome } from '../../engine/types.js';
import { CASH_PER_VP, COLUMNS, COLUMN_BASE_VP, COLUMN_TOKEN_VP, SLOTS_PER_COLUMN, type Column } from './data.js';
import { achievements, shipsOnBoard } from './rules.js';
import type { NavegadorState, PlayerState } from './types.js';

/**
 * §6.3 step 1 (decision: our edition): the King's privilege goes to the non-full column giving the most
 * VP, the leftmost on a tie; nowhere when all five columns are full.
 */
export function kingPlacement(player: PlayerState): { column: Column | null; vp: number } {
  let best: { column: Column | null; vp: number } = { column: null, vp: 0 };
  COLUMNS.forEach((column, c) => {
    if ((player.privileges[c] as number) >= SLOTS_PER_COLUMN) return;
    const vp = achievements(player, column) * COLUMN_TOKEN_VP[column];
    if (best.column === null || vp > best.vp) best = { column, vp };
  });
  return best;
}

/** §6.3 step 2, with the breakdown of step 4. `kingColumn` is the COLUMNS index, -1 when not placed. */
export function scoreBreakdown(player: PlayerState): Record<string, number> {
  const king = kingPlacement(player);
  const breakdown: Record<string, number> = {
    workers: player.workers,
    ships: shipsOnBoard(player),
    cash: Math.floor(player.cash / CASH_PER_VP),
  };
  COLUMNS.forEach((column, c) => {
    const multiplier = COLUMN_BASE_VP[column] + (player.privileges[c] as number) * COLUMN_TOKEN_VP[column];
    breakdown[column] = achievements(player, column) * multiplier + (king.column === column ? king.vp : 0);
  });
  breakdown.kingColumn = king.column === null ? -1 : COLUMNS.indexOf(king.column);
  breakdown.kingVp = king.vp;
  breakdown.total = ['workers', 'ships', 'cash', ...COLUMNS].reduce((sum, key) => sum + (breakdown[key] as number), 0);
  return breakdown;
}

/** §6.3 step 3: VP descending; ties go to the card holder, then walking right from him. */
export function ranking(state: NavegadorState, scores: readonly number[]): number[][] {
  const holder = state.navegador.holder;
  const walk = (seat: number): number => (holder - seat + state.seats) % state.seats;
  const order = scores.map((_, seat) => seat).sort((a, b) => (scores[b] as number) - (scores[a] as number) || walk(a) - walk(b));
  return order.map((seat) => [seat]);
}

export function outcome(state: NavegadorState): Outcome | null {
  if (!state.finished) return null;
  const breakdown = state.players.map(scoreBreakdown);
  const scores = breakdown.map((b) => b.total as number);
  const ranks = ranking(state, scores);
  return { scores, breakdown, ranking: ranks, winners: ranks[0] ?? [] };
}
