/** The Mayor phase (§2.3): MAY-1 privilege, MAY-2 distribution, MAY-3/MAY-4 arrangement, MAY-5 refill. */
import { ruleError } from '../../engine/result.js';
import type { MoveFamily, RuleError, Seat } from '../../engine/types.js';
import { BUILDINGS, BUILDING_DATA, TILES, type Building, type Tile } from './data.js';
import type { Draft } from './draft.js';
import { circlesOf, colonistsOf, emptyBuildingCircles } from './rules.js';
import { BUILDING_NAMES, aTile, colonists, perSeat, seatRef, tiles } from './words.js';
import type { Arrangement, CityBuilding, IslandTile, MoveOf, PlayerState, PuertoRicoMove } from './types.js';

/** MAY-1: the privilege colonist comes from the supply only; without one the step is skipped. */
export function startMayor(draft: Draft): void {
  if (draft.s.colonistSupply > 0) {
    draft.s.phase = { name: 'mayorPrivilege' };
    return;
  }
  distributeAndArrange(draft);
}

export function mayorPrivilegeMoves(): PuertoRicoMove[] {
  return [
    { type: 'mayorPrivilege', accept: true },
    { type: 'mayorPrivilege', accept: false },
  ];
}

export function applyMayorPrivilege(draft: Draft, seat: Seat, move: MoveOf<'mayorPrivilege'>): void {
  if (move.accept) {
    draft.s.colonistSupply--;
    draft.player(seat).sanJuan++;
  }
  draft.say({
    type: 'mayor.privilege',
    text: `${seatRef(seat)} ${move.accept ? 'took' : 'refused'} the Mayor's privilege colonist.`,
    seat,
    accept: move.accept,
  });
  distributeAndArrange(draft);
}

/** MAY-2: one at a time, in turn order from the mayor, round the table until the ship is empty. */
function distributeAndArrange(draft: Draft): void {
  const n = draft.s.seats;
  const ship = draft.s.colonistShip;
  const received: number[] = [];
  for (let i = 0; i < n; i++) {
    const seat = (draft.s.roleHolder + i) % n;
    const share = Math.floor(ship / n) + (i < ship % n ? 1 : 0);
    received[seat] = share;
    if (share > 0) draft.player(seat).sanJuan += share;
  }
  draft.s.colonistShip = 0;
  draft.say({ type: 'mayor.distributed', text: `The colonist ship brought ${colonists(ship)}${ship > 0 ? `: ${perSeat(received, (k) => `${k}`)}` : ''}.`, received });
  draft.s.phase = { name: 'mayor', turn: draft.s.roleHolder, remaining: n };
}

/**
 * A board as groups of circles: one group per tile kind (in TILES order), then one per building (in
 * BUILDINGS order). An arrangement is a count per group, so equal arrangements have equal JSON.
 */
interface Groups {
  readonly keys: readonly (Tile | Building)[];
  readonly caps: readonly number[];
  readonly buildingFrom: number;
}

function groupsOf(player: PlayerState): Groups {
  const keys: (Tile | Building)[] = [];
  const caps: number[] = [];
  for (const tile of TILES) {
    let count = 0;
    for (const t of player.island) if (t.tile === tile) count++;
    if (count > 0) {
      keys.push(tile);
      caps.push(count);
    }
  }
  const buildingFrom = keys.length;
  for (const building of BUILDINGS) {
    if (!player.city.some((b) => b.building === building)) continue;
    keys.push(building);
    caps.push(BUILDING_DATA[building].circles);
  }
  return { keys, caps, buildingFrom };
}

/** Fills groups in `order` (a group index per colonist slot; repeats allowed), up to `count` colonists. */
function fill(groups: Groups, order: readonly number[], count: number, start?: readonly number[]): number[] {
  const counts = start ? start.slice() : groups.caps.map(() => 0);
  let left = count - counts.reduce((a, b) => a + b, 0);
  for (const index of order) {
    if (left <= 0) break;
    if ((counts[index] as number) < (groups.caps[index] as number)) {
      counts[index] = (counts[index] as number) + 1;
      left--;
    }
  }
  return counts;
}

/** Every circle, buildings first, each group to its capacity. */
function everyCircle(groups: Groups): number[] {
  const order: number[] = [];
  for (let pass = 0; pass < 2; pass++) {
    groups.caps.forEach((cap, index) => {
      if ((index >= groups.buildingFrom) === (pass === 0)) for (let i = 0; i < cap; i++) order.push(index);
    });
  }
  return order;
}

function violetByValue(groups: Groups): number[] {
  const out: number[] = [];
  for (let i = groups.buildingFrom; i < groups.keys.length; i++) if (BUILDING_DATA[groups.keys[i] as Building].good === null) out.push(i);
  return out.sort((a, b) => BUILDING_DATA[groups.keys[b] as Building].cost - BUILDING_DATA[groups.keys[a] as Building].cost);
}

/** Production pairs (best goods first), corn, violet buildings, quarries, then anything left. */
function productionFirst(groups: Groups): number[] {
  const order: number[] = [];
  const at = (key: Tile | Building) => groups.keys.indexOf(key);
  for (const good of ['coffee', 'tobacco', 'sugar', 'indigo'] as const) {
    const plantation = at(good);
    if (plantation < 0) continue;
    const circles: number[] = [];
    for (let i = groups.buildingFrom; i < groups.keys.length; i++) {
      if (BUILDING_DATA[groups.keys[i] as Building].good === good) for (let c = 0; c < (groups.caps[i] as number); c++) circles.push(i);
    }
    const pairs = Math.min(groups.caps[plantation] as number, circles.length);
    for (let i = 0; i < pairs; i++) order.push(plantation, circles[i] as number);
  }
  for (const key of ['corn', 'quarry'] as const) {
    const index = at(key);
    if (index >= 0) for (let i = 0; i < (groups.caps[index] as number); i++) order.push(index);
    if (key === 'corn') order.push(...violetByValue(groups));
  }
  return order.concat(everyCircle(groups));
}

function currentCounts(player: PlayerState, groups: Groups): number[] {
  return groups.keys.map((key, index) => {
    if (index >= groups.buildingFrom) return player.city.find((b) => b.building === key)?.colonists ?? 0;
    let occupied = 0;
    for (const t of player.island) if (t.tile === key && t.occupied) occupied++;
    return occupied;
  });
}

function toArrangement(groups: Groups, counts: readonly number[]): Arrangement {
  const plantations: Partial<Record<Tile, number>> = {};
  const buildings: Partial<Record<Building, number>> = {};
  counts.forEach((n, index) => {
    if (n === 0) return;
    if (index >= groups.buildingFrom) buildings[groups.keys[index] as Building] = n;
    else plantations[groups.keys[index] as Tile] = n;
  });
  return { plantations, buildings };
}

/** MAY-4: min(C, K) colonists go on circles. */
function placedCount(player: PlayerState): number {
  return Math.min(colonistsOf(player), circlesOf(player));
}

/**
 * True when only one arrangement exists: no colonists, enough to fill every circle, or every circle
 * in one group (tiles of a single kind and no building), since arrangements are counts per group.
 */
export function arrangementIsForced(player: PlayerState): boolean {
  const colonists = colonistsOf(player);
  if (colonists === 0 || colonists >= circlesOf(player)) return true;
  const kind = player.island[0]?.tile;
  return player.city.length === 0 && player.island.every((t) => t.tile === kind);
}

/** The best arrangement by the production-first heuristic (used by the bot). */
export function suggestedArrangement(player: PlayerState): Arrangement {
  const groups = groupsOf(player);
  return toArrangement(groups, fill(groups, productionFirst(groups), placedCount(player)));
}

/**
 * A few sensible arrangements (the full space is too large to list): production first, buildings first,
 * plantations first, and the current one topped up (buildings first). `apply` accepts any arrangement
 * that obeys MAY-4. A forced arrangement is the only one listed.
 */
export function arrangementMoves(player: PlayerState): PuertoRicoMove[] {
  const groups = groupsOf(player);
  const count = placedCount(player);
  const every = everyCircle(groups);
  if (arrangementIsForced(player)) return [{ type: 'arrange', ...toArrangement(groups, fill(groups, every, count)) }];
  const tilesFirst: number[] = [];
  for (let i = 0; i < groups.buildingFrom; i++) for (let c = 0; c < (groups.caps[i] as number); c++) tilesFirst.push(i);
  const candidates = [
    fill(groups, productionFirst(groups), count),
    fill(groups, violetByValue(groups).concat(every), count),
    fill(groups, tilesFirst.concat(every), count),
    fill(groups, every, count, currentCounts(player, groups)),
  ];
  const seen = new Set<string>();
  const moves: PuertoRicoMove[] = [];
  for (const counts of candidates) {
    const key = counts.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    moves.push({ type: 'arrange', ...toArrangement(groups, counts) });
  }
  return moves;
}

/**
 * Every arrangement (MAY-3, MAY-4) as one move family: a count per tile kind and per building the player
 * owns, each up to its circles, adding up to min(colonists, circles). `apply` treats a count of 0 as an
 * absent key, so the family's members omit nothing and accept nothing more.
 */
export function arrangementFamily(player: PlayerState): MoveFamily {
  const groups = groupsOf(player);
  const path = (index: number) => `${index >= groups.buildingFrom ? 'buildings' : 'plantations'}.${groups.keys[index]}`;
  const fields = Object.fromEntries(groups.caps.map((cap, index) => [path(index), { integer: { min: 0, max: cap } }]));
  const placed = placedCount(player);
  return {
    type: 'arrange',
    description: `Place ${placed} colonist${placed === 1 ? '' : 's'} on your plantations, quarries and buildings (at most one per circle); the rest wait in San Juan.`,
    fixed: {},
    fields,
    constraints: [{ sum: Object.keys(fields), equals: placed }],
  };
}

/** MAY-3/MAY-4: checks an arrangement against the player's board. */
export function arrangementRefusal(player: PlayerState, arrangement: Arrangement): RuleError | null {
  let placed = 0;
  for (const [tile, count] of Object.entries(arrangement.plantations)) {
    const owned = player.island.filter((t) => t.tile === tile).length;
    if (!Number.isInteger(count) || (count as number) < 0 || (count as number) > owned) {
      return ruleError('ILLEGAL_MOVE', `${count} colonists cannot go on ${owned} ${tile} tiles`);
    }
    placed += count as number;
  }
  for (const [building, count] of Object.entries(arrangement.buildings)) {
    const owned = player.city.find((b) => b.building === building);
    const circles = owned ? BUILDING_DATA[owned.building].circles : 0;
    if (!Number.isInteger(count) || (count as number) < 0 || (count as number) > circles) {
      return ruleError('ILLEGAL_MOVE', `${count} colonists cannot go on ${owned ? building : `an unowned ${building}`}`);
    }
    placed += count as number;
  }
  const colonists = colonistsOf(player);
  const circles = circlesOf(player);
  if (placed > colonists) return ruleError('ILLEGAL_MOVE', `${placed} colonists placed but only ${colonists} owned`);
  if (placed !== Math.min(colonists, circles)) {
    return ruleError('ILLEGAL_MOVE', `San Juan must hold exactly ${Math.max(0, colonists - circles)} colonists (MAY-4)`);
  }
  return null;
}

/** "3 colonists: 2 on corn plantations, 1 on the Small Market" (tiles then buildings, in board order). */
function describeArrangement(placed: number, arrangement: Arrangement): string {
  const parts: string[] = [];
  for (const tile of TILES) {
    const n = arrangement.plantations[tile] ?? 0;
    if (n > 0) parts.push(`${n} on ${n === 1 ? aTile(tile) : tiles(n, tile).replace(/^\d+ /, '')}`);
  }
  for (const building of BUILDINGS) {
    const n = arrangement.buildings[building] ?? 0;
    if (n > 0) parts.push(`${n} on the ${BUILDING_NAMES[building]}`);
  }
  return parts.length > 0 ? `${colonists(placed)}: ${parts.join(', ')}` : 'no colonists';
}

export function applyArrangement(draft: Draft, seat: Seat, move: MoveOf<'arrange'>): RuleError | null {
  const before = draft.s.players[seat] as PlayerState;
  const refusal = arrangementRefusal(before, move);
  if (refusal) return refusal;
  const colonists = colonistsOf(before);
  const player = draft.player(seat);
  const left: Partial<Record<Tile, number>> = { ...move.plantations };
  player.island = player.island.map((t): IslandTile => {
    const occupied = (left[t.tile] ?? 0) > 0;
    if (occupied) left[t.tile] = (left[t.tile] ?? 0) - 1;
    return occupied === t.occupied ? t : { tile: t.tile, occupied };
  });
  player.city = player.city.map((b): CityBuilding => {
    const colonistsOn = move.buildings[b.building] ?? 0;
    return colonistsOn === b.colonists ? b : { building: b.building, colonists: colonistsOn };
  });
  const placed = Math.min(colonists, circlesOf(before));
  player.sanJuan = colonists - placed;
  draft.say({
    type: 'mayor.arranged',
    text: `${seatRef(seat)} placed ${describeArrangement(placed, move)}${player.sanJuan ? `; ${player.sanJuan} wait${player.sanJuan === 1 ? 's' : ''} in San Juan` : ''}.`,
    seat,
    plantations: move.plantations,
    buildings: move.buildings,
    sanJuan: player.sanJuan,
  });
  return null;
}

/** MAY-5: the ship takes max(n, empty building circles); a short supply fires END-1. */
export function refillColonistShip(draft: Draft): void {
  let empty = 0;
  for (const player of draft.s.players) empty += emptyBuildingCircles(player);
  const wanted = Math.max(draft.s.seats, empty);
  const moved = Math.min(wanted, draft.s.colonistSupply);
  draft.s.colonistSupply -= moved;
  draft.s.colonistShip += moved;
  draft.say({ type: 'mayor.refill', text: `${colonists(moved)} board${moved === 1 ? 's' : ''} the colonist ship.`, wanted, moved });
  if (moved < wanted && !draft.s.endTriggers.colonists) {
    draft.s.endTriggers.colonists = true;
    draft.say({ type: 'game.endTriggered', text: 'The colonists have run out: the game ends after this round.', trigger: 'colonists' });
  }
}
