/**
 * Navegador state and moves. State is plain JSON (the engine contract); see docs/rules/navegador.md
 * Appendix B for the fields the rules need.
 */
import type { RngState } from '../../engine/random.js';
import type { Building, Column, Good, Phase } from './data.js';

export interface PlayerState {
  cash: number;
  /** Lisboa chart, 2..9. */
  workers: number;
  /** Ships on the board, per region id. */
  ships: number[];
  /** Ships in the personal supply (ships on the board + supply = 7). */
  supply: number;
  /** Rondel field of the game stone, `null` while it is still in the middle. */
  field: number | null;
  /** Colony tokens held, per good (GOODS order). */
  colonies: number[];
  /** Coloured factories per good (GOODS order); the wildcard factory is always 1 more. */
  factories: number[];
  shipyards: number;
  churches: number;
  explorers: number;
  /** Privilege tokens per column (COLUMNS order), 0..3. */
  privileges: number[];
}

export interface RegionState {
  explored: boolean;
  /** Face-down token values (secret until the region is explored). */
  hidden: number[];
  /** Face-up token values, sorted ascending (the cheapest is founded first, §3.4). */
  faceUp: number[];
}

export const END_TRIGGERS = ['nagasaki', 'buildings'] as const;
export type EndTrigger = (typeof END_TRIGGERS)[number];

export const STEPS = ['start', 'action'] as const;
/** `start`: before the rondel move (the Navegador sail may come first); `action`: the field's action. */
export type Step = (typeof STEPS)[number];

export interface NavegadorCard {
  holder: number;
  /** Rondel field of the orange ship, `null` until the holder's stone first reaches a field. */
  orangeField: number | null;
  /** Fields the holder's stone has moved since the orange ship was placed (§5 expiry at 8). */
  moved: number;
}

export interface NavegadorState {
  engineVersion: number;
  seats: number;
  startSeat: number;
  current: number;
  step: Step;
  phase: Phase;
  players: PlayerState[];
  regions: RegionState[];
  /** Market cube rows per good (GOODS order), 1 (top) .. 10 (bottom). */
  market: number[];
  /** Privilege tokens in each gallery arch and in the box, per column (COLUMNS order). */
  gallery: number[];
  box: number[];
  /** Pieces taken so far from each building row (BUILDINGS order); the next costs BUILDING_COSTS[row][taken]. */
  chartTaken: number[];
  navegador: NavegadorCard;
  end: { trigger: EndTrigger; seat: number } | null;
  /** Turns still to finish once the end is triggered, the triggering turn included (§6.2). */
  turnsLeft: number | null;
  finished: boolean;
  /** One set-aside token per good (GOODS order), hidden until the end (§8). */
  setAside: number[];
  /** Completed turns, for the log. */
  turn: number;
  rng: RngState;
}

/** One group of `count` ships sailing the same path: `path[0]` is where they start, each next region adjacent. */
export interface SailPath {
  readonly path: readonly number[];
  readonly count: number;
}

export type GoodCounts = Readonly<Partial<Record<Good, number>>>;
export type BuildingCounts = Readonly<Partial<Record<Building, number>>>;

export type NavegadorMove =
  /** §5: the Navegador card's extra sailing action, before the rondel move. */
  | { readonly type: 'navegador'; readonly paths: readonly SailPath[] }
  /**
   * §2.2: move the stone to `field`. `pay` lists the region of each ship paid (one entry per ship);
   * when omitted, the engine pays from the regions holding the most ships.
   */
  | { readonly type: 'rondel'; readonly field: number; readonly pay?: readonly number[] }
  /** §3.3 */
  | { readonly type: 'sail'; readonly paths: readonly SailPath[] }
  /** §3.1 */
  | { readonly type: 'recruit'; readonly count: number }
  /** §3.2 */
  | { readonly type: 'buildShips'; readonly count: number }
  /** §3.4: one region id per colony founded (a region repeated founds several there, cheapest first). */
  | { readonly type: 'found'; readonly regions: readonly number[] }
  /** §3.5: pieces per building row. */
  | { readonly type: 'build'; readonly pieces: BuildingCounts }
  /** §3.6: units sold and processed per good; processing beyond a good's factories uses the wildcard (1 unit). */
  | { readonly type: 'market'; readonly sell: GoodCounts; readonly process: GoodCounts }
  /** §3.7 */
  | { readonly type: 'privilege'; readonly column: Column }
  /** End the field's action without acting (§2.2 "moving without acting"). */
  | { readonly type: 'skip' };

/** The base game has no options (the board data is fixed, §7). */
export type NavegadorOptions = Readonly<Record<string, never>>;
