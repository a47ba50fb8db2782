/**
 * Voyages state, moves and options. State is plain JSON (docs/architecture.md): counts and index lists only.
 *
 * One round of one player is a short sequence of moves (§1.4, §1.6):
 *   steer (direction die) -> sail (distance die; the ship moves) -> duty (duty die and box) -> choices
 * A move states its die, the final value and whether a heroic sailor set it; normal sailors spent are the
 * circular distance (§1.5 normal form). Steps with a single legal move are played inside `apply`.
 */
import type { RngState } from '../../engine/random.js';
import type { CargoFeature, CargoKind, CrewRow, Logbook, MapId, MarauderSize, Monster, Part, RoundStep, RowChoice, SailorKind, SellMode, StarSource } from './data.js';

export interface VoyagesOptions {
  /** Which map (1-4); all players use it (§1.3). */
  readonly map: MapId;
  /**
   * Our optional rule, not the seed's: a multi-player game ends after this round at the latest. null: no
   * limit, only the 3-star end (§2.8). Games created before engine version 2 hold the old default 30.
   */
  readonly maxRounds: number | null;
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
  | { readonly k: 'yard'; readonly space: number }
  /** Map 4: write in a building (`value` null: any value, a watchtower "duty" reward). */
  | { readonly k: 'build'; readonly value: number | null }
  /** Map 4: one watchtower visit (§7.4). */
  | { readonly k: 'tower' }
  /** Map 4: light any unlit lighthouse (a reward, §7.3). */
  | { readonly k: 'lightAny' }
  /** Map 4 step 7: light one lighthouse by line of sight, or none (§7.3). */
  | { readonly k: 'sight' };

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
  /** Map 4 crew rows A, B, C (§7.6); `crew` holds their totals. */
  rows: CrewRowState[];
  /** Map 4 lit lighthouse islands (F0 is always lit and not on the track, §7.3). */
  lit: number[];
  /** Map 4 watchtower grid cells, tier-major (§7.4): 0 open, 1 circled, 2 crossed. */
  tower: number[];
  /** Map 4 harbour buildings: the numbers written in each (§7.5). */
  buildings: number[][];
  /** Map 4: this round's speed boost and extra duty writes (§7.6). */
  boost: number;
  extraWrites: number;
}

/** A map 4 crew row: its sailors and how many were added to it. */
export interface CrewRowState {
  normal: number;
  heroic: number;
  exhausted: number;
  added: number;
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
  readonly maxRounds: number | null;
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
  /** `rows` (map 4 only): the crew row of each sailor spent. */
  | { readonly type: 'steer'; readonly die: number; readonly value: number; readonly heroic: boolean; readonly rows?: readonly CrewRow[] }
  | { readonly type: 'sail'; readonly die: number; readonly value: number; readonly heroic: boolean; readonly rows?: readonly CrewRow[] }
  /**
   * `box` is the box marked: `row * 6 + col` on the map 1 grid, `row * 4 + col` in the map 2 skill rows
   * (the row's leftmost empty box), the part index (PARTS order) on map 3, the building index on map 4;
   * null skips the duty when no
   * box can take the value. `value` is the final duty value: required on maps 3 and 4, where the box
   * does not show one.
   */
  | { readonly type: 'duty'; readonly box: number | null; readonly heroic: boolean; readonly value?: number; readonly rows?: readonly CrewRow[] }
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
  | { readonly type: 'reinforce'; readonly part: Part }
  /** Map 4: the row a gained sailor joins. */
  | { readonly type: 'recruit'; readonly row: CrewRow }
  /** Map 4: the row whose unused normal sailor a relic makes heroic. */
  | { readonly type: 'promote'; readonly row: CrewRow }
  /** Map 4 speed boost (row A ability, before sailing): +1-3 with a normal sailor, +1-6 with a heroic one. */
  | { readonly type: 'boost'; readonly heroic: boolean; readonly amount: number }
  /** Map 4 bonus move (row B ability, after sailing): 1 space, or 2 with a heroic sailor, one direction. */
  | { readonly type: 'bonus'; readonly heroic: boolean; readonly direction: number }
  /** Map 4 extra duty (row C ability, before the duty): one more write, two with a heroic sailor. */
  | { readonly type: 'extra'; readonly heroic: boolean }
  /** Map 4: a write in a harbour building (extra duty, watchtower duty reward). */
  | { readonly type: 'build'; readonly building: number; readonly value: number }
  /** Map 4: the watchtower reward circled in the visit's tier. */
  | { readonly type: 'tower'; readonly column: number }
  /** Map 4: the lighthouse lit (space id), or null to light none by line of sight. */
  | { readonly type: 'light'; readonly space: string | null };

export type VoyagesMoveType = VoyagesMove['type'];
