/** Move parsing, legal moves and `apply`: the only entry points that change the state. */
import { accept, refuse } from '../../engine/result.js';
import type { ApplyResult, Seat } from '../../engine/types.js';
import { CAPTAIN_CARD_VALUES, CARDS, GOODS, HAND_SIZE, ROLES, type Card, type Good } from './data.js';
import { playConflict } from './mutiny.js';
import { chooseAction, offerCard, pass, setCaptainCard } from './offer.js';
import { keepCards } from './round-end.js';
import { countCards, distinct, draft, withoutOne, type Log } from './rules.js';
import { allocateSales } from './score.js';
import { allocationOptions, salesKey } from './sales.js';
import type { MeutererMove, MeutererState, Sale } from './types.js';

export function toMove(state: MeutererState): Seat[] {
  return state.phase === 'gameOver' ? [] : [state.turn];
}

export function legalMoves(state: MeutererState, seat: Seat): MeutererMove[] {
  if (state.phase === 'gameOver' || seat !== state.turn) return [];
  const me = state.players[seat];
  if (me === undefined) return [];
  switch (state.phase) {
    case 'captainCard':
      return CAPTAIN_CARD_VALUES.map((value) => ({ type: 'setCaptainCard', value }));
    case 'offer':
      // §3.2: any card may be offered; an empty hand must pass (D6: still a submitted move).
      return [...distinct(me.hand).map((card): MeutererMove => ({ type: 'offer', card })), { type: 'pass' }];
    case 'chooseAction':
      return state.pool.map((role) => ({ type: 'chooseAction', role }));
    case 'mutiny': {
      const conflicts = countCards(me.kept, 'conflict');
      return Array.from({ length: conflicts + 1 }, (_, count) => ({ type: 'playConflict', count }));
    }
    case 'allocate':
      return allocationOptions(state, seat).map((sales) => ({ type: 'allocateSales', sales }));
    case 'loadingClerk':
      return keepChoices(state.clerkDrawn, HAND_SIZE - me.hand.length).map((cards) => ({ type: 'keepCards', cards }));
  }
}

/** Every distinct multiset of `size` cards out of `drawn`, in CARDS order. */
function keepChoices(drawn: readonly Card[], size: number): Card[][] {
  const kinds = CARDS.filter((c) => drawn.includes(c));
  const out: Card[][] = [];
  const pick = (i: number, left: number, acc: Card[]): void => {
    if (left === 0) {
      out.push(acc);
      return;
    }
    const kind = kinds[i];
    if (kind === undefined) return;
    const max = Math.min(left, countCards(drawn, kind));
    for (let n = max; n >= 0; n--) pick(i + 1, left - n, n === 0 ? acc : [...acc, ...Array<Card>(n).fill(kind)]);
  };
  pick(0, Math.max(0, size), []);
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCard = (v: unknown): v is Card => typeof v === 'string' && (CARDS as readonly string[]).includes(v);
const isGood = (v: unknown): v is Good => typeof v === 'string' && (GOODS as readonly string[]).includes(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function parseSale(v: unknown): Sale | null {
  if (!isObject(v) || !isCount(v.island) || !isGood(v.good) || !isCount(v.count)) return null;
  return { island: v.island, good: v.good, count: v.count };
}

/** Parses untrusted input by hand (the service validated it against moveSchema; apply must not throw anyway). */
function parseMove(raw: unknown): MeutererMove | null {
  if (!isObject(raw) || typeof raw.type !== 'string') return null;
  switch (raw.type) {
    case 'setCaptainCard':
      return CAPTAIN_CARD_VALUES.find((v) => v === raw.value) === undefined ? null : { type: 'setCaptainCard', value: raw.value as (typeof CAPTAIN_CARD_VALUES)[number] };
    case 'offer':
      return isCard(raw.card) ? { type: 'offer', card: raw.card } : null;
    case 'pass':
      return { type: 'pass' };
    case 'chooseAction':
      return ROLES.find((r) => r === raw.role) === undefined ? null : { type: 'chooseAction', role: raw.role as (typeof ROLES)[number] };
    case 'playConflict':
      return isCount(raw.count) ? { type: 'playConflict', count: raw.count } : null;
    case 'allocateSales': {
      if (!Array.isArray(raw.sales)) return null;
      const sales = raw.sales.map(parseSale);
      return sales.every((s): s is Sale => s !== null) ? { type: 'allocateSales', sales } : null;
    }
    case 'keepCards':
      return Array.isArray(raw.cards) && raw.cards.every(isCard) ? { type: 'keepCards', cards: raw.cards } : null;
    default:
      return null;
  }
}

const PHASE_OF_MOVE: Readonly<Record<MeutererMove['type'], MeutererState['phase']>> = {
  setCaptainCard: 'captainCard',
  offer: 'offer',
  pass: 'offer',
  chooseAction: 'chooseAction',
  playConflict: 'mutiny',
  allocateSales: 'allocate',
  keepCards: 'loadingClerk',
};

export function apply(state: MeutererState, seat: Seat, raw: unknown): ApplyResult<MeutererState> {
  if (state.phase === 'gameOver') return refuse('GAME_OVER', 'the game is over');
  const move = parseMove(raw);
  if (move === null) return refuse('INVALID_MOVE', 'not a Meuterer move');
  if (seat !== state.turn) return refuse('NOT_YOUR_TURN', `it is Seat ${state.turn}'s turn`);
  if (PHASE_OF_MOVE[move.type] !== state.phase) return refuse('ILLEGAL_MOVE', `${move.type} is not possible in phase ${state.phase}`);
  const me = state.players[seat];
  if (me === undefined) return refuse('NOT_YOUR_TURN', 'no such seat');
  const next = draft(state);
  const log: Log = [];
  switch (move.type) {
    case 'setCaptainCard':
      setCaptainCard(next, move.value, log);
      break;
    case 'offer': {
      const hand = withoutOne(me.hand, move.card);
      if (hand === null) return refuse('CARD_NOT_IN_HAND', `no ${move.card} in hand`);
      offerCard(next, seat, move.card, hand, log);
      break;
    }
    case 'pass':
      pass(next, seat, log);
      break;
    case 'chooseAction':
      if (!state.pool.includes(move.role)) return refuse('ROLE_NOT_AVAILABLE', `${move.role} is not in the pool`);
      chooseAction(next, seat, move.role, log);
      break;
    case 'playConflict':
      if (move.count > countCards(me.kept, 'conflict')) return refuse('NOT_ENOUGH_CONFLICT_CARDS', `fewer than ${move.count} conflict cards kept`);
      playConflict(next, seat, move.count, log);
      break;
    case 'allocateSales': {
      const key = salesKey(state, move.sales);
      const valid = allocationOptions(state, seat).find((option) => salesKey(state, option) === key);
      if (valid === undefined) return refuse('INVALID_ALLOCATION', 'not a valid sales allocation (D11)');
      allocateSales(next, seat, valid, log);
      break;
    }
    case 'keepCards': {
      const need = HAND_SIZE - me.hand.length;
      if (move.cards.length !== need) return refuse('INVALID_KEEP', `keep exactly ${need} of the drawn cards`);
      let rest: Card[] | null = state.clerkDrawn.slice();
      for (const card of move.cards) {
        rest = withoutOne(rest, card);
        if (rest === null) return refuse('INVALID_KEEP', `${card} is not among the drawn cards`);
      }
      keepCards(next, seat, move.cards, rest, log);
      break;
    }
  }
  return accept<MeutererState>(next, log);
}
