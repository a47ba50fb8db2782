/** Golden scenarios G01-G07 (setup, rondel) and G41-G44 (the Navegador card) of docs/rules/navegador.md §9. */
import t from 'tap';
import { navegador } from '../../../src/games/navegador/index.js';
import { BUILDING_COSTS, BUILDINGS, MACAU, NAGASAKI, REGION_COUNT, isDoubleLoss } from '../../../src/games/navegador/data.js';
import { buildingCost, buildingsLeft } from '../../../src/games/navegador/rules.js';
import { scoreBreakdown } from '../../../src/games/navegador/score.js';
import { P, atAction, atTurnStart, fresh, given, passTurn, play, refusal, setShips } from './fixtures/helpers.js';

t.test('golden 1: setup, 4 players (§1.2)', async (t) => {
  const s = fresh(4);
  t.equal(s.startSeat, 0);
  for (const p of s.players) {
    t.equal(p.cash, 200);
    t.equal(p.workers, 3);
    t.equal(p.ships[0], 2);
    t.equal(p.supply, 5);
    t.same([p.factories, p.shipyards, p.churches, p.explorers, p.colonies, p.privileges], [[0, 0, 0], 1, 1, 0, [0, 0, 0], [0, 0, 0, 0, 0]]);
    t.equal(p.field, null);
  }
  t.same(s.navegador, { holder: 3, orangeField: null, moved: 0 });
  t.same(s.chartTaken, [0, 0, 0, 0, 0]);
  t.equal(buildingCost(s, 'sugarFactory', 6), 50 + 70 + 100 + 150 + 200 + 250);
  t.same([buildingsLeft(s, 'shipyard'), buildingsLeft(s, 'church')], [6, 6]);
  t.equal(buildingCost(s, 'shipyard', 6), 100 + 150 + 200 + 250 + 300 + 350);
  t.equal(buildingCost(s, 'church', 6), 150 + 200 + 250 + 300 + 350 + 400);
  t.equal(BUILDINGS.reduce((n, b) => n + buildingsLeft(s, b), 0), 30, '30 buildings on the chart');
  t.same(s.gallery, [1, 1, 1, 1, 1]);
  t.same([isDoubleLoss(NAGASAKI, 4), isDoubleLoss(MACAU, 4)], [true, false]);
  t.same(s.market, [4, 4, 4]);
  t.equal(s.phase, 1);
  const unexplored = s.regions.filter((r) => !r.explored);
  t.equal(unexplored.length, 12, '12 explorer discs');
  t.equal(unexplored.reduce((n, r) => n + r.hidden.length, 0), 30, '30 face-down tokens');
  t.equal(s.setAside.length, 3);
  t.same(s.regions.map((r) => r.hidden.length), [0, 3, 4, 4, 3, 1, 3, 3, 2, 2, 2, 2, 1], 'T4 stack sizes');
});

t.test('golden 2: setup score sanity (§6.3)', async (t) => {
  const b = scoreBreakdown(P(fresh(4), 0));
  t.equal(b.total, 16);
  t.equal(b.kingColumn, 3, 'the King goes to the shipyard column (leftmost of the +2 ties)');
  t.equal(b.kingVp, 2);
  t.equal(b.shipyard, 5);
  t.equal((b.total as number) - (b.kingVp as number), 14);
});

t.test('golden 3: setup by player count (T8b, §1.3)', async (t) => {
  const cases = [
    { seats: 2, rows: 8, buildings: 34, macau: true },
    { seats: 3, rows: 7, buildings: 32, macau: true },
    { seats: 5, rows: 5, buildings: 28, macau: false },
  ];
  for (const c of cases) {
    const s = fresh(c.seats);
    t.equal(buildingsLeft(s, 'shipyard'), c.rows, `${c.seats}p shipyards`);
    t.equal(buildingsLeft(s, 'church'), c.rows, `${c.seats}p churches`);
    t.equal(buildingCost(s, 'shipyard', c.rows), BUILDING_COSTS.shipyard.slice(0, c.rows).reduce((a, b) => a + b, 0));
    const total = BUILDINGS.reduce((n, b) => n + buildingsLeft(s, b), 0);
    t.equal(total, c.buildings, `${c.seats}p buildings`);
    t.equal(isDoubleLoss(MACAU, c.seats), c.macau, `${c.seats}p Macau`);
  }
});

t.test('golden 4: the first rondel move is free (§2.2)', async (t) => {
  const s = fresh(4);
  const { state, log } = play(s, 0, { type: 'rondel', field: 5 });
  t.equal(P(state, 0).field, 5);
  t.equal(P(state, 0).ships[0], 2, 'no ship paid');
  t.same(log[0]?.shipsPaid, []);
});

t.test('golden 5: rondel costs from Sailing (T1)', async (t) => {
  const expected = [5, 0, 0, 0, 1, 2, 3, 4];
  for (let field = 0; field < 8; field++) {
    const s = atTurnStart(4, 0, (s) => setShips(P(s, 0), { 0: 7 }));
    const { state } = play(s, 0, { type: 'rondel', field });
    t.equal(7 - P(state, 0).ships[0]!, expected[field], `Sailing → field ${field} costs ${expected[field]}`);
  }
  const fromMarket = atTurnStart(4, 0, (s) => {
    P(s, 0).field = 2;
    setShips(P(s, 0), { 0: 7 });
  });
  t.equal(play(fromMarket, 0, { type: 'rondel', field: 6 }).state.players[0]!.supply, 1, 'Market 2 → Market 6 costs 1');
});

t.test('golden 6: rondel with too few ships (§2.2)', async (t) => {
  const s = atTurnStart(4, 0, (s) => {
    P(s, 0).field = 3;
    setShips(P(s, 0), { 1: 1 });
  });
  const { state } = play(s, 0, { type: 'rondel', field: 7, pay: [1] });
  t.equal(P(state, 0).ships.reduce((a, b) => a + b, 0), 0);
  t.equal(refusal(s, 0, { type: 'rondel', field: 0 }), 'NOT_ENOUGH_SHIPS');
  t.equal(refusal(s, 0, { type: 'rondel', field: 7, pay: [0] }), 'WRONG_PAYMENT', 'the ship paid must be on the board');
  t.equal(refusal(s, 0, { type: 'rondel', field: 7, pay: [] }), 'WRONG_PAYMENT');
});

t.test('golden 7: moving without acting (§2.2)', async (t) => {
  const s = atTurnStart(4, 0, (s) => {
    P(s, 0).field = 3;
    P(s, 0).workers = 2;
  });
  const { state, log } = play(s, 0, { type: 'rondel', field: 4 });
  t.equal(P(state, 0).field, 4);
  t.same({ ...P(state, 0), field: 3 }, P(s, 0), 'nothing else changed for the player');
  t.equal(state.current, 1, 'no privilege is possible, so the turn ends at once');
  t.ok(log.some((l) => l.type === 'action.none'));
  // With an action available, skipping is a legal choice too.
  const c = atAction(4, 0, 1);
  const skipped = play(c, 0, { type: 'skip' }).state;
  t.same(skipped.players[0], c.players[0]);
  t.equal(skipped.current, 1);
});

/** Plays the first round of a 4p game: seats 0..2 move once. */
function firstRound(): ReturnType<typeof fresh> {
  let s = fresh(4);
  for (const seat of [0, 1, 2]) s = passTurn(s, seat);
  return s;
}

t.test('golden 41: the Navegador card on the holder first turn (§5)', async (t) => {
  const s = firstRound();
  t.equal(s.current, 3);
  t.notOk(navegador.legalMoves(s, 3).some((m) => m.type === 'navegador'));
  t.equal(refusal(s, 3, { type: 'navegador', paths: [{ path: [0, 1], count: 2 }] }), 'NAVEGADOR_UNAVAILABLE');
  const { state } = play(s, 3, { type: 'rondel', field: 2 });
  t.same(state.navegador, { holder: 3, orangeField: 2, moved: 0 });
});

t.test('golden 42: using and passing the card (§5)', async (t) => {
  let s = play(firstRound(), 3, { type: 'rondel', field: 2 }).state;
  s = play(s, 3, { type: 'skip' }).state;
  s = passTurn(s, 0);
  s = passTurn(s, 1);
  s = play(s, 2, { type: 'rondel', field: 3 }).state;
  if (s.current === 2) s = play(s, 2, { type: 'skip' }).state;
  t.equal(P(s, 2).field, 3);
  t.equal(s.current, 3);
  t.ok(navegador.legalMoves(s, 3).some((m) => m.type === 'navegador'));
  const sailed = play(s, 3, { type: 'navegador', paths: [{ path: [0, 2], count: 2 }] });
  t.same(sailed.state.navegador, { holder: 2, orangeField: 3, moved: 0 });
  t.equal(sailed.state.current, 3, 'the regular turn follows');
  t.equal(sailed.state.step, 'start');
  t.equal(refusal(sailed.state, 3, { type: 'navegador', paths: [{ path: [2, 0], count: 1 }] }), 'NAVEGADOR_UNAVAILABLE');
  t.ok(sailed.log.some((l) => l.type === 'navegador.used'));
  const after = play(sailed.state, 3, { type: 'rondel', field: 3 }).state;
  t.same(after.navegador, { holder: 2, orangeField: 3, moved: 0 }, 'no expiry check for a seat not holding the card');
});

t.test('golden 43: the Navegador sail explores Cabo (§4, §5)', async (t) => {
  const s = atTurnStart(5, 0, (s) => {
    s.navegador = { holder: 0, orangeField: 0, moved: 0 };
    s.regions[1]!.explored = true;
    s.regions[4]!.explored = true;
    s.regions[5]!.hidden = [120];
    setShips(P(s, 0), { 4: 2 });
    P(s, 0).cash = 300;
  });
  const sail = play(s, 0, { type: 'navegador', paths: [{ path: [4, 5], count: 2 }] }).state;
  t.equal(P(sail, 0).cash, 420);
  t.equal(sail.phase, 2);
  t.same(sail.gallery, [2, 2, 2, 2, 2]);
  t.equal(sail.navegador.holder, 4, 'the card goes to the right-hand neighbour');
  const moved = play(sail, 0, { type: 'rondel', field: 1 }).state;
  const recruited = play(moved, 0, { type: 'recruit', count: 2 }).state;
  t.equal(P(recruited, 0).cash, 170, '50 + 200 in phase II');
  t.equal(P(recruited, 0).workers, 5);
});

t.test('golden 44: the card expires after one circuit (§5)', async (t) => {
  const start = atTurnStart(4, 2, (s) => {
    P(s, 2).field = 3;
    P(s, 1).field = 6;
    s.navegador = { holder: 2, orangeField: 3, moved: 0 };
  });
  const turn = (s: typeof start, field: number) => {
    const moved = play(s, 2, { type: 'rondel', field }).state;
    return given(moved, (m) => {
      m.current = 2;
      m.step = 'start';
    });
  };
  let s = start;
  const trail: number[] = [];
  for (const field of [5, 7, 1]) {
    s = turn(s, field);
    trail.push(s.navegador.moved);
    t.equal(s.navegador.holder, 2);
  }
  t.same(trail, [2, 4, 6]);
  const expired = turn(s, 3);
  t.same(expired.navegador, { holder: 1, orangeField: 6, moved: 0 }, 'expires on the 4th move (m = 8)');
  const kept = turn(s, 2);
  t.same(kept.navegador, { holder: 2, orangeField: 3, moved: 7 }, '1 → 2 (m = 7) keeps the card');
  t.equal(turn(kept, 3).navegador.holder, 1, 'any later unused move expires it');
  const used = play(
    given(s, (u) => setShips(P(u, 2), { 0: 2 })),
    2,
    { type: 'navegador', paths: [{ path: [0, 1], count: 2 }] },
  ).state;
  t.same(used.navegador, { holder: 1, orangeField: 6, moved: 0 }, 'used before the 4th move: passed because used');
});

t.test('rondel: every region id paid is checked, and junk fields are refused', async (t) => {
  const s = atTurnStart(4, 0, (s) => setShips(P(s, 0), { 0: 1, 2: 1 }));
  t.equal(refusal(s, 0, { type: 'rondel', field: 8 }), 'INVALID_MOVE');
  t.equal(refusal(s, 0, { type: 'rondel', field: 5, pay: [0, 0] }), 'WRONG_PAYMENT');
  t.equal(refusal(s, 0, { type: 'rondel', field: 5, pay: [0, REGION_COUNT] }), 'WRONG_PAYMENT');
  const paid = play(s, 0, { type: 'rondel', field: 5, pay: [0, 2] }).state;
  t.same(P(paid, 0).ships.slice(0, 3), [0, 0, 0]);
  t.equal(P(paid, 0).supply, 7);
});
