/** The Craftsman phase (§2.5): CRA-2 production in turn order, CRA-3 all or nothing, CRA-4 Factory, CRA-5 privilege. */
import { ruleError } from '../../engine/result.js';
import type { RuleError, Seat } from '../../engine/types.js';
import { FACTORY_PAY, GOODS, type Good } from './data.js';
import type { Draft } from './draft.js';
import { isOccupied, productionNow } from './rules.js';
import { doubloons, goodsList, seatRef } from './words.js';
import type { MoveOf, PlayerState, PuertoRicoMove, PuertoRicoState } from './types.js';

export function craftsmanMoves(state: PuertoRicoState, seat: Seat): PuertoRicoMove[] {
  const production = productionNow(state, state.players[seat] as PlayerState);
  const anything = GOODS.some((good) => production[good] > 0);
  return anything ? [{ type: 'produce' }, { type: 'pass' }] : [{ type: 'pass' }];
}

/** CRA-2, CRA-4: takes the whole production; returns the kinds received. */
export function applyProduce(draft: Draft, seat: Seat): Good[] {
  const produced = productionNow(draft.s, draft.s.players[seat] as PlayerState);
  const kinds = GOODS.filter((good) => produced[good] > 0);
  const player = draft.player(seat);
  const supply = draft.goodsSupply();
  for (const good of kinds) {
    player.goods[good] += produced[good];
    supply[good] -= produced[good];
  }
  // CRA-4: only kinds actually received count.
  const factory = isOccupied(player, 'factory') ? (FACTORY_PAY[kinds.length] ?? 0) : 0;
  player.doubloons += factory;
  draft.say({
    type: 'craftsman.produced',
    text: `${seatRef(seat)} produced ${goodsList(produced)}${factory ? ` and earned ${doubloons(factory)} with the Factory` : ''}.`,
    seat,
    goods: Object.fromEntries(kinds.map((g) => [g, produced[g]])),
    factory,
  });
  return kinds;
}

/** CRA-5: one more good of a kind the craftsman received this phase, if the supply has one. */
export function craftsmanBonusMoves(state: PuertoRicoState, received: readonly Good[]): PuertoRicoMove[] {
  const moves: PuertoRicoMove[] = received.filter((good) => state.goodsSupply[good] > 0).map((good) => ({ type: 'craftsmanBonus', good }));
  moves.push({ type: 'pass' });
  return moves;
}

export function applyCraftsmanBonus(draft: Draft, seat: Seat, received: readonly Good[], move: MoveOf<'craftsmanBonus'>): RuleError | null {
  if (!received.includes(move.good) || draft.s.goodsSupply[move.good] <= 0) {
    return ruleError('ILLEGAL_MOVE', `the bonus good must be a kind received this phase and left in the supply (CRA-5)`);
  }
  draft.player(seat).goods[move.good]++;
  draft.goodsSupply()[move.good]--;
  draft.say({ type: 'craftsman.bonus', text: `${seatRef(seat)} took 1 extra ${move.good} (the Craftsman's privilege).`, seat, good: move.good });
  return null;
}
