/** Message arguments of Meuterer's log entries in other languages (src/engine/log-words.ts). */
import type { LogArgsTable, LogWords } from '../../engine/log-words.js';

const arr = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** "2 ruby, 1 conflict" in the order first seen, or the `_none` phrase. */
function cardList(w: LogWords, cards: unknown): string {
  const counts = new Map<string, number>();
  for (const card of arr<string>(cards)) counts.set(card, (counts.get(card) ?? 0) + 1);
  if (counts.size === 0) return w.phrase('_none');
  return w.list([...counts].map(([card, n]) => w.phrase('_cardCount', { card: w.term('card', card), n })));
}

const island = (w: LogWords, id: unknown): string => w.term('island', String(id));
const role = (w: LogWords, r: unknown): string => w.term('role', r === null || r === undefined ? 'captain' : String(r));
const seats = (w: LogWords, list: unknown): string => w.list(arr<number>(list).map((s) => w.seat(s)));

export const meutererLogArgs: LogArgsTable = {
  'goods.offered': (e, w) => ({ card: w.term('card', String(e.card)) }),
  'pirate.sailed': (e, w) => ({ from: island(w, e.fromIsland), to: island(w, e.toIsland), plunder: String(e.plunder === true) }),
  'pirate.plundered': (e, w) => ({ count: arr(e.cards).length, cards: cardList(w, e.cards) }),
  'player.passed': (e, w) => ({ captain: String(e.destinationIsland !== undefined), island: e.destinationIsland === undefined ? '' : island(w, e.destinationIsland) }),
  'action.chosen.private': (e, w) => ({ pool: w.list(arr<string>(e.pool).map((r) => role(w, r))), role: role(w, e.role) }),
  'actions.revealed': (e, w) => {
    const unused = arr<string>(e.unused);
    return {
      each: w.list(arr<string | null>(e.roles).map((r, seat) => w.phrase('_seatRole', { seat: w.seat(seat), role: role(w, r) }))),
      unused: unused.length === 0 ? w.phrase('_none') : w.list(unused.map((r) => role(w, r))),
    };
  },
  'mutiny.started': (e, w) => ({ island: island(w, e.destinationIsland) }),
  'mutiny.resolved': (e) => ({ succeeded: String(e.succeeded === true) }),
  'score.ship': (e, w) => ({ role: role(w, e.role), island: island(w, e.islandId) }),
  'sales.allocated': (e, w) => {
    const sales = arr<{ good: string; count: number }>(e.sales);
    const islands = arr<string>(e.islands);
    return { count: sales.length, sales: w.list(sales.map((x, i) => w.phrase('_sale', { island: island(w, islands[i]), card: w.term('card', x.good), n: x.count }))) };
  },
  'score.tie': (e, w) => ({ island: island(w, e.islandId), seats: seats(w, e.seats), ways: arr(e.seats).length }),
  'score.sales': (e, w) => ({ island: island(w, e.islandId), tied: arr(e.tiedWith).length, others: seats(w, e.tiedWith), merchant: String(e.merchant === true) }),
  'ship.moved': (e, w) => ({ from: island(w, e.fromIsland), to: island(w, e.toIsland), stayed: String(e.from === e.to) }),
  'cards.discarded': (e, w) => ({ count: arr(e.cards).length, cards: cardList(w, e.cards) }),
  'cards.drawn': (e) => ({ clerk: String(e.loadingClerk === true) }),
  'cards.drawn.private': (e, w) => ({ cards: cardList(w, e.cards) }),
  'cards.kept.private': (e, w) => ({ cards: cardList(w, e.cards), rejected: cardList(w, e.rejectedCards) }),
  'round.started': (e, w) => ({ captain: w.seat(Number(e.captain)) }),
  'game.ended': (e, w) => ({ scores: w.list(arr<number>(e.scores).map((n, seat) => w.phrase('_seatScore', { seat: w.seat(seat), n }))) }),
};
