/**
 * Rule helpers shared by apply, legalMoves, the score and the bot: costs, distances, achievements,
 * and the copy-on-write helpers that keep apply from mutating its input.
 */
import {
  BUILDING_COSTS,
  BUILDINGS,
  CHEAP_UNIT_PRICE,
  COLUMNS,
  EXTRA_UNIT_PRICE,
  FREE_RONDEL_STEPS,
  MAX_WORKERS,
  NEIGHBOURS,
  REGION_COUNT,
  RONDEL_SIZE,
  SAILING_RANGE,
  SHIPS_PER_PLAYER,
  buildingsOnChart,
  type Building,
  type Column,
  type Phase,
} from './data.js';
import type { NavegadorState, PlayerState, RegionState } from './types.js';

/** T1: fields moved clockwise from `from` to `to`, in 1..8 (8 = the same action again). */
export function rondelDistance(from: number, to: number): number {
  return ((((to - from - 1) % RONDEL_SIZE) + RONDEL_SIZE) % RONDEL_SIZE) + 1;
}

/** §2.2: ships to pay for a move of `distance` fields. */
export function rondelShipCost(distance: number): number {
  return Math.max(0, distance - FREE_RONDEL_STEPS);
}

export function shipsOnBoard(player: PlayerState): number {
  let total = 0;
  for (const n of player.ships) total += n;
  return total;
}

/** §3.1/§3.2: k units with `cheap` churches (or shipyards): 50 each up to `cheap`, the phase price beyond. */
export function unitCost(count: number, cheap: number, phase: Phase): number {
  return CHEAP_UNIT_PRICE * Math.min(count, cheap) + EXTRA_UNIT_PRICE[phase] * Math.max(0, count - cheap);
}

/** §3.1 decision: k ≤ max(9 - w, c); larger k only adds units refunded below their price. */
export function maxRecruit(player: PlayerState): number {
  return Math.max(MAX_WORKERS - player.workers, player.churches);
}

/** §3.2 decision: k ≤ max(7 - b, s). */
export function maxShipBuild(player: PlayerState): number {
  return Math.max(SHIPS_PER_PLAYER - shipsOnBoard(player), player.shipyards);
}

/** §3.3 / T2 */
export function sailingRange(state: NavegadorState): number {
  return SAILING_RANGE[state.phase];
}

/** Pieces still on a row of the building chart (T8b). */
export function buildingsLeft(state: NavegadorState, building: Building): number {
  const row = BUILDINGS.indexOf(building);
  return buildingsOnChart(building, state.seats) - (state.chartTaken[row] ?? 0);
}

/** §3.5: the price of the next `count` pieces of a row, leftmost first. */
export function buildingCost(state: NavegadorState, building: Building, count: number): number {
  const taken = state.chartTaken[BUILDINGS.indexOf(building)] ?? 0;
  let cost = 0;
  for (let i = 0; i < count; i++) cost += BUILDING_COSTS[building][taken + i] ?? 0;
  return cost;
}

export function chartEmpty(state: NavegadorState): boolean {
  return BUILDINGS.every((b) => buildingsLeft(state, b) === 0);
}

/** §3 notation: the player's achievements of a column (factories include the wildcard). */
export function achievements(player: PlayerState, column: Column): number {
  switch (column) {
    case 'colony':
      return sum(player.colonies);
    case 'factory':
      return sum(player.factories) + 1;
    case 'explorer':
      return player.explorers;
    case 'shipyard':
      return player.shipyards;
    case 'church':
      return player.churches;
  }
}

export function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

export const columnIndex = (column: Column): number => COLUMNS.indexOf(column);

/** §0.2: the right-hand neighbour (the Navegador card passes right). */
export function rightOf(state: NavegadorState, seat: number): number {
  return (seat + state.seats - 1) % state.seats;
}

/** §5: the holder may sail before the rondel move once the orange ship is placed (not on his first turn). */
export function navegadorUsable(state: NavegadorState, seat: number): boolean {
  const card = state.navegador;
  return (
    !state.finished &&
    state.step === 'start' &&
    state.current === seat &&
    card.holder === seat &&
    card.orangeField !== null &&
    state.players[seat]?.field !== null
  );
}

/**
 * Shortest routes from `from` through explored regions, up to `range` borders: distance and the
 * previous region of each, -1 when unreachable. Unexplored regions are never passed through (§3.3).
 */
export function exploredRoutes(state: NavegadorState, from: number, range: number): { dist: number[]; prev: number[] } {
  const dist = new Array<number>(REGION_COUNT).fill(-1);
  const prev = new Array<number>(REGION_COUNT).fill(-1);
  dist[from] = 0;
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const here = queue[head] as number;
    const d = dist[here] as number;
    if (d >= range) continue;
    for (const next of NEIGHBOURS[here] as readonly number[]) {
      if (dist[next] !== -1 || !state.regions[next]?.explored) continue;
      dist[next] = d + 1;
      prev[next] = here;
      queue.push(next);
    }
  }
  return { dist, prev };
}

/** The region list of the route to `to` found by `exploredRoutes`. */
export function routeTo(prev: readonly number[], from: number, to: number): number[] {
  const path = [to];
  for (let here = to; here !== from; ) {
    here = prev[here] as number;
    path.push(here);
  }
  return path.reverse();
}

/** §2.2: the default payment takes each ship from the region holding the most (lowest id on a tie). */
export function defaultPayment(player: PlayerState, cost: number): number[] {
  const ships = player.ships.slice();
  const pay: number[] = [];
  for (let i = 0; i < cost; i++) {
    let best = -1;
    for (let r = 0; r < REGION_COUNT; r++) if ((ships[r] as number) > 0 && (best === -1 || (ships[r] as number) > (ships[best] as number))) best = r;
    if (best === -1) break;
    ships[best] = (ships[best] as number) - 1;
    pay.push(best);
  }
  return pay;
}

/**
 * Copies what apply may change: the state shell, the small arrays and the mover's own sheet (an action
 * only ever changes the acting player). Regions are shared until `editRegion` copies the one changed.
 */
export function cloneState(state: NavegadorState, seat: number): NavegadorState {
  const players = state.players.slice();
  players[seat] = clonePlayer(players[seat] as PlayerState);
  return {
    ...state,
    players,
    regions: state.regions.slice(),
    market: state.market.slice(),
    gallery: state.gallery.slice(),
    box: state.box.slice(),
    chartTaken: state.chartTaken.slice(),
    navegador: { ...state.navegador },
    end: state.end === null ? null : { ...state.end },
    setAside: state.setAside.slice(),
  };
}

/** Replaces region `r` of a draft made by `cloneState` with its own copy, ready to change. */
export function editRegion(draft: NavegadorState, r: number): RegionState {
  const region = draft.regions[r] as RegionState;
  const copy = { explored: region.explored, hidden: region.hidden.slice(), faceUp: region.faceUp.slice() };
  draft.regions[r] = copy;
  return copy;
}

function clonePlayer(p: PlayerState): PlayerState {
  return {
    ...p,
    ships: p.ships.slice(),
    colonies: p.colonies.slice(),
    factories: p.factories.slice(),
    privileges: p.privileges.slice(),
  };
}
