/** Map 2, The Marauder's Reef (§5): skill rows, reefs, forts and marauder combat. */
import { DIRECTIONS, MARAUDER_SIZES, type MarauderSize, type Skill } from './data.js';
import { map2Sheet, type Board, type MapRules } from './board.js';
import { collect, gainStar, isCollected, rewardEffects, seatRef, type Log } from './effects.js';
import type { Effect, Sheet } from './types.js';

// ---- skills (§5.5) ----

function skillRow(b: Board, skill: Skill): number {
  return map2Sheet(b).duties.rows.findIndex((r) => r.skill === skill);
}

/** A skill is active once box 3 of its row is marked. */
export function skillActive(b: Board, s: Sheet, skill: Skill): boolean {
  if (b.map !== 2) return false;
  return (s.skills[skillRow(b, skill)] ?? 0) >= map2Sheet(b).duties.activateAtBox;
}

/** Armoury: every sailor gained from now on is heroic. */
export const armouryActive = (b: Board, s: Sheet): boolean => skillActive(b, s, 'armoury');

/** The skill row a duty value writes in, and its next box number (`row * boxesPerRow + marks`), or null when full. */
export function skillBoxFor(b: Board, s: Sheet, value: number): number | null {
  const duties = map2Sheet(b).duties;
  const row = duties.rows.findIndex((r) => r.value === value);
  const marks = s.skills[row] ?? duties.boxesPerRow;
  return row < 0 || marks >= duties.boxesPerRow ? null : row * duties.boxesPerRow + marks;
}

export const skillBoxCount = (b: Board): number => map2Sheet(b).duties.rows.length * map2Sheet(b).duties.boxesPerRow;

export const masteredSkills = (b: Board, s: Sheet): number => s.skills.filter((n) => n >= map2Sheet(b).duties.masterAtBox).length;

/**
 * Marks the next box of a row (§5.5): box 3 activates its skill, box 4 masters it (the 3rd mastery is the
 * duty star), and boxes 1-2 may complete a column half. Order per §2.7: the row's own effect, then the column.
 */
export function markSkillRow(b: Board, s: Sheet, row: number, seat: number, log: Log): Effect[] {
  const duties = map2Sheet(b).duties;
  const marks = (s.skills[row] ?? 0) + 1;
  s.skills[row] = marks;
  const skill = duties.rows[row]?.skill ?? '';
  const effects: Effect[] = [];
  if (marks === duties.activateAtBox) log.push({ type: 'skill.activated', text: `${seatRef(seat)} activates the ${skill} skill`, seat, skill });
  if (marks === duties.masterAtBox) {
    log.push({ type: 'skill.mastered', text: `${seatRef(seat)} masters the ${skill} skill`, seat, skill });
    if (masteredSkills(b, s) === duties.starAtMasteredSkills) effects.push({ k: 'star', source: 'duty' });
  }
  for (const half of duties.columnHalfBonuses) {
    if (half.column !== marks || !half.rows.includes(row + 1)) continue;
    if (half.rows.every((r) => (s.skills[r - 1] ?? 0) >= half.column)) effects.push(...rewardEffects(half.reward));
  }
  return effects;
}

// ---- forts (§5.3) ----

export const openForts = (s: Sheet): MarauderSize[] => MARAUDER_SIZES.filter((size) => !s.doubled.includes(size));

export function markFort(s: Sheet, size: MarauderSize, seat: number, log: Log): void {
  s.doubled.push(size);
  log.push({ type: 'fort.doubled', text: `${seatRef(seat)} doubles the ${size} marauder track`, seat, track: size });
}

// ---- marauders (§5.4) ----

export interface Target {
  readonly space: number;
  readonly distance: number;
  readonly need: number;
}

/** Yours: unused normal + 2 per unused heroic, +2 with Ballista, after this round's spending. */
export function strength(b: Board, s: Sheet): number {
  return s.crew.normal + 2 * s.crew.heroic + (skillActive(b, s, 'ballista') ? 2 : 0);
}

const undefeatedMarauder = (b: Board, s: Sheet, space: number): boolean =>
  b.feature[space]?.kind === 'marauder' && !s.collected.includes(space);

/** Every marauder in reach: on the ship's space, or first on a straight line with nothing blocking (§5.4). */
export function marauderLines(b: Board, s: Sheet): Target[] {
  const targets: Target[] = [];
  const sail = (space: number) => {
    const f = b.feature[space];
    return f?.kind === 'marauder' ? f.strength : 0;
  };
  if (undefeatedMarauder(b, s, s.ship)) targets.push({ space: s.ship, distance: 0, need: sail(s.ship) });
  for (const direction of DIRECTIONS) {
    let here = s.ship;
    for (let k = 1; ; k++) {
      here = b.neighbour[here * 6 + direction - 1] ?? -1;
      // Islands and reefs block the line (Prow does not help); a defeated marauder no longer does.
      if (here < 0 || b.island[here] !== null || b.terrain[here] === 'reef') break;
      if (undefeatedMarauder(b, s, here)) {
        targets.push({ space: here, distance: k, need: sail(here) + k });
        break;
      }
    }
  }
  return targets;
}

/** The targets this player is strong enough to defeat (Appendix B, item 7: attacks only when winning). */
export function attackTargets(b: Board, s: Sheet): Target[] {
  if (b.map !== 2) return [];
  const mine = strength(b, s);
  return marauderLines(b, s).filter((t) => t.need <= mine);
}

export const defeatedOf = (b: Board, s: Sheet, size: MarauderSize): number =>
  s.collected.filter((space) => {
    const f = b.feature[space];
    return f?.kind === 'marauder' && f.size === size;
  }).length;

/** Crosses the marauder and the leftmost box of its track; a full track is the marauder star. */
export function defeatMarauder(b: Board, s: Sheet, space: number, seat: number, log: Log): void {
  const feature = b.feature[space];
  if (feature?.kind !== 'marauder') return;
  collect(s, space);
  const crossed = defeatedOf(b, s, feature.size);
  log.push({ type: 'marauder.defeated', text: `${seatRef(seat)} defeats the ${feature.size} marauder on ${b.ids[space]}`, seat, space: b.ids[space], size: feature.size, crossed });
  if (crossed === map2Sheet(b).marauders[feature.size].count) gainStar(b, s, 'marauders', seat, log);
}

/** §5.7: per track, the rightmost crossed box, x2 when its fort box is marked. */
export function marauderGold(b: Board, s: Sheet): number {
  const marauders = map2Sheet(b).marauders;
  return MARAUDER_SIZES.reduce((sum, size) => {
    const crossed = defeatedOf(b, s, size);
    const value = crossed === 0 ? 0 : (marauders[size].track[crossed - 1] ?? 0);
    return sum + value * (s.doubled.includes(size) ? marauders.fortMultiplier : 1);
  }, 0);
}

// ---- map 2's part of the rules (§5.3-§5.5) ----

export const map2Rules: MapRules = {
  effects: {
    fort: {
      needsChoice: (_b, s) => openForts(s).length > 1,
      resolve(_b, s, effect, seat, log) {
        const track = openForts(s)[0];
        if (track) markFort(s, track, seat, log);
        // Then, as at a settlement, the space is collected and the sailor gained.
        s.queue.unshift({ k: 'settle', space: effect.space });
      },
    },
    attack: {
      needsChoice: (b, s) => attackTargets(b, s).length > 0,
      // No target in reach: no attack this round (§5.4).
      resolve: () => undefined,
    },
  },
  islands: {
    fort: (_b, s, space) => (isCollected(s, space) ? [] : [{ k: 'fort', space }]),
  },
  features: {},
  heroicRecruits: armouryActive,
};
