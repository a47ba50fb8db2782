/**
 * legalMoves. Most actions are listed in full; two spaces are too large and are listed here as
 * suggestions, and exactly as move families in families.ts:
 * - sailing: per start region and explored destination in range, 1 ship or all of them along a
 *   shortest route; per reachable unexplored region, the smallest exploring group and all ships in reach;
 * - the rondel payment: the default payment (regions holding the most ships first).
 */
import {
  BUILDINGS,
  BUILDING_WORKERS,
  CHEAP_UNIT_PRICE,
  COLUMNS,
  GOODS,
  MIN_WORKERS,
  NEIGHBOURS,
  REGION_COUNT,
  RONDEL,
  RONDEL_SIZE,
  SLOTS_PER_COLUMN,
  isDoubleLoss,
  type Building,
  type Good,
  type RondelAction,
} from './data.js';
import {
  buildingCost,
  defaultPayment,
  buildingsLeft,
  exploredRoutes,
  maxRecruit,
  maxShipBuild,
  navegadorUsable,
  rondelDistance,
  rondelShipCost,
  routeTo,
  sailingRange,
  shipsOnBoard,
  unitCost,
} from './rules.js';
import type { NavegadorMove, NavegadorState, PlayerState, SailPath } from './types.js';

type ActionMove = Exclude<NavegadorMove, { type: 'navegador' | 'rondel' | 'skip' }>;

export function legalMoves(state: NavegadorState, seat: number): NavegadorMove[] {
  if (state.finished || seat !== state.current) return [];
  const player = state.players[seat] as PlayerState;
  if (state.step === 'start') {
    const moves: NavegadorMove[] = [];
    if (navegadorUsable(state, seat)) for (const paths of sailOptions(state, player)) moves.push({ type: 'navegador', paths });
    moves.push(...rondelMoves(player));
    return moves;
  }
  return [...actionMoves(state, seat), { type: 'skip' }];
}

/**
 * Whether the stone's field offers any action besides skipping (otherwise apply skips it, §2.2). The
 * same answer as `actionMoves(...).length > 0`, without enumerating: apply asks it after every rondel move.
 */
export function hasAction(state: NavegadorState, seat: number): boolean {
  const player = state.players[seat] as PlayerState;
  const action: RondelAction | undefined = RONDEL[player.field as number];
  switch (action) {
    case 'sailing':
      return canSail(state, player);
    case 'workers':
    case 'ships':
      // At least one church and one shipyard are always owned, so one unit costs 50.
      return player.cash >= CHEAP_UNIT_PRICE;
    case 'colony':
      return player.ships.some((n, r) => n > 0 && (state.regions[r]?.faceUp[0] ?? Infinity) <= player.cash);
    case 'buildings':
      return BUILDINGS.some((b) => buildingsLeft(state, b) > 0 && BUILDING_WORKERS[b] <= player.workers && buildingCost(state, b, 1) <= player.cash);
    case 'market':
      // The wildcard factory can always process one unit (§3.6).
      return true;
    case 'privilege':
      return privilegeOptions(state, player).length > 0;
    case undefined:
      return false;
  }
  return unreachable(action);
}

function canSail(state: NavegadorState, player: PlayerState): boolean {
  const moveToExplored = player.ships.some((n, r) => n > 0 && (NEIGHBOURS[r] as readonly number[]).some((x) => state.regions[x]?.explored));
  return moveToExplored || sailOptions(state, player).length > 0;
}

export function rondelMoves(player: PlayerState): NavegadorMove[] {
  const moves: NavegadorMove[] = [];
  const board = shipsOnBoard(player);
  for (let field = 0; field < RONDEL_SIZE; field++) {
    const cost = player.field === null ? 0 : rondelShipCost(rondelDistance(player.field, field));
    if (cost > board) continue;
    moves.push(cost === 0 ? { type: 'rondel', field } : { type: 'rondel', field, pay: defaultPayment(player, cost) });
  }
  return moves;
}

export function actionMoves(state: NavegadorState, seat: number): ActionMove[] {
  const player = state.players[seat] as PlayerState;
  const action: RondelAction | undefined = RONDEL[player.field as number];
  switch (action) {
    case 'sailing':
      return sailOptions(state, player).map((paths) => ({ type: 'sail', paths }));
    case 'workers':
      return unitCounts(maxRecruit(player), player.churches, player.cash, state).map((count) => ({ type: 'recruit', count }));
    case 'ships':
      return unitCounts(maxShipBuild(player), player.shipyards, player.cash, state).map((count) => ({ type: 'buildShips', count }));
    case 'colony':
      return colonyOptions(state, player).map((regions) => ({ type: 'found', regions }));
    case 'buildings':
      return buildOptions(state, player).map((pieces) => ({ type: 'build', pieces }));
    case 'market':
      return marketOptions(state, player);
    case 'privilege':
      return privilegeOptions(state, player);
    case undefined:
      return [];
  }
  return unreachable(action);
}

function unreachable(value: never): never {
  throw new Error(`unexpected rondel action ${String(value)}`);
}

function unitCounts(max: number, cheap: number, cash: number, state: NavegadorState): number[] {
  const counts: number[] = [];
  for (let k = 1; k <= max && unitCost(k, cheap, state.phase) <= cash; k++) counts.push(k);
  return counts;
}

/** Representative sailing actions (see the file comment). */
export function sailOptions(state: NavegadorState, player: PlayerState): SailPath[][] {
  const range = sailingRange(state);
  const options: SailPath[][] = [];
  const routes = player.ships.map((n, r) => (n > 0 ? exploredRoutes(state, r, range) : null));
  routes.forEach((route, from) => {
    if (!route) return;
    const here = player.ships[from] as number;
    route.dist.forEach((d, to) => {
      if (d < 1) return;
      const path = routeTo(route.prev, from, to);
      options.push([{ path, count: 1 }]);
      if (here > 1) options.push([{ path, count: here }]);
    });
  });
  for (let target = 0; target < REGION_COUNT; target++) {
    if (state.regions[target]?.explored) continue;
    const groups: SailPath[] = [];
    routes.forEach((route, from) => {
      if (!route) return;
      const path = approach(route, from, target, range);
      if (path) groups.push({ path, count: player.ships[from] as number });
    });
    const reach = groups.reduce((n, g) => n + g.count, 0);
    const needed = (isDoubleLoss(target, state.seats) ? 2 : 1) + 1;
    if (reach < needed) continue;
    options.push(groups);
    if (reach > needed) options.push(smallestGroup(groups, needed));
  }
  return options;
}

/** The route into unexplored `target` from `from`: through explored regions, then one last border. */
function approach(route: { dist: number[]; prev: number[] }, from: number, target: number, range: number): number[] | null {
  let best = -1;
  for (const n of NEIGHBOURS[target] as readonly number[]) {
    const d = route.dist[n] as number;
    if (d >= 0 && d <= range - 1 && (best === -1 || d < (route.dist[best] as number))) best = n;
  }
  return best === -1 ? null : [...routeTo(route.prev, from, best), target];
}

/** `needed` ships, taken from the largest groups first. */
function smallestGroup(groups: readonly SailPath[], needed: number): SailPath[] {
  const sorted = groups.slice().sort((a, b) => b.count - a.count);
  const out: SailPath[] = [];
  let left = needed;
  for (const g of sorted) {
    if (left === 0) break;
    const take = Math.min(left, g.count);
    out.push({ path: g.path, count: take });
    left -= take;
  }
  return out;
}

/** §3.4: every multiset of regions (cheapest tokens) within ships, workers and cash. */
function colonyOptions(state: NavegadorState, player: PlayerState): number[][] {
  const maxTotal = Math.floor(player.workers / 2);
  const spots: { region: number; limit: number; values: readonly number[] }[] = [];
  for (let r = 0; r < REGION_COUNT; r++) {
    const limit = Math.min(player.ships[r] as number, state.regions[r]?.faceUp.length ?? 0);
    if (limit > 0) spots.push({ region: r, limit, values: state.regions[r]?.faceUp ?? [] });
  }
  const out: number[][] = [];
  const walk = (i: number, chosen: number[], cost: number): void => {
    if (i === spots.length) {
      if (chosen.length > 0) out.push(chosen);
      return;
    }
    const spot = spots[i] as (typeof spots)[number];
    let extra = 0;
    for (let n = 0; n <= spot.limit && chosen.length + n <= maxTotal; n++) {
      if (n > 0) extra += spot.values[n - 1] as number;
      if (cost + extra > player.cash) break;
      walk(i + 1, n === 0 ? chosen : [...chosen, ...new Array<number>(n).fill(spot.region)], cost + extra);
    }
  };
  walk(0, [], 0);
  return out;
}

/** §3.5: every combination of rows within the chart, the summed workers and the cash. */
function buildOptions(state: NavegadorState, player: PlayerState): Partial<Record<Building, number>>[] {
  const out: Partial<Record<Building, number>>[] = [];
  const walk = (i: number, pieces: Partial<Record<Building, number>>, workers: number, cost: number): void => {
    if (i === BUILDINGS.length) {
      if (workers > 0) out.push(pieces);
      return;
    }
    const b = BUILDINGS[i] as Building;
    for (let n = 0; n <= buildingsLeft(state, b); n++) {
      const w = workers + n * BUILDING_WORKERS[b];
      const c = cost + buildingCost(state, b, n);
      if (w > player.workers || c > player.cash) break;
      walk(i + 1, n === 0 ? pieces : { ...pieces, [b]: n }, w, c);
    }
  };
  walk(0, {}, 0, 0);
  return out;
}

/** §3.6: per good nothing, sell 1..colonies or process 1..factories+1; the wildcard serves one unit overall. */
function marketOptions(state: NavegadorState, player: PlayerState): ActionMove[] {
  type Choice = { sell: number; process: number; wild: number };
  const perGood = GOODS.map((_, g) => {
    const choices: Choice[] = [{ sell: 0, process: 0, wild: 0 }];
    for (let u = 1; u <= (player.colonies[g] as number); u++) choices.push({ sell: u, process: 0, wild: 0 });
    const factories = player.factories[g] as number;
    for (let u = 1; u <= factories + 1; u++) choices.push({ sell: 0, process: u, wild: u > factories ? 1 : 0 });
    return choices;
  });
  const out: ActionMove[] = [];
  const walk = (g: number, sell: Partial<Record<Good, number>>, process: Partial<Record<Good, number>>, wild: number, units: number): void => {
    if (g === GOODS.length) {
      if (units > 0) out.push({ type: 'market', sell, process });
      return;
    }
    const good = GOODS[g] as Good;
    for (const c of perGood[g] as Choice[]) {
      if (wild + c.wild > 1) continue;
      walk(
        g + 1,
        c.sell ? { ...sell, [good]: c.sell } : sell,
        c.process ? { ...process, [good]: c.process } : process,
        wild + c.wild,
        units + c.sell + c.process,
      );
    }
  };
  walk(0, {}, {}, 0, 0);
  return out;
}

function privilegeOptions(state: NavegadorState, player: PlayerState): ActionMove[] {
  if (player.workers <= MIN_WORKERS) return [];
  return COLUMNS.filter((column, c) => (state.gallery[c] as number) > 0 && (player.privileges[c] as number) < SLOTS_PER_COLUMN).map((column) => ({
    type: 'privilege',
    column,
  }));
}
