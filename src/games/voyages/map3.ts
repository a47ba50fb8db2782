/**
 * Map 3, Cold Dark Depths (§6): ship parts with durability, damage from doubles, ice and monsters,
 * malfunctions and their penalties, repairs by duty, shipyards, monster sightings and logbooks.
 */
import { DIE_VALUES, LOGBOOKS, PARTS, type Logbook, type Monster, type Part } from './data.js';
import { map3Sheet, type Board, type MapRules, type Reward } from './board.js';
import { gainStar, isCollected, rewardEffects, seatRef, type Log } from './effects.js';
import type { Effect, PartState, Sheet } from './types.js';

export const partIndex = (part: Part): number => PARTS.indexOf(part);
const partOf = (s: Sheet, part: Part): PartState | undefined => s.parts[partIndex(part)];

// ---- durability (§6.4) ----

export const tracedBoxes = (b: Board, p: PartState): number => map3Sheet(b).durability.tracedAtStart + p.numbers.length;
export const working = (b: Board, p: PartState): number => tracedBoxes(b, p) - p.damage;
export const destroyed = (b: Board, p: PartState): boolean => working(b, p) <= 0;
/** Malfunctioning (destroyed included): fewer than 4 working boxes and not reinforced. */
export const malfunctioning = (b: Board, p: PartState): boolean =>
  !p.reinforced && working(b, p) < map3Sheet(b).durability.malfunctionWhenWorkingBelow;

/** Whether `part`'s penalty applies now (only on map 3). */
export function broken(b: Board, s: Sheet, part: Part): boolean {
  if (b.map !== 3) return false;
  const p = partOf(s, part);
  return p !== undefined && malfunctioning(b, p);
}

/** One damage: cross the leftmost traced box; reinforced and destroyed parts ignore it (§6.4). */
export function damage(b: Board, s: Sheet, part: Part, cause: string, seat: number, log: Log): void {
  const p = partOf(s, part);
  if (!p || p.reinforced || destroyed(b, p)) return;
  p.damage += 1;
  log.push({ type: 'part.damaged', text: `${seatRef(seat)}'s ${part} takes 1 damage (${cause})`, seat, part, cause, working: working(b, p) });
  if (destroyed(b, p)) log.push({ type: 'part.destroyed', text: `${seatRef(seat)}'s ${part} is destroyed`, seat, part });
}

/** §6.4 step 2: doubles damage the part of the ship's zone; triples damage every part. */
export function rollDamage(b: Board, s: Sheet, dice: readonly number[], seat: number, log: Log): void {
  const [x, y, z] = dice;
  if (x === y && y === z) {
    for (const part of PARTS) damage(b, s, part, 'triples', seat, log);
    return;
  }
  if (x === y || y === z || x === z) {
    const zone = b.zone[s.ship];
    if (zone) damage(b, s, zone, 'doubles', seat, log);
  }
}

// ---- repairs (§6.5) ----

export function canRepair(b: Board, s: Sheet, part: Part, value: number): boolean {
  const p = partOf(s, part);
  return p !== undefined && !destroyed(b, p) && p.numbers.length < map3Sheet(b).durability.numberBoxes && !p.numbers.includes(value);
}

export const repairTargets = (b: Board, s: Sheet, value: number): number[] =>
  PARTS.flatMap((part, i) => (canRepair(b, s, part, value) ? [i] : []));

/** Writes a number (traces a box); returns the column bonus and row completion it triggers. */
export function writeNumber(b: Board, s: Sheet, part: Part, value: number, seat: number, log: Log): Effect[] {
  const p = partOf(s, part);
  if (!p) return [];
  p.numbers.push(value);
  log.push({ type: 'part.repaired', text: `${seatRef(seat)} writes ${value} in the ${part} row`, seat, part, value, working: working(b, p) });
  const effects: Effect[] = [];
  if (p.numbers.length === map3Sheet(b).durability.numberBoxes) effects.push({ k: 'rowDone', part });
  const column = p.numbers.length;
  const bonus = map3Sheet(b).duties.columnBonuses.find((c) => c.column === column);
  if (bonus && s.parts.every((x) => x.numbers.length >= column)) effects.push(...rewardEffects(bonus.reward));
  return effects;
}

/** Values the bow row reward may write in `part` (§6.5): none when the row is destroyed or full. */
export function writableValues(b: Board, s: Sheet, part: Part): number[] {
  return DIE_VALUES.filter((v) => canRepair(b, s, part, v));
}

/** §6.5 row rewards. */
export function rowReward(b: Board, s: Sheet, part: Part, seat: number, log: Log): Effect[] {
  switch (part) {
    case 'bow':
      return PARTS.filter((other) => other !== part).map((other) => ({ k: 'write', part: other }) as const);
    case 'aft':
      log.push({ type: 'crew.promoted', text: `${seatRef(seat)}'s ${s.crew.normal} normal sailors become heroic`, seat, count: s.crew.normal });
      s.crew.heroic += s.crew.normal;
      s.crew.normal = 0;
      return [];
    case 'keel':
      return rewardEffects((map3Sheet(b).parts.find((x) => x.id === 'keel')?.rowReward ?? []) as readonly Reward[]);
    case 'mast':
      return [{ k: 'log', monster: null }];
    default: {
      const never: never = part;
      throw new Error(`unknown part ${String(never)}`);
    }
  }
}

// ---- keel penalty and shipyards (§6.4, §6.7) ----

/** Parts that can still take damage (the keel penalty's choices). */
export const damageableParts = (b: Board, s: Sheet): Part[] =>
  PARTS.filter((part) => {
    const p = partOf(s, part);
    return p !== undefined && !p.reinforced && !destroyed(b, p);
  });

/** Parts a shipyard may reinforce: neither destroyed nor reinforced (the same set). */
export const reinforceableParts = damageableParts;

export function reinforce(b: Board, s: Sheet, part: Part, seat: number, log: Log): void {
  const p = partOf(s, part);
  if (!p || p.reinforced || destroyed(b, p)) return;
  p.reinforced = true;
  log.push({ type: 'part.reinforced', text: `${seatRef(seat)} reinforces the ${part}`, seat, part });
}

// ---- sightings and logbooks (§6.6) ----

/** Books with an empty slot for `monster` (null: any empty slot). */
export function openBooks(b: Board, s: Sheet, monster: Monster | null): Logbook[] {
  return LOGBOOKS.filter((_, i) => slotFor(b, s, i, monster) >= 0);
}

function slotFor(b: Board, s: Sheet, book: number, monster: Monster | null): number {
  const slots = map3Sheet(b).logbooks[book]?.slots ?? [];
  const filled = s.logbooks[book] ?? [];
  return slots.findIndex((m, i) => !filled[i] && (monster === null || m === monster));
}

/** Fills a slot; a completed book gives a logbook star (max 2, §6.6). */
export function fillLog(b: Board, s: Sheet, book: Logbook, monster: Monster | null, seat: number, log: Log): void {
  const index = LOGBOOKS.indexOf(book);
  const slot = slotFor(b, s, index, monster);
  const filled = s.logbooks[index];
  if (slot < 0 || !filled) return;
  filled[slot] = true;
  log.push({ type: 'logbook.filled', text: `${seatRef(seat)} logs a ${monster ?? 'monster'} in logbook ${book}`, seat, book, monster });
  if (filled.every(Boolean)) gainStar(b, s, 'logbooks', seat, log);
}

/** §6.9: the printed gold of complete books, 1 per filled slot of the others. */
export function logbookGold(b: Board, s: Sheet): number {
  const sheet = map3Sheet(b);
  return s.logbooks.reduce((sum, filled, i) => {
    const count = filled.filter(Boolean).length;
    return sum + (count === filled.length ? (sheet.logbooks[i]?.gold ?? 0) : count * sheet.logbookRules.incompleteGoldPerSlot);
  }, 0);
}

/**
 * §6.4, §6.6 entry effects, in path order: 1 bow damage per ice space; an uncrossed monster is logged
 * (queued: the owner picks the book), crossed, and damages its part when passed, not when stopped on.
 */
export function entryEffects(b: Board, s: Sheet, entered: readonly number[], seat: number, log: Log): Effect[] {
  const sheet = map3Sheet(b);
  const effects: Effect[] = [];
  entered.forEach((space, i) => {
    if (b.terrain[space] === 'ice') damage(b, s, sheet.damage.ice, 'ice', seat, log);
    const feature = b.feature[space];
    if (feature?.kind !== 'monster' || s.collected.includes(space)) return;
    effects.push({ k: 'log', monster: feature.monster });
    s.collected.push(space);
    log.push({ type: 'monster.sighted', text: `${seatRef(seat)} sights a ${feature.monster} on ${b.ids[space]}`, seat, space: b.ids[space], monster: feature.monster });
    if (i < entered.length - 1) damage(b, s, sheet.damage[feature.monster], feature.monster, seat, log);
  });
  // The keel penalty: ending a move by entering an island (§6.4), checked on arrival.
  const last = entered[entered.length - 1];
  if (last !== undefined && b.island[last] !== null && broken(b, s, 'keel')) effects.push({ k: 'keelHit' });
  return effects;
}

// ---- map 3's part of the rules (§6.4-§6.7) ----

export const map3Rules: MapRules = {
  effects: {
    log: {
      needsChoice: (b, s, effect) => openBooks(b, s, effect.monster).length > 1,
      resolve(b, s, effect, seat, log) {
        // One book (or none: the sighting is lost, Appendix B item 8) leaves no choice.
        const book = openBooks(b, s, effect.monster)[0];
        if (book) fillLog(b, s, book, effect.monster, seat, log);
        else log.push({ type: 'logbook.lost', text: `${seatRef(seat)} has no logbook slot for the sighting`, seat });
      },
    },
    keelHit: {
      needsChoice: (b, s) => damageableParts(b, s).length > 1,
      resolve(b, s, _effect, seat, log) {
        const part = damageableParts(b, s)[0];
        if (part) damage(b, s, part, 'keel', seat, log);
      },
    },
    rowDone: {
      // The duty star or the row reward, while the duty star is still to be had (§6.5).
      needsChoice: (_b, s) => (s.stars.duty ?? 0) === 0,
      // The duty star is gone: only the row reward remains.
      resolve: (b, s, effect, seat, log) => s.queue.unshift(...rowReward(b, s, effect.part, seat, log)),
    },
    write: {
      needsChoice: (b, s, effect) => writableValues(b, s, effect.part).length > 1,
      resolve(b, s, effect, seat, log) {
        const value = writableValues(b, s, effect.part)[0];
        if (value !== undefined) s.queue.unshift(...writeNumber(b, s, effect.part, value, seat, log));
      },
    },
    yard: {
      needsChoice: (b, s) => reinforceableParts(b, s).length > 1,
      resolve(b, s, effect, seat, log) {
        const part = reinforceableParts(b, s)[0];
        if (part) reinforce(b, s, part, seat, log);
        // Then, as at a settlement, the space is collected and the sailor gained.
        s.queue.unshift({ k: 'settle', space: effect.space });
      },
    },
  },
  islands: {
    shipyard: (_b, s, space) => (isCollected(s, space) ? [] : [{ k: 'yard', space }]),
  },
  features: {},
  // §6.4 mast penalty: sailor and relic sea spaces cannot be collected while the mast is broken.
  crewSpacesClosed: (b, s) => broken(b, s, 'mast'),
};
