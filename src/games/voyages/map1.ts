/** Map 1, Trade Winds Blow (§3): the duty grid, cargo and settlements, the Dread. */
import { CARGO_KINDS, type CargoKind } from './data.js';
import { map1Sheet, type Board, type MapRules } from './board.js';
import { collect, gainStar, isCollected, rewardEffects, seatRef, type Log } from './effects.js';
import type { Effect, Sheet } from './types.js';

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
  log.push({ type: 'cargo.taken', text: `${seatRef(seat)} loads ${kind}`, seat, cargo: kind, taken: track.taken });
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

// ---- the duty grid (§3.3) ----

export const GRID_COLUMNS = 6;
export const GRID_ROWS = 3;
export const GRID_BOXES = GRID_ROWS * GRID_COLUMNS;
const ROW_MASK = (1 << GRID_COLUMNS) - 1;

export function gridValue(b: Board, box: number): number {
  return map1Sheet(b).duties.grid[Math.floor(box / GRID_COLUMNS)]?.[box % GRID_COLUMNS] ?? 0;
}

export const boxMarked = (s: Sheet, box: number): boolean => (s.grid & (1 << box)) !== 0;

/** Unmarked boxes showing `value`. */
export function openBoxes(b: Board, s: Sheet, value: number): number[] {
  const out: number[] = [];
  for (let box = 0; box < GRID_BOXES; box++) {
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

// ---- the Dread (§3.5) and the map 1 features ----

/** `choice` names the sailor spent on a failed fight when the owner had both kinds. */
export function fightDread(b: Board, s: Sheet, choice: 'normal' | 'heroic' | null, seat: number, log: Log): void {
  const dread = map1Sheet(b).dread;
  if (s.crew.heroic >= dread.heroicCost) {
    s.crew.heroic -= dread.heroicCost;
    s.crew.exhausted += dread.heroicCost;
    s.dreadDefeated = true;
    collect(s, s.ship);
    log.push({ type: 'dread.defeated', text: `${seatRef(seat)} defeats the Dread`, seat });
    gainStar(b, s, 'dread', seat, log);
    return;
  }
  const kind = choice ?? (s.crew.normal > 0 ? 'normal' : 'heroic');
  if (kind === 'normal' && s.crew.normal > 0) s.crew.normal -= 1;
  else if (kind === 'heroic' && s.crew.heroic > 0) s.crew.heroic -= 1;
  else return;
  s.crew.exhausted += 1;
  log.push({ type: 'dread.repelled', text: `${seatRef(seat)} loses a ${kind} sailor to the Dread`, seat, sailor: kind });
}

// ---- map 1's part of the rules (§3.2, §3.4, §3.5) ----

export const map1Rules: MapRules = {
  effects: {
    cargo: {
      // A barrel goes on a track of the owner's choice; a single open track (or none) leaves no choice.
      needsChoice: (_b, s, effect) => effect.cargo === 'barrel' && openTracks(s).length > 1,
      resolve(_b, s, effect, seat, log) {
        // §3.4: a full track refuses cargo.
        const kind = effect.cargo === 'barrel' ? openTracks(s)[0] : effect.cargo;
        if (kind === undefined || trackFull(s, kind)) {
          log.push({ type: 'cargo.refused', text: `${seatRef(seat)} has no room for cargo`, seat });
          return;
        }
        takeCargo(s, kind, seat, log);
        collect(s, effect.space);
      },
    },
    sell: {
      needsChoice: (_b, s) => heldKinds(s).length > 0,
      // Nothing held: nothing to sell, straight to the sailor.
      resolve: (_b, s, effect) => s.queue.unshift({ k: 'settle', space: effect.space }),
    },
    dread: {
      // Which sailor a lost fight costs, when he has both kinds and too few heroic ones to win.
      needsChoice: (b, s) => s.crew.heroic > 0 && s.crew.normal > 0 && s.crew.heroic < map1Sheet(b).dread.heroicCost,
      resolve: (b, s, _effect, seat, log) => fightDread(b, s, null, seat, log),
    },
  },
  islands: {
    settlement: (_b, s, space) => (isCollected(s, space) ? [] : [{ k: 'sell', space }]),
  },
  features: {
    cargo: (b, s, space) => {
      const feature = b.feature[space];
      return feature?.kind === 'cargo' ? [{ k: 'cargo', cargo: feature.cargo, space }] : [];
    },
    dread: (_b, s) => (s.dreadDefeated ? [] : [{ k: 'dread' }]),
  },
};
