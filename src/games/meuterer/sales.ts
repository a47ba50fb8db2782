/** Phase 5b: valid sales allocations (D11) and the majority scoring of each active island (§3.5). */
import type { Seat } from '../../engine/types.js';
import { GOODS, type Card, type Good } from './data.js';
import { accepts, islandAt } from './rules.js';
import type { MeutererState, PlayerState, Sale } from './types.js';

/** Countable cards per good (§3.5 5b item 2): conflict and pirate cards never count. */
export function goodsCounts(cards: readonly Card[]): Map<Good, number> {
  const counts = new Map<Good, number>();
  for (const card of cards) {
    if (card === 'conflict' || card === 'pirate') continue;
    counts.set(card, (counts.get(card) ?? 0) + 1);
  }
  return counts;
}

function acceptedGoods(state: MeutererState, position: number, counts: Map<Good, number>): Good[] {
  const island = islandAt(state, position);
  return GOODS.filter((g) => (counts.get(g) ?? 0) > 0 && accepts(island, g));
}

/** D11: a player has a choice when two islands are active and he holds a good both accept. */
export function hasChoice(state: MeutererState, seat: Seat): boolean {
  const [first, second] = state.active;
  if (first === undefined || second === undefined) return false;
  const counts = goodsCounts((state.players[seat] as PlayerState).faceUp);
  const atSecond = acceptedGoods(state, second, counts);
  return acceptedGoods(state, first, counts).some((g) => atSecond.includes(g));
}

/**
 * D11 automatic allocation for a player without a choice: at each active island the accepted good he
 * has most of (the first in GOODS order on equal counts, which scores the same).
 */
export function autoAllocation(state: MeutererState, seat: Seat): Sale[] {
  const counts = goodsCounts((state.players[seat] as PlayerState).faceUp);
  const sales: Sale[] = [];
  for (const island of state.active) {
    let best: Good | null = null;
    for (const good of acceptedGoods(state, island, counts)) {
      if (best === null || (counts.get(good) ?? 0) > (counts.get(best) ?? 0)) best = good;
    }
    if (best !== null) sales.push({ island, good: best, count: counts.get(best) ?? 0 });
  }
  return sales;
}

/**
 * Every valid allocation for `seat` (§3.5 5b item 4, D11): one good (or nothing) per active island,
 * all cards of an assigned good counted, one good at both islands split a + b with a, b ≥ 1, and an
 * island left empty only if none of his unassigned goods is accepted there. Sales are listed in the
 * order of `state.active`.
 */
export function allocationOptions(state: MeutererState, seat: Seat): Sale[][] {
  const counts = goodsCounts((state.players[seat] as PlayerState).faceUp);
  const [first, second] = state.active;
  if (first === undefined) return [[]];
  const atFirst = acceptedGoods(state, first, counts);
  if (second === undefined) return atFirst.length === 0 ? [[]] : atFirst.map((good) => [sale(first, good, counts)]);
  const atSecond = acceptedGoods(state, second, counts);
  const options: Sale[][] = [];
  for (const a of [...atFirst, null]) {
    for (const b of [...atSecond, null]) {
      // An island may stay empty only if no unassigned good it accepts remains.
      if (a === null && atFirst.some((g) => g !== b)) continue;
      if (b === null && atSecond.some((g) => g !== a)) continue;
      if (a !== null && a === b) {
        const n = counts.get(a) ?? 0;
        for (let k = 1; k < n; k++) options.push([{ island: first, good: a, count: k }, { island: second, good: a, count: n - k }]);
        continue;
      }
      const sales: Sale[] = [];
      if (a !== null) sales.push(sale(first, a, counts));
      if (b !== null) sales.push(sale(second, b, counts));
      options.push(sales);
    }
  }
  return options;
}

function sale(island: number, good: Good, counts: Map<Good, number>): Sale {
  return { island, good, count: counts.get(good) ?? 0 };
}

/** A canonical text for comparing allocations, independent of entry order. */
export function salesKey(state: MeutererState, sales: readonly Sale[]): string {
  return sales
    .map((s) => `${state.active.indexOf(s.island)}:${s.island}:${s.good}:${s.count}`)
    .sort()
    .join('|');
}

/**
 * §3.5 item 6 with D12 and D13: at each active island the players with the most cards share its VP
 * table by tie size (sole, 2-tie, 3-tie; a four-way tie scores nothing); the merchant in the top group
 * takes the sole value instead. Returns VP per seat and per active island.
 */
export function islandVp(state: MeutererState, salesBySeat: readonly (readonly Sale[])[], merchant: Seat | null): number[][] {
  return state.active.map((island) => {
    const counts = salesBySeat.map((sales) => sales.reduce((n, s) => (s.island === island ? n + s.count : n), 0));
    const top = Math.max(...counts);
    const vp = counts.map(() => 0);
    if (top === 0) return vp;
    const tied = counts.flatMap((c, seat) => (c === top ? [seat] : []));
    const values = islandAt(state, island).values;
    const tieValue = values[tied.length - 1];
    if (tieValue === undefined) return vp;
    for (const seat of tied) vp[seat] = seat === merchant ? values[0] : tieValue;
    return vp;
  });
}
