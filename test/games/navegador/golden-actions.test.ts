/** Golden scenarios G08-G14 (workers, ships) and G24-G39 (colonies, buildings, market, privileges). */
import t from 'tap';
import { Value } from 'typebox/value';
import { navegador } from '../../../src/games/navegador/index.js';
import { buildingCost } from '../../../src/games/navegador/rules.js';
import type { NavegadorMove, NavegadorState } from '../../../src/games/navegador/types.js';
import { P, atAction, explored, play, refusal, setShips } from './fixtures/helpers.js';

const WORKERS = 1;
const MARKET = 2;
const COLONY = 3;
const PRIVILEGE = 4;
const SHIPS = 5;
const BUILDINGS = 7;

const after = (s: NavegadorState, move: NavegadorMove) => P(play(s, 0, move).state, 0);

t.test('golden 8: workers (§3.1)', async (t) => {
  const s = atAction(4, 0, WORKERS, (s) => (P(s, 0).churches = 2));
  const p = after(s, { type: 'recruit', count: 2 });
  t.same([p.cash, p.workers], [100, 5]);
});

t.test('golden 9: workers in phase II (§3.1, T11)', async (t) => {
  const s = atAction(4, 0, WORKERS, (s) => {
    s.phase = 2;
    P(s, 0).churches = 2;
    P(s, 0).cash = 400;
  });
  const p = after(s, { type: 'recruit', count: 3 });
  t.same([p.cash, p.workers], [100, 6], 'pays 2 × 50 + 200 = 300');
});

t.test('golden 10: fictitious workers, the seed example (§3.1)', async (t) => {
  for (const phase of [1, 2, 3] as const) {
    const s = atAction(4, 0, WORKERS, (s) => {
      s.phase = phase;
      P(s, 0).workers = 8;
      P(s, 0).churches = 3;
    });
    const { state, log } = play(s, 0, { type: 'recruit', count: 3 });
    t.same([P(state, 0).cash, P(state, 0).workers], [250, 9], `phase ${phase}: pay 150, sell 2 for 200`);
    t.match(log[0], { cost: 150, fictitious: 2, refund: 200 });
  }
});

t.test('golden 11: fictitious workers need the cash up front (§3.1)', async (t) => {
  const s = atAction(4, 0, WORKERS, (s) => {
    P(s, 0).workers = 9;
    P(s, 0).churches = 2;
    P(s, 0).cash = 60;
  });
  t.equal(refusal(s, 0, { type: 'recruit', count: 2 }), 'INSUFFICIENT_FUNDS');
  const p = after(s, { type: 'recruit', count: 1 });
  t.same([p.cash, p.workers], [110, 9]);
  t.equal(refusal(s, 0, { type: 'recruit', count: 3 }), 'TOO_MANY_UNITS', 'k ≤ max(9 - w, c) = 2');
  t.equal(refusal(s, 0, { type: 'recruit', count: 0 }), 'INVALID_MOVE');
});

t.test('golden 12: ships (§3.2)', async (t) => {
  const p = after(atAction(4, 0, SHIPS), { type: 'buildShips', count: 1 });
  t.same([p.cash, p.ships[0], p.supply], [150, 3, 4]);
});

t.test('golden 13: ships in phase II (§3.2)', async (t) => {
  const s = atAction(4, 0, SHIPS, (s) => {
    s.phase = 2;
    setShips(P(s, 0), { 0: 1, 3: 4 });
    P(s, 0).cash = 300;
  });
  const p = after(s, { type: 'buildShips', count: 2 });
  t.same([p.cash, p.ships[0], p.supply], [50, 3, 0], '50 + 200; 7 ships on the board');
});

t.test('golden 14: fictitious ships (§3.2)', async (t) => {
  const s = atAction(4, 0, SHIPS, (s) => {
    s.phase = 3;
    setShips(P(s, 0), { 0: 7 });
    P(s, 0).shipyards = 2;
    P(s, 0).cash = 100;
  });
  const p = after(s, { type: 'buildShips', count: 2 });
  t.same([p.cash, p.ships[0], p.supply], [200, 7, 0]);
  t.equal(refusal(s, 0, { type: 'buildShips', count: 3 }), 'TOO_MANY_UNITS');
});

t.test('golden 24: colonies (§3.4)', async (t) => {
  const base = (workers: number, guineShips: number) =>
    atAction(4, 0, COLONY, (s) => {
      explored(s, [1, 2, 3], { 1: [80, 120], 2: [100], 3: [50] });
      setShips(P(s, 0), { 2: 2, 1: guineShips });
      P(s, 0).workers = workers;
      P(s, 0).cash = 300;
    });
  const s = base(6, 1);
  const { state, log } = play(s, 0, { type: 'found', regions: [1, 2] });
  t.same([P(state, 0).cash, P(state, 0).colonies], [120, [1, 1, 0]], 'pays 180; sugar 1, gold 1');
  t.match(log[0], { cost: 180, colonies: [{ region: 1, value: 80 }, { region: 2, value: 100 }] });
  t.same(state.regions[1]!.faceUp, [120]);
  t.equal(refusal(s, 0, { type: 'found', regions: [1, 1, 2] }), 'NOT_ENOUGH_SHIPS', 'a 2nd Guiné colony needs a 2nd ship there');
  t.equal(refusal(s, 0, { type: 'found', regions: [3] }), 'NOT_ENOUGH_SHIPS', 'no ship in Rio');
  t.equal(refusal(s, 0, { type: 'found', regions: [0] }), 'NO_COLONY_LEFT', 'Portugal has no colonies');
  t.equal(P(play(base(6, 2), 0, { type: 'found', regions: [1, 1, 2] }).state, 0).cash, 0, '80 + 120 + 100 = 300');
  t.equal(refusal(base(3, 1), 0, { type: 'found', regions: [1, 2] }), 'NOT_ENOUGH_WORKERS');
  t.equal(P(play(base(3, 1), 0, { type: 'found', regions: [1] }).state, 0).colonies[1], 1, '3 workers: 1 colony');
  t.equal(P(play(base(4, 1), 0, { type: 'found', regions: [1, 2] }).state, 0).colonies.reduce((a, b) => a + b), 2, 'the seed: 2 colonies need 2 ships and 4 workers');
});

t.test('golden 25: colonies, the quick intro (§3.4)', async (t) => {
  const s = atAction(4, 0, COLONY, (s) => {
    explored(s, [1, 4], { 1: [90, 110], 4: [140] });
    setShips(P(s, 0), { 1: 1, 4: 1 });
    P(s, 0).workers = 6;
    P(s, 0).cash = 250;
  });
  t.equal(after(s, { type: 'found', regions: [1, 4] }).cash, 20);
  t.equal(refusal(s, 0, { type: 'found', regions: [1, 1, 4] }), 'NOT_ENOUGH_SHIPS');
});

t.test('golden 26: the cheapest token first (§3.4 decision)', async (t) => {
  const s = atAction(4, 0, COLONY, (s) => {
    explored(s, [7], { 7: [60, 130, 170] });
    setShips(P(s, 0), { 7: 1 });
    P(s, 0).workers = 2;
  });
  const { state } = play(s, 0, { type: 'found', regions: [7] });
  t.equal(P(state, 0).cash, 140);
  t.same(state.regions[7]!.faceUp, [130, 170]);
  t.notOk(Value.Check(navegador.moveSchema, { type: 'found', regions: [7], value: 130 }), 'a move cannot name a costlier token');
});

t.test('golden 27: buildings, summed workers (§3.5)', async (t) => {
  const s = atAction(4, 0, BUILDINGS, (s) => {
    s.chartTaken = [2, 1, 2, 1, 1];
    P(s, 0).workers = 7;
    P(s, 0).cash = 500;
  });
  const cases: { pieces: Record<string, number>; cost?: number; error?: string }[] = [
    { pieces: { goldFactory: 1, shipyard: 1 }, cost: 220 },
    { pieces: { sugarFactory: 1, shipyard: 1 }, cost: 250 },
    { pieces: { goldFactory: 2 }, cost: 170 },
    { pieces: { goldFactory: 1, spiceFactory: 1 }, cost: 170 },
    { pieces: { shipyard: 2 }, error: 'NOT_ENOUGH_WORKERS' },
    { pieces: { church: 1, sugarFactory: 1 }, error: 'NOT_ENOUGH_WORKERS' },
    { pieces: { church: 1 }, cost: 200 },
  ];
  for (const c of cases) {
    const move = { type: 'build', pieces: c.pieces } as NavegadorMove;
    if (c.error) t.equal(refusal(s, 0, move), c.error, JSON.stringify(c.pieces));
    else t.equal(500 - after(s, move).cash, c.cost, JSON.stringify(c.pieces));
  }
  const p = after(s, { type: 'build', pieces: { goldFactory: 1, shipyard: 1 } });
  t.same([p.factories, p.shipyards, p.workers], [[0, 1, 0], 2, 7], 'workers are not consumed');
});

t.test('golden 28: buildings, the quick intro (§3.5)', async (t) => {
  const s = atAction(4, 0, BUILDINGS, (s) => {
    s.chartTaken = [2, 0, 0, 1, 2];
    P(s, 0).workers = 8;
    P(s, 0).cash = 400;
  });
  t.equal(after(s, { type: 'build', pieces: { church: 1, sugarFactory: 1 } }).cash, 50);
  t.equal(refusal(s, 0, { type: 'build', pieces: { church: 1, shipyard: 1 } }), 'NOT_ENOUGH_WORKERS');
});

t.test('golden 29: leftmost first (§3.5)', async (t) => {
  const s = atAction(4, 0, BUILDINGS, (s) => (P(s, 0).workers = 6));
  const { state } = play(s, 0, { type: 'build', pieces: { goldFactory: 2 } });
  t.equal(P(state, 0).cash, 80);
  t.equal(buildingCost(state, 'goldFactory', 1), 100);
  t.equal(refusal(s, 0, { type: 'build', pieces: { goldFactory: 7 } }), 'NO_BUILDING_LEFT');
});

const marketState = (patch: (s: NavegadorState) => void) => atAction(4, 0, MARKET, patch);

t.test('golden 30: selling moves the cube down and clamps (§3.6)', async (t) => {
  const s = marketState((s) => {
    s.market = [4, 6, 4];
    P(s, 0).colonies = [0, 3, 0];
  });
  const { state } = play(s, 0, { type: 'market', sell: { gold: 3 }, process: {} });
  t.same([P(state, 0).cash, state.market[1]], [350, 9]);
  const five = marketState((s) => {
    s.market = [4, 6, 4];
    P(s, 0).colonies = [0, 5, 0];
  });
  const sold = play(five, 0, { type: 'market', sell: { gold: 5 }, process: {} }).state;
  t.same([P(sold, 0).cash, sold.market[1]], [450, 10], '+250, clamped at row 10');
  const next = marketState((s) => {
    s.market = [4, 10, 4];
    P(s, 0).colonies = [0, 1, 0];
  });
  t.equal(after(next, { type: 'market', sell: { gold: 1 }, process: {} }).cash, 230, 'the next seller gets 30');
  t.equal(refusal(s, 0, { type: 'market', sell: { gold: 4 }, process: {} }), 'NOT_ENOUGH_COLONIES');
});

t.test('golden 31: processing moves the cube up (§3.6)', async (t) => {
  const s = marketState((s) => {
    s.market = [4, 4, 5];
    P(s, 0).factories = [0, 0, 1];
  });
  const one = play(s, 0, { type: 'market', sell: {}, process: { spice: 1 } }).state;
  t.same([P(one, 0).cash, one.market[2]], [240, 4]);
  const two = play(s, 0, { type: 'market', sell: {}, process: { spice: 2 } }).state;
  t.same([P(two, 0).cash, two.market[2]], [280, 3], 'the wildcard adds a unit');
  t.equal(refusal(s, 0, { type: 'market', sell: {}, process: { spice: 3 } }), 'NOT_ENOUGH_FACTORIES');
});

t.test('golden 32: combined market (§3.6)', async (t) => {
  const s = marketState((s) => {
    s.market = [4, 5, 2];
    P(s, 0).colonies = [1, 2, 1];
    P(s, 0).factories = [2, 0, 1];
    P(s, 0).cash = 0;
  });
  const { state } = play(s, 0, { type: 'market', sell: { gold: 2, spice: 1 }, process: { sugar: 3 } });
  t.same([P(state, 0).cash, state.market], [270, [1, 7, 3]]);
  t.equal(refusal(s, 0, { type: 'market', sell: { gold: 2, spice: 1 }, process: { sugar: 2, spice: 1 } }), 'SELL_AND_PROCESS');
  t.equal(refusal(s, 0, { type: 'market', sell: {}, process: { sugar: 3, spice: 2 } }), 'NOT_ENOUGH_FACTORIES', 'one wildcard unit only');
  const alt = play(s, 0, { type: 'market', sell: { gold: 2, spice: 1, sugar: 1 }, process: {} }).state;
  t.same([P(alt, 0).cash, alt.market[0]], [230, 5], '40 less; sugar to row 5');
});

t.test('golden 33: market, the quick intro (§3.6)', async (t) => {
  const s = marketState((s) => {
    s.market = [7, 2, 4];
    P(s, 0).colonies = [1, 2, 0];
    P(s, 0).factories = [1, 0, 0];
    P(s, 0).cash = 0;
  });
  const { state } = play(s, 0, { type: 'market', sell: { gold: 2 }, process: { sugar: 2 } });
  t.same([P(state, 0).cash, state.market], [240, [5, 4, 4]]);
});

t.test('golden 34: a good cannot be sold and processed together (§3.6)', async (t) => {
  const s = marketState((s) => {
    P(s, 0).colonies = [1, 0, 0];
    P(s, 0).factories = [1, 0, 0];
  });
  t.equal(refusal(s, 0, { type: 'market', sell: { sugar: 1 }, process: { sugar: 1 } }), 'SELL_AND_PROCESS');
  t.equal(refusal(s, 0, { type: 'market', sell: {}, process: {} }), 'INVALID_MOVE', 'an empty market action is a skip');
});

t.test('golden 35: top clamp (§3.6)', async (t) => {
  const s = marketState((s) => {
    s.market = [2, 4, 4];
    P(s, 0).factories = [2, 0, 0];
    P(s, 0).cash = 0;
  });
  const { state } = play(s, 0, { type: 'market', sell: {}, process: { sugar: 3 } });
  t.same([P(state, 0).cash, state.market[0]], [60, 1]);
  const again = atAction(4, 0, 6, (s) => {
    s.market = [1, 4, 4];
    P(s, 0).factories = [1, 0, 0];
    P(s, 0).cash = 0;
  });
  t.equal(after(again, { type: 'market', sell: {}, process: { sugar: 1 } }).cash, 20, 'the next processor still gets 20 (second Market field)');
});

const sheet36 = (s: NavegadorState) => {
  const p = P(s, 0);
  p.workers = 4;
  p.churches = 2;
  p.explorers = 5;
  p.shipyards = 1;
  p.colonies = [2, 2, 0];
  p.factories = [1, 1, 0];
  p.privileges = [0, 1, 1, 0, 1];
};

t.test('golden 36: privilege cash by slot (§3.7, T9)', async (t) => {
  const s = atAction(4, 0, PRIVILEGE, sheet36);
  const { state, log } = play(s, 0, { type: 'privilege', column: 'church' });
  t.same([P(state, 0).workers, P(state, 0).privileges[4], P(state, 0).cash], [3, 2, 280]);
  t.match(log[0], { slot: 2, cash: 80 });
  t.same(state.gallery, [1, 1, 1, 1, 0]);
  const alternatives = { explorer: 100, shipyard: 50, colony: 120, factory: 60 } as const;
  for (const [column, cash] of Object.entries(alternatives)) {
    t.equal(after(s, { type: 'privilege', column: column as keyof typeof alternatives }).cash - 200, cash, column);
  }
});

t.test('golden 37: privilege, the quick intro (§3.7)', async (t) => {
  const s = atAction(4, 0, PRIVILEGE, (s) => (P(s, 0).explorers = 3));
  const p = after(s, { type: 'privilege', column: 'explorer' });
  t.same([p.privileges[2], p.cash, p.workers], [1, 290, 2]);
  t.equal(after(s, { type: 'privilege', column: 'shipyard' }).cash, 250);
});

t.test('golden 38: the seed "×30" shipyard slot (§3.7)', async (t) => {
  const s = atAction(4, 0, PRIVILEGE, (s) => {
    P(s, 0).shipyards = 2;
    P(s, 0).privileges = [0, 0, 0, 2, 0];
    P(s, 0).workers = 5;
  });
  const p = after(s, { type: 'privilege', column: 'shipyard' });
  t.same([p.privileges[3], p.cash, p.workers], [3, 260, 4]);
  const first = atAction(4, 0, PRIVILEGE, (s) => (P(s, 0).shipyards = 2));
  t.equal(after(first, { type: 'privilege', column: 'shipyard' }).cash, 300, 'the first shipyard privilege with 2 shipyards pays 100');
});

t.test('golden 39: privilege, illegal cases (§3.7)', async (t) => {
  const twoWorkers = atAction(4, 0, PRIVILEGE, (s) => (P(s, 0).workers = 2));
  t.equal(refusal(twoWorkers, 0, { type: 'privilege', column: 'colony' }), 'NOT_ENOUGH_WORKERS', '(a)');
  const full = atAction(4, 0, PRIVILEGE, (s) => (P(s, 0).privileges = [0, 0, 0, 0, 3]));
  t.equal(refusal(full, 0, { type: 'privilege', column: 'church' }), 'COLUMN_FULL', '(b)');
  const empty = atAction(4, 0, PRIVILEGE, (s) => (s.gallery = [1, 1, 0, 1, 1]));
  t.equal(refusal(empty, 0, { type: 'privilege', column: 'explorer' }), 'NO_PRIVILEGE_LEFT', '(c)');
  const s = atAction(4, 0, PRIVILEGE);
  const once = play(s, 0, { type: 'privilege', column: 'colony' }).state;
  t.equal(refusal(once, 0, { type: 'privilege', column: 'factory' }), 'NOT_YOUR_TURN', '(d) one privilege per action');
  t.notOk(Value.Check(navegador.moveSchema, { type: 'privilege', column: ['colony', 'factory'] }), '(d) a move names one column');
});

t.test('an action must match the field the stone is on', async (t) => {
  const s = atAction(4, 0, WORKERS);
  t.equal(refusal(s, 0, { type: 'buildShips', count: 1 }), 'WRONG_ACTION');
  t.equal(refusal(s, 0, { type: 'rondel', field: 2 }), 'WRONG_STEP');
  t.equal(refusal(s, 1, { type: 'recruit', count: 1 }), 'NOT_YOUR_TURN');
  t.equal(refusal(s, 0, { type: 'recruit', count: 'two' }), 'INVALID_MOVE');
  t.equal(refusal(s, 0, { type: 'market', sell: { salt: 1 }, process: {} }), 'INVALID_MOVE');
  t.equal(refusal(s, 0, null), 'INVALID_MOVE');
});

t.test('the move schema admits the largest legal counts (§3.1, §3.2 with 1 + 8 shipyards or churches)', async (t) => {
  const s = atAction(2, 0, SHIPS, (s) => {
    P(s, 0).shipyards = 9;
    P(s, 0).cash = 450;
  });
  t.ok(Value.Check(navegador.moveSchema, { type: 'buildShips', count: 9 }));
  const p = after(s, { type: 'buildShips', count: 9 });
  t.same([p.cash, p.ships[0], p.supply], [400, 7, 0], 'pays 450, places 5, sells 4 fictitious ships for 400');
  t.ok(Value.Check(navegador.moveSchema, { type: 'recruit', count: 9 }));
});
