/** Message arguments of Navegador's log entries in other languages (src/engine/log-words.ts). */
import type { LogArgsTable, LogWords } from '../../engine/log-words.js';
import { BUILDINGS, GOODS, RONDEL, STACKS } from './data.js';

const region = (w: LogWords, r: unknown): string => w.term('region', String(r));

/** The rondel field's action name ("the Market field"), or the middle of the rondel. */
const field = (w: LogWords, f: unknown): string => {
  const action = typeof f === 'number' ? RONDEL[f] : undefined;
  return action ? w.phrase('_field', { name: w.term('field', action) }) : w.phrase('_middle');
};

const arr = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** "Portugal to Guiné", "Bahia via Rio de Janeiro to Cabo da Boa Esperança". */
function route(w: LogWords, path: readonly number[]): string {
  const via = path.slice(1, -1);
  return w.phrase('_route', { from: region(w, path[0]), to: region(w, path[path.length - 1]), via: via.length, vias: w.list(via.map((r) => region(w, r))) });
}

/** Ships paid per region, in region order. */
function paid(w: LogWords, regions: readonly number[]): string {
  const per = new Map<number, number>();
  for (const r of regions) per.set(r, (per.get(r) ?? 0) + 1);
  return w.list([...per].sort(([a], [b]) => a - b).map(([r, n]) => w.phrase('_shipsIn', { region: region(w, r), n })));
}

export const navegadorLogArgs: LogArgsTable = {
  'action.skipped': (e, w) => ({ field: field(w, e.field) }),
  'action.none': (e, w) => ({ field: field(w, e.field) }),
  'rondel.moved': (e, w) => ({ field: field(w, e.field), paid: arr<number>(e.shipsPaid).length, from: paid(w, arr<number>(e.shipsPaid)) }),
  'ships.sailed': (e, w) => ({
    routes: w.list(arr<{ path: number[]; count: number }>(e.paths).map((g) => w.phrase('_sailed', { n: g.count, route: route(w, g.path) }))),
  }),
  'region.explored': (e, w) => ({
    region: region(w, e.region),
    good: e.good ? w.term('good', String(e.good)) : 'none',
    hasGood: String(Boolean(e.good)),
    values: w.list(arr<number>(e.values).map(String)),
  }),
  'phase.changed': (e, w) => ({ name: w.term('phase', String(e.phase)) }),
  'workers.recruited': () => ({}),
  'ships.built': () => ({}),
  'colonies.founded': (e, w) => ({
    count: arr<unknown>(e.colonies).length,
    where: w.list(
      arr<{ region: number; value: number }>(e.colonies).map((c) =>
        w.phrase('_colony', { good: w.term('good', STACKS[c.region]?.good ?? 'sugar'), region: region(w, c.region), value: c.value }),
      ),
    ),
  }),
  'buildings.built': (e, w) => {
    const pieces = (e.pieces ?? {}) as Record<string, number | undefined>;
    return { what: w.list(BUILDINGS.filter((b) => (pieces[b] ?? 0) > 0).map((b) => w.phrase('_pieces', { name: w.term('building', b), n: pieces[b] ?? 0 }))) };
  },
  'market.traded': (e, w) => {
    const trades = arr<{ good: string; sold: number; processed: number; price: number }>(e.trades);
    return {
      deals: w.list(trades.map((x) => w.phrase('_deal', { sold: String(x.sold > 0), n: x.sold + x.processed, good: w.term('good', x.good), price: x.price }))),
      trades: trades.length,
    };
  },
  'privilege.taken': (e, w) => ({ privilege: w.term('privilege', String(e.column)) }),
  'end.triggered': (e) => ({ trigger: String(e.trigger) }),
  'navegador.used': (e, w) => ({ from: w.seat(Number(e.from)), to: w.seat(Number(e.to)) }),
  'navegador.expired': (e, w) => ({ from: w.seat(Number(e.from)), to: w.seat(Number(e.to)) }),
  'game.ended': (e, w) => ({ setAside: w.list(arr<number>(e.setAside).map((n, g) => w.phrase('_token', { good: w.term('good', GOODS[g] ?? 'sugar'), value: n }))) }),
};
