/**
 * Sheet effects every map shares (§2.4-§2.8): copying a sheet, stars, collected spaces, rewards as queue
 * items, relics. The map modules and the rules module both build on these; this module imports no map
 * module, so imports run one way: effects <- map1..map4 <- maps, and rules reads a map's rules from its board.
 */
import { seatRef } from '../../engine/log-text.js';
import type { LogEntry } from '../../engine/types.js';
import type { StarSource } from './data.js';
import { commonSheet, type Board, type Reward } from './board.js';
import { starReason } from './texts.js';
import { NO_SPACE, type Effect, type Sheet } from './types.js';

/** A seat in a log text (`{seat:N}`): the service renders the player's name. */
export { seatRef };

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
    skills: s.skills.slice(),
    doubled: s.doubled.slice(),
    parts: s.parts.map((p) => ({ ...p, numbers: p.numbers.slice() })),
    logbooks: s.logbooks.map((book) => book.slice()),
    rows: s.rows.map((r) => ({ ...r })),
    lit: s.lit.slice(),
    tower: s.tower.slice(),
    buildings: s.buildings.map((x) => x.slice()),
  };
}

export const traced = (s: Sheet): number => s.crew.normal + s.crew.heroic + s.crew.exhausted;
export const totalStars = (s: Sheet): number => Object.values(s.stars).reduce((a, b) => a + (b ?? 0), 0);
export const isCollected = (s: Sheet, space: number): boolean => s.collected.includes(space);

export function collect(s: Sheet, space: number): void {
  if (space !== NO_SPACE && !s.collected.includes(space)) s.collected.push(space);
}

/** §2.8: a star counts only while its source is under its cap. */
export function gainStar(b: Board, s: Sheet, source: StarSource, seat: number, log: Log): void {
  const cap = commonSheet(b).starSources.find((x) => x.source === source)?.max ?? 0;
  const have = s.stars[source] ?? 0;
  if (have >= cap) return;
  s.stars[source] = have + 1;
  log.push({ type: 'star.gained', text: `${seatRef(seat)} gains a star for ${starReason(source)} (${totalStars(s)} in all)`, seat, source, stars: totalStars(s) });
}

/** §2.6 relic: one unused normal sailor becomes heroic; false when there is none. */
export function applyRelic(s: Sheet, seat: number, log: Log): boolean {
  if (s.crew.normal === 0) return false;
  s.crew.normal -= 1;
  s.crew.heroic += 1;
  log.push({ type: 'relic.applied', text: `${seatRef(seat)} makes a sailor heroic`, seat });
  return true;
}

/** §2.6: a sailor gained with no crew box left is lost. */
export function loseSailor(seat: number, log: Log): void {
  log.push({ type: 'sailor.lost', text: `${seatRef(seat)} has no crew box left: the sailor is lost`, seat });
}

/** A relic with no normal sailor to make heroic is wasted. */
export function wasteRelic(seat: number, log: Log): void {
  log.push({ type: 'relic.wasted', text: `${seatRef(seat)} has no normal sailor for the relic`, seat });
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
      case 'duty':
        for (let i = 0; i < reward.count; i++) out.push({ k: 'build', value: null });
        break;
      case 'lightLighthouse':
        out.push({ k: 'lightAny' });
        break;
      case 'visitWatchtower':
        out.push({ k: 'tower' });
        break;
      case 'gold':
      case 'harbourGold':
        // Scored at the end from the sheet (§7.4, §7.8).
        break;
      default: {
        const never: never = reward;
        throw new Error(`unknown reward ${JSON.stringify(never)}`);
      }
    }
  }
  return out;
}

