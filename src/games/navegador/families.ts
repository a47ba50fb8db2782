/**
 * Move families: the compact, exact form of the two move spaces too large to list (the agreed shape of
 * /work/wt/_notes/legal-moves-shape.md; `legalMoves` keeps one suggested member of each):
 * - the rondel payment (§2.2 "any of his ships, from any regions"): a bag of region ids, one per ship paid;
 * - a sailing action, regular or Navegador (§3.3): a bag of routes, each picked once per ship that sails
 *   it. One family per exploration choice: none (every route stays in explored regions), or region X
 *   (routes may also enter X, and at least L+1 ships must end there, E1-E4).
 * Every route a ship may take is listed, including ones that come back (apply accepts any walk of 1..r
 * borders), so the families hold exactly the moves apply accepts.
 */
import { NEIGHBOURS, REGION_COUNT, RONDEL, RONDEL_SIZE, isDoubleLoss } from './data.js';
import { navegadorUsable, rondelDistance, rondelShipCost, sailingRange, shipsOnBoard } from './rules.js';
import type { MoveFamily } from '../../engine/types.js';
import type { NavegadorState, PlayerState } from './types.js';

export function moveFamilies(state: NavegadorState, seat: number): MoveFamily[] {
  if (state.finished || seat !== state.current) return [];
  const player = state.players[seat] as PlayerState;
  if (state.step === 'start') {
    const sails = navegadorUsable(state, seat) ? sailFamilies(state, player, 'navegador') : [];
    return [...sails, ...paymentFamilies(player)];
  }
  return RONDEL[player.field as number] === 'sailing' ? sailFamilies(state, player, 'sail') : [];
}

/** §2.2: per field that costs ships, every way to pay them (the ships in each region bound its picks). */
function paymentFamilies(player: PlayerState): MoveFamily[] {
  if (player.field === null) return [];
  const regions = player.ships.flatMap((n, r) => (n > 0 ? [r] : []));
  const board = shipsOnBoard(player);
  const out: MoveFamily[] = [];
  for (let field = 0; field < RONDEL_SIZE; field++) {
    const cost = rondelShipCost(rondelDistance(player.field, field));
    if (cost === 0 || cost > board) continue;
    out.push({
      type: 'rondel',
      description: `Move to ${RONDEL[field]} (field ${field}), paying ${cost} ship(s) from any regions: pay lists the region of each ship.`,
      fixed: { field },
      fields: {
        pay: {
          bag: {
            items: regions,
            size: { min: cost, max: cost },
            limits: regions.map((r, i) => ({ items: [i], max: player.ships[r] as number })),
          },
        },
      },
    });
  }
  return out;
}

/** Every walk of 1..range borders from `from` whose regions are explored or `target`. */
function walks(state: NavegadorState, from: number, range: number, target: number): number[][] {
  const out: number[][] = [];
  const extend = (path: number[]): void => {
    if (path.length > 1) out.push(path);
    if (path.length > range) return;
    for (const next of NEIGHBOURS[path[path.length - 1] as number] as readonly number[]) {
      if (state.regions[next]?.explored || next === target) extend([...path, next]);
    }
  };
  extend([from]);
  return out;
}

/** §3.3: one family without exploring, and one per unexplored region the ships can explore this action. */
function sailFamilies(state: NavegadorState, player: PlayerState, type: 'sail' | 'navegador'): MoveFamily[] {
  const range = sailingRange(state);
  const starts = player.ships.flatMap((n, r) => (n > 0 ? [r] : []));
  const out: MoveFamily[] = [];
  const quiet = sailFamily(state, player, type, range, starts, -1);
  if (quiet) out.push(quiet);
  for (let target = 0; target < REGION_COUNT; target++) {
    if (state.regions[target]?.explored) continue;
    const family = sailFamily(state, player, type, range, starts, target);
    if (family) out.push(family);
  }
  return out;
}

function sailFamily(
  state: NavegadorState,
  player: PlayerState,
  type: 'sail' | 'navegador',
  range: number,
  starts: readonly number[],
  target: number,
): MoveFamily | null {
  const items: { path: number[] }[] = [];
  const limits: { items: number[]; max: number }[] = [];
  const ending: number[] = [];
  let endingShips = 0;
  for (const from of starts) {
    const indices: number[] = [];
    let endsHere = false;
    for (const path of walks(state, from, range, target)) {
      indices.push(items.length);
      if (path[path.length - 1] === target) {
        ending.push(items.length);
        endsHere = true;
      }
      items.push({ path });
    }
    if (indices.length > 0) limits.push({ items: indices, max: player.ships[from] as number });
    if (endsHere) endingShips += player.ships[from] as number;
  }
  if (items.length === 0) return null;
  const total = limits.reduce((n, l) => n + l.max, 0);
  const what = type === 'navegador' ? 'The Navegador card\'s extra sail' : 'Sail';
  if (target === -1) {
    return {
      type,
      description: `${what} without exploring: each ship sails one listed route (at most the ships of its start region).`,
      fixed: {},
      fields: { paths: { bag: { items, size: { min: 1, max: total }, countKey: 'count', limits } } },
    };
  }
  const need = (isDoubleLoss(target, state.seats) ? 2 : 1) + 1;
  if (endingShips < need) return null;
  return {
    type,
    description: `${what} exploring region ${target}: each ship sails one listed route, and at least ${need} ships end in region ${target}.`,
    fixed: {},
    fields: { paths: { bag: { items, size: { min: need, max: total }, countKey: 'count', limits, atLeast: [{ items: ending, min: need }] } } },
  };
}
