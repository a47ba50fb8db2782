/** Golden scenarios G45-G51: the end of the game (§6.1-6.2), scoring and the tie-break (§6.3). */
import t, { type Test } from 'tap';
import { navegador } from '../../../src/games/navegador/index.js';
import { ranking, scoreBreakdown } from '../../../src/games/navegador/score.js';
import type { NavegadorState } from '../../../src/games/navegador/types.js';
import { P, atAction, atTurnStart, explored, given, hidden, passTurn, play, refusal, setShips } from './fixtures/helpers.js';

/** Passes turns for `seats` in order, checking the game is still running before each. */
function finalTurns(t: Test, state: NavegadorState, seats: number[]): NavegadorState {
  let s = state;
  for (const seat of seats) {
    t.equal(s.finished, false, `seat ${seat} still has a final turn`);
    t.equal(s.current, seat);
    s = passTurn(s, seat);
  }
  t.equal(s.finished, true, 'then the game ends');
  t.same(navegador.toMove(s), []);
  t.equal(refusal(s, s.current, { type: 'skip' }), 'GAME_OVER');
  return s;
}

const nagasakiReady = (seats: number, seat: number, field: number) =>
  atAction(seats, seat, field, (s) => {
    s.phase = 3;
    explored(s, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    hidden(s, 12, [150]);
    setShips(P(s, seat), { 11: 3 });
  });

t.test('golden 45: Nagasaki explored in a regular turn (§6.2)', async (t) => {
  const s = nagasakiReady(4, 1, 0);
  const { state } = play(s, 1, { type: 'sail', paths: [{ path: [11, 12], count: 3 }] });
  t.same(state.end, { trigger: 'nagasaki', seat: 1 });
  const end = finalTurns(t, state, [2, 3, 0, 1]);
  t.ok(navegador.outcome(end));
  t.same(end.setAside.length, 3);
});

t.test('golden 46: Nagasaki explored with the Navegador sail (§5, §6.2)', async (t) => {
  const s = given(nagasakiReady(4, 2, 0), (s) => {
    s.step = 'start';
    s.navegador = { holder: 2, orangeField: 0, moved: 0 };
  });
  const sailed = play(s, 2, { type: 'navegador', paths: [{ path: [11, 12], count: 3 }] }).state;
  t.equal(sailed.navegador.holder, 1, 'the card goes to seat 1');
  t.same(sailed.end, { trigger: 'nagasaki', seat: 2 });
  t.equal(sailed.current, 2, 'seat 2 still takes its regular turn');
  const regular = passTurn(sailed, 2);
  t.equal(regular.finished, false, 'the regular turn was not final');
  let last = passTurn(passTurn(regular, 3), 0);
  t.ok(navegador.legalMoves(last, 1).some((m) => m.type === 'navegador'), 'seat 1 may use the card before its final turn');
  last = play(last, 1, { type: 'navegador', paths: [{ path: [0, 1], count: 2 }] }).state;
  finalTurns(t, last, [1, 2]);
});

t.test('golden 47: the last building (§6.1 b)', async (t) => {
  const s = atAction(5, 4, 7, (s) => {
    s.chartTaken = [6, 6, 6, 5, 4];
    P(s, 4).workers = 5;
    P(s, 4).cash = 400;
  });
  const { state, log } = play(s, 4, { type: 'build', pieces: { church: 1 } });
  t.equal(P(state, 4).cash, 50, 'church field 5 costs 350');
  t.same(state.end, { trigger: 'buildings', seat: 4 });
  t.ok(log.some((l) => l.type === 'end.triggered'));
  finalTurns(t, state, [0, 1, 2, 3, 4]);
});

t.test('a second trigger changes nothing (§6.1)', async (t) => {
  const s = given(nagasakiReady(4, 1, 0), (s) => {
    s.end = { trigger: 'buildings', seat: 0 };
    s.turnsLeft = 3;
  });
  const { state } = play(s, 1, { type: 'sail', paths: [{ path: [11, 12], count: 3 }] });
  t.same([state.end, state.turnsLeft], [{ trigger: 'buildings', seat: 0 }, 2]);
});

t.test('golden 48: scoring, sheet (a) (§6.3)', async (t) => {
  const s = atTurnStart(4, 0, (s) => {
    const p = P(s, 0);
    p.privileges = [0, 0, 1, 2, 0];
    p.colonies = [1, 1, 1];
    p.factories = [1, 1, 0];
    p.explorers = 4;
    p.shipyards = 2;
    p.churches = 2;
    p.workers = 6;
    setShips(p, { 0: 2, 5: 2 });
    p.cash = 530;
  });
  const b = scoreBreakdown(P(s, 0));
  t.same(
    [b.colony, b.factory, b.explorer, b.shipyard, b.church, b.workers, b.ships, b.cash],
    [3, 6, 24, 14, 6, 6, 4, 2],
    'columns 49 + 12, the King on the explorers',
  );
  t.same([b.kingColumn, b.kingVp, b.total], [2, 4, 65]);
});

t.test('golden 49: scoring, sheet (b) (§6.3)', async (t) => {
  const s = atTurnStart(4, 0, (s) => {
    const p = P(s, 0);
    p.privileges = [3, 0, 1, 2, 1];
    p.colonies = [3, 2, 2];
    p.factories = [2, 1, 1];
    p.explorers = 3;
    p.shipyards = 2;
    p.churches = 2;
    p.workers = 5;
    setShips(p, { 3: 3 });
    p.cash = 450;
  });
  const b = scoreBreakdown(P(s, 0));
  t.same([b.colony, b.factory, b.explorer, b.shipyard, b.church], [28, 15, 15, 14, 10]);
  t.same([b.kingColumn, b.kingVp, b.total], [1, 5, 92], 'the King on the factories (the colony column is full)');
});

t.test('golden 50: the seed scoring example (§6.3, T9)', async (t) => {
  const s = atTurnStart(4, 0, (s) => {
    const p = P(s, 0);
    p.shipyards = 2;
    p.privileges = [0, 0, 0, 1, 0];
    p.workers = 2;
    setShips(p, { 0: 1 });
    p.cash = 399;
  });
  const b = scoreBreakdown(P(s, 0));
  t.equal((b.shipyard as number) - (b.kingColumn === 3 ? (b.kingVp as number) : 0), 10, '2 × (3 + 2)');
  t.same([b.workers, b.ships, b.cash], [2, 1, 1]);
  t.equal(scoreBreakdown({ ...P(s, 0), cash: 400 }).cash, 2);
  const full = scoreBreakdown({ ...P(s, 0), privileges: [3, 3, 3, 3, 3] });
  t.same([full.kingColumn, full.kingVp], [-1, 0], 'no King placement when every column is full');
});

t.test('golden 51: the tie-break walks right from the card (§6.3)', async (t) => {
  const s = given(atTurnStart(4, 0), (s) => (s.navegador.holder = 2));
  t.same(ranking(s, [80, 80, 75, 80]), [[1], [0], [3], [2]]);
  t.same(ranking(given(s, (x) => (x.navegador.holder = 0)), [80, 80, 75, 80]), [[0], [3], [1], [2]], 'the holder himself wins a tie');
  const done = given(s, (x) => {
    x.finished = true;
    x.players.forEach((p, i) => (p.cash = [600, 0, 0, 600][i]!));
  });
  const outcome = navegador.outcome(done)!;
  t.same(outcome.scores, [18, 15, 15, 18]);
  t.same(outcome.ranking, [[0], [3], [2], [1]], 'seat 2 (the holder) beats seat 1; seat 0 is nearer the holder walking right than seat 3');
  t.same(outcome.winners, [0]);
});
