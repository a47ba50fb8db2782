/**
 * Map 4, Lighting Beacon Bay (§7): crew rows and their experience, lighthouses lit by line of sight,
 * landing or reward, the watchtower grid, harbour buildings.
 */
import { CREW_ROWS, DIE_VALUES, type CrewRow } from './data.js';
import { map4Sheet, spaceAtAxial, type Board, type MapRules } from './board.js';
import { collect, gainStar, isCollected, loseSailor, rewardEffects, seatRef, wasteRelic, type Log } from './effects.js';
import type { CrewRowState, Effect, Sheet } from './types.js';

// ---- crew rows (§7.6) ----

export const rowIndex = (row: CrewRow): number => CREW_ROWS.indexOf(row);

/** The row whose sailors carry an ability. */
export function abilityRow(b: Board, ability: 'speedBoost' | 'bonusMove' | 'extraDuty'): CrewRow {
  return map4Sheet(b).crew.rows.find((r) => r.ability === ability)?.row ?? 'A';
}

export function experienced(b: Board, s: Sheet, row: CrewRow): boolean {
  return (s.rows[rowIndex(row)]?.added ?? 0) >= map4Sheet(b).crew.experiencedAtNewSailors;
}

/** Rows with a free dotted box. */
export function openRows(b: Board, s: Sheet): CrewRow[] {
  const rows = map4Sheet(b).crew.rows;
  return CREW_ROWS.filter((row, i) => (s.rows[i]?.added ?? 0) < (rows[i]?.newSlots ?? 0));
}

/** Rows holding an unused sailor of a kind. */
export const rowsWith = (s: Sheet, heroic: boolean): CrewRow[] =>
  CREW_ROWS.filter((_, i) => {
    const r = s.rows[i];
    return r !== undefined && (heroic ? r.heroic : r.normal) > 0;
  });

/** Exhausts one sailor of a row, keeping the crew totals in step. */
export function exhaustFromRow(s: Sheet, row: CrewRow, heroic: boolean): boolean {
  const r = s.rows[rowIndex(row)];
  if (!r || (heroic ? r.heroic : r.normal) === 0) return false;
  if (heroic) {
    r.heroic -= 1;
    s.crew.heroic -= 1;
  } else {
    r.normal -= 1;
    s.crew.normal -= 1;
  }
  r.exhausted += 1;
  s.crew.exhausted += 1;
  return true;
}

/** Gains a sailor in a row (§7.6); two rows with 4 new sailors each bring the recruitment star. */
export function recruit(b: Board, s: Sheet, row: CrewRow, seat: number, log: Log): void {
  const r = s.rows[rowIndex(row)];
  if (!r) return;
  r.normal += 1;
  r.added += 1;
  s.crew.normal += 1;
  log.push({ type: 'sailor.gained', text: `${seatRef(seat)} gains a sailor in row ${row}`, seat, row, added: r.added });
  const full = map4Sheet(b).crew.rows.filter((x, i) => (s.rows[i]?.added ?? 0) >= x.newSlots).length;
  if (full >= 2) gainStar(b, s, 'recruitment', seat, log);
}

/** A relic makes an unused normal sailor of `row` heroic. */
export function promote(s: Sheet, row: CrewRow, seat: number, log: Log): void {
  const r: CrewRowState | undefined = s.rows[rowIndex(row)];
  if (!r || r.normal === 0) return;
  r.normal -= 1;
  r.heroic += 1;
  s.crew.normal -= 1;
  s.crew.heroic += 1;
  log.push({ type: 'relic.applied', text: `${seatRef(seat)} makes a sailor of row ${row} heroic`, seat, row });
}

// ---- lighthouses (§7.3) ----

export const lighthouseIslands = (b: Board): number[] => map4Sheet(b).lighthouses.islands.map((id) => b.ids.indexOf(id));
export const unlit = (b: Board, s: Sheet): number[] => lighthouseIslands(b).filter((x) => !s.lit.includes(x));

export function light(b: Board, s: Sheet, space: number, how: string, seat: number, log: Log): void {
  if (s.lit.includes(space)) return;
  s.lit.push(space);
  log.push({ type: 'lighthouse.lit', text: `${seatRef(seat)} lights ${b.ids[space]} (${how})`, seat, space: b.ids[space], how, lit: s.lit.length });
  if (s.lit.length === map4Sheet(b).lighthouses.starAtLit) gainStar(b, s, 'lighthouses', seat, log);
}

/**
 * The positions strictly between two axial positions on one straight line (§2.1), or null when they
 * share no line.
 */
function between(a: readonly [number, number], c: readonly [number, number]): [number, number][] | null {
  const dq = c[0] - a[0];
  const dr = c[1] - a[1];
  if (dq !== 0 && dr !== 0 && dq + dr !== 0) return null;
  const steps = Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
  const out: [number, number][] = [];
  for (let i = 1; i < steps; i++) out.push([a[0] + (dq / steps) * i, a[1] + (dr / steps) * i]);
  return out;
}

/**
 * Unlit lighthouses this ship can light by line of sight: some lit lighthouse L (F0 included) and U
 * share a line, the ship is strictly between them, and no island is strictly between them.
 */
export function sightTargets(b: Board, s: Sheet): number[] {
  const lights = [...b.offMapLights, ...s.lit.map((x) => b.axial[x] as readonly [number, number])];
  return unlit(b, s).filter((target) =>
    lights.some((from) => {
      const path = between(from, b.axial[target] as readonly [number, number]);
      if (!path) return false;
      const spaces = path.map(([q, r]) => spaceAtAxial(q, r));
      return spaces.includes(s.ship) && spaces.every((x) => x < 0 || b.island[x] === null);
    }),
  );
}

/** §7.3: the value of the rightmost marked track box. */
export function lighthouseGold(b: Board, s: Sheet): number {
  return s.lit.length === 0 ? 0 : (map4Sheet(b).lighthouses.track[s.lit.length - 1] ?? 0);
}

// ---- the watchtower (§7.4) ----

const TOWER_COLUMNS = 4;
const CIRCLED = 1;
const CROSSED = 2;

/** The tier of the next visit (1-4), or 0 when the grid is used up. */
export function nextTier(s: Sheet): number {
  const visits = s.tower.filter((c) => c === CIRCLED).length;
  return visits < s.tower.length / TOWER_COLUMNS ? visits + 1 : 0;
}

/** Columns (1-4) still open in the next visit's tier. */
export function towerColumns(s: Sheet): number[] {
  const tier = nextTier(s);
  if (tier === 0) return [];
  const out: number[] = [];
  for (let column = 1; column <= TOWER_COLUMNS; column++) if (s.tower[(tier - 1) * TOWER_COLUMNS + column - 1] === 0) out.push(column);
  return out;
}

/** Circles a reward of the next tier, crosses the rewards below it in its column; returns the reward. */
export function visitTower(b: Board, s: Sheet, column: number, seat: number, log: Log): Effect[] {
  const tier = nextTier(s);
  const tiers = s.tower.length / TOWER_COLUMNS;
  s.tower[(tier - 1) * TOWER_COLUMNS + column - 1] = CIRCLED;
  for (let below = tier + 1; below <= tiers; below++) s.tower[(below - 1) * TOWER_COLUMNS + column - 1] = CROSSED;
  const cell = map4Sheet(b).watchtowers.grid.find((c) => c.tier === tier && c.column === column);
  log.push({ type: 'watchtower.visited', text: `${seatRef(seat)} takes watchtower tier ${tier}, column ${column}`, seat, tier, column });
  return rewardEffects(cell?.reward ?? []);
}

/** §7.4: the sum of the circled gold rewards. */
export function towerGold(b: Board, s: Sheet): number {
  return map4Sheet(b).watchtowers.grid.reduce((sum, cell) => {
    if (s.tower[(cell.tier - 1) * TOWER_COLUMNS + cell.column - 1] !== CIRCLED) return sum;
    return sum + cell.reward.reduce((g, r) => g + (r.type === 'gold' ? r.value : 0), 0);
  }, 0);
}

// ---- harbour buildings (§7.5) ----

/** Whether a building takes `value` now: not complete, and empty or started with that value. */
export function canBuild(b: Board, s: Sheet, building: number, value: number): boolean {
  const written = s.buildings[building];
  const boxes = map4Sheet(b).buildings.list[building]?.boxes ?? 0;
  if (!written || written.length >= boxes) return false;
  return written.length === 0 || written[0] === value;
}

export const buildTargets = (b: Board, s: Sheet, value: number): number[] =>
  s.buildings.flatMap((_, i) => (canBuild(b, s, i, value) ? [i] : []));

/** All (building, value) writes possible for an any-value write. */
export function anyBuilds(b: Board, s: Sheet): { building: number; value: number }[] {
  return DIE_VALUES.flatMap((value) => buildTargets(b, s, value).map((building) => ({ building, value })));
}

/** The writes a build item allows (`value` null: any value). */
export function buildOptions(b: Board, s: Sheet, value: number | null): { building: number; value: number }[] {
  return value === null ? anyBuilds(b, s) : buildTargets(b, s, value).map((building) => ({ building, value }));
}

/** Writes the box; its box reward, then the completion reward (§7.5). */
export function build(b: Board, s: Sheet, building: number, value: number, seat: number, log: Log): Effect[] {
  const written = s.buildings[building];
  const spec = map4Sheet(b).buildings.list[building];
  if (!written || !spec) return [];
  written.push(value);
  log.push({ type: 'building.written', text: `${seatRef(seat)} writes ${value} in the ${spec.name}`, seat, building: spec.id, value, boxes: written.length });
  const effects = rewardEffects(spec.boxRewards[String(written.length)] ?? []);
  if (written.length === spec.boxes) {
    log.push({ type: 'building.completed', text: `${seatRef(seat)} completes the ${spec.name}`, seat, building: spec.id });
    effects.push(...rewardEffects(spec.completion));
  }
  return effects;
}

/** §7.8 harbour: the harbour gold of completed buildings. */
export function harbourGold(b: Board, s: Sheet): number {
  return map4Sheet(b).buildings.list.reduce((sum, spec, i) => {
    if ((s.buildings[i]?.length ?? 0) < spec.boxes) return sum;
    return sum + spec.completion.reduce((g, r) => g + (r.type === 'harbourGold' ? r.value : 0), 0);
  }, 0);
}

// ---- map 4's part of the rules (§7.3-§7.6) ----

export const map4Rules: MapRules = {
  effects: {
    // The crew rows replace the shared crew: a sailor joins a row, a relic promotes a row's sailor.
    sailor: {
      needsChoice: (b, s) => openRows(b, s).length > 1,
      resolve(b, s, _effect, seat, log) {
        // The only row with room takes the sailor; with none, it is lost.
        const row = openRows(b, s)[0];
        if (row) recruit(b, s, row, seat, log);
        else loseSailor(seat, log);
      },
    },
    relic: {
      needsChoice: (_b, s) => rowsWith(s, false).length > 1,
      resolve(_b, s, effect, seat, log) {
        const row = rowsWith(s, false)[0];
        if (!row) {
          wasteRelic(seat, log);
          return;
        }
        promote(s, row, seat, log);
        collect(s, effect.space);
      },
    },
    build: {
      needsChoice: (b, s, effect) => buildOptions(b, s, effect.value).length > 1,
      resolve(b, s, effect, seat, log) {
        const only = buildOptions(b, s, effect.value)[0];
        if (only) s.queue.unshift(...build(b, s, only.building, only.value, seat, log));
        else log.push({ type: 'duty.skipped', text: `${seatRef(seat)} has no building for the write`, seat });
      },
    },
    tower: {
      needsChoice: (_b, s) => towerColumns(s).length > 1,
      resolve(b, s, _effect, seat, log) {
        const column = towerColumns(s)[0];
        if (column !== undefined) s.queue.unshift(...visitTower(b, s, column, seat, log));
      },
    },
    lightAny: {
      needsChoice: (b, s) => unlit(b, s).length > 1,
      resolve(b, s, _effect, seat, log) {
        const target = unlit(b, s)[0];
        if (target !== undefined) light(b, s, target, 'reward', seat, log);
      },
    },
    sight: {
      needsChoice: (b, s) => sightTargets(b, s).length > 0,
      // No lighthouse in sight: nothing to light this round.
      resolve: () => undefined,
    },
  },
  islands: {
    // §7.3 lighting by landing.
    lighthouse: (b, s, space, seat, log) => {
      light(b, s, space, 'landing', seat, log);
      return [];
    },
    watchtower: (_b, s, space) => {
      if (isCollected(s, space)) return [];
      collect(s, space);
      return [{ k: 'tower' }];
    },
  },
  features: {},
  crewFull: (b, s) => openRows(b, s).length === 0,
};
