/**
 * Questions about a board that every phase asks: occupancy (OCC-1), circles, capacities, prices, and
 * the two shared effects that touch the supplies (colonists for the Hospice and University, VP chips).
 */
import type { Seat } from '../../engine/types.js';
import {
  BALANCE_COST,
  BUILDING_DATA,
  CITY_SPACES,
  GOODS,
  ISLAND_SPACES,
  type Building,
  type Good,
} from './data.js';
import type { Draft } from './draft.js';
import type { GoodCounts, PlayerState, PuertoRicoState } from './types.js';

export function nextSeat(state: PuertoRicoState, seat: Seat): Seat {
  return (seat + 1) % state.seats;
}

export function owns(player: PlayerState, building: Building): boolean {
  return player.city.some((b) => b.building === building);
}

/** OCC-1: a building works only with at least one colonist on it. */
export function isOccupied(player: PlayerState, building: Building): boolean {
  for (const b of player.city) if (b.building === building) return b.colonists > 0;
  return false;
}

export function citySpacesUsed(player: PlayerState): number {
  let used = 0;
  for (const b of player.city) used += BUILDING_DATA[b.building].spaces;
  return used;
}

export function hasEmptyIslandSpace(player: PlayerState): boolean {
  return player.island.length < ISLAND_SPACES;
}

/** MAY-4: K, the circles on a board (1 per island tile, the printed circles per building). */
export function circlesOf(player: PlayerState): number {
  let circles = player.island.length;
  for (const b of player.city) circles += BUILDING_DATA[b.building].circles;
  return circles;
}

/** MAY-4: C, the colonists a player owns (tiles, buildings and San Juan). */
export function colonistsOf(player: PlayerState): number {
  let count = player.sanJuan;
  for (const t of player.island) if (t.occupied) count++;
  for (const b of player.city) count += b.colonists;
  return count;
}

export function emptyBuildingCircles(player: PlayerState): number {
  let empty = 0;
  for (const b of player.city) empty += BUILDING_DATA[b.building].circles - b.colonists;
  return empty;
}

export function occupiedQuarries(player: PlayerState): number {
  let count = 0;
  for (const t of player.island) if (t.tile === 'quarry' && t.occupied) count++;
  return count;
}

export function emptyGoods(): GoodCounts {
  return { corn: 0, indigo: 0, sugar: 0, tobacco: 0, coffee: 0 };
}

/** CRA-1: what a player can produce of each kind, before the supply limit. */
export function productionCapacity(player: PlayerState): GoodCounts {
  const plantations = emptyGoods();
  for (const t of player.island) if (t.occupied && t.tile !== 'quarry') plantations[t.tile]++;
  const plants = emptyGoods();
  for (const b of player.city) {
    const good = BUILDING_DATA[b.building].good;
    if (good) plants[good] += b.colonists;
  }
  return {
    corn: plantations.corn,
    indigo: Math.min(plantations.indigo, plants.indigo),
    sugar: Math.min(plantations.sugar, plants.sugar),
    tobacco: Math.min(plantations.tobacco, plants.tobacco),
    coffee: Math.min(plantations.coffee, plants.coffee),
  };
}

/** CRA-2: what a player would receive now, limited by the supply. */
export function productionNow(state: PuertoRicoState, player: PlayerState): GoodCounts {
  const capacity = productionCapacity(player);
  const out = emptyGoods();
  for (const good of GOODS) out[good] = Math.min(capacity[good], state.goodsSupply[good]);
  return out;
}

export function buildingCost(state: PuertoRicoState, building: Building): number {
  return (state.options.balance ? BALANCE_COST[building] : undefined) ?? BUILDING_DATA[building].cost;
}

/** BLD-3: cost − min(occupied quarries, cap) − 1 for the builder, never below 0. */
export function buildingPrice(state: PuertoRicoState, seat: Seat, building: Building): number {
  const player = state.players[seat] as PlayerState;
  const discount = Math.min(occupiedQuarries(player), BUILDING_DATA[building].quarryCap);
  const privilege = state.role === 'builder' && state.roleHolder === seat ? 1 : 0;
  return Math.max(0, buildingCost(state, building) - discount - privilege);
}

/** BLD-2: the reason a build is illegal, or null. */
export function buildRefusal(state: PuertoRicoState, seat: Seat, building: Building): string | null {
  const player = state.players[seat] as PlayerState;
  if (state.buildingSupply[building] <= 0) return `no ${building} is left`;
  if (owns(player, building)) return `seat ${seat} already owns a ${building}`;
  if (citySpacesUsed(player) + BUILDING_DATA[building].spaces > CITY_SPACES) return `no room in the city for a ${building}`;
  if (player.doubloons < buildingPrice(state, seat, building)) return `a ${building} costs more than seat ${seat} has`;
  return null;
}

export function colonistAvailable(state: PuertoRicoState): boolean {
  return state.colonistSupply > 0 || state.colonistShip > 0;
}

/** SET-5, BLD-5: one colonist from the supply, or from the ship when the supply is empty. */
export function takeBonusColonist(draft: Draft): 'supply' | 'ship' | null {
  if (draft.s.colonistSupply > 0) {
    draft.s.colonistSupply--;
    return 'supply';
  }
  if (draft.s.colonistShip > 0) {
    draft.s.colonistShip--;
    return 'ship';
  }
  return null;
}

/** CAP-10, END-3: VP are credited in full; the chips stop at 0, and reaching 0 ends the game. */
export function creditVp(draft: Draft, seat: Seat, amount: number): void {
  draft.player(seat).vp += amount;
  draft.s.vpSupply = Math.max(0, draft.s.vpSupply - amount);
  if (draft.s.vpSupply === 0 && !draft.s.endTriggers.vp) {
    draft.s.endTriggers.vp = true;
    draft.say({ type: 'game.endTriggered', text: 'The VP chips have run out: the game ends after this round.', trigger: 'vp' });
  }
}

export function goodsHeld(player: PlayerState): number {
  let total = 0;
  for (const good of GOODS) total += player.goods[good];
  return total;
}

export function isGood(value: unknown): value is Good {
  return typeof value === 'string' && (GOODS as readonly string[]).includes(value);
}

export function isBuilding(value: unknown): value is Building {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(BUILDING_DATA, value);
}
