/** Message arguments of Voyages' log entries in other languages (src/engine/log-words.ts). */
import type { LogArgsTable, LogWords } from '../../engine/log-words.js';
import type { LogEntry } from '../../engine/types.js';

const arr = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** How a die was changed ("" when it was not): by a heroic sailor, a free skill step or n sailors. */
function change(e: LogEntry, w: LogWords): string {
  if (e.raw === undefined || e.raw === e.value) return '';
  const by = e.heroic === true ? 'heroic' : e.sailors === 0 ? 'skill' : 'sailors';
  return w.phrase('_change', { raw: Number(e.raw), value: Number(e.value), by, n: Number(e.sailors ?? 0) });
}

/** A ship's move: where it went and why it stopped short, or why it could not move. */
function sail(e: LogEntry, w: LogWords): Record<string, string | number> {
  const path = arr<string>(e.path);
  const stopped = typeof e.stopped === 'string' ? w.term('stop', e.stopped) : '';
  return {
    direction: w.term('direction', String(e.direction)),
    steps: path.length,
    to: path[path.length - 1] ?? String(e.from),
    stopped: stopped === '' ? 'none' : stopped,
    cause: stopped === '' ? w.term('stop', 'no distance') : stopped,
    change: change(e, w),
  };
}

export const voyagesLogArgs: LogArgsTable = {
  'round.rolled': (e, w) => ({ dice: w.list(arr<number>(e.dice).map(String)) }),
  'ship.steered': (e, w) => ({ direction: w.term('direction', String(e.value)), change: change(e, w) }),
  'ship.moved': (e, w) => sail(e, w),
  'ability.bonusMove': (e, w) => sail(e, w),
  'ability.extraDuty': (e) => ({ heroic: String(e.heroic === true) }),
  'duty.marked': (e, w) => ({ map: String(e.map), skill: e.skill ? w.term('skill', String(e.skill)) : '', change: change(e, w) }),
  'duty.skipped': (e) => ({ hasValue: String(e.value !== undefined) }),
  'cargo.taken': (e, w) => ({ cargo: w.term('cargo', String(e.cargo)) }),
  'cargo.sold': (e, w) => {
    const sold = (e.sold ?? {}) as Record<string, number>;
    return { mode: String(e.mode), goods: w.list(Object.entries(sold).map(([kind, n]) => w.phrase('_cargoCount', { cargo: w.term('cargo', kind), n }))) };
  },
  'dread.repelled': (e) => ({ sailor: String(e.sailor) }),
  'star.gained': (e, w) => ({ reason: w.term('star', String(e.source)) }),
  'relic.applied': (e) => ({ hasRow: String(e.row !== undefined), row: String(e.row ?? '') }),
  'sailor.gained': (e) => ({ hasRow: String(e.row !== undefined), row: String(e.row ?? ''), heroic: String(e.heroic === true) }),
  'region.explored': (e, w) => ({ name: w.term('region', String(e.name)) }),
  'marauder.defeated': (e, w) => ({ size: w.term('marauder', String(e.size)) }),
  'fort.doubled': (e, w) => ({ size: w.term('marauder', String(e.track)) }),
  'skill.activated': (e, w) => ({ skill: w.term('skill', String(e.skill)) }),
  'skill.mastered': (e, w) => ({ skill: w.term('skill', String(e.skill)) }),
  'part.damaged': (e, w) => ({ part: w.term('part', String(e.part)), cause: w.term('damage', String(e.cause)) }),
  'part.destroyed': (e, w) => ({ part: w.term('part', String(e.part)) }),
  'part.repaired': (e, w) => ({ part: w.term('part', String(e.part)) }),
  'part.reinforced': (e, w) => ({ part: w.term('part', String(e.part)) }),
  'logbook.filled': (e, w) => ({ monster: w.term('monster', e.monster ? String(e.monster) : 'monster') }),
  'monster.sighted': (e, w) => ({ monster: w.term('monster', String(e.monster)) }),
  'lighthouse.lit': (e, w) => ({ how: w.term('light', String(e.how)) }),
  'building.written': (e, w) => ({ building: w.term('building', String(e.building)) }),
  'building.completed': (e, w) => ({ building: w.term('building', String(e.building)) }),
};
