/**
 * What each viewer may see (§7): own hand, kept set and loading-clerk draw; roles only after phase 3
 * (or one's own); the pool only to the passer choosing from it and after phase 3 (D19); deck and
 * discard only as sizes (D15: the clerk's rejects are private); never the PRNG state.
 */
import type { Seat, Viewer } from '../../engine/types.js';
import type { Card, IslandId, Role } from './data.js';
import type { Breakdown, MeutererMove, MeutererOptions, MeutererState, Phase, Sale } from './types.js';

export interface PlayerView {
  readonly seat: Seat;
  readonly handSize: number;
  /** Only in the viewer's own entry. */
  readonly hand?: readonly Card[];
  readonly faceUp: readonly Card[];
  readonly keptCount: number;
  /** Only in the viewer's own entry. */
  readonly kept?: readonly Card[];
  readonly mutinyCards: number;
  readonly passed: boolean;
  /** Whether he holds an action card this round (public: he took one when passing). */
  readonly hasRole: boolean;
  /** His action card if the viewer may see it (his own, or everyone's after phase 3). */
  readonly role: Role | null;
  readonly score: number;
  readonly breakdown: Breakdown;
  readonly sales: readonly Sale[] | null;
}

export interface MeutererView {
  readonly seats: number;
  readonly options: MeutererOptions;
  readonly layout: readonly IslandId[];
  readonly round: number;
  readonly rounds: number;
  readonly phase: Phase;
  readonly toMove: readonly Seat[];
  readonly captain: Seat;
  readonly captainCard: number | null;
  readonly ship: number;
  readonly active: readonly number[];
  readonly pirateShip: number | null;
  readonly deckSize: number;
  readonly discardSize: number;
  readonly poolSize: number;
  /** The pool's cards when the viewer may see them, else null. */
  readonly pool: readonly Role[] | null;
  readonly captainDestination: number | null;
  readonly mutineerDestination: number | null;
  readonly mutinySucceeded: boolean | null;
  /** The loading clerk's draw, in his own view only while he chooses. */
  readonly drawn: readonly Card[] | null;
  readonly players: readonly PlayerView[];
}

function isChoosingFromPool(state: MeutererState, viewer: Viewer): boolean {
  return state.phase === 'chooseAction' && viewer === state.turn;
}

export function view(state: MeutererState, viewer: Viewer): MeutererView {
  const players = state.players.map((p, seat): PlayerView => {
    const own = seat === viewer;
    return {
      seat,
      handSize: p.hand.length,
      ...(own ? { hand: p.hand } : {}),
      faceUp: p.faceUp,
      keptCount: p.kept.length,
      ...(own ? { kept: p.kept } : {}),
      mutinyCards: p.mutinyCards,
      passed: p.passed,
      hasRole: p.role !== null,
      role: own || state.rolesRevealed ? p.role : null,
      score: p.score,
      breakdown: p.breakdown,
      sales: p.sales,
    };
  });
  return {
    seats: state.seats,
    options: state.options,
    layout: state.layout,
    round: state.round,
    rounds: state.rounds,
    phase: state.phase,
    toMove: state.phase === 'gameOver' ? [] : [state.turn],
    captain: state.captain,
    captainCard: state.captainCard,
    ship: state.ship,
    active: state.active,
    pirateShip: state.pirateShip,
    deckSize: state.deck.length,
    discardSize: state.discard.length,
    poolSize: state.pool.length,
    pool: state.rolesRevealed || isChoosingFromPool(state, viewer) ? state.pool : null,
    captainDestination: state.captainDestination,
    mutineerDestination: state.mutineerDestination,
    mutinySucceeded: state.mutinySucceeded,
    drawn: state.phase === 'loadingClerk' && viewer === state.turn ? state.clerkDrawn : null,
    players,
  };
}

/**
 * The history shows a secret choice only as "chose an action card" (D5) and the loading clerk's keep
 * only as a count (§7 "Redacted history"); every other move is public.
 */
export function redactMove(_stateBefore: MeutererState, seat: Seat, move: MeutererMove, viewer: Viewer): unknown {
  if (viewer === seat) return move;
  switch (move.type) {
    case 'chooseAction':
      return { type: 'chooseAction', hidden: true, text: 'chose an action card' };
    case 'keepCards':
      return { type: 'keepCards', hidden: true, kept: move.cards.length };
    case 'setCaptainCard':
    case 'offer':
    case 'pass':
    case 'playConflict':
    case 'allocateSales':
      return move;
  }
}
