/**
 * The bot. `random` plays a uniformly random legal move; `greedy` scores each legal move with a short
 * heuristic (what a move brings this seat now, a little of what a role gives the others) and plays the
 * best, breaking ties with its seeded PRNG. It reads only what its seat may see (never the stack).
 */
import { Random, createRng } from '../../engine/random.js';
import type { Bot, BotInput, Seat } from '../../engine/types.js';
import { BUILDING_DATA, GOOD_PRICE, GOODS, roleOf, type Building, type Good, type Role } from './data.js';
import { movesOfActor } from './flow.js';
import { suggestedArrangement } from './mayor.js';
import { buildingPrice, circlesOf, colonistsOf, goodsHeld, productionNow } from './rules.js';
import { salePrice } from './trader.js';
import { shipsFor } from './captain.js';
import type { PlayerState, PuertoRicoMove, PuertoRicoState } from './types.js';

const PLANTATION_VALUE: Readonly<Record<Good, number>> = { corn: 2.6, indigo: 2.2, sugar: 2.3, tobacco: 2.5, coffee: 2.6 };

/** What each violet building is worth to a greedy player, beyond its printed VP. */
const VIOLET_VALUE: Readonly<Partial<Record<Building, number>>> = {
  smallMarket: 1.5,
  hacienda: 0.8,
  constructionHut: 1,
  smallWarehouse: 1.2,
  hospice: 1.5,
  office: 1.5,
  largeMarket: 2,
  largeWarehouse: 1.8,
  factory: 3,
  university: 1.5,
  harbor: 3.5,
  wharf: 3.5,
};

function total(counts: Readonly<Record<Good, number>>): number {
  return GOODS.reduce((sum, good) => sum + counts[good], 0);
}

function roleValue(state: PuertoRicoState, seat: Seat, role: Role): number {
  const me = state.players[seat] as PlayerState;
  const others = state.players.filter((_, i) => i !== seat);
  switch (role) {
    case 'settler':
      return me.island.length < 12 ? 1.5 + (state.faceUp.some((g) => g === 'coffee' || g === 'tobacco') ? 0.5 : 0) : 0.2;
    case 'mayor':
      return 0.8 + state.colonistShip / state.seats + (circlesOf(me) > colonistsOf(me) ? 1.5 : 0);
    case 'builder': {
      const affordable = Object.keys(BUILDING_DATA).some((b) => me.doubloons >= buildingPrice(state, seat, b as Building) && buildingPrice(state, seat, b as Building) >= 2);
      return affordable ? 2.5 : 0.8;
    }
    case 'craftsman': {
      const mine = total(productionNow(state, me));
      const theirs = others.reduce((sum, p) => sum + total(productionNow(state, p)), 0) / Math.max(1, others.length);
      return mine > 0 ? 1 + mine * 0.8 - theirs * 0.4 : 0;
    }
    case 'trader': {
      const best = Math.max(0, ...GOODS.filter((g) => me.goods[g] > 0 && !state.tradingHouse.includes(g)).map((g) => GOOD_PRICE[g] + 1));
      return state.tradingHouse.length < 4 ? best * 0.8 : 0;
    }
    case 'captain': {
      const shippable = GOODS.reduce((sum, g) => sum + (shipsFor(state, g, me.goods[g]).length > 0 ? me.goods[g] : 0), 0);
      const theirs = others.reduce((sum, p) => sum + goodsHeld(p), 0) / Math.max(1, others.length);
      return shippable > 0 ? 1 + shippable * 0.7 - theirs * 0.2 : 0.1;
    }
    case 'prospector':
      return 1;
  }
}

function buildValue(state: PuertoRicoState, seat: Seat, building: Building): number {
  const me = state.players[seat] as PlayerState;
  const data = BUILDING_DATA[building];
  const late = state.round >= 10 || state.vpSupply < 25 || state.colonistSupply < 3 * state.seats;
  let value = data.vp * (late ? 2 : 1);
  if (data.good) {
    const plantations = me.island.filter((t) => t.tile === data.good).length;
    const circles = me.city.filter((b) => BUILDING_DATA[b.building].good === data.good).reduce((s, b) => s + BUILDING_DATA[b.building].circles, 0);
    value += Math.min(data.circles, Math.max(0, plantations - circles + 1)) * GOOD_PRICE[data.good] * 0.6;
  } else if (data.kind === 'large') value += late ? 4 : 2;
  else value += late ? 0 : (VIOLET_VALUE[building] ?? 0);
  return value - buildingPrice(state, seat, building) * 0.15;
}

function moveValue(state: PuertoRicoState, seat: Seat, move: PuertoRicoMove, first: PuertoRicoMove | undefined): number {
  const me = state.players[seat] as PlayerState;
  switch (move.type) {
    case 'chooseRole': {
      const slot = state.roles.find((r) => r.card === move.role);
      return roleValue(state, seat, roleOf(move.role)) + (slot?.doubloons ?? 0);
    }
    case 'useHacienda':
      return 2;
    case 'takePlantation':
      return PLANTATION_VALUE[move.plantation] + (move.hospice ? 1 : 0);
    case 'takeQuarry':
      return (state.round < 9 ? 2.8 : 1) + (move.hospice ? 1 : 0);
    case 'mayorPrivilege':
      return move.accept ? 1 : 0;
    case 'arrange':
      return move === first ? 1 : 0;
    case 'build':
      return buildValue(state, seat, move.building) + (move.university ? 1 : 0);
    case 'produce':
      return 5;
    case 'craftsmanBonus':
      return 1 + GOOD_PRICE[move.good];
    case 'sell':
      return salePrice(state, seat, move.good) - 0.5;
    case 'load':
      return Math.min(me.goods[move.good], (state.ships[move.ship]?.capacity ?? 0) - (state.ships[move.ship]?.load ?? 0)) + 0.1 * GOOD_PRICE[move.good];
    case 'wharf':
      return me.goods[move.good] - 0.5;
    case 'store':
      return GOODS.reduce((sum, g) => sum + (move.warehouse.includes(g) ? me.goods[g] : move.barrel === g ? 1 : 0) * (1 + GOOD_PRICE[g]), 0);
    case 'pass':
      return state.phase.name === 'builder' ? 1 : 0;
  }
}

export function chooseGreedy(state: PuertoRicoState, seat: Seat, moves: readonly PuertoRicoMove[], rng: Random): PuertoRicoMove {
  if (state.phase.name === 'mayor') {
    // The suggested production-first arrangement is always listed first.
    const suggested = suggestedArrangement(state.players[seat] as PlayerState);
    return { type: 'arrange', ...suggested };
  }
  let best: PuertoRicoMove[] = [];
  let bestValue = -Infinity;
  for (const move of moves) {
    const value = moveValue(state, seat, move, moves[0]);
    if (value > bestValue + 1e-9) {
      best = [move];
      bestValue = value;
    } else if (Math.abs(value - bestValue) <= 1e-9) best.push(move);
  }
  return rng.pick(best);
}

export const puertoRicoBot: Bot<PuertoRicoState, PuertoRicoMove> = {
  levels: ['random', 'greedy'],
  choose(state: PuertoRicoState, seat: Seat, input: BotInput): PuertoRicoMove {
    const rng = new Random(createRng(input.seed));
    const moves = movesOfActor(state, seat);
    if (input.level === 'random') return rng.pick(moves);
    return chooseGreedy(state, seat, moves, rng);
  },
};
