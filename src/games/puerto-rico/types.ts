/**
 * The shape of a Puerto Rico game: options, state (plain JSON) and moves.
 * Rule ids (SET-2, CAP-3...) refer to docs/rules/puerto-rico.md.
 */
import type { RngState } from '../../engine/random.js';
import type { Seat } from '../../engine/types.js';
import type { Building, Good, Role, RoleCard, Tile } from './data.js';

export const ROLE_ORDERS = ['official6', 'alternating5'] as const;
export type RoleOrder = (typeof ROLE_ORDERS)[number];

export interface PuertoRicoOptions {
  /** VAR-1 (`official6`, A,B,A,B,A,B) or VAR-2 (`alternating5`, A,B,A,B,A). 2 players only. */
  readonly roleOrder: RoleOrder;
  /** VAR-3, the seed's balance variant. 2 players only. */
  readonly balance: boolean;
}

export interface IslandTile {
  readonly tile: Tile;
  readonly occupied: boolean;
}

export interface CityBuilding {
  readonly building: Building;
  readonly colonists: number;
}

export type GoodCounts = Record<Good, number>;

export interface PlayerState {
  doubloons: number;
  /** VP chips, credited in full even beyond the chip supply (CAP-10). Hidden from other seats (§6). */
  vp: number;
  goods: GoodCounts;
  /** Tiles in the order they were placed; positions do not matter (SET-6). */
  island: IslandTile[];
  /** Buildings in the order they were built; geometry is not modelled (BLD-4). */
  city: CityBuilding[];
  /** Colonists waiting in San Juan. */
  sanJuan: number;
}

export interface RoleSlot {
  readonly card: RoleCard;
  doubloons: number;
  taken: boolean;
}

export interface CargoShip {
  readonly capacity: number;
  good: Good | null;
  load: number;
}

/** Where the game stands. `turn` is the seat to act; `remaining` counts the turns left, the current one included. */
export type Phase =
  | { readonly name: 'chooseRole' }
  | { readonly name: 'settler'; readonly turn: Seat; readonly remaining: number; readonly haciendaUsed: boolean }
  | { readonly name: 'mayorPrivilege' }
  | { readonly name: 'mayor'; readonly turn: Seat; readonly remaining: number }
  | { readonly name: 'builder'; readonly turn: Seat; readonly remaining: number }
  | { readonly name: 'craftsman'; readonly turn: Seat; readonly remaining: number; readonly received: readonly Good[] }
  | { readonly name: 'craftsmanBonus'; readonly received: readonly Good[] }
  | { readonly name: 'trader'; readonly turn: Seat; readonly remaining: number }
  | {
      readonly name: 'captain';
      readonly turn: Seat;
      /** Consecutive passes; loading ends at n (CAP-7). */
      readonly passes: number;
      /** CAP-4: the captain's +1 is paid once, on his first load. */
      readonly privilegeUsed: boolean;
      /** CAP-6: each Wharf once per Captain phase. */
      readonly wharfUsed: readonly boolean[];
    }
  | { readonly name: 'storage'; readonly turn: Seat; readonly remaining: number }
  | { readonly name: 'over' };

export type PhaseName = Phase['name'];

export interface EndTriggers {
  /** END-1: the colonist refill fell short. */
  colonists: boolean;
  /** END-2: a city was filled. */
  city: boolean;
  /** END-3: the VP chips ran out. */
  vp: boolean;
}

export interface PuertoRicoState {
  /** The engine version the game began with (GameDefinition.engineVersion). */
  readonly version: number;
  readonly seats: number;
  readonly options: PuertoRicoOptions;
  rng: RngState;
  governor: Seat;
  /** How many roles were chosen this round (the next chooser is governor + choices, ROUND-1, VAR-1, VAR-2). */
  choices: number;
  /** The role being played and who chose it (null while choosing). */
  role: Role | null;
  roleHolder: Seat;
  roles: RoleSlot[];
  phase: Phase;
  players: PlayerState[];
  colonistShip: number;
  colonistSupply: number;
  /** The VP chips left; never below 0 (CAP-10). */
  vpSupply: number;
  quarries: number;
  faceUp: Good[];
  /** The face-down stack, top first. Secret (§6). */
  stack: Good[];
  discard: Good[];
  goodsSupply: GoodCounts;
  buildingSupply: Record<Building, number>;
  ships: CargoShip[];
  tradingHouse: Good[];
  endTriggers: EndTriggers;
  /** Rounds completed, for the log and the bot. */
  round: number;
}

/** MAY-3: a complete arrangement. Counts per tile kind and per owned building; the rest stays in San Juan. */
export interface Arrangement {
  readonly plantations: Readonly<Partial<Record<Tile, number>>>;
  readonly buildings: Readonly<Partial<Record<Building, number>>>;
}

export type PuertoRicoMove =
  | { readonly type: 'chooseRole'; readonly role: RoleCard }
  /** SET-2: draw the top face-down tile with the Hacienda. */
  | { readonly type: 'useHacienda' }
  /** SET-3 (+ SET-5 when `hospice`). */
  | { readonly type: 'takePlantation'; readonly plantation: Good; readonly hospice: boolean }
  /** SET-4 (+ SET-5 when `hospice`). */
  | { readonly type: 'takeQuarry'; readonly hospice: boolean }
  /** MAY-1: take (or refuse) the privilege colonist from the supply. */
  | { readonly type: 'mayorPrivilege'; readonly accept: boolean }
  /** MAY-3/MAY-4: `legalMoves` lists a few sensible arrangements; any arrangement obeying MAY-4 is accepted. */
  | ({ readonly type: 'arrange' } & Arrangement)
  /** BLD-1 (+ BLD-5 when `university`). */
  | { readonly type: 'build'; readonly building: Building; readonly university: boolean }
  /** CRA-2/CRA-3: take the whole production (declining is `pass`). */
  | { readonly type: 'produce' }
  /** CRA-5. */
  | { readonly type: 'craftsmanBonus'; readonly good: Good }
  /** TRD-1. */
  | { readonly type: 'sell'; readonly good: Good }
  /** CAP-3: `ship` is the index of the cargo ship (ships sorted by capacity). */
  | { readonly type: 'load'; readonly good: Good; readonly ship: number }
  /** CAP-6. */
  | { readonly type: 'wharf'; readonly good: Good }
  /** CAP-8: kinds kept whole with warehouses, and the single barrel kept on the windrose. */
  | { readonly type: 'store'; readonly warehouse: readonly Good[]; readonly barrel: Good | null }
  /** Decline the turn's optional action: settle, build, produce (CRA-3), the bonus good, sell, or ship when no cargo load is legal. */
  | { readonly type: 'pass' };

export type MoveType = PuertoRicoMove['type'];
export type MoveOf<T extends MoveType> = Extract<PuertoRicoMove, { type: T }>;
