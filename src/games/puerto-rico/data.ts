/**
 * Puerto Rico (Alea 2002, English edition by Rio Grande): the vocabulary and the data tables of
 * docs/rules/puerto-rico.md §1.2 (setup by player count) and §3 (buildings).
 */

export const GOODS = ['corn', 'indigo', 'sugar', 'tobacco', 'coffee'] as const;
export type Good = (typeof GOODS)[number];

/** An island tile: a plantation of one good, or a quarry. */
export const TILES = [...GOODS, 'quarry'] as const;
export type Tile = (typeof TILES)[number];

/** TRD-3: the trading house's base prices. */
export const GOOD_PRICE: Readonly<Record<Good, number>> = { corn: 0, indigo: 1, sugar: 2, tobacco: 3, coffee: 4 };

/** Role cards. With 5 players both Prospector cards are in play, as two separate roles (PRO-1). */
export const ROLE_CARDS = ['settler', 'mayor', 'builder', 'craftsman', 'trader', 'captain', 'prospector', 'prospector2'] as const;
export type RoleCard = (typeof ROLE_CARDS)[number];
export type Role = Exclude<RoleCard, 'prospector2'>;

export function roleOf(card: RoleCard): Role {
  return card === 'prospector2' ? 'prospector' : card;
}

export const BUILDINGS = [
  'smallIndigoPlant',
  'smallSugarMill',
  'indigoPlant',
  'sugarMill',
  'tobaccoStorage',
  'coffeeRoaster',
  'smallMarket',
  'hacienda',
  'constructionHut',
  'smallWarehouse',
  'hospice',
  'office',
  'largeMarket',
  'largeWarehouse',
  'factory',
  'university',
  'harbor',
  'wharf',
  'guildHall',
  'residence',
  'fortress',
  'customsHouse',
  'cityHall',
] as const;
export type Building = (typeof BUILDINGS)[number];

export type BuildingKind = 'smallProduction' | 'largeProduction' | 'violet' | 'large';

export interface BuildingData {
  readonly kind: BuildingKind;
  readonly cost: number;
  readonly vp: number;
  /** BLD-3: the most occupied quarries that reduce the price (the board column). */
  readonly quarryCap: number;
  readonly circles: number;
  /** City spaces taken: 2 for the five large buildings (BLD-2c). */
  readonly spaces: number;
  readonly copies: number;
  readonly copies2p: number;
  /** The good a production building processes (CRA-1). */
  readonly good: Good | null;
}

const production = (kind: 'smallProduction' | 'largeProduction', good: Good, cost: number, vp: number, circles: number, copies: number): BuildingData => ({
  kind,
  cost,
  vp,
  quarryCap: vp,
  circles,
  spaces: 1,
  copies,
  copies2p: 2,
  good,
});
const violet = (cost: number, vp: number): BuildingData => ({
  kind: 'violet',
  cost,
  vp,
  quarryCap: vp,
  circles: 1,
  spaces: 1,
  copies: 2,
  copies2p: 1,
  good: null,
});
const large: BuildingData = { kind: 'large', cost: 10, vp: 4, quarryCap: 4, circles: 1, spaces: 2, copies: 1, copies2p: 1, good: null };

/** §3, the building table. */
export const BUILDING_DATA: Readonly<Record<Building, BuildingData>> = {
  smallIndigoPlant: production('smallProduction', 'indigo', 1, 1, 1, 4),
  smallSugarMill: production('smallProduction', 'sugar', 2, 1, 1, 4),
  indigoPlant: production('largeProduction', 'indigo', 3, 2, 3, 3),
  sugarMill: production('largeProduction', 'sugar', 4, 2, 3, 3),
  tobaccoStorage: production('largeProduction', 'tobacco', 5, 3, 3, 3),
  coffeeRoaster: production('largeProduction', 'coffee', 6, 3, 2, 3),
  smallMarket: violet(1, 1),
  hacienda: violet(2, 1),
  constructionHut: violet(2, 1),
  smallWarehouse: violet(3, 1),
  hospice: violet(4, 2),
  office: violet(5, 2),
  largeMarket: violet(5, 2),
  largeWarehouse: violet(6, 2),
  factory: violet(7, 3),
  university: violet(8, 3),
  harbor: violet(8, 3),
  wharf: violet(9, 3),
  guildHall: large,
  residence: large,
  fortress: large,
  customsHouse: large,
  cityHall: large,
};

/** VAR-3: the balance variant swaps the Factory's and the University's prices (VP and cap unchanged). */
export const BALANCE_COST: Readonly<Partial<Record<Building, number>>> = { factory: 8, university: 7 };

export const CITY_SPACES = 12;
export const ISLAND_SPACES = 12;
/** The trading house's spaces (TRD-2). */
export const HOUSE_SPACES = 4;

export const PLANTATION_TILES: Readonly<Record<Good, number>> = { corn: 10, indigo: 12, sugar: 11, tobacco: 9, coffee: 8 };
export const GOODS_IN_BOX: Readonly<Record<Good, number>> = { corn: 10, indigo: 11, sugar: 11, tobacco: 9, coffee: 9 };

export interface CountSetup {
  readonly doubloons: number;
  readonly vpSupply: number;
  readonly shipColonists: number;
  readonly colonistSupply: number;
  readonly ships: readonly number[];
  readonly roles: readonly RoleCard[];
  /** Starting plantations in turn order from the governor. */
  readonly start: readonly Good[];
  readonly quarries: number;
  /** Plantation tiles of each kind removed from the game (2 players: 3 each). */
  readonly removedTiles: number;
  /** Goods of each kind removed from the game (2 players: 2 each). */
  readonly removedGoods: number;
}

const SIX_ROLES: readonly RoleCard[] = ['settler', 'mayor', 'builder', 'craftsman', 'trader', 'captain'];

/** §1.2, setup by player count. The 2-player column is the official 2-player game (VAR-1). */
export const SETUP_BY_COUNT: Readonly<Record<2 | 3 | 4 | 5, CountSetup>> = {
  2: {
    doubloons: 3,
    vpSupply: 65,
    shipColonists: 2,
    colonistSupply: 40,
    ships: [4, 6],
    roles: [...SIX_ROLES, 'prospector'],
    start: ['indigo', 'corn'],
    quarries: 5,
    removedTiles: 3,
    removedGoods: 2,
  },
  3: {
    doubloons: 2,
    vpSupply: 75,
    shipColonists: 3,
    colonistSupply: 55,
    ships: [4, 5, 6],
    roles: SIX_ROLES,
    start: ['indigo', 'indigo', 'corn'],
    quarries: 8,
    removedTiles: 0,
    removedGoods: 0,
  },
  4: {
    doubloons: 3,
    vpSupply: 100,
    shipColonists: 4,
    colonistSupply: 75,
    ships: [5, 6, 7],
    roles: [...SIX_ROLES, 'prospector'],
    start: ['indigo', 'indigo', 'corn', 'corn'],
    quarries: 8,
    removedTiles: 0,
    removedGoods: 0,
  },
  5: {
    doubloons: 4,
    vpSupply: 122,
    shipColonists: 5,
    colonistSupply: 95,
    ships: [6, 7, 8],
    roles: [...SIX_ROLES, 'prospector', 'prospector2'],
    start: ['indigo', 'indigo', 'indigo', 'corn', 'corn'],
    quarries: 8,
    removedTiles: 0,
    removedGoods: 0,
  },
};

export function countSetup(seats: number): CountSetup {
  const table = SETUP_BY_COUNT[seats as 2 | 3 | 4 | 5];
  if (!table) throw new RangeError(`Puerto Rico is for 2 to 5 players, not ${seats}`);
  return table;
}

/** CRA-4: doubloons an occupied Factory pays by the number of kinds received. */
export const FACTORY_PAY: readonly number[] = [0, 0, 1, 2, 3, 5];
