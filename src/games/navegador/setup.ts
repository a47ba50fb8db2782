/** §1.2 setup, with the canonical deal of step 3a (start player first, then sugar, gold, spice shuffles). */
import { Random, createRng } from '../../engine/random.js';
import {
  BUILDINGS,
  COLUMNS,
  GOODS,
  MARKET_START_ROW,
  PRIVILEGE_TOKENS_PER_TYPE,
  REGION_COUNT,
  SHIPS_PER_PLAYER,
  STACKS,
  START_CASH,
  START_SHIPS_IN_PORTUGAL,
  START_WORKERS,
  TOKEN_VALUES,
  PORTUGAL,
} from './data.js';
import type { NavegadorState, PlayerState, RegionState } from './types.js';

export const ENGINE_VERSION = 1;

function newPlayer(): PlayerState {
  const ships = new Array<number>(REGION_COUNT).fill(0);
  ships[PORTUGAL] = START_SHIPS_IN_PORTUGAL;
  return {
    cash: START_CASH,
    workers: START_WORKERS,
    ships,
    supply: SHIPS_PER_PLAYER - START_SHIPS_IN_PORTUGAL,
    field: null,
    colonies: [0, 0, 0],
    factories: [0, 0, 0],
    shipyards: 1,
    churches: 1,
    explorers: 0,
    privileges: [0, 0, 0, 0, 0],
  };
}

export function setupState(seats: number, seed: string): NavegadorState {
  const rng = new Random(createRng(seed));
  const startSeat = rng.int(seats);
  const piles = GOODS.map((good) => rng.shuffle(TOKEN_VALUES[good]));
  const regions: RegionState[] = STACKS.map((stack) => {
    if (stack === null) return { explored: true, hidden: [], faceUp: [] };
    const pile = piles[GOODS.indexOf(stack.good)] as number[];
    return { explored: false, hidden: pile.splice(0, stack.size), faceUp: [] };
  });
  return {
    engineVersion: ENGINE_VERSION,
    seats,
    startSeat,
    current: startSeat,
    step: 'start',
    phase: 1,
    players: Array.from({ length: seats }, newPlayer),
    regions,
    market: GOODS.map(() => MARKET_START_ROW),
    gallery: COLUMNS.map(() => 1),
    box: COLUMNS.map(() => PRIVILEGE_TOKENS_PER_TYPE - 1),
    chartTaken: BUILDINGS.map(() => 0),
    // §1.2 step 8: the start player's right-hand neighbour holds the card; the orange ship waits for its first move.
    navegador: { holder: (startSeat + seats - 1) % seats, orangeField: null, moved: 0 },
    end: null,
    turnsLeft: null,
    finished: false,
    setAside: piles.map((pile) => pile[0] as number),
    turn: 0,
    rng: rng.state,
  };
}
