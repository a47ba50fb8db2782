/**
 * Navegador board data: every printed number the rules read, in one module, so the printed edition's
 * values can replace ours without touching the rules (issue 4). Tables follow
 * docs/rules/navegador.md §7 (T1-T12); values marked "decision: our edition" there are ours.
 */

export const GOODS = ['sugar', 'gold', 'spice'] as const;
export type Good = (typeof GOODS)[number];

/** T1: rondel fields clockwise from index 0. */
export const RONDEL = ['sailing', 'workers', 'market', 'colony', 'privilege', 'ships', 'market', 'buildings'] as const;
export type RondelAction = (typeof RONDEL)[number];
export const RONDEL_SIZE = RONDEL.length;
/** T1: fields 1-3 ahead are free; each field beyond costs 1 ship. */
export const FREE_RONDEL_STEPS = 3;

/** T3: sea regions in id order (R0..R12). */
export const REGIONS = [
  'Portugal',
  'Guiné',
  'Bahia',
  'Rio de Janeiro',
  'Angola',
  'Cabo da Boa Esperança',
  'Moçambique',
  'Goa',
  'Ceilão',
  'Malaca',
  'Timor',
  'Macau',
  'Nagasaki',
] as const;
export const REGION_COUNT = REGIONS.length;
export const PORTUGAL = 0;
export const CABO = 5;
export const MALACA = 9;
export const MACAU = 11;
export const NAGASAKI = 12;

/** T5: the 17 borders (undirected). Red borders count the same as blue ones for range. */
export const EDGES: readonly (readonly [number, number])[] = [
  [0, 1],
  [0, 2],
  [1, 2],
  [1, 4],
  [2, 3],
  [3, 4],
  [4, 5],
  [3, 5],
  [5, 6],
  [6, 7],
  [6, 8],
  [7, 8],
  [8, 9],
  [9, 10],
  [9, 11],
  [10, 11],
  [11, 12],
];

/** Adjacency derived from EDGES, indexed by region id. */
export const NEIGHBOURS: readonly (readonly number[])[] = REGIONS.map((_, r) =>
  EDGES.flatMap(([a, b]) => (a === r ? [b] : b === r ? [a] : [])).sort((x, y) => x - y),
);

/** T4: each region's colony stack (Portugal has none). */
export const STACKS: readonly ({ readonly good: Good; readonly size: number } | null)[] = [
  null,
  { good: 'gold', size: 3 },
  { good: 'sugar', size: 4 },
  { good: 'sugar', size: 4 },
  { good: 'gold', size: 3 },
  { good: 'gold', size: 1 },
  { good: 'gold', size: 3 },
  { good: 'spice', size: 3 },
  { good: 'spice', size: 2 },
  { good: 'spice', size: 2 },
  { good: 'spice', size: 2 },
  { good: 'spice', size: 2 },
  { good: 'spice', size: 1 },
];

const tens = (from: number, to: number): number[] => Array.from({ length: (to - from) / 10 + 1 }, (_, i) => from + 10 * i);

/** T6: every colony token's value, by good (one token per value). One of each is set aside at setup. */
export const TOKEN_VALUES: Readonly<Record<Good, readonly number[]>> = {
  sugar: tens(40, 120),
  gold: tens(50, 150),
  spice: tens(60, 180),
};
export const TOKEN_TOTAL = GOODS.reduce((sum, g) => sum + TOKEN_VALUES[g].length, 0);

/** §3.3: double-loss regions (Nagasaki always, Macau with 2-3 players). */
export function isDoubleLoss(region: number, players: number): boolean {
  return region === NAGASAKI || (region === MACAU && players <= 3);
}

/** T7: market rows 1 (top) .. 10 (bottom); index 0 is row 1. All cubes start on row 4. */
export const MARKET_ROWS = 10;
export const MARKET_START_ROW = 4;
export const MARKET_PRICE: Readonly<Record<Good, readonly number[]>> = {
  sugar: [60, 60, 50, 50, 40, 40, 30, 30, 20, 20],
  gold: [70, 70, 60, 60, 50, 50, 40, 40, 30, 30],
  spice: [80, 80, 70, 70, 60, 60, 50, 50, 40, 40],
};
/** T7: the single red processing-revenue column, shared by every good. */
export const PROCESS_REVENUE: readonly number[] = [20, 20, 30, 30, 40, 40, 50, 50, 60, 60];

/** T8: the five building rows. Factories are indexed like GOODS. */
export const BUILDINGS = ['sugarFactory', 'goldFactory', 'spiceFactory', 'shipyard', 'church'] as const;
export type Building = (typeof BUILDINGS)[number];
export const BUILDING_COSTS: Readonly<Record<Building, readonly number[]>> = {
  sugarFactory: [50, 70, 100, 150, 200, 250],
  goldFactory: [50, 70, 100, 150, 200, 250],
  spiceFactory: [50, 70, 100, 150, 200, 250],
  shipyard: [100, 150, 200, 250, 300, 350, 400, 500],
  church: [150, 200, 250, 300, 350, 400, 500, 600],
};
/** §3.5: workers needed per piece built in one action (summed, not consumed). */
export const BUILDING_WORKERS: Readonly<Record<Building, number>> = {
  sugarFactory: 3,
  goldFactory: 3,
  spiceFactory: 3,
  shipyard: 4,
  church: 5,
};
/** T8b: pieces on a row at setup (factories 6; shipyards and churches 10 - n). */
export function buildingsOnChart(building: Building, players: number): number {
  return building === 'shipyard' || building === 'church' ? 10 - players : BUILDING_COSTS[building].length;
}

/** T9: the five sheet columns, left to right (also the privilege types, T10). */
export const COLUMNS = ['colony', 'factory', 'explorer', 'shipyard', 'church'] as const;
export type Column = (typeof COLUMNS)[number];
export const COLUMN_BASE_VP: Readonly<Record<Column, number>> = { colony: 1, factory: 2, explorer: 4, shipyard: 3, church: 3 };
/** T9: VP a privilege token (and the King's privilege) adds per achievement. */
export const COLUMN_TOKEN_VP: Readonly<Record<Column, number>> = { colony: 1, factory: 1, explorer: 1, shipyard: 2, church: 2 };
/** T9: cash per achievement for the 1st, 2nd and 3rd slot of a column. */
export const SLOT_CASH: Readonly<Record<Column, readonly number[]>> = {
  colony: [30, 20, 10],
  factory: [30, 20, 10],
  explorer: [30, 20, 10],
  shipyard: [50, 40, 30],
  church: [50, 40, 30],
};
export const SLOTS_PER_COLUMN = 3;
/** T10: tokens of each privilege type in the game (1 in the arch at setup + 5 in the box). */
export const PRIVILEGE_TOKENS_PER_TYPE = 6;
/** T10: each arch is refilled to this many tokens at the start of phase II / III, by player count. */
export const GALLERY_REFILL: Readonly<Record<number, readonly [number, number]>> = {
  2: [1, 1],
  3: [1, 2],
  4: [2, 2],
  5: [2, 3],
};

/** T2: sailing range and the price of each worker/ship beyond churches/shipyards, by phase 1..3. */
export const PHASES = [1, 2, 3] as const;
export type Phase = (typeof PHASES)[number];
export const SAILING_RANGE: Readonly<Record<Phase, number>> = { 1: 1, 2: 2, 3: 3 };
export const EXTRA_UNIT_PRICE: Readonly<Record<Phase, number>> = { 1: 100, 2: 200, 3: 300 };
/** §3.1-3.2: each worker/ship covered by a church/shipyard costs this much. */
export const CHEAP_UNIT_PRICE = 50;
/** §3.1-3.2: a fictitious worker or ship is sold back for this much. */
export const FICTITIOUS_REFUND = 100;

/** §1.2 and T12: starting material and the limits of the Lisboa chart and the ship supply. */
export const START_CASH = 200;
export const START_WORKERS = 3;
export const START_SHIPS_IN_PORTUGAL = 2;
export const SHIPS_PER_PLAYER = 7;
export const MIN_WORKERS = 2;
export const MAX_WORKERS = 9;
/** §6.3: one VP per this much cash. */
export const CASH_PER_VP = 200;
