/** Test helpers for Meuterer: snapshot states built directly, and moves applied with checks. */
import assert from 'node:assert/strict';
import type { LogEntry, Seat } from '../../../src/engine/types.js';
import { CARDS, ROLES, type Card, type Role } from '../../../src/games/meuterer/data.js';
import { meuterer } from '../../../src/games/meuterer/index.js';
import { endRound } from '../../../src/games/meuterer/round-end.js';
import { draft } from '../../../src/games/meuterer/rules.js';
import { fullDeck, newPlayer, setup } from '../../../src/games/meuterer/setup.js';
import type { MeutererMove, MeutererState, Phase, PlayerState } from '../../../src/games/meuterer/types.js';

/** Standard-layout positions (§8): HL 0, FH 1, GL 2, KZ 3, EF 4, AI 5, KK 6, SL 7, RR 8, PN 9, FI 10, SK 11. */
export const P = { HL: 0, FH: 1, GL: 2, KZ: 3, EF: 4, AI: 5, KK: 6, SL: 7, RR: 8, PN: 9, FI: 10, SK: 11 } as const;

/** `cards('conflict wine*2')` → ['conflict', 'wine', 'wine']. */
export function cards(text: string): Card[] {
  const out: Card[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const [name, times] = word.split('*');
    assert.ok((CARDS as readonly string[]).includes(name ?? ''), `unknown card ${name}`);
    for (let i = 0; i < Number(times ?? 1); i++) out.push(name as Card);
  }
  return out;
}

export interface SeatSpec {
  readonly hand?: string;
  readonly faceUp?: string;
  readonly kept?: string;
  readonly role?: Role;
  readonly passed?: boolean;
  readonly score?: number;
}

export interface Snapshot {
  readonly seats?: number;
  readonly captain?: Seat;
  readonly x?: 0 | 1 | 2 | 3 | null;
  readonly ship?: number;
  readonly active?: readonly number[];
  readonly pirates?: boolean;
  readonly pirateShip?: number;
  readonly round?: number;
  readonly phase?: Phase;
  readonly turn?: Seat;
  readonly players: readonly SeatSpec[];
  readonly deck?: readonly Card[];
  readonly discard?: readonly Card[];
  readonly captainDestination?: number | null;
}

/**
 * A state built directly (the reference's "snapshot"), on the standard layout. Unless told otherwise
 * it is phase 2 of round 1 with the ship on Hochland and captain 0 to move; the pool holds the roles
 * nobody has chosen.
 */
export function snapshot(spec: Snapshot): MeutererState {
  const seats = spec.seats ?? spec.players.length;
  const pirates = spec.pirates ?? false;
  const base = setup({ seats, options: { pirates, layout: 'standard' }, seed: 'snapshot' });
  const players: PlayerState[] = spec.players.map((s) => {
    const p = newPlayer(cards(s.hand ?? ''));
    const score = s.score ?? 0;
    return {
      ...p,
      faceUp: cards(s.faceUp ?? ''),
      kept: cards(s.kept ?? ''),
      role: s.role ?? null,
      passed: s.passed ?? false,
      score,
      breakdown: { ...p.breakdown, sales: score },
    };
  });
  const captain = spec.captain ?? 0;
  const ship = spec.ship ?? 0;
  return {
    ...base,
    captain,
    captainCard: spec.x === undefined ? 0 : spec.x,
    ship,
    active: spec.active ?? [ship],
    pirateShip: pirates ? (spec.pirateShip ?? 9) : null,
    round: spec.round ?? 1,
    phase: spec.phase ?? 'offer',
    turn: spec.turn ?? captain,
    deck: spec.deck ?? base.deck,
    discard: spec.discard ?? [],
    pool: ROLES.filter((r) => !players.some((p) => p.role === r)),
    captainDestination: spec.captainDestination ?? null,
    players,
  };
}

/** A freshly set-up game on the standard layout with a known deal (captain first, D3) and deck. */
export function dealt(captain: Seat, hands: readonly string[], deck: readonly Card[], pirates = false): MeutererState {
  const base = setup({ seats: hands.length, options: { pirates, layout: 'standard' }, seed: 'dealt' });
  return {
    ...base,
    captain,
    turn: captain,
    deck,
    players: hands.map((h) => newPlayer(cards(h))),
  };
}

export interface Played {
  readonly state: MeutererState;
  readonly log: LogEntry[];
}

/** Applies `[seat, move]` pairs in order, failing the test with the move's index on a refusal. */
export function play(state: MeutererState, moves: readonly (readonly [Seat, MeutererMove])[]): Played {
  let current = state;
  const log: LogEntry[] = [];
  moves.forEach(([seat, move], i) => {
    const result = meuterer.apply(current, seat, move);
    assert.ok(result.ok, `move #${i + 1} ${JSON.stringify(move)} by seat ${seat} refused: ${JSON.stringify(result)}`);
    current = result.state;
    log.push(...result.log);
  });
  return { state: current, log };
}

export const offer = (card: Card): MeutererMove => ({ type: 'offer', card });
export const pass: MeutererMove = { type: 'pass' };
export const choose = (role: Role): MeutererMove => ({ type: 'chooseAction', role });
export const conflict = (count: number): MeutererMove => ({ type: 'playConflict', count });
export const captainCard = (value: 0 | 1 | 2 | 3): MeutererMove => ({ type: 'setCaptainCard', value });

export function scores(state: MeutererState): number[] {
  return state.players.map((p) => p.score);
}

/** A card multiset as a sorted list, for order-free comparisons. */
export function sorted(list: readonly Card[]): Card[] {
  return [...list].sort();
}

/** Every card of the game, wherever it is: hands, face up, kept, mutiny plays, clerk draw, deck, discard. */
export function allCards(state: MeutererState): Card[] {
  const out: Card[] = [...state.deck, ...state.discard, ...state.clerkDrawn];
  for (const p of state.players) {
    out.push(...p.hand, ...p.faceUp, ...p.kept);
    for (let i = 0; i < p.mutinyCards; i++) out.push('conflict');
  }
  return out;
}

/** The full deck minus the given hands, in deck-composition order: the deck right after a known deal. */
export function rest(hands: readonly string[], pirates = false): Card[] {
  let deck: Card[] = fullDeck(pirates);
  for (const card of hands.flatMap((h) => cards(h))) {
    const i = deck.indexOf(card);
    assert.ok(i >= 0, `the deal uses more ${card} than the deck holds`);
    deck = [...deck.slice(0, i), ...deck.slice(i + 1)];
  }
  return deck;
}

/** The roles offered by a chooseAction step, in pool order. */
export function poolChoices(state: MeutererState, seat: Seat): string[] {
  return meuterer.legalMoves(state, seat).map((m) => (m.type === 'chooseAction' ? m.role : m.type));
}

/** Phases 6–8 (and on to the next round if no loading clerk stops the refill) on a snapshot after phase 5. */
export function afterRoundEnd(state: MeutererState, log: LogEntry[] = []): MeutererState {
  const next = draft(state);
  endRound(next, log);
  return next;
}
