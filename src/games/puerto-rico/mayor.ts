/** The Mayor phase (§2.3): MAY-1 privilege, MAY-2 distribution, MAY-3/MAY-4 arrangement, MAY-5 refill. */
import { ruleError } from '../../engine/result.js';
import type { RuleError, Seat } from '../../engine/types.js';
import { BUILDING_DATA, TILES, type Building, type Tile } from './data.js';
import type { Draft } from './draft.js';
import { circlesOf, colonistsOf, emptyBuildingCircles, isBuilding, seatName } from './rules.js';
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
    text: `${seatName(seat)} ${move.accept ? 'took' : 'refused'} the privilege colonist.`,
    seat,
    accept: move.accept,
  });
  distributeAndArrange(draft);
}

function colonistCount(n: number): string {
  return `${n} colonist${n === 1 ? '' : 's'}`;
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
  draft.say({ type: 'mayor.distributed', text: `The colonist ship brought ${colonistCount(ship)}.`, received });
  draft.s.phase = { name: 'mayor', turn: draft.s.roleHolder, remaining: n };
}

/** The arrangement with every circle filled in a fixed order of slots, up to `count` colonists. */
function fillSlots(player: PlayerState, slots: readonly (Tile | Building)[], count: number): Arrangement {
  const room: Partial<Record<Tile | Building, number>> = {};
  for (const t of player.island) room[t.tile] = (room[t.tile] ?? 0) + 1;
  for (const b of player.city) room[b.building] = BUILDING_DATA[b.building].circles;
  const plantations: Partial<Record<Tile, number>> = {};
  const buildings: Partial<Record<Building, number>> = {};
  let left = count;
  for (const slot of slots) {
    if (left === 0) break;
    const free = room[slot] ?? 0;
    if (free === 0) continue;
    room[slot] = free - 1;
    left--;
    if (isBuilding(slot)) buildings[slot] = (buildings[slot] ?? 0) + 1;
    else plantations[slot] = (plantations[slot] ?? 0) + 1;
  }
  return { plantations, buildings };
}

/** Slots: production pairs (best goods first), corn, violet buildings, quarries, then anything left. */
function productionFirstSlots(player: PlayerState): (Tile | Building)[] {
  const slots: (Tile | Building)[] = [];
  for (const good of ['coffee', 'tobacco', 'sugar', 'indigo'] as const) {
    const plants = player.city.filter((b) => BUILDING_DATA[b.building].good === good);
    const plantationCount = player.island.filter((t) => t.tile === good).length;
    const circles: Building[] = plants.flatMap((b) => Array<Building>(BUILDING_DATA[b.building].circles).fill(b.building));
    for (let i = 0; i < Math.min(plantationCount, circles.length); i++) slots.push(good, circles[i] as Building);
  }
  for (const t of player.island) if (t.tile === 'corn') slots.push('corn');
  slots.push(...violetByValue(player));
  for (const t of player.island) if (t.tile === 'quarry') slots.push('quarry');
  return slots.concat(everySlot(player));
}

function violetByValue(player: PlayerState): Building[] {
  return player.city
    .map((b) => b.building)
    .filter((b) => BUILDING_DATA[b].good === null)
    .sort((a, b) => BUILDING_DATA[b].cost - BUILDING_DATA[a].cost);
}

function everySlot(player: PlayerState): (Tile | Building)[] {
  const slots: (Tile | Building)[] = player.city.flatMap((b) => Array<Building>(BUILDING_DATA[b.building].circles).fill(b.building));
  for (const t of player.island) slots.push(t.tile);
  return slots;
}

/** The arrangement a player has now, with San Juan's colonists added to empty circles (buildings first). */
function keepAndAdd(player: PlayerState, count: number): Arrangement {
  const current = arrangementOf(player);
  const kept = Object.values(current.plantations).reduce((a, b) => a + (b ?? 0), 0) + Object.values(current.buildings).reduce((a, b) => a + (b ?? 0), 0);
  const plantations = { ...current.plantations };
  const buildings = { ...current.buildings };
  let left = count - kept;
  for (const b of player.city) {
    const free = Math.min(left, BUILDING_DATA[b.building].circles - (buildings[b.building] ?? 0));
    buildings[b.building] = (buildings[b.building] ?? 0) + free;
    left -= free;
  }
  for (const tile of TILES) {
    const free = Math.min(left, player.island.filter((t) => t.tile === tile).length - (plantations[tile] ?? 0));
    if (free > 0) plantations[tile] = (plantations[tile] ?? 0) + free;
    left -= free;
  }
  return { plantations, buildings };
}

export function arrangementOf(player: PlayerState): Arrangement {
  const plantations: Partial<Record<Tile, number>> = {};
  for (const t of player.island) if (t.occupied) plantations[t.tile] = (plantations[t.tile] ?? 0) + 1;
  const buildings: Partial<Record<Building, number>> = {};
  for (const b of player.city) buildings[b.building] = b.colonists;
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
  return normalize(fillSlots(player, productionFirstSlots(player), placedCount(player)));
}

/** The only arrangement, when it is forced. */
function forcedArrangement(player: PlayerState): Arrangement {
  return normalize(fillSlots(player, everySlot(player), placedCount(player)));
}

/**
 * A few sensible arrangements (the full space is too large to list): production first, buildings first,
 * plantations first, and the current one topped up. `apply` accepts any arrangement that obeys MAY-4.
 */
export function arrangementMoves(player: PlayerState): PuertoRicoMove[] {
  if (arrangementIsForced(player)) return [{ type: 'arrange', ...forcedArrangement(player) }];
  const count = placedCount(player);
  const candidates: Arrangement[] = [
    suggestedArrangement(player),
    fillSlots(player, [...violetByValue(player), ...everySlot(player)], count),
    fillSlots(player, [...player.island.map((t) => t.tile), ...everySlot(player)], count),
    keepAndAdd(player, count),
  ];
  const seen = new Set<string>();
  const moves: PuertoRicoMove[] = [];
  for (const candidate of candidates) {
    const arrangement = normalize(candidate);
    const key = JSON.stringify(arrangement);
    if (seen.has(key)) continue;
    seen.add(key);
    moves.push({ type: 'arrange', ...arrangement });
  }
  return moves;
}

/** Drops zero counts and orders keys, so equal arrangements are equal JSON. */
function normalize(arrangement: Arrangement): Arrangement {
  const plantations: Partial<Record<Tile, number>> = {};
  for (const tile of TILES) {
    const n = arrangement.plantations[tile];
    if (n) plantations[tile] = n;
  }
  const buildings: Partial<Record<Building, number>> = {};
  for (const key of Object.keys(arrangement.buildings).sort()) {
    const n = arrangement.buildings[key as Building];
    if (n) buildings[key as Building] = n;
  }
  return { plantations, buildings };
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
    text: `${seatName(seat)} arranged ${colonistCount(placed)}${player.sanJuan ? `; ${player.sanJuan} wait${player.sanJuan === 1 ? 's' : ''} in San Juan` : ''}.`,
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
  draft.say({ type: 'mayor.refill', text: `${colonistCount(moved)} board${moved === 1 ? 's' : ''} the colonist ship.`, wanted, moved });
  if (moved < wanted && !draft.s.endTriggers.colonists) {
    draft.s.endTriggers.colonists = true;
    draft.say({ type: 'game.endTriggered', text: 'The colonists have run out: the game ends after this round.', trigger: 'colonists' });
  }
}
