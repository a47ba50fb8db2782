/** Map 4 rules beyond the golden scenarios (§7), as given/when/then. */
import t from 'tap';
import { voyages } from '../../../src/games/voyages/index.js';
import { lighthouseGold } from '../../../src/games/voyages/map4.js';
import { board } from '../../../src/games/voyages/maps.js';
import type { Sheet, VoyagesMove } from '../../../src/games/voyages/types.js';
import { at as atOn, given, play, playAll, sail, sheet, steer } from './helpers.js';

const map4 = board(4);
const at = (id: string) => atOn(id, 4);
const JETTY = 0;
const HARBOUR_MASTER = 6;
const write = (building: number, value: number): VoyagesMove => ({ type: 'duty', box: building, value, heroic: false });
function crewRows(s: Sheet, rows: [number, number, number, number][]): void {
  s.rows = rows.map(([normal, heroic, exhausted, added]) => ({ normal, heroic, exhausted, added }));
  s.crew = {
    normal: rows.reduce((n, r) => n + r[0], 0),
    heroic: rows.reduce((n, r) => n + r[1], 0),
    exhausted: rows.reduce((n, r) => n + r[2], 0),
  };
}

t.test('setup on map 4: START F10, 2 sailors in each row, nothing lit, empty harbour', async (t) => {
  const s = sheet(given({ map: 4, dice: [1, 2, 3] }));
  t.equal(map4.ids[s.ship], 'F10');
  t.same(s.rows, [0, 1, 2].map(() => ({ normal: 2, heroic: 0, exhausted: 0, added: 0 })));
  t.same(s.crew, { normal: 6, heroic: 0, exhausted: 0 });
  t.same([s.lit, s.buildings.length, s.tower.length], [[], 7, 16]);
});

t.test('§7.3: with no lighthouse lit, the track scores no gold', async (t) => {
  const s = sheet(given({ map: 4, dice: [1, 2, 3] }));
  t.same([s.lit, lighthouseGold(map4, s)], [[], 0]);
});

t.test('§1.5 map 4: a die change names the crew row of each sailor spent', async (t) => {
  const start = given({ map: 4, seats: 2, dice: [1, 4, 6], sheets: [(s) => crewRows(s, [[2, 0, 0, 0], [0, 0, 2, 0], [2, 0, 0, 0]])] });
  const twoSteps = voyages.legalMoves(start, 0).filter((m) => m.type === 'steer' && m.die === 0 && m.value === 3);
  t.same(twoSteps, [
    { type: 'steer', die: 0, value: 3, heroic: false, rows: ['A', 'A'] },
    { type: 'steer', die: 0, value: 3, heroic: false, rows: ['A', 'C'] },
    { type: 'steer', die: 0, value: 3, heroic: false, rows: ['C', 'C'] },
  ], 'row B has no unused sailor');
  const refused = voyages.apply(start, 0, { type: 'steer', die: 0, value: 3, heroic: false, rows: ['B', 'B'] });
  t.equal(refused.ok ? 'ok' : refused.error.code, 'ILLEGAL_MOVE');
  const unnamed = voyages.apply(start, 0, { type: 'steer', die: 0, value: 3, heroic: false });
  t.equal(unnamed.ok ? 'ok' : unnamed.error.code, 'ILLEGAL_MOVE', 'the rows must be named');
  const s = sheet(play(start, 0, { type: 'steer', die: 0, value: 3, heroic: false, rows: ['A', 'C'] }).state);
  t.same(s.rows.map((r) => r.normal), [1, 0, 1]);
  t.same(s.crew, { normal: 2, heroic: 0, exhausted: 4 });
});

t.test('§7.6 abilities need an experienced row', async (t) => {
  const fresh = given({ map: 4, seats: 2, dice: [1, 2, 3] });
  const steered = play(fresh, 0, steer(0, 1)).state;
  t.notOk(voyages.legalMoves(steered, 0).some((m) => m.type === 'boost'), 'no speed boost before row A has 2 new sailors');
  const refused = voyages.apply(steered, 0, { type: 'boost', heroic: false, amount: 1 });
  t.equal(refused.ok ? 'ok' : refused.error.code, 'ILLEGAL_MOVE');
});

t.test('§7.6 a heroic bonus move goes 2 spaces in one direction and stops at islands', async (t) => {
  // From F6 a move N of 1 reaches F5; a 2-space heroic bonus move N would pass F4, a lighthouse island: it stops there.
  const start = given({ map: 4, seats: 2, dice: [1, 1, 2], sheets: [(s) => ((s.ship = at('F6')), crewRows(s, [[2, 0, 0, 0], [3, 1, 0, 2], [2, 0, 0, 0]]))] });
  const { state, log } = playAll(start, 0, [steer(0, 1), sail(1, 1), { type: 'bonus', heroic: true, direction: 1 }]);
  t.same(log.find((e) => e.type === 'ability.bonusMove')?.path, ['F4']);
  const s = sheet(play(state, 0, write(JETTY, 2)).state);
  t.same(s.lit, [at('F4')], 'only the final space acts: F4 is lit by landing');
});

t.test('§7.5 Harbour Master completion is the duty star; a skipped duty when no building fits', async (t) => {
  const start = given({ map: 4, seats: 2, dice: [1, 1, 3], sheets: [(s) => (s.buildings[HARBOUR_MASTER] = [3, 3, 3, 3])] });
  const s = sheet(playAll(start, 0, [steer(0, 1), sail(1, 1), write(HARBOUR_MASTER, 3)]).state);
  t.equal(s.stars.duty, 1);
  const full = given({
    map: 4,
    seats: 2,
    dice: [1, 1, 3],
    sheets: [(x) => (x.buildings = [[1, 1], [1, 1, 1], [1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1]])],
  });
  const atDuty = playAll(full, 0, [steer(0, 1)]).state;
  t.same(voyages.legalMoves(atDuty, 0).filter((m) => m.type === 'duty'), [], 'not yet at the duty');
  const { state, log } = play(atDuty, 0, sail(1, 1));
  t.ok(log.some((e) => e.type === 'duty.skipped'), 'every building complete: the only duty move, a skip, is played at once');
  t.equal(sheet(state).step, 'done');
});

t.test('§7.3 a "light any lighthouse" reward: any unlit lighthouse, no conditions', async (t) => {
  // The Chandlery's completion lights any lighthouse.
  const start = given({ map: 4, seats: 2, dice: [1, 1, 5], sheets: [(s) => (s.buildings[3] = [5, 5, 5])] });
  const reward = playAll(start, 0, [steer(0, 1), sail(1, 1), write(3, 5)]).state;
  t.equal(voyages.legalMoves(reward, 0).length, 8, 'all eight lighthouses');
  t.same(sheet(play(reward, 0, { type: 'light', space: 'I10' }).state).lit, [at('I10')]);
});
