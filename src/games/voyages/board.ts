/**
 * A compiled map (Appendix A): the map files' spaces as flat per-space tables indexed by space number
 * (`row * 11 + col`, the files' own order), so the rules never hard-code a coordinate and the hot path
 * never searches by id; the typed views of each map's `sheet`; and the shape of the rules a map adds to
 * the shared ones (`MapRules`), which each board carries. maps.ts builds the four boards.
 */
import type { LogEntry } from '../../engine/types.js';
import { DIRECTIONS, type CargoFeature, type CrewRow, type MapId, type MarauderSize, type Monster, type Part, type StarSource } from './data.js';
import type { Effect, Sheet } from './types.js';

export const GRID_SIZE = 11;
export const SPACE_COUNT = GRID_SIZE * GRID_SIZE;

export type Reward =
  | { readonly type: 'sailor'; readonly count: number }
  | { readonly type: 'relic'; readonly count: number }
  | { readonly type: 'cargo'; readonly cargo: CargoFeature }
  | { readonly type: 'star'; readonly source: StarSource }
  | { readonly type: 'gold'; readonly value: number }
  | { readonly type: 'harbourGold'; readonly value: number }
  | { readonly type: 'duty'; readonly count: number }
  | { readonly type: 'lightLighthouse' }
  | { readonly type: 'visitWatchtower' };

export type Feature =
  | { readonly kind: 'sailor' }
  | { readonly kind: 'relic' }
  | { readonly kind: 'star' }
  | { readonly kind: 'dread' }
  | { readonly kind: 'cargo'; readonly cargo: CargoFeature }
  | { readonly kind: 'marauder'; readonly size: MarauderSize; readonly strength: number }
  | { readonly kind: 'monster'; readonly monster: Monster };

export const ISLAND_KINDS = ['start', 'numbered', 'settlement', 'fort', 'star', 'shipyard', 'lighthouse', 'watchtower'] as const;
export type IslandKind = (typeof ISLAND_KINDS)[number];
export interface Island {
  readonly kind: IslandKind;
  readonly gold?: number;
}

interface SpaceFile {
  readonly id: string;
  readonly col: number;
  readonly row: number;
  readonly q: number;
  readonly r: number;
  readonly terrain: string;
  readonly feature?: Feature | null;
  readonly island?: Island;
  readonly region: string | null;
  readonly zone?: Part;
}

/** Sheet values every map has (§2.5-§2.8, §4). */
export interface CommonSheet {
  readonly crew: { readonly startSailors: number; readonly capacity: number; readonly starAtSailorNumber: number };
  readonly exploration: { readonly regionCount: number; readonly gold: readonly number[] };
  readonly heroGold: number;
  readonly starGold: number;
  readonly starSources: readonly { readonly source: StarSource; readonly max: number; readonly space?: string }[];
  readonly soloRounds: number;
}

/** The part of map 1's `sheet` its rules read (§3). */
export interface Map1Sheet extends CommonSheet {
  readonly duties: {
    readonly grid: readonly (readonly number[])[];
    readonly rowBonuses: readonly (readonly Reward[])[];
    readonly columnBonuses: readonly (readonly Reward[])[];
  };
  readonly cargo: {
    readonly tracks: Readonly<Record<string, readonly number[]>>;
    readonly starOnSellingBox: number;
    readonly goldPerUnsold: number;
  };
  readonly dread: { readonly heroicCost: number; readonly gold: number };
}

/** The part of map 2's `sheet` its rules read (§5). */
export interface Map2Sheet extends CommonSheet {
  readonly duties: {
    readonly rows: readonly { readonly value: number; readonly skill: string }[];
    readonly boxesPerRow: number;
    readonly activateAtBox: number;
    readonly masterAtBox: number;
    readonly masteryGold: number;
    readonly starAtMasteredSkills: number;
    readonly columnHalfBonuses: readonly { readonly column: number; readonly rows: readonly number[]; readonly reward: readonly Reward[] }[];
  };
  readonly marauders: Readonly<Record<MarauderSize, { readonly strength: number; readonly count: number; readonly track: readonly number[] }>> & {
    readonly fortMultiplier: number;
  };
}

/** The part of map 3's `sheet` its rules read (§6). */
export interface Map3Sheet extends CommonSheet {
  readonly parts: readonly { readonly id: Part; readonly rowReward: unknown }[];
  readonly durability: { readonly tracedAtStart: number; readonly numberBoxes: number; readonly malfunctionWhenWorkingBelow: number };
  readonly duties: { readonly columnBonuses: readonly { readonly column: number; readonly reward: readonly Reward[] }[] };
  readonly damage: Readonly<Record<'ice' | Monster, Part>>;
  readonly logbooks: readonly { readonly id: string; readonly slots: readonly Monster[]; readonly gold: number }[];
  readonly logbookRules: { readonly maxLogbookStars: number; readonly incompleteGoldPerSlot: number };
}

/** The part of map 4's `sheet` its rules read (§7). */
export interface Map4Sheet extends Omit<CommonSheet, 'crew'> {
  readonly crew: {
    readonly rows: readonly { readonly row: CrewRow; readonly ability: 'speedBoost' | 'bonusMove' | 'extraDuty'; readonly startSailors: number; readonly newSlots: number }[];
    readonly experiencedAtNewSailors: number;
    readonly capacity: number;
  };
  readonly lighthouses: { readonly islands: readonly string[]; readonly track: readonly number[]; readonly starAtLit: number };
  readonly watchtowers: { readonly grid: readonly { readonly tier: number; readonly column: number; readonly reward: readonly Reward[] }[] };
  readonly buildings: {
    readonly list: readonly {
      readonly id: string;
      readonly name: string;
      readonly boxes: number;
      readonly boxRewards: Readonly<Record<string, readonly Reward[]>>;
      readonly completion: readonly Reward[];
    }[];
  };
}

/** A map file as stored (src/games/voyages/maps/*.json; docs/rules/voyages.md, Appendix A). */
export interface MapFile {
  readonly map: number;
  readonly name: string;
  readonly start: string;
  readonly spaces: readonly SpaceFile[];
  readonly regions: readonly { readonly id: string; readonly name: string; readonly spaces: readonly string[] }[];
  readonly offMap?: readonly { readonly q: number; readonly r: number; readonly litAtStart: boolean }[];
  readonly sheet: unknown;
}

/** A compiled map: per-space tables indexed by space number. */
export interface Board {
  readonly map: MapId;
  readonly name: string;
  readonly start: number;
  readonly ids: readonly string[];
  readonly terrain: readonly string[];
  readonly feature: readonly (Feature | null)[];
  readonly island: readonly (Island | null)[];
  /** Region index (0-based, R1 = 0), or -1. */
  readonly region: readonly number[];
  readonly regionNames: readonly string[];
  /** `neighbour[space * 6 + direction - 1]`: the next space that way, or -1 off the map (§2.1). */
  readonly neighbour: readonly number[];
  readonly axial: readonly (readonly [number, number])[];
  /** Off-map lit lighthouses (map 4's F0) by axial position. */
  readonly offMapLights: readonly (readonly [number, number])[];
  /** Map 3 monster zone (the part a doubles roll damages, §6.4), else null. */
  readonly zone: readonly (Part | null)[];
  readonly sheet: unknown;
  /** What this map adds to the shared rules (rules.ts reaches map-specific actions only through it). */
  readonly rules: MapRules;
}

/** How one kind of queued effect resolves (§2.7). */
export interface EffectRule<E extends Effect> {
  /** More than one real option: the item waits at the front of the queue for a choice move. */
  needsChoice(b: Board, s: Sheet, effect: E): boolean;
  /** Resolves the item when it needs no choice: its only option, or nothing to do. */
  resolve(b: Board, s: Sheet, effect: E, seat: number, log: LogEntry[]): void;
}

export type EffectRules = { readonly [K in Effect['k']]?: EffectRule<Extract<Effect, { k: K }>> };

/** What the final space does (§2.4) for a kind of island or sea feature: the queue items it starts. */
export type SpaceAction = (b: Board, s: Sheet, space: number, seat: number, log: LogEntry[]) => Effect[];

/**
 * A map's part of the rules, as a table the shared rules (rules.ts) read from the board instead of
 * importing the map modules: each map module provides one and maps.ts puts it on its board, so imports
 * run one way (board <- effects <- map modules <- maps; rules imports no map module).
 */
export interface MapRules {
  /** The map's own queue effects, and its versions of shared ones (map 4's crew rows take sailors and relics). */
  readonly effects: EffectRules;
  /** The map's own island kinds at the final space. */
  readonly islands: Partial<Record<IslandKind, SpaceAction>>;
  /** The map's own sea features at the final space. */
  readonly features: Partial<Record<Feature['kind'], SpaceAction>>;
  /** Whether a sailor gained now is heroic (map 2's Armoury, §5.5). */
  readonly heroicRecruits?: (b: Board, s: Sheet) => boolean;
  /** Whether the crew has no room for a sailor beyond the shared capacity (map 4's rows, §7.6). */
  readonly crewFull?: (b: Board, s: Sheet) => boolean;
  /** Whether sailor and relic sea spaces cannot be collected now (map 3's broken mast, §6.4). */
  readonly crewSpacesClosed?: (b: Board, s: Sheet) => boolean;
}

/** Compiles a map file with the rules its map module provides. */
export function compile(file: MapFile, rules: MapRules): Board {
  const byId = new Map<string, number>();
  file.spaces.forEach((space, index) => {
    if (space.row * GRID_SIZE + space.col !== index) throw new Error(`map ${file.map}: space ${space.id} out of order`);
    byId.set(space.id, index);
  });
  const regionIndex = new Map(file.regions.map((region, i) => [region.id, i]));
  const directions = (file as unknown as { grid: { directions: { die: number; dq: number; dr: number }[] } }).grid.directions;
  const neighbour: number[] = [];
  for (const space of file.spaces) {
    for (const die of DIRECTIONS) {
      const step = directions.find((d) => d.die === die);
      if (!step) throw new Error(`map ${file.map}: direction ${die} missing`);
      const q = space.q + step.dq;
      const r = space.r + step.dr;
      const col = q;
      const row = r + (q - (q & 1)) / 2;
      const onMap = col >= 0 && col < GRID_SIZE && row >= 0 && row < GRID_SIZE;
      neighbour.push(onMap ? row * GRID_SIZE + col : -1);
    }
  }
  const start = byId.get(file.start);
  if (start === undefined) throw new Error(`map ${file.map}: no start ${file.start}`);
  return {
    map: file.map as MapId,
    name: file.name,
    start,
    ids: file.spaces.map((s) => s.id),
    terrain: file.spaces.map((s) => s.terrain),
    feature: file.spaces.map((s) => s.feature ?? null),
    island: file.spaces.map((s) => s.island ?? null),
    region: file.spaces.map((s) => (s.region === null ? -1 : (regionIndex.get(s.region) ?? -1))),
    regionNames: file.regions.map((r) => r.name),
    neighbour,
    axial: file.spaces.map((s) => [s.q, s.r] as const),
    zone: file.spaces.map((s) => s.zone ?? null),
    offMapLights: (file.offMap ?? []).filter((x) => x.litAtStart).map((x) => [x.q, x.r] as const),
    sheet: file.sheet,
    rules,
  };
}

export const commonSheet = (b: Board): CommonSheet => b.sheet as CommonSheet;
export const map1Sheet = (b: Board): Map1Sheet => b.sheet as Map1Sheet;
export const map2Sheet = (b: Board): Map2Sheet => b.sheet as Map2Sheet;
export const map3Sheet = (b: Board): Map3Sheet => b.sheet as Map3Sheet;
export const map4Sheet = (b: Board): Map4Sheet => b.sheet as Map4Sheet;

/** The space at axial (q, r), or -1 off the map (§2.1). */
export function spaceAtAxial(q: number, r: number): number {
  const col = q;
  const row = r + (q - (q & 1)) / 2;
  return col >= 0 && col < GRID_SIZE && row >= 0 && row < GRID_SIZE ? row * GRID_SIZE + col : -1;
}

/** The space number of an id such as `F10`, or -1. */
export function spaceIndex(b: Board, id: string): number {
  return b.ids.indexOf(id);
}

/** §2.3: entering an island space or the Dread (map 1) ends the move; reefs are handled by movement. */
export function stopsShip(b: Board, space: number): boolean {
  return b.island[space] !== null || b.feature[space]?.kind === 'dread';
}
