/** The Trader phase (§2.6): TRD-1 one chance each, TRD-2 house rules, TRD-3 price, TRD-4 emptying. */
import { ruleError } from '../../engine/result.js';
import type { RuleError, Seat } from '../../engine/types.js';
import { GOOD_PRICE, GOODS, HOUSE_SPACES, type Good } from './data.js';
import type { Draft } from './draft.js';
import { isOccupied } from './rules.js';
import { doubloons, goodsList, seatRef } from './words.js';
import type { MoveOf, PlayerState, PuertoRicoMove, PuertoRicoState } from './types.js';

/** TRD-2: room in the house, and a new kind unless the seller has an occupied Office. */
function canSell(state: PuertoRicoState, player: PlayerState, good: Good): boolean {
  if (player.goods[good] <= 0 || state.tradingHouse.length >= HOUSE_SPACES) return false;
  return !state.tradingHouse.includes(good) || isOccupied(player, 'office');
}

/** TRD-3: base price, +1 for the trader, +1 Small market, +2 Large market (occupied). */
export function salePrice(state: PuertoRicoState, seat: Seat, good: Good): number {
  const player = state.players[seat] as PlayerState;
  return (
    GOOD_PRICE[good] +
    (state.roleHolder === seat ? 1 : 0) +
    (isOccupied(player, 'smallMarket') ? 1 : 0) +
    (isOccupied(player, 'largeMarket') ? 2 : 0)
  );
}

export function traderMoves(state: PuertoRicoState, seat: Seat): PuertoRicoMove[] {
  const player = state.players[seat] as PlayerState;
  const moves: PuertoRicoMove[] = GOODS.filter((good) => canSell(state, player, good)).map((good) => ({ type: 'sell', good }));
  moves.push({ type: 'pass' });
  return moves;
}

export function applySell(draft: Draft, seat: Seat, move: MoveOf<'sell'>): RuleError | null {
  if (!canSell(draft.s, draft.s.players[seat] as PlayerState, move.good)) {
    return ruleError('ILLEGAL_MOVE', `seat ${seat} cannot sell ${move.good} now (TRD-2)`);
  }
  const price = salePrice(draft.s, seat, move.good);
  const player = draft.player(seat);
  player.goods[move.good]--;
  player.doubloons += price;
  draft.tradingHouse().push(move.good);
  draft.say({ type: 'trader.sold', text: `${seatRef(seat)} sold 1 ${move.good} to the trading house for ${doubloons(price)}.`, seat, good: move.good, price });
  return null;
}

/** TRD-4: a full house returns its goods to the supply; otherwise they stay. */
export function closeTradingHouse(draft: Draft): void {
  if (draft.s.tradingHouse.length < HOUSE_SPACES) return;
  const supply = draft.goodsSupply();
  const goods: Partial<Record<Good, number>> = {};
  for (const good of draft.s.tradingHouse) {
    supply[good]++;
    goods[good] = (goods[good] ?? 0) + 1;
  }
  draft.s.tradingHouse = [];
  draft.say({ type: 'trader.houseEmptied', text: `The full trading house was emptied: ${goodsList(goods)} went back to the supply.`, goods });
}
