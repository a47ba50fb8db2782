/** State, move and option types of the Meuterer engine. Everything here is plain JSON. */
import type { RngState } from '../../engine/random.js';
import type { Seat } from '../../engine/types.js';
import type { CaptainCardValue, Card, Good, IslandId, Role } from './data.js';

export const LAYOUTS = ['random', 'standard'] as const;
export type Layout = (typeof LAYOUTS)[number];

export interface MeutererOptions {
  /** §6: the pirate card in the deck and the pirate ship on Piratennest. */
  readonly pirates: boolean;
  /** D2: `random` shuffles the islands with Hochland fixed at 0; `standard` is the seed's Figure 3. */
  readonly layout: Layout;
}

/**
 * Where the game stands. Automatic phases (3, 6, 7, 9, 10 and the plain refill draws) run inside
 * `apply`, so the state only ever rests in a phase where somebody must decide.
 */
export const PHASES = ['captainCard', 'offer', 'chooseAction', 'mutiny', 'allocate', 'loadingClerk', 'gameOver'] as const;
export type Phase = (typeof PHASES)[number];

/** One island's share of a player's sales in phase 5b: `count` cards of `good` at `island` (a position). */
export interface Sale {
  readonly island: number;
  readonly good: Good;
  readonly count: number;
}

export const SCORE_CATEGORIES = ['ship', 'boatswain', 'boy', 'sales'] as const;
export type ScoreCategory = (typeof SCORE_CATEGORIES)[number];
export type Breakdown = Record<ScoreCategory, number>;

export interface PlayerState {
  /** Secret to everyone else; its size is public. */
  readonly hand: readonly Card[];
  /** Cards offered face up in phase 2 (public). */
  readonly faceUp: readonly Card[];
  /** The face-down kept set after passing ("fd"): secret, its count public. */
  readonly kept: readonly Card[];
  /** Conflict cards played face up in phase 4. */
  readonly mutinyCards: number;
  readonly passed: boolean;
  /** The chosen action card: secret until phase 3. */
  readonly role: Role | null;
  readonly score: number;
  readonly breakdown: Breakdown;
  /** This round's phase-5b allocation once made (public). */
  readonly sales: readonly Sale[] | null;
}

export interface MeutererState {
  readonly seats: number;
  readonly options: MeutererOptions;
  readonly rng: RngState;
  /** Island id at each position 0..11 clockwise; Hochland is always at 0. */
  readonly layout: readonly IslandId[];
  readonly round: number;
  readonly rounds: number;
  readonly phase: Phase;
  /** The seat to act (meaningless once the game is over). */
  readonly turn: Seat;
  /** Seats still to act after `turn` in the mutiny, the 5b allocation or the refill. */
  readonly queue: readonly Seat[];
  readonly captain: Seat;
  /** X, the face-up captain-card value, once chosen this round. */
  readonly captainCard: CaptainCardValue | null;
  /** The merchant ship's position. */
  readonly ship: number;
  /** Active island positions: [ship] or [previous island, ship]. */
  readonly active: readonly number[];
  /** Pirate-ship position in the variant, else null. */
  readonly pirateShip: number | null;
  /** Top of the deck is index 0. Secret. */
  readonly deck: readonly Card[];
  /** Bottom of the pile is index 0 (the loading clerk's rejects go there). Only its size is shown. */
  readonly discard: readonly Card[];
  /** Action cards in the middle; secret except to the passer choosing, public from phase 3. */
  readonly pool: readonly Role[];
  readonly rolesRevealed: boolean;
  readonly captainDestination: number | null;
  readonly mutineerDestination: number | null;
  /** Phase 4's result once resolved this round; null when there was no mutiny yet or at all. */
  readonly mutinySucceeded: boolean | null;
  /** The loading clerk's draw while he chooses (phase 8). Secret to him. */
  readonly clerkDrawn: readonly Card[];
  readonly players: readonly PlayerState[];
}

/** Mutable shallow copies used inside one `apply`: top-level fields are replaced, never arrays mutated in place. */
export type Draft = { -readonly [K in keyof MeutererState]: MeutererState[K] };
export type PlayerDraft = { -readonly [K in keyof PlayerState]: PlayerState[K] };

export type MeutererMove =
  | { readonly type: 'setCaptainCard'; readonly value: CaptainCardValue }
  | { readonly type: 'offer'; readonly card: Card }
  | { readonly type: 'pass' }
  | { readonly type: 'chooseAction'; readonly role: Role }
  | { readonly type: 'playConflict'; readonly count: number }
  /** Phase 5b: one entry per active island that gets goods (D11). */
  | { readonly type: 'allocateSales'; readonly sales: readonly Sale[] }
  /** Phase 8: the loading clerk keeps these cards from his draw (a multiset of exactly 5 − h cards). */
  | { readonly type: 'keepCards'; readonly cards: readonly Card[] };
