/**
 * The rondel actions (§3). Each handler works on a draft (a copy made by apply), checks the move, then
 * changes the draft and returns its log; on a refusal apply throws the draft away.
 */
import { ruleError } from '../../engine/result.js';
import type { LogEntry, RuleError } from '../../engine/types.js';
import {
  BUILDINGS,
  BUILDING_WORKERS,
  CABO,
  COLUMNS,
  FICTITIOUS_REFUND,
  GALLERY_REFILL,
  GOODS,
  MALACA,
  MARKET_PRICE,
  MARKET_ROWS,
  MAX_WORKERS,
  MIN_WORKERS,
  NAGASAKI,
  NEIGHBOURS,
  PORTUGAL,
  PROCESS_REVENUE,
  REGIONS,
  REGION_COUNT,
  SHIPS_PER_PLAYER,
  SLOTS_PER_COLUMN,
  SLOT_CASH,
  STACKS,
  isDoubleLoss,
  type Column,
  type Phase,
} from './data.js';
import {
  achievements,
  buildingCost,
  buildingsLeft,
  chartEmpty,
  columnIndex,
  editRegion,
  maxRecruit,
  maxShipBuild,
  sailingRange,
  shipsOnBoard,
  unitCost,
} from './rules.js';
import type { BuildingCounts, EndTrigger, GoodCounts, NavegadorState, PlayerState, SailPath } from './types.js';
import { BUILDING_NAMES, PHASE_NAMES, PRIVILEGE_NAMES, article, count, cruzados, list, regionName, routeText, seatRef } from './words.js';

export type ActionResult = RuleError | LogEntry[];

export const isRefusal = (r: ActionResult): r is RuleError => !Array.isArray(r);

const player = (state: NavegadorState, seat: number): PlayerState => state.players[seat] as PlayerState;

/** `count` from words.ts, for the handlers whose own parameter is called `count`. */
const units = count;

/** §6.1: the first trigger starts the countdown; the triggering turn is completed, then n final turns. */
export function triggerEnd(state: NavegadorState, seat: number, trigger: EndTrigger): LogEntry[] {
  if (state.end !== null) return [];
  state.end = { trigger, seat };
  state.turnsLeft = state.seats + 1;
  const how = trigger === 'nagasaki' ? 'by exploring Nagasaki' : 'by taking the last building on the chart';
  const text = `${seatRef(seat)} triggered the end of the game ${how}: each player takes one final turn.`;
  return [{ type: 'end.triggered', text, seat, trigger }];
}

/**
 * §3.3: one sailing action. Each path is a group of ships; E1 one unexplored region at most, E2-E4 at
 * least L+1 paths end in it, E5-E8 explorer, reveal, bonus and triggers.
 */
export function sail(state: NavegadorState, seat: number, paths: readonly SailPath[]): ActionResult {
  const p = player(state, seat);
  const range = sailingRange(state);
  const used = new Array<number>(REGION_COUNT).fill(0);
  let target = -1;
  let endingInTarget = 0;
  let moving = 0;
  for (const { path, count } of paths) {
    if (count < 1 || path.length < 2) return ruleError('INVALID_MOVE', 'each sailing group moves at least 1 ship at least 1 border');
    if (path.length - 1 > range) return ruleError('OUT_OF_RANGE', `ships cross at most ${range} border(s) in phase ${state.phase}`);
    const start = path[0] as number;
    if (start >= REGION_COUNT) return ruleError('INVALID_MOVE', `no region ${start}`);
    used[start] = (used[start] ?? 0) + count;
    moving += count;
    for (let i = 1; i < path.length; i++) {
      const here = path[i] as number;
      if (!(NEIGHBOURS[path[i - 1] as number] ?? []).includes(here)) {
        return ruleError('NOT_ADJACENT', `${REGIONS[path[i - 1] as number] ?? '?'} does not border region ${here}`);
      }
      if (state.regions[here]?.explored) continue;
      // E1: entering (or passing through) an unexplored region explores it; only one per sailing action.
      if (target !== -1 && target !== here) return ruleError('ONE_REGION_PER_SAIL', 'at most one new region per sailing action');
      target = here;
    }
    if (path[path.length - 1] === target) endingInTarget += count;
  }
  for (let r = 0; r < REGION_COUNT; r++) {
    if ((used[r] ?? 0) > (p.ships[r] ?? 0)) return ruleError('NOT_ENOUGH_SHIPS', `only ${p.ships[r] ?? 0} ship(s) in ${REGIONS[r]}`);
  }
  const loss = target === -1 ? 0 : isDoubleLoss(target, state.seats) ? 2 : 1;
  // E2/E4: the entering group needs L+1 ships, and L+1 paths must end there (L lost, 1 maps it).
  if (target !== -1 && endingInTarget < loss + 1) {
    return ruleError('EXPLORATION_NEEDS_SHIPS', `exploring ${REGIONS[target]} needs ${loss + 1} ships ending there`);
  }
  for (const { path, count } of paths) {
    const start = path[0] as number;
    const end = path[path.length - 1] as number;
    p.ships[start] = (p.ships[start] as number) - count;
    p.ships[end] = (p.ships[end] as number) + count;
  }
  const log: LogEntry[] = [
    {
      type: 'ships.sailed',
      text: `${seatRef(seat)} sailed ${list(paths.map((g) => `${count(g.count, 'ship')} from ${routeText(g.path)}`))}.`,
      seat,
      ships: moving,
      paths: paths.map((g) => ({ path: g.path.slice(), count: g.count })),
    },
  ];
  if (target !== -1) log.push(...explore(state, seat, target, loss));
  return log;
}

/** E3-E8 for region `target`, after the sailing action's movement. */
function explore(state: NavegadorState, seat: number, target: number, loss: number): LogEntry[] {
  const p = player(state, seat);
  const region = editRegion(state, target);
  p.ships[target] = (p.ships[target] as number) - loss;
  p.supply += loss;
  p.explorers += 1;
  region.explored = true;
  region.faceUp = region.hidden.slice().sort((a, b) => a - b);
  region.hidden = [];
  const bonus = region.faceUp[0] ?? 0;
  p.cash += bonus;
  const good = STACKS[target]?.good ?? null;
  const log: LogEntry[] = [
    {
      type: 'region.explored',
      text:
        `${seatRef(seat)} explored ${REGIONS[target]}, losing ${count(loss, 'ship')}, took its explorer, revealed ` +
        `${good ? `${good} colonies worth ${list(region.faceUp.map(String))}` : 'no colony'} and received ${cruzados(bonus)}.`,
      seat,
      region: target,
      good,
      values: region.faceUp.slice(),
      shipsLost: loss,
      bonus,
    },
  ];
  // E8 / §4: the new phase applies once this sailing action has ended.
  if (target === CABO && state.phase < 2) log.push(...enterPhase(state, 2));
  if (target === MALACA && state.phase < 3) log.push(...enterPhase(state, 3));
  if (target === NAGASAKI) log.push(...triggerEnd(state, seat, 'nagasaki'));
  return log;
}

/** §4: the phase changes and every gallery arch is refilled from the box to the T10 count. */
function enterPhase(state: NavegadorState, phase: Phase): LogEntry[] {
  state.phase = phase;
  const target = (GALLERY_REFILL[state.seats] ?? [1, 1])[phase - 2] ?? 1;
  const added: number[] = [];
  for (let c = 0; c < COLUMNS.length; c++) {
    const add = Math.min(Math.max(0, target - (state.gallery[c] as number)), state.box[c] as number);
    state.gallery[c] = (state.gallery[c] as number) + add;
    state.box[c] = (state.box[c] as number) - add;
    added.push(add);
  }
  const text = `Phase ${PHASE_NAMES[phase]} begins: ships sail ${count(phase, 'border')}, and the gallery is refilled to ${count(target, 'privilege')} of each kind.`;
  return [{ type: 'phase.changed', text, phase, refilled: added, refilledTo: target }];
}

/** §3.1 */
export function recruit(state: NavegadorState, seat: number, count: number): ActionResult {
  const p = player(state, seat);
  if (count < 1) return ruleError('INVALID_MOVE', 'recruit at least 1 worker (or skip)');
  if (count > maxRecruit(p)) return ruleError('TOO_MANY_UNITS', `recruit at most ${maxRecruit(p)} worker(s)`);
  const cost = unitCost(count, p.churches, state.phase);
  if (cost > p.cash) return ruleError('INSUFFICIENT_FUNDS', `recruiting ${count} costs ${cost}`);
  p.cash -= cost;
  const excess = Math.max(0, p.workers + count - MAX_WORKERS);
  p.workers = Math.min(MAX_WORKERS, p.workers + count);
  p.cash += excess * FICTITIOUS_REFUND;
  return [
    {
      type: 'workers.recruited',
      text: `${seatRef(seat)} recruited ${units(count, 'worker')} for ${cruzados(cost)}${excess ? ` and sold ${units(excess, 'fictitious worker')} back for ${cruzados(excess * FICTITIOUS_REFUND)}` : ''}.`,
      seat,
      count,
      cost,
      fictitious: excess,
      refund: excess * FICTITIOUS_REFUND,
    },
  ];
}

/** §3.2 */
export function buildShips(state: NavegadorState, seat: number, count: number): ActionResult {
  const p = player(state, seat);
  if (count < 1) return ruleError('INVALID_MOVE', 'build at least 1 ship (or skip)');
  if (count > maxShipBuild(p)) return ruleError('TOO_MANY_UNITS', `build at most ${maxShipBuild(p)} ship(s)`);
  const cost = unitCost(count, p.shipyards, state.phase);
  if (cost > p.cash) return ruleError('INSUFFICIENT_FUNDS', `building ${count} ship(s) costs ${cost}`);
  p.cash -= cost;
  const placed = Math.min(count, SHIPS_PER_PLAYER - shipsOnBoard(p));
  const excess = count - placed;
  p.ships[PORTUGAL] = (p.ships[PORTUGAL] as number) + placed;
  p.supply -= placed;
  p.cash += excess * FICTITIOUS_REFUND;
  return [
    {
      type: 'ships.built',
      text: `${seatRef(seat)} built ${units(count, 'ship')} in Portugal for ${cruzados(cost)}${excess ? ` and sold ${units(excess, 'fictitious ship')} back for ${cruzados(excess * FICTITIOUS_REFUND)}` : ''}.`,
      seat,
      count,
      cost,
      placed,
      fictitious: excess,
      refund: excess * FICTITIOUS_REFUND,
    },
  ];
}

/** §3.4: a ship per colony in its region, 2 workers per colony, cheapest token first. */
export function found(state: NavegadorState, seat: number, regions: readonly number[]): ActionResult {
  const p = player(state, seat);
  if (regions.length < 1) return ruleError('INVALID_MOVE', 'found at least 1 colony (or skip)');
  if (regions.length > Math.floor(p.workers / 2)) return ruleError('NOT_ENOUGH_WORKERS', 'each colony needs 2 workers');
  const perRegion = new Array<number>(REGION_COUNT).fill(0);
  for (const r of regions) {
    if (r >= REGION_COUNT) return ruleError('INVALID_MOVE', `no region ${r}`);
    perRegion[r] = (perRegion[r] as number) + 1;
  }
  let cost = 0;
  for (let r = 0; r < REGION_COUNT; r++) {
    const n = perRegion[r] as number;
    if (n === 0) continue;
    const faceUp = state.regions[r]?.faceUp ?? [];
    if (n > faceUp.length) return ruleError('NO_COLONY_LEFT', `${REGIONS[r]} has ${faceUp.length} face-up colony token(s)`);
    if (n > (p.ships[r] as number)) return ruleError('NOT_ENOUGH_SHIPS', `each colony in ${REGIONS[r]} needs a ship there`);
    for (let i = 0; i < n; i++) cost += faceUp[i] as number;
  }
  if (cost > p.cash) return ruleError('INSUFFICIENT_FUNDS', `these colonies cost ${cost}`);
  p.cash -= cost;
  const founded: { region: number; value: number }[] = [];
  for (let r = 0; r < REGION_COUNT; r++) {
    const n = perRegion[r] as number;
    const good = STACKS[r]?.good;
    if (n === 0 || !good) continue;
    const region = editRegion(state, r);
    for (const value of region.faceUp.splice(0, n)) founded.push({ region: r, value });
    p.colonies[GOODS.indexOf(good)] = (p.colonies[GOODS.indexOf(good)] as number) + n;
  }
  const where = founded.map((c) => `${STACKS[c.region]?.good ?? ''} in ${regionName(c.region)} (${cruzados(c.value)})`);
  const text = `${seatRef(seat)} founded ${founded.length === 1 ? 'a colony' : `${founded.length} colonies`}: ${list(where)}, for ${cruzados(cost)}.`;
  return [{ type: 'colonies.founded', text, seat, colonies: founded, cost }];
}

/** §3.5: leftmost pieces, summed worker requirement, last piece triggers the end. */
export function build(state: NavegadorState, seat: number, pieces: BuildingCounts): ActionResult {
  const p = player(state, seat);
  let workersNeeded = 0;
  let cost = 0;
  let total = 0;
  for (const b of BUILDINGS) {
    const n = pieces[b] ?? 0;
    if (n > buildingsLeft(state, b)) return ruleError('NO_BUILDING_LEFT', `only ${buildingsLeft(state, b)} ${b} piece(s) left`);
    workersNeeded += n * BUILDING_WORKERS[b];
    cost += buildingCost(state, b, n);
    total += n;
  }
  if (total < 1) return ruleError('INVALID_MOVE', 'build at least 1 piece (or skip)');
  if (workersNeeded > p.workers) return ruleError('NOT_ENOUGH_WORKERS', `these buildings need ${workersNeeded} workers`);
  if (cost > p.cash) return ruleError('INSUFFICIENT_FUNDS', `these buildings cost ${cost}`);
  p.cash -= cost;
  BUILDINGS.forEach((b, row) => {
    const n = pieces[b] ?? 0;
    state.chartTaken[row] = (state.chartTaken[row] as number) + n;
    if (row < GOODS.length) p.factories[row] = (p.factories[row] as number) + n;
  });
  p.shipyards += pieces.shipyard ?? 0;
  p.churches += pieces.church ?? 0;
  const names = BUILDINGS.flatMap((b) => {
    const n = pieces[b] ?? 0;
    return n === 0 ? [] : [n === 1 ? article(BUILDING_NAMES[b]) : `${n} ${BUILDING_NAMES[b].replace(/y$/, 'ie')}s`];
  });
  const text = `${seatRef(seat)} built ${list(names)} for ${cruzados(cost)}.`;
  const log: LogEntry[] = [{ type: 'buildings.built', text, seat, pieces: { ...pieces }, cost }];
  if (chartEmpty(state)) log.push(...triggerEnd(state, seat, 'buildings'));
  return log;
}

/** §3.6: per good sell or process (never both); the wildcard adds 1 unit of processing to one good. */
export function market(state: NavegadorState, seat: number, sell: GoodCounts, process: GoodCounts): ActionResult {
  const p = player(state, seat);
  let wildcardUnits = 0;
  let units = 0;
  for (let g = 0; g < GOODS.length; g++) {
    const good = GOODS[g] as (typeof GOODS)[number];
    const s = sell[good] ?? 0;
    const pr = process[good] ?? 0;
    if (s > 0 && pr > 0) return ruleError('SELL_AND_PROCESS', `${good} cannot be sold and processed in one action`);
    if (s > (p.colonies[g] as number)) return ruleError('NOT_ENOUGH_COLONIES', `only ${p.colonies[g]} ${good} colony(ies)`);
    wildcardUnits += Math.max(0, pr - (p.factories[g] as number));
    units += s + pr;
  }
  if (units < 1) return ruleError('INVALID_MOVE', 'sell or process at least 1 unit (or skip)');
  if (wildcardUnits > 1) return ruleError('NOT_ENOUGH_FACTORIES', 'the wildcard factory processes 1 unit of one good');
  let income = 0;
  const trades: { good: string; sold: number; processed: number; price: number; income: number; row: number }[] = [];
  for (let g = 0; g < GOODS.length; g++) {
    const good = GOODS[g] as (typeof GOODS)[number];
    const s = sell[good] ?? 0;
    const pr = process[good] ?? 0;
    if (s + pr === 0) continue;
    const row = state.market[g] as number;
    // Every unit gets the current row's value; the cube then moves and clamps (§3.6 Clamps).
    const got = s > 0 ? s * (MARKET_PRICE[good][row - 1] as number) : pr * (PROCESS_REVENUE[row - 1] as number);
    state.market[g] = s > 0 ? Math.min(MARKET_ROWS, row + s) : Math.max(1, row - pr);
    income += got;
    trades.push({ good, sold: s, processed: pr, price: got / (s + pr), income: got, row: state.market[g] as number });
  }
  p.cash += income;
  const deals = trades.map((x) => `${x.sold > 0 ? 'sold' : 'processed'} ${x.sold + x.processed} ${x.good} at ${cruzados(x.price)}`);
  const text = `${seatRef(seat)} ${list(deals)} at the market: ${cruzados(income)}${trades.length > 1 ? ' in all' : ''}.`;
  return [{ type: 'market.traded', text, seat, trades, income }];
}

/** §3.7: one worker for one token on the topmost free slot; cash = slot value × achievements. */
export function privilege(state: NavegadorState, seat: number, column: Column): ActionResult {
  const p = player(state, seat);
  const c = columnIndex(column);
  if (p.workers <= MIN_WORKERS) return ruleError('NOT_ENOUGH_WORKERS', 'a privilege costs a worker, and workers never go below 2');
  if ((state.gallery[c] as number) < 1) return ruleError('NO_PRIVILEGE_LEFT', `no ${column} privilege in the gallery`);
  const slot = p.privileges[c] as number;
  if (slot >= SLOTS_PER_COLUMN) return ruleError('COLUMN_FULL', `already 3 ${column} privileges`);
  const cash = (SLOT_CASH[column][slot] as number) * achievements(p, column);
  p.workers -= 1;
  p.privileges[c] = slot + 1;
  state.gallery[c] = (state.gallery[c] as number) - 1;
  p.cash += cash;
  const text = `${seatRef(seat)} gave up a worker for ${article(PRIVILEGE_NAMES[column])}, placed in slot ${slot + 1}, and received ${cruzados(cash)}.`;
  return [{ type: 'privilege.taken', text, seat, column, slot: slot + 1, cash }];
}
