/**
 * Sheet rules shared by every map: crew, stars, rewards, the final space's action and the effect queue
 * (§2.4-§2.8). Map-specific rules live in map1.ts and map2.ts. Functions here mutate a sheet the caller
 * has already copied (see `copySheet`).
 */
import { commonSheet, map1Sheet, type Board } from './maps.js';
import { applyRelic, collect, gainStar, isCollected, traced, seatRef, type Log } from './effects.js';
import { actionEffectsMap1, fightDread, heldKinds, openTracks, takeCargo, trackFull } from './map1.js';
import { attackTargets, armouryActive, markFort, openForts } from './map2.js';
import { anyBuilds, build, buildTargets, light, openRows, promote, recruit, rowsWith, sightTargets, towerColumns, unlit, visitTower } from './map4.js';
import { broken, damage, damageableParts, fillLog, openBooks, reinforce, reinforceableParts, rowReward, writableValues, writeNumber } from './map3.js';
import type { Effect, Sheet } from './types.js';

/**
 * §2.6: trace the next dotted box; the 12th sailor brings the recruitment star; beyond capacity the
 * sailor is lost. Map 2 with Armoury: the new sailor is heroic (§5.5).
 */
export function gainSailor(b: Board, s: Sheet, seat: number, log: Log): void {
  const crew = commonSheet(b).crew;
  if (traced(s) >= crew.capacity) {
    log.push({ type: 'sailor.lost', text: `${seatRef(seat)} has no crew box left: the sailor is lost`, seat });
    return;
  }
  const heroic = armouryActive(b, s);
  if (heroic) s.crew.heroic += 1;
  else s.crew.normal += 1;
  log.push({ type: 'sailor.gained', text: `${seatRef(seat)} gains a ${heroic ? 'heroic ' : ''}sailor`, seat, heroic, boxes: traced(s) });
  if (traced(s) === crew.starAtSailorNumber) gainStar(b, s, 'recruitment', seat, log);
}

/** Map 4 (§7.6): the only row with room takes the sailor; with none, it is lost. */
function recruitOnly(b: Board, s: Sheet, seat: number, log: Log): void {
  const row = openRows(b, s)[0];
  if (row) recruit(b, s, row, seat, log);
  else log.push({ type: 'sailor.lost', text: `${seatRef(seat)} has no crew box left: the sailor is lost`, seat });
}

/** Whether the queue's front item waits for a choice move (more than one real option). */
export function needsChoice(b: Board, s: Sheet, effect: Effect): boolean {
  switch (effect.k) {
    case 'cargo':
      return effect.cargo === 'barrel' && openTracks(s).length > 1;
    case 'sell':
      return heldKinds(s).length > 0;
    case 'dread':
      return s.crew.heroic > 0 && s.crew.normal > 0 && s.crew.heroic < map1Sheet(b).dread.heroicCost;
    case 'fort':
      return openForts(s).length > 1;
    case 'attack':
      return attackTargets(b, s).length > 0;
    case 'log':
      return openBooks(b, s, effect.monster).length > 1;
    case 'keelHit':
      return damageableParts(b, s).length > 1;
    case 'rowDone':
      return (s.stars.duty ?? 0) === 0;
    case 'write':
      return writableValues(b, s, effect.part).length > 1;
    case 'yard':
      return reinforceableParts(b, s).length > 1;
    case 'sailor':
      return b.map === 4 && openRows(b, s).length > 1;
    case 'relic':
      return b.map === 4 && rowsWith(s, false).length > 1;
    case 'build':
      return buildOptions(b, s, effect.value).length > 1;
    case 'tower':
      return towerColumns(s).length > 1;
    case 'lightAny':
      return unlit(b, s).length > 1;
    case 'sight':
      return sightTargets(b, s).length > 0;
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

/** The queue's front item when it is a `k` waiting for this player's choice. */
export function awaiting<K extends Effect['k']>(b: Board, s: Sheet, k: K): Extract<Effect, { k: K }> | null {
  const head = s.queue[0];
  if ((s.step !== 'resolve' && s.step !== 'duty') || head?.k !== k || !needsChoice(b, s, head)) return null;
  return head as Extract<Effect, { k: K }>;
}

/** The writes a map 4 build item allows (`value` null: any value). */
export function buildOptions(b: Board, s: Sheet, value: number | null): { building: number; value: number }[] {
  return value === null ? anyBuilds(b, s) : buildTargets(b, s, value).map((building) => ({ building, value }));
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
      if (b.map !== 4) gainSailor(b, s, seat, log);
      else recruitOnly(b, s, seat, log);
      return;
    case 'relic': {
      const row = b.map === 4 ? rowsWith(s, false)[0] : undefined;
      if (row) promote(s, row, seat, log);
      if (row || (b.map !== 4 && applyRelic(s, seat, log))) collect(s, effect.space);
      else log.push({ type: 'relic.wasted', text: `${seatRef(seat)} has no normal sailor for the relic`, seat });
      return;
    }
    case 'build': {
      const only = buildOptions(b, s, effect.value)[0];
      if (only) s.queue.unshift(...build(b, s, only.building, only.value, seat, log));
      else log.push({ type: 'duty.skipped', text: `${seatRef(seat)} has no building for the write`, seat });
      return;
    }
    case 'tower': {
      const column = towerColumns(s)[0];
      if (column !== undefined) s.queue.unshift(...visitTower(b, s, column, seat, log));
      return;
    }
    case 'lightAny': {
      const target = unlit(b, s)[0];
      if (target !== undefined) light(b, s, target, 'reward', seat, log);
      return;
    }
    case 'sight':
      // No lighthouse in sight: nothing to light this round.
      return;
    case 'cargo': {
      // A single open track (or none) leaves no choice: §3.4, a full track refuses cargo.
      const kind = effect.cargo === 'barrel' ? openTracks(s)[0] : effect.cargo;
      if (kind === undefined || trackFull(s, kind)) {
        log.push({ type: 'cargo.refused', text: `${seatRef(seat)} has no room for cargo`, seat });
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
    case 'fort': {
      const track = openForts(s)[0];
      if (track) markFort(s, track, seat, log);
      collect(s, effect.space);
      gainSailor(b, s, seat, log);
      return;
    }
    case 'attack':
      // No target in reach: no attack this round (§5.4).
      return;
    case 'log': {
      // One book (or none: the sighting is lost, Appendix B item 8) leaves no choice.
      const book = openBooks(b, s, effect.monster)[0];
      if (book) fillLog(b, s, book, effect.monster, seat, log);
      else log.push({ type: 'logbook.lost', text: `${seatRef(seat)} has no logbook slot for the sighting`, seat });
      return;
    }
    case 'keelHit': {
      const part = damageableParts(b, s)[0];
      if (part) damage(b, s, part, 'keel', seat, log);
      return;
    }
    case 'rowDone':
      // The duty star is gone: only the row reward remains (§6.5).
      s.queue.unshift(...rowReward(b, s, effect.part, seat, log));
      return;
    case 'write': {
      const value = writableValues(b, s, effect.part)[0];
      if (value !== undefined) s.queue.unshift(...writeNumber(b, s, effect.part, value, seat, log));
      return;
    }
    case 'yard': {
      const part = reinforceableParts(b, s)[0];
      if (part) reinforce(b, s, part, seat, log);
      collect(s, effect.space);
      gainSailor(b, s, seat, log);
      return;
    }
    default: {
      const never: never = effect;
      throw new Error(`unknown effect ${JSON.stringify(never)}`);
    }
  }
}

/** §2.4, §3.2, §5.3: what the final space does. Collected spaces do nothing. */
function actionEffects(b: Board, s: Sheet, seat: number, log: Log): Effect[] {
  const space = s.ship;
  const island = b.island[space];
  if (island) {
    switch (island.kind) {
      case 'numbered':
        if (!s.visited.includes(space)) {
          s.visited.push(space);
          log.push({ type: 'island.visited', text: `${seatRef(seat)} visits island ${b.ids[space]}`, seat, space: b.ids[space], gold: island.gold ?? 0 });
        }
        return [];
      case 'settlement':
        return isCollected(s, space) ? [] : [{ k: 'sell', space }];
      case 'fort':
        return isCollected(s, space) ? [] : [{ k: 'fort', space }];
      case 'star':
        if (isCollected(s, space)) return [];
        collect(s, space);
        return [{ k: 'star', source: 'starIsland' }];
      case 'shipyard':
        return isCollected(s, space) ? [] : [{ k: 'yard', space }];
      case 'lighthouse':
        // §7.3 lighting by landing.
        light(b, s, space, 'landing', seat, log);
        return [];
      case 'watchtower':
        if (isCollected(s, space)) return [];
        collect(s, space);
        return [{ k: 'tower' }];
      case 'start':
        return [];
      default: {
        const never: never = island.kind;
        throw new Error(`unknown island ${String(never)}`);
      }
    }
  }
  const feature = b.feature[space];
  if (!feature || isCollected(s, space)) return [];
  // §6.4 mast penalty: sailor and relic sea spaces cannot be collected while the mast is broken.
  if ((feature.kind === 'sailor' || feature.kind === 'relic') && broken(b, s, 'mast')) return [];
  switch (feature.kind) {
    case 'sailor':
      // §2.4: collected only when the effect happens; a full crew leaves the space for later.
      if (traced(s) >= commonSheet(b).crew.capacity || (b.map === 4 && openRows(b, s).length === 0)) return [];
      collect(s, space);
      return [{ k: 'sailor' }];
    case 'relic':
      return [{ k: 'relic', space }];
    case 'star':
      collect(s, space);
      return [{ k: 'star', source: 'exploration' }];
    case 'cargo':
    case 'dread':
      return actionEffectsMap1(s, feature);
    case 'marauder':
    case 'monster':
      return [];
    default: {
      const never: never = feature;
      throw new Error(`unknown feature ${JSON.stringify(never)}`);
    }
  }
}
