/**
 * Sheet rules shared by every map: crew, stars, rewards, the final space's action and the effect queue
 * (§2.4-§2.8). What a map adds (its own effects, islands, sea features and crew rules) is reached through
 * the rules table on its board (`b.rules`, see board.ts), so this module imports no map module. Functions
 * here mutate a sheet the caller has already copied (see `copySheet`).
 */
import { commonSheet, type Board, type EffectRule, type EffectRules, type Feature, type IslandKind, type SpaceAction } from './board.js';
import { applyRelic, collect, gainStar, isCollected, loseSailor, traced, seatRef, wasteRelic, type Log } from './effects.js';
import type { Effect, Sheet } from './types.js';

/**
 * §2.6: trace the next dotted box; the 12th sailor brings the recruitment star; beyond capacity the
 * sailor is lost. Map 2 with Armoury: the new sailor is heroic (§5.5).
 */
export function gainSailor(b: Board, s: Sheet, seat: number, log: Log): void {
  const crew = commonSheet(b).crew;
  if (traced(s) >= crew.capacity) {
    loseSailor(seat, log);
    return;
  }
  const heroic = b.rules.heroicRecruits?.(b, s) ?? false;
  if (heroic) s.crew.heroic += 1;
  else s.crew.normal += 1;
  log.push({ type: 'sailor.gained', text: `${seatRef(seat)} gains a ${heroic ? 'heroic ' : ''}sailor`, seat, heroic, boxes: traced(s) });
  if (traced(s) === crew.starAtSailorNumber) gainStar(b, s, 'recruitment', seat, log);
}

/** Effects every map has; a map's own table may replace one (map 4's crew rows). */
const SHARED_EFFECTS: EffectRules = {
  sailor: {
    needsChoice: () => false,
    resolve: (b, s, _effect, seat, log) => gainSailor(b, s, seat, log),
  },
  relic: {
    needsChoice: () => false,
    resolve(_b, s, effect, seat, log) {
      if (applyRelic(s, seat, log)) collect(s, effect.space);
      else wasteRelic(seat, log);
    },
  },
  star: {
    needsChoice: () => false,
    resolve: (b, s, effect, seat, log) => gainStar(b, s, effect.source, seat, log),
  },
  action: {
    needsChoice: () => false,
    resolve: (b, s, _effect, seat, log) => s.queue.unshift(...actionEffects(b, s, seat, log)),
  },
  settle: {
    needsChoice: () => false,
    resolve(b, s, effect, seat, log) {
      collect(s, effect.space);
      gainSailor(b, s, seat, log);
    },
  },
};

function ruleFor(b: Board, effect: Effect): EffectRule<Effect> {
  const rule = b.rules.effects[effect.k] ?? SHARED_EFFECTS[effect.k];
  if (!rule) throw new Error(`map ${b.map} has no rule for effect ${JSON.stringify(effect)}`);
  // Both tables are keyed by effect kind, so the rule found takes this effect.
  return rule as EffectRule<Effect>;
}

/** Whether the queue's front item waits for a choice move (more than one real option). */
export function needsChoice(b: Board, s: Sheet, effect: Effect): boolean {
  return ruleFor(b, effect).needsChoice(b, s, effect);
}

/** The queue's front item when it is a `k` waiting for this player's choice. */
export function awaiting<K extends Effect['k']>(b: Board, s: Sheet, k: K): Extract<Effect, { k: K }> | null {
  const head = s.queue[0];
  if ((s.step !== 'resolve' && s.step !== 'duty') || head?.k !== k || !needsChoice(b, s, head)) return null;
  return head as Extract<Effect, { k: K }>;
}

/** Resolves queue items that need no choice, front to back, until one needs a choice or none is left. */
export function drain(b: Board, s: Sheet, seat: number, log: Log): void {
  for (let head = s.queue[0]; head !== undefined; head = s.queue[0]) {
    const rule = ruleFor(b, head);
    if (rule.needsChoice(b, s, head)) return;
    s.queue.shift();
    rule.resolve(b, s, head, seat, log);
  }
  if (s.step === 'resolve') s.step = 'done';
}

/** Island kinds every map has (§2.4, §2.8). */
const SHARED_ISLANDS: Partial<Record<IslandKind, SpaceAction>> = {
  start: () => [],
  numbered: (b, s, space, seat, log) => {
    if (!s.visited.includes(space)) {
      s.visited.push(space);
      log.push({ type: 'island.visited', text: `${seatRef(seat)} visits island ${b.ids[space]}`, seat, space: b.ids[space], gold: b.island[space]?.gold ?? 0 });
    }
    return [];
  },
  star: (_b, s, space) => {
    if (isCollected(s, space)) return [];
    collect(s, space);
    return [{ k: 'star', source: 'starIsland' }];
  },
};

/** Sea features every map has, once the space is known uncollected (§2.4). */
const SHARED_FEATURES: Partial<Record<Feature['kind'], SpaceAction>> = {
  sailor: (b, s, space) => {
    // Collected only when the effect happens; a full crew leaves the space for later.
    if (traced(s) >= commonSheet(b).crew.capacity || b.rules.crewFull?.(b, s)) return [];
    collect(s, space);
    return [{ k: 'sailor' }];
  },
  relic: (_b, _s, space) => [{ k: 'relic', space }],
  star: (_b, s, space) => {
    collect(s, space);
    return [{ k: 'star', source: 'exploration' }];
  },
  // Marauders are fought by attack (§5.4) and monsters sighted on entry (§6.6): nothing at the final space.
  marauder: () => [],
  monster: () => [],
};

/** §2.4, §3.2, §5.3: what the final space does. Collected spaces do nothing. */
function actionEffects(b: Board, s: Sheet, seat: number, log: Log): Effect[] {
  const space = s.ship;
  const island = b.island[space];
  if (island) {
    const action = b.rules.islands[island.kind] ?? SHARED_ISLANDS[island.kind];
    if (!action) throw new Error(`map ${b.map} has no rule for island kind ${island.kind}`);
    return action(b, s, space, seat, log);
  }
  const feature = b.feature[space];
  if (!feature || isCollected(s, space)) return [];
  if ((feature.kind === 'sailor' || feature.kind === 'relic') && b.rules.crewSpacesClosed?.(b, s)) return [];
  const action = b.rules.features[feature.kind] ?? SHARED_FEATURES[feature.kind];
  if (!action) throw new Error(`map ${b.map} has no rule for sea feature ${feature.kind}`);
  return action(b, s, space, seat, log);
}
