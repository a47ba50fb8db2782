/** Message arguments of Puerto Rico's log entries in other languages (src/engine/log-words.ts). */
import type { LogArgsTable, LogWords } from '../../engine/log-words.js';
import type { LogEntry } from '../../engine/types.js';
import { BUILDINGS, GOODS, TILES } from './data.js';

type Counts = Readonly<Record<string, number | undefined>>;

const counts = (value: unknown): Counts => (value && typeof value === 'object' ? (value as Counts) : {});

/** "2 corn, 1 coffee" in the locale: each good with its count (the `_goods` phrase), joined. */
function goodsList(w: LogWords, value: unknown): string {
  const c = counts(value);
  return w.list(GOODS.filter((g) => (c[g] ?? 0) > 0).map((g) => w.phrase('_goodCount', { good: w.term('good', g), n: c[g] ?? 0 })));
}

const total = (value: unknown): number => Object.values(counts(value)).reduce<number>((sum, n) => sum + (n ?? 0), 0);

const forced = (e: LogEntry): string => String(e.forced === true);

/** "1 on an indigo plantation, 2 on the Hospice". */
function placements(w: LogWords, e: LogEntry): string {
  const plantations = counts(e.plantations);
  const buildings = counts(e.buildings);
  return w.list([
    ...TILES.filter((t) => (plantations[t] ?? 0) > 0).map((t) => w.phrase('_placedOn', { where: w.term('tile', t), n: plantations[t] ?? 0 })),
    ...BUILDINGS.filter((b) => (buildings[b] ?? 0) > 0).map((b) => w.phrase('_placedOn', { where: w.term('building', b), n: buildings[b] ?? 0 })),
  ]);
}

export const puertoRicoLogArgs: LogArgsTable = {
  'role.chosen': (e, w) => ({ role: w.term('role', String(e.role)) }),
  'settler.plantation': (e, w) => ({ tile: w.term('tile', String(e.tile)), hospice: String(e.hospice === true) }),
  'settler.quarry': (e, w) => ({ tile: w.term('tile', String(e.tile)), hospice: String(e.hospice === true) }),
  'settler.hacienda': (e, w) => ({ tile: w.term('tile', String(e.tile)) }),
  'settler.pass': (e) => ({ forced: forced(e) }),
  'settler.refill': (e, w) => {
    const faceUp = Array.isArray(e.faceUp) ? (e.faceUp as string[]) : [];
    return { count: faceUp.length, tiles: w.list(faceUp.map((t) => w.term('good', t))) };
  },
  'mayor.privilege': (e) => ({ accept: String(e.accept === true) }),
  'mayor.distributed': (e, w) => {
    const received = Array.isArray(e.received) ? (e.received as number[]) : [];
    const each = received.flatMap((n, seat) => (n > 0 ? [w.phrase('_seatCount', { seat: w.seat(seat), n })] : []));
    return { total: received.reduce((a, b) => a + b, 0), each: w.list(each) };
  },
  'mayor.arranged': (e, w) => ({ placed: total(e.plantations) + total(e.buildings), where: placements(w, e), sanJuan: Number(e.sanJuan ?? 0) }),
  'game.endTriggered': (e) => ({ trigger: String(e.trigger) }),
  'builder.built': (e, w) => ({ building: w.term('building', String(e.building)), university: String(e.university === true) }),
  'builder.pass': (e) => ({ forced: forced(e) }),
  'craftsman.produced': (e, w) => ({ goods: goodsList(w, e.goods), factory: Number(e.factory ?? 0) }),
  'craftsman.bonus': (e, w) => ({ good: w.term('good', String(e.good)) }),
  'craftsman.pass': (e) => ({ forced: forced(e) }),
  'trader.sold': (e, w) => ({ good: w.term('good', String(e.good)) }),
  'trader.pass': (e) => ({ forced: forced(e) }),
  'trader.houseEmptied': (e, w) => ({ goods: goodsList(w, e.goods) }),
  'captain.loaded': (e, w) => ({ good: w.term('good', String(e.good)) }),
  'captain.wharf': (e, w) => ({ good: w.term('good', String(e.good)) }),
  'captain.pass': (e) => ({ forced: forced(e) }),
  'captain.stored': (e, w) => ({ kept: goodsList(w, e.kept), keptCount: total(e.kept), returned: goodsList(w, e.returned), returnedCount: total(e.returned) }),
  'captain.unloaded': (e, w) => ({ good: w.term('good', String(e.good)) }),
  'round.end': (e, w) => ({ governor: w.seat(Number(e.governor)), ended: Number(e.round) - 1 }),
};
