/**
 * Voyages state, moves and options. State is plain JSON (DESIGN.md): counts and index lists only.
 *
 * One round of one player is a short sequence of moves (§1.4, §1.6):
 *   steer (direction die) -> sail (distance die; the ship moves) -> duty (duty die and box) -> choices
 * A move states its die, the final value and whether a heroic sailor set it; normal sailors spent are the
 * circular distance (§1.5 normal form). Steps with a single legal move are played inside `apply`.
 */
import type { RngState } from '../../engine/random.js';
import type { CargoFeature, CargoKind, Logbook, MapId, MarauderSize, Monster, Part, RoundStep, RowChoice, SailorKind, SellMode, StarSource } from './data.js';

export interface VoyagesOptions {
  /** Which map (1-4); all players use it (§1.3). */
  readonly map: MapId;
  /** Engine safeguard (Appendix B, item 6): a multi-player game ends after this round at the latest. */
  readonly maxRounds: number;
}

/** Crew boxes (§2.6): traced boxes = normal + heroic + exhausted. */
export interface Crew {
  normal: number;
  heroic: number;
  exhausted: number;
}

/** One cargo track (§3.4): `taken` boxes circled, the first `sold` of them crossed. */
export interface CargoTrack {
  taken: number;
  sold: number;
}

/**
 * Work left in a player's round, resolved front to back (§2.7: depth-first, left to right). An item that
 * needs the player's choice waits at the front until a choice move resolves it.
 */
export type Effect =
  | { readonly k: 'sailor' }
  | { readonly k: 'relic'; readonly space: number }
  | { readonly k: 'cargo'; readonly cargo: CargoFeature; readonly space: number }
  | { readonly k: 'star'; readonly source: StarSource }
  | { readonly k: 'action' }
  | { readonly k: 'sell'; readonly space: number }
  | { readonly k: 'settle'; readonly space: number }
  | { readonly k: 'dread' }
  | { readonly k: 'fort'; readonly space: number }
  | { readonly k: 'attack' }
  /** Map 3: log a sighting (`monster` null: any monster, the mast row reward). */
  | { readonly k: 'log'; readonly monster: Monster | null }
  /** Map 3: the keel penalty's damage, to a part of the owner's choice. */
  | { readonly k: 'keelHit' }
  /** Map 3: a completed part row: the duty star or the row reward. */
  | { readonly k: 'rowDone'; readonly part: Part }
  /** Map 3: the bow row reward writes one number of the owner's choice in this part's row. */
  | { readonly k: 'write'; readonly part: Part }
  | { readonly k: 'yard'; readonly space: number };

/** A space number of -1 in an effect means "from a reward, not from a space". */
export const NO_SPACE = -1;

export interface Sheet {
  /** The ship's space number. */
  ship: number;
  step: RoundStep;
  /** Die indices (0-2) assigned to direction and distance this round, and their final values. */
  directionDie: number;
  direction: number;
  distanceDie: number;
  crew: Crew;
  /** Space numbers whose one-time effect this player has used (§2.4). */
  collected: number[];
  /** Numbered islands visited (§2.4). */
  visited: number[];
  /** Region indices explored (§2.5). */
  explored: number[];
  stars: Partial<Record<StarSource, number>>;
  queue: Effect[];
  /** Map 1 duty grid (§3.3): bit `row * 6 + col` set when marked. */
  grid: number;
  /** Map 1 cargo tracks in CARGO_KINDS order (§3.4). */
  cargo: CargoTrack[];
  dreadDefeated: boolean;
  /** Map 2 marks per skill row, in the map file's row order (§5.5). */
  skills: number[];
  /** Map 2 marauder tracks whose x2 box is marked (§5.3 fort). */
  doubled: MarauderSize[];
  /** Map 3 ship parts in PARTS order (§6.4). */
  parts: PartState[];
  /** Map 3 logbooks: per book, which slots are filled (§6.6). */
  logbooks: boolean[][];
  /** Map 3: the aft was malfunctioning at step 3 of this round, so no sailor may change a die (§6.4). */
  aftBlocked: boolean;
}

/** A map 3 ship part (§6.4): traced boxes = 4 + numbers; working = traced - damage. */
export interface PartState {
  numbers: number[];
  damage: number;
  reinforced: boolean;
}

export interface VoyagesState {
  readonly engineVersion: number;
  readonly map: MapId;
  readonly seats: number;
  readonly maxRounds: number;
  round: number;
  /** The three shared dice of this round (§1.4 step 1). */
  dice: readonly [number, number, number];
  /** The final round once a player reached 3 stars (§2.8), else null. */
  finalRound: number | null;
  over: boolean;
  players: Sheet[];
  rng: RngState;
}

export type VoyagesMove =
  | { readonly type: 'steer'; readonly die: number; readonly value: number; readonly heroic: boolean }
  | { readonly type: 'sail'; readonly die: number; readonly value: number; readonly heroic: boolean }
  /**
   * `box` is the box marked: `row * 6 + col` on the map 1 grid, `row * 4 + col` in the map 2 skill rows
   * (the row's leftmost empty box), the part index (PARTS order) on map 3; null skips the duty when no
   * box can take the value. `value` is the final duty value: required on map 3, where the box does not
   * show one.
   */
  | { readonly type: 'duty'; readonly box: number | null; readonly heroic: boolean; readonly value?: number }
  | { readonly type: 'cargo'; readonly cargo: CargoKind }
  | { readonly type: 'sell'; readonly mode: SellMode; readonly cargo: CargoKind | null }
  | { readonly type: 'dread'; readonly sailor: SailorKind }
  | { readonly type: 'fort'; readonly track: MarauderSize }
  /** Map 2 step 7: the marauder's space id, or null to attack nobody. */
  | { readonly type: 'attack'; readonly space: string | null }
  /** Map 3: the logbook a sighting (or the mast reward) fills. */
  | { readonly type: 'log'; readonly book: Logbook }
  /** Map 3: the part that takes the keel penalty's damage. */
  | { readonly type: 'damage'; readonly part: Part }
  /** Map 3: a completed row's star or row reward. */
  | { readonly type: 'complete'; readonly choice: RowChoice }
  /** Map 3: the number the bow row reward writes in the pending row. */
  | { readonly type: 'write'; readonly value: number }
  /** Map 3: the part a shipyard reinforces. */
  | { readonly type: 'reinforce'; readonly part: Part };

export type VoyagesMoveType = VoyagesMove['type'];
