/**
 * The wording of Voyages' log texts (seats as `{seat:N}` placeholders, which the service renders as names):
 * directions, die changes, the ship's stop, duty boxes and star sources in the rules' own terms.
 */
import { DIRECTION_NAMES, type StarSource } from './data.js';
import { map2Sheet, stopsShip, type Board } from './board.js';

/** "1 space", "2 spaces". */
export const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

export const directionName = (direction: number): string => DIRECTION_NAMES[direction - 1] ?? '?';

/** How a die became its final value: "", " (the 2 turned to 4 by 2 sailors)", "... by a heroic sailor". */
export function changeText(raw: number, value: number, heroic: boolean, normalsSpent: number): string {
  if (raw === value) return '';
  const by = heroic ? 'a heroic sailor' : normalsSpent === 0 ? 'a free skill step' : count(normalsSpent, 'sailor');
  return ` (the ${raw} turned to ${value} by ${by})`;
}

/** Why a ship moved fewer spaces than its distance (§2.3), or null when it sailed them all. */
export function stopCause(b: Board, from: number, direction: number, distance: number, entered: readonly number[]): string | null {
  if (entered.length >= distance) return null;
  const last = entered[entered.length - 1] ?? from;
  if (entered.length > 0 && stopsShip(b, last)) return b.island[last] ? 'entering an island ends the move' : 'the Dread ends the move';
  const next = b.neighbour[last * 6 + direction - 1] ?? -1;
  return next < 0 ? 'stopped by the map edge' : 'stopped by a reef';
}

/** The ship's move as a sentence (`how`: the die used, for the regular move), naming a stop short of the distance. */
export function sailText(who: string, b: Board, from: number, direction: number, distance: number, entered: readonly number[], how = ''): string {
  const cause = stopCause(b, from, direction, distance, entered);
  const way = directionName(direction);
  if (entered.length === 0) return `${who} cannot sail ${way}${how} from ${b.ids[from]}: ${cause ?? 'no distance'}`;
  const to = b.ids[entered[entered.length - 1] as number];
  return `${who} sails ${count(entered.length, 'space')} ${way}${how} from ${b.ids[from]} to ${to}${cause ? `, ${cause}` : ''}`;
}

/** Where a duty value goes, per map (§3.3, §5.5, §6.5, §7.5). */
export function dutyBoxText(b: Board, box: number, value: number): string {
  switch (b.map) {
    case 1:
      return `marks a ${value} on the duty grid (row ${Math.floor(box / 6) + 1}, column ${(box % 6) + 1})`;
    case 2: {
      const duties = map2Sheet(b).duties;
      const row = duties.rows[Math.floor(box / duties.boxesPerRow)];
      return `marks a ${value} in the ${row?.skill ?? ''} skill row (box ${(box % duties.boxesPerRow) + 1} of ${duties.boxesPerRow})`;
    }
    default:
      return `uses a ${value} for duty`;
  }
}

/** Where a duty value went, as fields of its log entry: the map, and its grid cell or skill row box. */
export function dutyBoxFacts(b: Board, box: number): Readonly<Record<string, number | string>> {
  if (b.map === 1) return { map: 1, row: Math.floor(box / 6) + 1, column: (box % 6) + 1 };
  if (b.map !== 2) return { map: b.map };
  const duties = map2Sheet(b).duties;
  return { map: 2, skill: duties.rows[Math.floor(box / duties.boxesPerRow)]?.skill ?? '', slot: (box % duties.boxesPerRow) + 1, slots: duties.boxesPerRow };
}

const STAR_REASONS: Readonly<Record<StarSource, string>> = {
  cargo: 'selling cargo',
  duty: 'duties',
  dread: 'defeating the Dread',
  exploration: 'an exploration space',
  starIsland: 'a star island',
  recruitment: 'recruiting sailors',
  marauders: 'defeating marauders',
  logbooks: 'a complete logbook',
  lighthouses: 'lighting lighthouses',
  watchtower: 'the watchtower',
};

export const starReason = (source: StarSource): string => STAR_REASONS[source];
