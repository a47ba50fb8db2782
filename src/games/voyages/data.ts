/**
 * Voyages vocabulary: the words the rules reference (docs/rules/voyages.md) uses, as `as const` lists
 * with their derived unions. Sheet values (tracks, grids, bonuses) live in the map files under `maps/`;
 * nothing here hard-codes a coordinate.
 */

export const MAP_IDS = [1, 2, 3, 4] as const;
export type MapId = (typeof MAP_IDS)[number];

/** Windrose numbers (§2.1): 1 = N, then clockwise. */
export const DIRECTIONS = [1, 2, 3, 4, 5, 6] as const;
export const DIRECTION_NAMES = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;

export const DIE_VALUES = [1, 2, 3, 4, 5, 6] as const;
export const DIE_COUNT = 3;

/** §3.4: the four cargo kinds in track order; the barrel is wild. */
export const CARGO_KINDS = ['fruit', 'gems', 'spice', 'furs'] as const;
export type CargoKind = (typeof CARGO_KINDS)[number];
export const CARGO_FEATURES = [...CARGO_KINDS, 'barrel'] as const;
export type CargoFeature = (typeof CARGO_FEATURES)[number];

/** §3.4 selling modes at a settlement. */
export const SELL_MODES = ['none', 'eachKind', 'allOfKind'] as const;
export type SellMode = (typeof SELL_MODES)[number];

/** Every star source of every map (§3.6, §5.6, §6.8, §7.7); each map lists its own with caps. */
export const STAR_SOURCES = [
  'cargo',
  'duty',
  'dread',
  'exploration',
  'starIsland',
  'recruitment',
  'marauders',
  'logbooks',
  'lighthouses',
  'watchtower',
] as const;
export type StarSource = (typeof STAR_SOURCES)[number];


/** Map 2 marauder sizes, in track order (§5.4). */
export const MARAUDER_SIZES = ['small', 'medium', 'large'] as const;
export type MarauderSize = (typeof MARAUDER_SIZES)[number];

/** Map 2 skills (§5.5); the map file says which duty row holds each. */
export const SKILLS = ['oars', 'rudder', 'prow', 'ballista', 'quarters', 'armoury'] as const;
export type Skill = (typeof SKILLS)[number];

/** Map 3 ship parts, in duty-row order (§6.4). */
export const PARTS = ['bow', 'aft', 'keel', 'mast'] as const;
export type Part = (typeof PARTS)[number];

/** Map 3 monsters (§6.6). */
export const MONSTERS = ['kraken', 'leviathan', 'serpent'] as const;
export type Monster = (typeof MONSTERS)[number];

/** Map 3 logbooks (§6.6). */
export const LOGBOOKS = ['A', 'B', 'C', 'D'] as const;
export type Logbook = (typeof LOGBOOKS)[number];

/** Map 3: a completed part row gives the duty star or its row reward (§6.5). */
export const ROW_CHOICES = ['star', 'reward'] as const;
export type RowChoice = (typeof ROW_CHOICES)[number];

/** Map 4 crew rows (§7.6); the map file gives each its ability. */
export const CREW_ROWS = ['A', 'B', 'C'] as const;
export type CrewRow = (typeof CREW_ROWS)[number];

/** Map 4 harbour buildings in the map file's order (§7.5). */
export const BUILDING_COUNT = 7;

/** Which kind of sailor a choice spends (Dread failure, §3.5). */
export const SAILOR_KINDS = ['normal', 'heroic'] as const;
export type SailorKind = (typeof SAILOR_KINDS)[number];

/** The per-player steps of one round (§1.4): assign and modify, move, duty, action. */
export const ROUND_STEPS = ['direction', 'distance', 'duty', 'resolve', 'done'] as const;
export type RoundStep = (typeof ROUND_STEPS)[number];

/** Circular distance on the 6-1 wrap (§1.5 normal form): sailors needed to turn `from` into `to`. */
export function wrapDistance(from: number, to: number): number {
  const d = Math.abs(from - to);
  return Math.min(d, 6 - d);
}
