/**
 * Bots. `random` plays a uniform legal move; `greedy` follows simple heuristics that use only what its
 * seat may know (own cards, public table, its own role; never the deck or other hands).
 */
import { Random, createRng } from '../../engine/random.js';
import type { Bot, BotInput, Seat } from '../../engine/types.js';
import { GOODS, ISLAND_COUNT, type CaptainCardValue, type Card, type Good, type Role } from './data.js';
import { legalMoves } from './moves.js';
import { sideStrengths } from './mutiny.js';
import { accepts, clockwise, countCards, islandAt } from './rules.js';
import { goodsCounts, islandVp } from './sales.js';
import type { MeutererMove, MeutererState, PlayerState, Sale } from './types.js';

const BOT_LEVELS = ['random', 'greedy'] as const;

export const bot: Bot<MeutererState, MeutererMove> = {
  levels: BOT_LEVELS,
  choose(state: MeutererState, seat: Seat, input: BotInput): MeutererMove {
    const legal = legalMoves(state, seat);
    const rng = new Random(createRng(input.seed));
    if (input.level !== 'greedy' || legal.length === 1) return rng.pick(legal);
    return greedy(state, seat, legal) ?? rng.pick(legal);
  },
};

function me(state: MeutererState, seat: Seat): PlayerState {
  return state.players[seat] as PlayerState;
}

function greedy(state: MeutererState, seat: Seat, legal: readonly MeutererMove[]): MeutererMove | null {
  switch (state.phase) {
    case 'captainCard':
      return { type: 'setCaptainCard', value: captainCardValue(state, seat) };
    case 'offer':
      return offerOrPass(state, seat);
    case 'chooseAction':
      return { type: 'chooseAction', role: bestRole(state, seat) };
    case 'mutiny':
      return { type: 'playConflict', count: conflictsToPlay(state, seat) };
    case 'allocate':
      return bestBy(legal, (m) => (m.type === 'allocateSales' ? ownSalesVp(state, seat, m.sales) : -Infinity));
    case 'loadingClerk':
      return bestBy(legal, (m) => (m.type === 'keepCards' ? handValue([...me(state, seat).hand, ...m.cards]) : -Infinity));
    case 'gameOver':
      return null;
  }
}

function bestBy<T>(items: readonly T[], value: (item: T) => number): T | null {
  let best: T | null = null;
  let bestValue = -Infinity;
  for (const item of items) {
    const v = value(item);
    if (v > bestValue) {
      best = item;
      bestValue = v;
    }
  }
  return best;
}

/** A captain strong in conflict cards needs no boatswain; otherwise X = 1 makes the boatswain worth 2. */
function captainCardValue(state: MeutererState, seat: Seat): CaptainCardValue {
  return countCards(me(state, seat).hand, 'conflict') >= 2 ? 0 : 1;
}

/** The good this player backs at each active island: the accepted one he holds most of. */
function targetGoods(state: MeutererState, cards: readonly Card[]): Set<Good> {
  const counts = goodsCounts(cards);
  const targets = new Set<Good>();
  for (const position of state.active) {
    const island = islandAt(state, position);
    let best: Good | null = null;
    for (const good of GOODS) {
      if (!accepts(island, good) || (counts.get(good) ?? 0) === 0) continue;
      if (best === null || (counts.get(good) ?? 0) > (counts.get(best) ?? 0)) best = good;
    }
    if (best !== null) targets.add(best);
  }
  return targets;
}

/**
 * Offer the goods it backs, one a turn; keep conflict cards for the mutiny. The captain also steers:
 * he passes once his hand size points at the best ship VP within reach (§3.2 captain's pass).
 */
function offerOrPass(state: MeutererState, seat: Seat): MeutererMove {
  const { hand, faceUp } = me(state, seat);
  const targets = targetGoods(state, [...hand, ...faceUp]);
  const sellable = hand.find((c) => c !== 'conflict' && c !== 'pirate' && targets.has(c));
  if (seat === state.captain) {
    const want = bestDestinationSize(state, hand.length);
    if (hand.length === want) return { type: 'pass' };
    const junk = hand.find((c) => c !== 'conflict') ?? hand[0];
    const card = sellable ?? junk;
    return card === undefined ? { type: 'pass' } : { type: 'offer', card };
  }
  // A pirate card with the merchant ship in reach wipes the table; play it when others lead.
  if (hand.includes('pirate') && pirateWouldPlunder(state, hand.length - 1) && faceUp.length === 0) return { type: 'offer', card: 'pirate' };
  return sellable === undefined ? { type: 'pass' } : { type: 'offer', card: sellable };
}

function pirateWouldPlunder(state: MeutererState, steps: number): boolean {
  if (state.pirateShip === null) return false;
  for (let i = 1; i <= steps; i++) if ((state.pirateShip - i + ISLAND_COUNT) % ISLAND_COUNT === state.ship) return true;
  return false;
}

/** The kept count (0..handSize) whose destination has the best ship VP, preferring more cards kept. */
function bestDestinationSize(state: MeutererState, handSize: number): number {
  let best = handSize;
  let bestValue = -Infinity;
  for (let k = handSize; k >= 0; k--) {
    const value = islandAt(state, clockwise(state.ship, k)).shipVp + 0.3 * k;
    if (value > bestValue) {
      best = k;
      bestValue = value;
    }
  }
  return best;
}

/** A rough worth of each action card in the pool for this player. */
function bestRole(state: MeutererState, seat: Seat): Role {
  const { kept, faceUp } = me(state, seat);
  const conflicts = countCards(kept, 'conflict') + countCards(faceUp, 'conflict');
  const offered = [...goodsCounts(faceUp).values()].reduce((a, b) => a + b, 0);
  const x = state.captainCard ?? 0;
  const worth = (role: Role): number => {
    switch (role) {
      case 'mutineer':
        return islandAt(state, clockwise(state.ship, kept.length)).shipVp * (conflicts >= 2 ? 1 : conflicts === 1 ? 0.6 : 0.3);
      case 'boy':
        return conflicts >= 1 && !state.pool.includes('mutineer') ? 1.5 : 0.5;
      case 'boatswain':
        return 1 + x - (state.pool.includes('mutineer') ? 0 : 0.5);
      case 'merchant':
        return offered > 0 ? 2.5 : 0.2;
      case 'loadingClerk':
        return 1.2;
    }
  };
  return bestBy(state.pool, worth) ?? (state.pool[0] as Role);
}

/**
 * Conflict cards are spent only where they can change the result: the captain commits everything
 * (he acts first); later players play just enough to win, or nothing if they cannot.
 */
function conflictsToPlay(state: MeutererState, seat: Seat): number {
  const p = me(state, seat);
  const available = countCards(p.kept, 'conflict');
  if (seat === state.captain) return available;
  const { captain: captainSide, mutineer: mutineerSide } = sideStrengths(state);
  const onCaptainSide = p.role === 'boatswain';
  const needed = onCaptainSide ? mutineerSide - captainSide + 1 : captainSide - mutineerSide;
  if (needed <= 0) return 0;
  return needed <= available ? needed : 0;
}

/** Own VP from `sales`, assuming undecided players sell all of their best goods everywhere. */
function ownSalesVp(state: MeutererState, seat: Seat, sales: readonly Sale[]): number {
  const salesBySeat = state.players.map((p, s): readonly Sale[] => {
    if (s === seat) return sales;
    if (p.sales !== null) return p.sales;
    const counts = goodsCounts(p.faceUp);
    return state.active.flatMap((island) => {
      const best = Math.max(0, ...GOODS.filter((g) => accepts(islandAt(state, island), g)).map((g) => counts.get(g) ?? 0));
      return best > 0 ? [{ island, good: 'ruby' as const, count: best }] : [];
    });
  });
  const merchant = state.players.findIndex((p) => p.role === 'merchant');
  return islandVp(state, salesBySeat, merchant < 0 ? null : merchant).reduce((sum, vps) => sum + (vps[seat] ?? 0), 0);
}

/** Sets of one good and conflict cards are worth keeping; the pirate card rarely is. */
function handValue(cards: readonly Card[]): number {
  let value = 1.5 * countCards(cards, 'conflict');
  for (const [, n] of goodsCounts(cards)) value += n * n;
  return value;
}
