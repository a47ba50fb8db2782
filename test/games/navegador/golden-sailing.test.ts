/** Golden scenarios G15-G23 (sailing and exploration, §3.3) and G40 (gallery refill, T10). */
import t from 'tap';
import type { NavegadorState } from '../../../src/games/navegador/types.js';
import { navegador } from '../../../src/games/navegador/index.js';
import { sailingRange, unitCost } from '../../../src/games/navegador/rules.js';
import { P, atAction, explored, given, hidden, play, refusal, setShips } from './fixtures/helpers.js';

const SAILING = 0;
const sailing = (seats: number, patch: (s: NavegadorState) => void) => atAction(seats, 0, SAILING, patch);
const group = (path: number[], count: number) => ({ path, count });

t.test('golden 15: sailing in phase II (§3.3 range)', async (t) => {
  const s = sailing(4, (s) => {
    s.phase = 2;
    explored(s, [1, 2, 4, 5]);
    setShips(P(s, 0), { 0: 3, 1: 1 });
  });
  const { state } = play(s, 0, { type: 'sail', paths: [group([1, 4, 5], 1), group([0, 1, 4], 2), group([0, 2], 1)] });
  const ships = P(state, 0).ships;
  t.same([ships[5], ships[4], ships[2], ships[0], ships[1]], [1, 2, 1, 0, 0]);
  t.equal(P(state, 0).explorers, 0, 'no exploration');
  t.equal(refusal(s, 0, { type: 'sail', paths: [group([0, 1, 4, 5], 1)] }), 'OUT_OF_RANGE', 'Portugal → Cabo is 3 borders');
  t.equal(refusal(s, 0, { type: 'sail', paths: [group([0, 4], 1)] }), 'NOT_ADJACENT');
  t.equal(refusal(s, 0, { type: 'sail', paths: [group([0, 1], 4)] }), 'NOT_ENOUGH_SHIPS');
  t.equal(refusal(s, 0, { type: 'sail', paths: [group([0, 1], 2), group([0, 2], 2)] }), 'NOT_ENOUGH_SHIPS', 'a ship sails once per action');
});

t.test('golden 16: exploring Angola (§3.3 E2-E7)', async (t) => {
  const s = sailing(4, (s) => {
    explored(s, [1, 3]);
    hidden(s, 4, [110, 70, 140]);
    setShips(P(s, 0), { 1: 1, 3: 1 });
    P(s, 0).cash = 100;
  });
  const { state, log } = play(s, 0, { type: 'sail', paths: [group([1, 4], 1), group([3, 4], 1)] });
  const p = P(state, 0);
  t.same([p.supply, p.ships[4], p.explorers, p.cash], [6, 1, 1, 170]);
  t.same(state.regions[4], { explored: true, hidden: [], faceUp: [70, 110, 140] });
  t.match(log.find((l) => l.type === 'region.explored'), { region: 4, values: [70, 110, 140], bonus: 70, shipsLost: 1 });
});

t.test('golden 17: a single ship cannot explore (§3.3 E2)', async (t) => {
  const s = sailing(4, (s) => {
    explored(s, [1]);
    setShips(P(s, 0), { 1: 1, 0: 1 });
  });
  t.equal(refusal(s, 0, { type: 'sail', paths: [group([1, 4], 1)] }), 'EXPLORATION_NEEDS_SHIPS');
});

const rio = (patch: (s: NavegadorState) => void = () => {}) =>
  sailing(4, (s) => {
    s.phase = 2;
    explored(s, [1, 2, 4, 5]);
    hidden(s, 3, [90, 60, 120, 80]);
    setShips(P(s, 0), { 2: 3 });
    P(s, 0).cash = 0;
    patch(s);
  });

t.test('golden 18: exploring while sailing on, the seed Rio de Janeiro example (§3.3 E4)', async (t) => {
  const { state } = play(rio(), 0, { type: 'sail', paths: [group([2, 3], 2), group([2, 3, 5], 1)] });
  const p = P(state, 0);
  t.same([p.supply, p.ships[3], p.ships[5], p.explorers, p.cash, state.phase], [5, 1, 1, 1, 60, 2]);
});

t.test('golden 19: at least one ship must stay (§3.3 E4)', async (t) => {
  t.equal(refusal(rio(), 0, { type: 'sail', paths: [group([2, 3], 1), group([2, 3, 5], 2)] }), 'EXPLORATION_NEEDS_SHIPS');
});

t.test('golden 20: one new region per sailing action (§3.3 E1)', async (t) => {
  const s = sailing(4, (s) => {
    s.phase = 2;
    explored(s, [1, 2, 3, 4, 5]);
    setShips(P(s, 0), { 5: 4 });
  });
  const { state } = play(s, 0, { type: 'sail', paths: [group([5, 6], 2)] });
  t.same([P(state, 0).ships[6], P(state, 0).ships[5]], [1, 2]);
  t.equal(refusal(s, 0, { type: 'sail', paths: [group([5, 6], 2), group([5, 6, 7], 2)] }), 'ONE_REGION_PER_SAIL');
  t.equal(refusal(s, 0, { type: 'sail', paths: [group([5, 6, 7], 2)] }), 'ONE_REGION_PER_SAIL', 'a path cannot pass through an unexplored region and on into another');
});

const nagasaki = (macauShips: number) =>
  sailing(4, (s) => {
    s.phase = 3;
    explored(s, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    hidden(s, 12, [150]);
    setShips(P(s, 0), { 11: macauShips });
  });

t.test('golden 21: Nagasaki, double loss and the end trigger (§3.3, §6.1)', async (t) => {
  t.equal(refusal(nagasaki(2), 0, { type: 'sail', paths: [group([11, 12], 2)] }), 'EXPLORATION_NEEDS_SHIPS');
  const { state, log } = play(nagasaki(3), 0, { type: 'sail', paths: [group([11, 12], 3)] });
  const p = P(state, 0);
  t.same([p.ships[12], p.supply, p.explorers, p.cash], [1, 6, 1, 350]);
  t.same(state.end, { trigger: 'nagasaki', seat: 0 });
  t.ok(log.some((l) => l.type === 'end.triggered'));
});

t.test('golden 22: Macau depends on the player count (§3.3)', async (t) => {
  const macau = (seats: number, ships: number) =>
    sailing(seats, (s) => {
      s.phase = 3;
      explored(s, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
      hidden(s, 11, [130, 90]);
      setShips(P(s, 0), { 9: ships });
    });
  t.equal(refusal(macau(3, 2), 0, { type: 'sail', paths: [group([9, 11], 2)] }), 'EXPLORATION_NEEDS_SHIPS', '3p: 2 ships are not enough');
  const three = P(play(macau(3, 3), 0, { type: 'sail', paths: [group([9, 11], 3)] }).state, 0);
  t.same([three.ships[11], three.cash], [1, 290], '3p: 2 lost, +90');
  const four = P(play(macau(4, 2), 0, { type: 'sail', paths: [group([9, 11], 2)] }).state, 0);
  t.same([four.ships[11], four.cash], [1, 290], '4p: 1 lost, +90');
});

t.test('golden 23: phase change timing and refill (§4)', async (t) => {
  const s = sailing(5, (s) => {
    explored(s, [1, 4]);
    hidden(s, 5, [120]);
    setShips(P(s, 0), { 4: 2, 0: 2 });
    s.gallery = [0, 1, 0, 1, 1];
  });
  t.equal(refusal(s, 0, { type: 'sail', paths: [group([4, 5], 2), group([0, 1, 4], 2)] }), 'OUT_OF_RANGE', 'the range is still 1 in this action');
  const { state, log } = play(s, 0, { type: 'sail', paths: [group([4, 5], 2), group([0, 1], 2)] });
  const p = P(state, 0);
  t.same([p.ships[5], p.ships[1], p.cash, p.explorers], [1, 2, 320, 1]);
  t.equal(state.phase, 2);
  t.same(state.gallery, [2, 2, 2, 2, 2]);
  t.match(log.find((l) => l.type === 'phase.changed'), { phase: 2, refilled: [2, 1, 2, 1, 1] });
  t.equal(state.current, 1);
  t.equal(sailingRange(state), 2);
  t.equal(unitCost(2, 1, state.phase), 250, 'extra workers and ships cost 200');
});

t.test('golden 40: gallery refill by player count (T10)', async (t) => {
  const cabo = (seats: number, gallery: number[]) =>
    sailing(seats, (s) => {
      explored(s, [1, 4]);
      setShips(P(s, 0), { 4: 2 });
      s.gallery = gallery;
    });
  const malaca = (seats: number, gallery: number[]) =>
    sailing(seats, (s) => {
      s.phase = 2;
      explored(s, [1, 2, 3, 4, 5, 6, 7, 8]);
      setShips(P(s, 0), { 8: 2 });
      s.gallery = gallery;
    });
  const toII = play(cabo(3, [0, 0, 1, 0, 1]), 0, { type: 'sail', paths: [group([4, 5], 2)] }).state;
  t.same(toII.gallery, [1, 1, 1, 1, 1], '3p phase II (+3)');
  const toIII = play(malaca(3, [1, 0, 0, 1, 1]), 0, { type: 'sail', paths: [group([8, 9], 2)] }).state;
  t.same([toIII.phase, toIII.gallery], [3, [2, 2, 2, 2, 2]], '3p phase III (+7)');
  const two = play(cabo(2, [1, 0, 1, 0, 0]), 0, { type: 'sail', paths: [group([4, 5], 2)] }).state;
  t.same(two.gallery, [1, 1, 1, 1, 1], '2p: arches holding 1 get nothing');
  t.same(play(malaca(2, [0, 1, 1, 1, 0]), 0, { type: 'sail', paths: [group([8, 9], 2)] }).state.gallery, [1, 1, 1, 1, 1]);
  const five = play(malaca(5, [2, 0, 1, 2, 0]), 0, { type: 'sail', paths: [group([8, 9], 2)] });
  t.same(five.state.gallery, [3, 3, 3, 3, 3]);
  t.match(five.log.find((l) => l.type === 'phase.changed'), { refilled: [1, 3, 2, 1, 3] }, '5p phase III (+10)');
  t.same(play(cabo(4, [0, 0, 0, 0, 0]), 0, { type: 'sail', paths: [group([4, 5], 2)] }).state.gallery, [2, 2, 2, 2, 2], '4p phase II');
});

t.test('the listed sailing moves include the exploring groups', async (t) => {
  const moves = navegador.legalMoves(rio(), 0);
  t.ok(moves.some((m) => m.type === 'sail' && m.paths.every((g) => g.path[g.path.length - 1] === 3)), 'Bahia → Rio with the group');
  for (const m of moves) t.ok(navegador.apply(rio(), 0, m).ok, JSON.stringify(m));
  t.same(moves[moves.length - 1], { type: 'skip' });
});

t.test('E1: the Navegador sail is its own sailing action, so a turn may explore two regions (§3.3, §5)', async (t) => {
  const s = given(sailing(4, (s) => setShips(P(s, 0), { 0: 4 })), (s) => {
    s.step = 'start';
    P(s, 0).field = 7;
    s.navegador = { holder: 0, orangeField: 7, moved: 0 };
  });
  const first = play(s, 0, { type: 'navegador', paths: [group([0, 1], 2)] }).state;
  t.same([first.regions[1]!.explored, P(first, 0).explorers], [true, 1], 'the Navegador sail explores Guiné');
  const moved = play(first, 0, { type: 'rondel', field: 0 }).state;
  const second = play(moved, 0, { type: 'sail', paths: [group([0, 2], 2)] }).state;
  t.same([second.regions[2]!.explored, P(second, 0).explorers], [true, 2], 'the regular sail explores Bahia in the same turn');
  t.same(P(second, 0).ships.slice(0, 3), [0, 1, 1]);
});
