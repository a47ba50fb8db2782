/** The Captain phase (§2.7): loading (CAP-1 to CAP-7), storage (CAP-8) and unloading (CAP-9). */
import { ruleError } from '../../engine/result.js';
import type { RuleError, Seat } from '../../engine/types.js';
import { GOODS, type Good } from './data.js';
import type { Draft } from './draft.js';
import { creditVp, isOccupied } from './rules.js';
import { goodsList, seatRef } from './words.js';
import type { MoveOf, PlayerState, PuertoRicoMove, PuertoRicoState } from './types.js';

type CaptainPhase = Extract<PuertoRicoState['phase'], { name: 'captain' }>;

/** CAP-1, CAP-3: the ships on which `good` may be loaded by a player holding `held` of it. */
export function shipsFor(state: PuertoRicoState, good: Good, held: number): number[] {
  if (held <= 0) return [];
  const carrying = state.ships.findIndex((ship) => ship.good === good);
  if (carrying >= 0) {
    const ship = state.ships[carrying];
    return ship && ship.load < ship.capacity ? [carrying] : [];
  }
  // CAP-3b: among empty ships, only those taking the most of the player's goods.
  let best = 0;
  for (const ship of state.ships) if (ship.load === 0) best = Math.max(best, Math.min(held, ship.capacity));
  const legal: number[] = [];
  state.ships.forEach((ship, index) => {
    if (ship.load === 0 && Math.min(held, ship.capacity) === best) legal.push(index);
  });
  return legal;
}

function canWharf(player: PlayerState, seat: Seat, phase: CaptainPhase): boolean {
  return isOccupied(player, 'wharf') && !phase.wharfUsed[seat];
}

export function captainMoves(state: PuertoRicoState, seat: Seat, phase: CaptainPhase): PuertoRicoMove[] {
  const player = state.players[seat] as PlayerState;
  const moves: PuertoRicoMove[] = [];
  for (const good of GOODS) {
    for (const ship of shipsFor(state, good, player.goods[good])) moves.push({ type: 'load', good, ship });
  }
  // CAP-2: pass only without a legal cargo-ship load; the Wharf never obliges (CAP-6).
  const mustLoad = moves.length > 0;
  if (canWharf(player, seat, phase)) {
    for (const good of GOODS) if (player.goods[good] > 0) moves.push({ type: 'wharf', good });
  }
  if (!mustLoad) moves.push({ type: 'pass' });
  return moves;
}

/** CAP-4, CAP-5: barrels + the captain's once-per-phase +1 + the Harbor's +1. */
function shippingVp(draft: Draft, seat: Seat, phase: CaptainPhase, barrels: number): number {
  const privilege = draft.s.roleHolder === seat && !phase.privilegeUsed ? 1 : 0;
  const harbor = isOccupied(draft.s.players[seat] as PlayerState, 'harbor') ? 1 : 0;
  return barrels + privilege + harbor;
}

export function applyLoad(draft: Draft, seat: Seat, phase: CaptainPhase, move: MoveOf<'load'>): RuleError | null {
  const held = (draft.s.players[seat] as PlayerState).goods[move.good];
  if (!shipsFor(draft.s, move.good, held).includes(move.ship)) {
    return ruleError('ILLEGAL_MOVE', `${move.good} cannot be loaded on ship ${move.ship} (CAP-1, CAP-3)`);
  }
  const ship = draft.ships()[move.ship];
  if (!ship) return ruleError('ILLEGAL_MOVE', `no ship ${move.ship}`);
  const barrels = Math.min(held, ship.capacity - ship.load);
  ship.good = move.good;
  ship.load += barrels;
  draft.player(seat).goods[move.good] -= barrels;
  const vp = shippingVp(draft, seat, phase, barrels);
  draft.s.phase = { ...phase, passes: 0, privilegeUsed: phase.privilegeUsed || draft.s.roleHolder === seat };
  draft.say({
    type: 'captain.loaded',
    text: `${seatRef(seat)} shipped ${barrels} ${move.good} on the ${ship.capacity}-barrel ship (now ${ship.load} of ${ship.capacity}) for ${vp} VP.`,
    seat,
    good: move.good,
    ship: move.ship,
    capacity: ship.capacity,
    load: ship.load,
    barrels,
    vp,
  });
  // After the entry: the VP chips running out (END-3) is a consequence of this shipment.
  creditVp(draft, seat, vp);
  return null;
}

export function applyWharf(draft: Draft, seat: Seat, phase: CaptainPhase, move: MoveOf<'wharf'>): RuleError | null {
  const player = draft.s.players[seat] as PlayerState;
  const barrels = player.goods[move.good];
  if (!canWharf(player, seat, phase) || barrels <= 0) {
    return ruleError('ILLEGAL_MOVE', `no unused occupied Wharf or no ${move.good} to ship (CAP-6)`);
  }
  draft.player(seat).goods[move.good] = 0;
  draft.goodsSupply()[move.good] += barrels;
  const vp = shippingVp(draft, seat, phase, barrels);
  const wharfUsed = phase.wharfUsed.slice();
  wharfUsed[seat] = true;
  draft.s.phase = { ...phase, passes: 0, wharfUsed, privilegeUsed: phase.privilegeUsed || draft.s.roleHolder === seat };
  draft.say({ type: 'captain.wharf', text: `${seatRef(seat)} shipped ${barrels} ${move.good} with the Wharf for ${vp} VP.`, seat, good: move.good, barrels, vp });
  creditVp(draft, seat, vp);
  return null;
}

export function applyCaptainPass(draft: Draft, seat: Seat, phase: CaptainPhase): void {
  draft.s.phase = { ...phase, passes: phase.passes + 1 };
  draft.say({ type: 'captain.pass', text: `${seatRef(seat)} has nothing more to load.`, seat });
}

/** CAP-8: kinds kept whole (1 per occupied Small warehouse, 2 per occupied Large warehouse). */
function warehouseKinds(player: PlayerState): number {
  return (isOccupied(player, 'smallWarehouse') ? 1 : 0) + (isOccupied(player, 'largeWarehouse') ? 2 : 0);
}

function combinations<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  const out: T[][] = [];
  items.forEach((item, i) => {
    for (const rest of combinations(items.slice(i + 1), size - 1)) out.push([item, ...rest]);
  });
  return out;
}

/**
 * CAP-8: every way to keep as much as allowed (decision: a player never throws away more than the rule
 * makes him), one move per distinct result.
 */
export function storageMoves(state: PuertoRicoState, seat: Seat): PuertoRicoMove[] {
  const player = state.players[seat] as PlayerState;
  const held = GOODS.filter((good) => player.goods[good] > 0);
  const moves: PuertoRicoMove[] = [];
  const seen = new Set<string>();
  for (const warehouse of combinations(held, Math.min(warehouseKinds(player), held.length))) {
    const rest = held.filter((good) => !warehouse.includes(good));
    for (const barrel of rest.length > 0 ? rest : [null]) {
      const key = GOODS.map((g) => (warehouse.includes(g) ? player.goods[g] : barrel === g ? 1 : 0)).join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      moves.push({ type: 'store', warehouse, barrel });
    }
  }
  return moves;
}

export function storageRefusal(player: PlayerState, move: MoveOf<'store'>): RuleError | null {
  const held = GOODS.filter((good) => player.goods[good] > 0);
  const warehouse = move.warehouse;
  const distinct = new Set(warehouse);
  if (distinct.size !== warehouse.length || warehouse.some((good) => !held.includes(good))) {
    return ruleError('ILLEGAL_MOVE', 'warehouse kinds must be distinct kinds the player holds (CAP-8)');
  }
  if (warehouse.length !== Math.min(warehouseKinds(player), held.length)) {
    return ruleError('ILLEGAL_MOVE', `the warehouses must keep ${Math.min(warehouseKinds(player), held.length)} kinds (CAP-8)`);
  }
  const rest = held.filter((good) => !distinct.has(good));
  if (rest.length > 0 ? move.barrel === null || !rest.includes(move.barrel) : move.barrel !== null) {
    return ruleError('ILLEGAL_MOVE', 'the single barrel must be one of the other kinds held (CAP-8)');
  }
  return null;
}

export function applyStore(draft: Draft, seat: Seat, move: MoveOf<'store'>): RuleError | null {
  const refusal = storageRefusal(draft.s.players[seat] as PlayerState, move);
  if (refusal) return refusal;
  const player = draft.player(seat);
  const returned: Partial<Record<Good, number>> = {};
  for (const good of GOODS) {
    const keep = move.warehouse.includes(good) ? player.goods[good] : move.barrel === good ? 1 : 0;
    const lost = player.goods[good] - keep;
    if (lost > 0) {
      returned[good] = lost;
      player.goods[good] = keep;
      draft.goodsSupply()[good] += lost;
    }
  }
  // A seat that held no goods has nothing to report: no "had no goods to keep" line for every seat.
  if (GOODS.every((good) => player.goods[good] === 0) && Object.keys(returned).length === 0) return null;
  draft.say({
    type: 'captain.stored',
    text: storedText(seatRef(seat), goodsList(player.goods, ''), goodsList(returned, '')),
    seat,
    kept: { ...player.goods },
    returned,
  });
  return null;
}

/** CAP-9: full ships are emptied into the supply; the others keep their cargo. */
export function unloadFullShips(draft: Draft): void {
  if (!draft.s.ships.some((ship) => ship.load === ship.capacity)) return;
  for (const ship of draft.ships()) {
    if (ship.load < ship.capacity || ship.good === null) continue;
    draft.goodsSupply()[ship.good] += ship.load;
    draft.say({
      type: 'captain.unloaded',
      text: `The full ${ship.capacity}-barrel ship was emptied: ${ship.load} ${ship.good} went back to the supply.`,
      capacity: ship.capacity,
      good: ship.good,
      barrels: ship.load,
    });
    ship.good = null;
    ship.load = 0;
  }
}

/** "Ana kept 2 corn and returned 1 sugar to the supply.", "Ana had no goods to keep." */
function storedText(who: string, kept: string, returned: string): string {
  if (kept === '' && returned === '') return `${who} had no goods to keep.`;
  if (returned === '') return `${who} kept ${kept}.`;
  return kept === '' ? `${who} kept no goods and returned ${returned} to the supply.` : `${who} kept ${kept} and returned ${returned} to the supply.`;
}
