/** Setup (§1.2, §1.3): the supplies by player count, the starting plantations and the face-up row. */
import { Random, createRng } from '../../engine/random.js';
import type { SetupInput } from '../../engine/types.js';
import { BUILDINGS, BUILDING_DATA, GOODS, GOODS_IN_BOX, PLANTATION_TILES, countSetup, type Building, type Good } from './data.js';
import { emptyGoods } from './rules.js';
import type { PlayerState, PuertoRicoOptions, PuertoRicoState } from './types.js';

export const ENGINE_VERSION = 1;

export function setup({ seats, options, seed }: SetupInput<PuertoRicoOptions>): PuertoRicoState {
  const table = countSetup(seats);
  const rng = new Random(createRng(seed));
  // §1.3 step 1 (decision): the first governor is drawn with the seeded PRNG.
  const governor = rng.int(seats);

  const players: PlayerState[] = [];
  for (let seat = 0; seat < seats; seat++) {
    const start = table.start[(seat - governor + seats) % seats] as Good;
    // VAR-3: the corn player starts with 1 doubloon less.
    const doubloons = table.doubloons - (options.balance && start === 'corn' ? 1 : 0);
    players.push({ doubloons, vp: 0, goods: emptyGoods(), island: [{ tile: start, occupied: false }], city: [], sanJuan: 0 });
  }

  const pool: Good[] = [];
  for (const good of GOODS) {
    const inGame = PLANTATION_TILES[good] - table.removedTiles - table.start.filter((g) => g === good).length;
    for (let i = 0; i < inGame; i++) pool.push(good);
  }
  const stack = rng.shuffle(pool);
  const faceUp = stack.splice(0, seats + 1);

  const goodsSupply = emptyGoods();
  for (const good of GOODS) goodsSupply[good] = GOODS_IN_BOX[good] - table.removedGoods;

  const buildingSupply = {} as Record<Building, number>;
  for (const building of BUILDINGS) {
    buildingSupply[building] = seats === 2 ? BUILDING_DATA[building].copies2p : BUILDING_DATA[building].copies;
  }

  return {
    version: ENGINE_VERSION,
    seats,
    options,
    rng: rng.state,
    governor,
    choices: 0,
    role: null,
    roleHolder: governor,
    roles: table.roles.map((card) => ({ card, doubloons: 0, taken: false })),
    phase: { name: 'chooseRole' },
    players,
    colonistShip: table.shipColonists,
    colonistSupply: table.colonistSupply,
    vpSupply: table.vpSupply,
    quarries: table.quarries,
    faceUp,
    stack,
    discard: [],
    goodsSupply,
    buildingSupply,
    ships: table.ships.map((capacity) => ({ capacity, good: null, load: 0 })),
    tradingHouse: [],
    endTriggers: { colonists: false, city: false, vp: false },
    round: 1,
  };
}

/** ROUND-1, VAR-1, VAR-2: roles chosen per round. */
export function choicesPerRound(state: Pick<PuertoRicoState, 'seats' | 'options'>): number {
  if (state.seats !== 2) return state.seats;
  return state.options.roleOrder === 'alternating5' ? 5 : 6;
}
