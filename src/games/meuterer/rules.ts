/** Small shared rules helpers: seats in clockwise order, the island circle, card lists. */
import type { LogEntry, Seat } from '../../engine/types.js';
import { ISLAND_COUNT, ISLANDS, type Card, type Good, type Island, type Role } from './data.js';
import type { Draft, MeutererState, PlayerDraft, PlayerState } from './types.js';

/** Log entries collected while one move (and the automatic steps after it) resolves. */
export type Log = LogEntry[];

/** Every seat once, clockwise starting at `start` (Conventions: clockwise = seat + 1 mod n). */
export function clockwiseFrom(start: Seat, seats: number): Seat[] {
  const order: Seat[] = [];
  for (let i = 0; i < seats; i++) order.push((start + i) % seats);
  return order;
}

/** "n islands clockwise from p" (Conventions). */
export function clockwise(position: number, steps: number): number {
  return (position + steps) % ISLAND_COUNT;
}

/** "n islands counterclockwise from p" (Conventions), used by the pirate ship (§6). */
export function counterclockwise(position: number, steps: number): number {
  return (((position - steps) % ISLAND_COUNT) + ISLAND_COUNT) % ISLAND_COUNT;
}

export function islandAt(state: MeutererState, position: number): Island {
  const id = state.layout[position];
  if (id === undefined) throw new RangeError(`no island at position ${position}`);
  return ISLANDS[id];
}

/** §3.2: an island buys its own good; Hochland and Piratennest buy every good. */
export function accepts(island: Island, good: Good): boolean {
  return island.buys === null || island.buys === good;
}

export function countCards(cards: readonly Card[], card: Card): number {
  let n = 0;
  for (const c of cards) if (c === card) n++;
  return n;
}

/** A copy of `cards` without one `card`, or null when it holds none. */
export function withoutOne(cards: readonly Card[], card: Card): Card[] | null {
  const i = cards.indexOf(card);
  if (i < 0) return null;
  const out = cards.slice();
  out.splice(i, 1);
  return out;
}

/** A copy of `cards` without `count` copies of `card` (the caller checked there are enough). */
export function withoutSome(cards: readonly Card[], card: Card, count: number): Card[] {
  const out: Card[] = [];
  let left = count;
  for (const c of cards) {
    if (c === card && left > 0) left--;
    else out.push(c);
  }
  return out;
}

/** The distinct items of a short list, in first-seen order. */
export function distinct<T>(items: readonly T[]): T[] {
  const out: T[] = [];
  for (const item of items) if (!out.includes(item)) out.push(item);
  return out;
}

export function roleHolder(state: MeutererState, role: Role): Seat | null {
  const seat = state.players.findIndex((p) => p.role === role);
  return seat < 0 ? null : seat;
}

/**
 * A shallow copy of the state to change inside one `apply`. Written out field by field because an
 * object spread of this many keys is an order of magnitude slower, and apply runs in bots' inner loops.
 */
export function draft(s: MeutererState): Draft {
  return {
    seats: s.seats,
    options: s.options,
    rng: s.rng,
    layout: s.layout,
    round: s.round,
    rounds: s.rounds,
    phase: s.phase,
    turn: s.turn,
    queue: s.queue,
    captain: s.captain,
    captainCard: s.captainCard,
    ship: s.ship,
    active: s.active,
    pirateShip: s.pirateShip,
    deck: s.deck,
    discard: s.discard,
    pool: s.pool,
    rolesRevealed: s.rolesRevealed,
    captainDestination: s.captainDestination,
    mutineerDestination: s.mutineerDestination,
    mutinySucceeded: s.mutinySucceeded,
    clerkDrawn: s.clerkDrawn,
    players: s.players,
  };
}

export function copyPlayer(p: PlayerState): PlayerDraft {
  return {
    hand: p.hand,
    faceUp: p.faceUp,
    kept: p.kept,
    mutinyCards: p.mutinyCards,
    passed: p.passed,
    role: p.role,
    score: p.score,
    breakdown: p.breakdown,
    sales: p.sales,
  };
}

/** Replaces `seat` in a copy of the players with a copy changed by `change`. */
export function updatePlayer(s: Draft, seat: Seat, change: (p: PlayerDraft) => void): void {
  const players = s.players.slice();
  const p = copyPlayer(players[seat] as PlayerState);
  change(p);
  players[seat] = p;
  s.players = players;
}
