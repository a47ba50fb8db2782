/**
 * Sheet rules shared by every step: crew, stars, rewards and the effect queue (§2.4-§2.8, §3).
 * Functions here mutate a sheet that the caller has already copied (see `copySheet`).
 */
import type { LogEntry } from '../../engine/types.js';
import { CARGO_KINDS, type CargoKind, type StarSource } from './data.js';
import { map1Sheet, type Board, type Reward } from './maps.js';
import { NO_SPACE, type Effect, type Sheet } from './types.js';

export type Log = LogEntry[];

export function copySheet(s: Sheet): Sheet {
  return {
    ...s,
    crew: { ...s.crew },
    collected: s.collected.slice(),
    visited: s.visited.slice(),
    explored: s.explored.slice(),
    stars: { ...s.stars },
    queue: s.queue.slice(),
    cargo: s.cargo.map((t) => ({ ...t })),
  };
}

export const traced = (s: Sheet): number => s.crew.normal + s.crew.heroic + s.crew.exhausted;
export const totalStars = (s: Sheet): number => Object.values(s.stars).reduce((a, b) => a + (b ?? 0), 0);

/** §2.8: a star counts only while its source is under its cap. */
export function gainStar(b: Board, s: Sheet, source: StarSource, seat: number, log: Log): void {
  const cap = map1Sheet(b).starSources.find((x) => x.source === source)?.max ?? 0;
  const have = s.stars[source] ?? 0;
  if (have >= cap) return;
  s.stars[source] = have + 1;
  log.push({ type: 'star.gained', text: `Seat ${seat} gains a star (${source})`, seat, source, stars: totalStars(s) });
}

/** §2.6: trace the next dotted box; the 12th sailor brings the recruitment star; beyond 15, lost. */
export function gainSailor(b: Board, s: Sheet, seat: number, log: Log): void {
  const crew = map1Sheet(b).crew;
  if (traced(s) >= crew.capacity) {
    log.push({ type: 'sailor.lost', text: `Seat ${seat} has no crew box left: the sailor is lost`, seat });
    return;
  }
  s.crew.normal += 1;
  log.push({ type: 'sailor.gained', text: `Seat ${seat} gains a sailor`, seat, boxes: traced(s) });
  if (traced(s) === crew.starAtSailorNumber) gainStar(b, s, 'recruitment', seat, log);
}

/** §2.6 relic: one unused normal sailor becomes heroic; false when there is none. */
export function applyRelic(s: Sheet, seat: number, log: Log): boolean {
  if (s.crew.normal === 0) return false;
  s.crew.normal -= 1;
  s.crew.heroic += 1;
  log.push({ type: 'relic.applied', text: `Seat ${seat} makes a sailor heroic`, seat });
  return true;
}

export const isCollected = (s: Sheet, space: number): boolean => s.collected.includes(space);

export function collect(s: Sheet, space: number): void {
  if (space !== NO_SPACE && !s.collected.includes(space)) s.collected.push(space);
}

/** §2.7: rewards become queue items, left to right. */
export function rewardEffects(rewards: readonly Reward[]): Effect[] {
  const out: Effect[] = [];
  for (const reward of rewards) {
    switch (reward.type) {
      case 'sailor':
        for (let i = 0; i < reward.count; i++) out.push({ k: 'sailor' });
        break;
      case 'relic':
        for (let i = 0; i < reward.count; i++) out.push({ k: 'relic', space: NO_SPACE });
        break;
      case 'cargo':
        out.push({ k: 'cargo', cargo: reward.cargo, space: NO_SPACE });
        break;
      case 'star':
        out.push({ k: 'star', source: reward.source });
        break;
      case 'gold':
        throw new Error('gold rewards do not occur on map 1');
      default: {
        const never: never = reward;
        throw new Error(`unknown reward ${JSON.stringify(never)}`);
      }
    }
  }
  return out;
}

// ---- cargo (§3.4) ----

const TRACK_LENGTH = 6;

export const cargoIndex = (kind: CargoKind): number => CARGO_KINDS.indexOf(kind);
export const trackFull = (s: Sheet, kind: CargoKind): boolean => (s.cargo[cargoIndex(kind)]?.taken ?? TRACK_LENGTH) >= TRACK_LENGTH;
export const openTracks = (s: Sheet): CargoKind[] => CARGO_KINDS.filter((k) => !trackFull(s, k));
export const heldKinds = (s: Sheet): CargoKind[] =>
  CARGO_KINDS.filter((k) => {
    const t = s.cargo[cargoIndex(k)];
    return t !== undefined && t.taken > t.sold;
  });

export function takeCargo(s: Sheet, kind: CargoKind, seat: number, log: Log): void {
  const track = s.cargo[cargoIndex(kind)];
  if (!track) return;
  track.taken += 1;
  log.push({ type: 'cargo.taken', text: `Seat ${seat} loads ${kind}`, seat, cargo: kind, taken: track.taken });
}

/** Sells `count` held boxes of one kind, left to right; the 3rd box sold gives the cargo star (§3.4). */
export function sellCargo(b: Board, s: Sheet, kind: CargoKind, count: number, seat: number, log: Log): number {
  const sheet = map1Sheet(b);
  const track = s.cargo[cargoIndex(kind)];
  const values = sheet.cargo.tracks[kind] ?? [];
  if (!track) return 0;
  let gold = 0;
  for (let i = 0; i < count && track.sold < track.taken; i++) {
    gold += values[track.sold] ?? 0;
    track.sold += 1;
    if (track.sold === sheet.cargo.starOnSellingBox) gainStar(b, s, 'cargo', seat, log);
  }
  return gold;
}

// ---- the map 1 duty grid (§3.3) ----

export const GRID_COLUMNS = 6;
export const GRID_ROWS = 3;
const ROW_MASK = (1 << GRID_COLUMNS) - 1;

export function gridValue(b: Board, box: number): number {
  const grid = map1Sheet(b).duties.grid;
  return grid[Math.floor(box / GRID_COLUMNS)]?.[box % GRID_COLUMNS] ?? 0;
}

export const boxMarked = (s: Sheet, box: number): boolean => (s.grid & (1 << box)) !== 0;

/** Unmarked boxes showing `value`. */
export function openBoxes(b: Board, s: Sheet, value: number): number[] {
  const out: number[] = [];
  for (let box = 0; box < GRID_ROWS * GRID_COLUMNS; box++) {
    if (!boxMarked(s, box) && gridValue(b, box) === value) out.push(box);
  }
  return out;
}

/** Marks a box; returns the bonuses it completes, row before column (§3.3, §2.7). */
export function markBox(b: Board, s: Sheet, box: number): Effect[] {
  const sheet = map1Sheet(b);
  s.grid |= 1 << box;
  const row = Math.floor(box / GRID_COLUMNS);
  const col = box % GRID_COLUMNS;
  const effects: Effect[] = [];
  if (((s.grid >> (row * GRID_COLUMNS)) & ROW_MASK) === ROW_MASK) effects.push(...rewardEffects(sheet.duties.rowBonuses[row] ?? []));
  let column = true;
  for (let r = 0; r < GRID_ROWS; r++) column &&= boxMarked(s, r * GRID_COLUMNS + col);
  if (column) effects.push(...rewardEffects(sheet.duties.columnBonuses[col] ?? []));
  return effects;
}

// ---- the effect queue ----

/** Whether the queue's front item waits for a choice move (more than one real option). */
export function needsChoice(b: Board, s: Sheet, effect: Effect): boolean {
  switch (effect.k) {
    case 'cargo':
      return effect.cargo === 'barrel' && openTracks(s).length > 1;
    case 'sell':
      return heldKinds(s).length > 0;
    case 'dread':
      return s.crew.heroic < map1Sheet(b).dread.heroicCost && s.crew.heroic > 0 && s.crew.normal > 0;
    case 'sailor':
    case 'relic':
    case 'star':
    case 'action':
    case 'settle':
      return false;
    default: {
      const never: never = effect;
      throw new Error(`unknown effect ${JSON.stringify(never)}`);
    }
  }
}

/** Resolves queue items that need no choice, front to back, until one needs a choice or none is left. */
export function drain(b: Board, s: Sheet, seat: number, log: Log): void {
  for (let head = s.queue[0]; head !== undefined; head = s.queue[0]) {
    if (needsChoice(b, s, head)) return;
    s.queue.shift();
    resolveAutomatic(b, s, head, seat, log);
  }
  if (s.step === 'resolve') s.step = 'done';
}

function resolveAutomatic(b: Board, s: Sheet, effect: Effect, seat: number, log: Log): void {
  switch (effect.k) {
    case 'sailor':
      gainSailor(b, s, seat, log);
      return;
    case 'relic':
      if (applyRelic(s, seat, log)) collect(s, effect.space);
      else log.push({ type: 'relic.wasted', text: `Seat ${seat} has no normal sailor for the relic`, seat });
      return;
    case 'cargo': {
      // A single open track (or none) leaves no choice: §3.4, a full track refuses cargo.
      const kind = effect.cargo === 'barrel' ? openTracks(s)[0] : effect.cargo;
      if (kind === undefined || trackFull(s, kind)) {
        log.push({ type: 'cargo.refused', text: `Seat ${seat} has no room for cargo`, seat });
        return;
      }
      takeCargo(s, kind, seat, log);
      collect(s, effect.space);
      return;
    }
    case 'star':
      gainStar(b, s, effect.source, seat, log);
      return;
    case 'action':
      s.queue.unshift(...actionEffects(b, s, seat, log));
      return;
    case 'sell':
      // Nothing held: nothing to sell, straight to the sailor.
      s.queue.unshift({ k: 'settle', space: effect.space });
      return;
    case 'settle':
      collect(s, effect.space);
      gainSailor(b, s, seat, log);
      return;
    case 'dread':
      fightDread(b, s, null, seat, log);
      return;
    default: {
      const never: never = effect;
      throw new Error(`unknown effect ${JSON.stringify(never)}`);
    }
  }
}

/** §3.5. `choice` names the sailor spent on a failed fight when the owner had both kinds. */
export function fightDread(b: Board, s: Sheet, choice: 'normal' | 'heroic' | null, seat: number, log: Log): void {
  const dread = map1Sheet(b).dread;
  if (s.crew.heroic >= dread.heroicCost) {
    s.crew.heroic -= dread.heroicCost;
    s.crew.exhausted += dread.heroicCost;
    s.dreadDefeated = true;
    collect(s, s.ship);
    log.push({ type: 'dread.defeated', text: `Seat ${seat} defeats the Dread`, seat });
    gainStar(b, s, 'dread', seat, log);
    return;
  }
  const kind = choice ?? (s.crew.normal > 0 ? 'normal' : 'heroic');
  if (kind === 'normal' && s.crew.normal > 0) s.crew.normal -= 1;
  else if (kind === 'heroic' && s.crew.heroic > 0) s.crew.heroic -= 1;
  else return;
  s.crew.exhausted += 1;
  log.push({ type: 'dread.repelled', text: `Seat ${seat} loses a ${kind} sailor to the Dread`, seat, sailor: kind });
}

/** §3.2: what the final space does. Collected spaces do nothing (§2.4). */
function actionEffects(b: Board, s: Sheet, seat: number, log: Log): Effect[] {
  const space = s.ship;
  const island = b.island[space];
  if (island) {
    switch (island.kind) {
      case 'numbered':
        if (!s.visited.includes(space)) {
          s.visited.push(space);
          log.push({ type: 'island.visited', text: `Seat ${seat} visits island ${b.ids[space]}`, seat, space: b.ids[space], gold: island.gold ?? 0 });
        }
        return [];
      case 'settlement':
        return isCollected(s, space) ? [] : [{ k: 'sell', space }];
      case 'start':
      case 'fort':
      case 'star':
      case 'shipyard':
      case 'lighthouse':
      case 'watchtower':
        return [];
      default: {
        const never: never = island.kind;
        throw new Error(`unknown island ${String(never)}`);
      }
    }
  }
  const feature = b.feature[space];
  if (!feature || isCollected(s, space) || (s.dreadDefeated && feature.kind === 'dread')) return [];
  switch (feature.kind) {
    case 'sailor':
      // §2.4: collected only when the effect happens; a full crew leaves the space for later.
      if (traced(s) >= map1Sheet(b).crew.capacity) return [];
      collect(s, space);
      return [{ k: 'sailor' }];
    case 'relic':
      return [{ k: 'relic', space }];
    case 'cargo':
      return [{ k: 'cargo', cargo: feature.cargo, space }];
    case 'star':
      collect(s, space);
      return [{ k: 'star', source: 'exploration' }];
    case 'dread':
      return [{ k: 'dread' }];
    case 'marauder':
    case 'monster':
      return [];
    default: {
      const never: never = feature;
      throw new Error(`unknown feature ${JSON.stringify(never)}`);
    }
  }
}
