/** Movement (§2.2, §2.3) and exploration on entry (§2.5). */
import { stopsShip, type Board } from './board.js';
import { seatRef, type Log } from './effects.js';
import type { Sheet } from './types.js';

/**
 * The spaces the ship enters moving `distance` steps towards windrose `direction` from `from`: it stops
 * before the map edge and before a reef (unless `prow`, map 2), and on entering an island or the Dread (§2.3).
 */
export function sailPath(b: Board, from: number, direction: number, distance: number, prow: boolean): number[] {
  const entered: number[] = [];
  let here = from;
  for (let step = 0; step < distance; step++) {
    const next = b.neighbour[here * 6 + direction - 1] ?? -1;
    if (next < 0 || (!prow && b.terrain[next] === 'reef')) break;
    entered.push(next);
    here = next;
    if (stopsShip(b, next)) break;
  }
  return entered;
}

/** Moves the ship along `entered` and explores regions entered for the first time (§2.5). */
export function moveShip(b: Board, s: Sheet, entered: readonly number[], seat: number, log: Log): void {
  for (const space of entered) {
    const region = b.region[space] ?? -1;
    if (region >= 0 && !s.explored.includes(region)) {
      s.explored.push(region);
      log.push({ type: 'region.explored', text: `${seatRef(seat)} explores ${b.regionNames[region]}`, seat, region: `R${region + 1}`, name: b.regionNames[region] });
    }
  }
  const last = entered[entered.length - 1];
  if (last !== undefined) s.ship = last;
}
