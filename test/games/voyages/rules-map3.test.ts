/** Map 3 rules beyond the golden scenarios (§6), as given/when/then. */
import t from 'tap';
import { voyages } from '../../../src/games/voyages/index.js';
import { working } from '../../../src/games/voyages/map3.js';
import { board } from '../../../src/games/voyages/maps.js';
import type { Sheet, VoyagesMove } from '../../../src/games/voyages/types.js';
import { at as atOn, given, givenRolled, play, playAll, sail, sheet, steer } from './helpers.js';

const map3 = board(3);
const at = (id: string) => atOn(id, 3);
const [BOW, AFT, KEEL, MAST] = [0, 1, 2, 3];
const repair = (part: number, value: number): VoyagesMove => ({ type: 'duty', box: part, value, heroic: false });
const part = (s: Sheet, i: number) => s.parts[i] ?? { numbers: [], damage: 0, reinforced: false };
const W = (s: Sheet, i: number) => working(map3, part(s, i));

t.test('setup on map 3: START J10, four parts at W4, empty logbooks', async (t) => {
  const s = sheet(given({ map: 3, dice: [1, 2, 3] }));
  t.equal(map3.ids[s.ship], 'J10');
  t.same(s.parts, [0, 1, 2, 3].map(() => ({ numbers: [], damage: 0, reinforced: false })));
  t.same(s.logbooks, [[false, false, false], [false, false, false], [false, false, false, false], [false, false, false, false]]);
});

t.test('§6.4 doubles damage the part of the zone the ship is in before it moves', async (t) => {
  const { state } = givenRolled({ map: 3, seats: 2, dice: [4, 1, 4], sheets: [(s) => (s.ship = at('C10'))] });
  t.same(sheet(state).parts.map((p) => p.damage), [0, 1, 0, 0], 'C10 lies in Serpent Sound: the aft');
});

t.test('§6.4 mast penalty: a relic sea space stays uncollected', async (t) => {
  const start = given({ map: 3, seats: 2, dice: [1, 1, 2], sheets: [(s) => ((s.ship = at('J9')), (part(s, MAST).damage = 1))] });
  const s = sheet(playAll(start, 0, [steer(0, 1), sail(1, 1), repair(BOW, 2)]).state);
  t.equal(map3.ids[s.ship], 'J8');
  t.same(s.crew, { normal: 6, heroic: 0, exhausted: 0 });
  t.notOk(s.collected.includes(at('J8')));
});

t.test('§6.6 a sighting with no matching slot is lost, but passing still damages (Appendix B item 8)', async (t) => {
  const start = given({
    map: 3,
    seats: 2,
    dice: [1, 6, 2],
    sheets: [(s) => ((s.logbooks[0] = [false, false, true]), (s.logbooks[2] = [true, true, false, false]), (s.logbooks[3] = [true, false, false, false]))],
  });
  const { state, log } = playAll(start, 0, [steer(0, 1), sail(1, 6)]);
  t.ok(log.some((e) => e.type === 'logbook.lost'));
  t.equal(sheet(state).queue.length, 0, 'no logbook choice');
  t.equal(W(sheet(state), MAST), 3);
  t.ok(sheet(state).collected.includes(at('J5')), 'the symbol is crossed anyway');
});

t.test('§6.4 damage: a reinforced part and a destroyed part ignore it', async (t) => {
  // E4 to J1 crosses three ice floes (golden 32).
  const reinforced = given({ map: 3, seats: 2, dice: [2, 5, 1], sheets: [(s) => ((s.ship = at('E4')), s.collected.push(at('E4')), (part(s, BOW).reinforced = true))] });
  t.equal(W(sheet(playAll(reinforced, 0, [steer(0, 2), sail(1, 5)]).state), BOW), 4);
  const wrecked = given({ map: 3, seats: 2, dice: [2, 5, 1], sheets: [(s) => ((s.ship = at('E4')), s.collected.push(at('E4')), (part(s, BOW).damage = 3))] });
  const s = sheet(playAll(wrecked, 0, [steer(0, 2), sail(1, 5)]).state);
  t.equal(part(s, BOW).damage, 4, 'the 1st ice destroys the bow; the others do nothing');
  t.equal(W(s, BOW), 0);
});

t.test('§6.4 keel penalty: none when no part can take damage; not after a 0-move on an island', async (t) => {
  const noneLeft = given({
    map: 3,
    seats: 2,
    dice: [6, 4, 1],
    sheets: [(s) => ((part(s, KEEL).damage = 4), (part(s, BOW).reinforced = true), (part(s, AFT).reinforced = true), (part(s, MAST).reinforced = true))],
  });
  const a = playAll(noneLeft, 0, [steer(0, 6), sail(1, 4)]);
  t.equal(map3.ids[sheet(a.state).ship], 'H9');
  t.equal(sheet(a.state).queue.length, 0, 'no choice and no damage');
  const stay = given({ map: 3, seats: 2, dice: [1, 2, 5], sheets: [(s) => ((s.ship = at('H9')), (part(s, KEEL).damage = 1), (part(s, BOW).damage = 1))] });
  const b = playAll(stay, 0, [steer(0, 1), sail(1, 2)]);
  t.same(b.log.find((e) => e.type === 'ship.moved')?.path, [], 'bow penalty: no movement');
  t.notOk(voyages.legalMoves(b.state, 0).some((m) => m.type === 'damage'), 'staying on an island is not a visit');
});

t.test('§6.7 shipyard with no part to reinforce gives only the sailor; a used shipyard does nothing', async (t) => {
  const allDone = given({
    map: 3,
    seats: 2,
    dice: [1, 3, 5],
    sheets: [(s) => ((s.ship = at('K11')), s.collected.push(at('K11')), s.parts.forEach((p) => (p.reinforced = true)))],
  });
  const s = sheet(playAll(allDone, 0, [steer(0, 1), sail(1, 3), repair(BOW, 5)]).state);
  t.equal(map3.ids[s.ship], 'K9');
  t.equal(s.crew.normal, 7);
  t.ok(s.collected.includes(at('K9')));
  const used = given({ map: 3, seats: 2, dice: [1, 3, 5], sheets: [(x) => ((x.ship = at('K11')), x.collected.push(at('K11'), at('K9')))] });
  t.equal(sheet(playAll(used, 0, [steer(0, 1), sail(1, 3), repair(BOW, 5)]).state).crew.normal, 6);
});

t.test('§6.5 row rewards: aft promotes every normal sailor; mast fills any logbook slot', async (t) => {
  const aft = given({ map: 3, seats: 2, dice: [1, 1, 6], sheets: [(s) => ((s.ship = at('J4')), (part(s, AFT).numbers = [1, 2, 3, 4, 5]), (s.stars.duty = 1))] });
  const a = sheet(playAll(aft, 0, [steer(0, 1), sail(1, 1), repair(AFT, 6)]).state);
  t.same(a.crew, { normal: 0, heroic: 6, exhausted: 0 });
  const mast = given({ map: 3, seats: 2, dice: [1, 1, 6], sheets: [(s) => ((s.ship = at('J4')), (part(s, MAST).numbers = [1, 2, 3, 4, 5]), (s.stars.duty = 1))] });
  const atLog = playAll(mast, 0, [steer(0, 1), sail(1, 1), repair(MAST, 6)]).state;
  t.same(voyages.legalMoves(atLog, 0), ['A', 'B', 'C', 'D'].map((book) => ({ type: 'log', book })));
  t.same(sheet(play(atLog, 0, { type: 'log', book: 'B' }).state).logbooks[1], [true, false, false]);
});

t.test('§2.7 depth-first: a bow-reward write may complete a column bonus before the next write', async (t) => {
  const start = given({
    map: 3,
    seats: 2,
    dice: [1, 1, 6],
    sheets: [
      (s) => {
        s.ship = at('J4');
        part(s, BOW).numbers = [1, 2, 3, 4, 5];
        part(s, KEEL).numbers = [1];
        part(s, MAST).numbers = [1];
        s.stars.duty = 1;
      },
    ],
  });
  const atAft = playAll(start, 0, [steer(0, 1), sail(1, 1), repair(BOW, 6)]).state;
  const { log } = playAll(atAft, 0, [{ type: 'write', value: 3 }]);
  t.ok(log.some((e) => e.type === 'sailor.gained'), 'aft gets its 1st number: column 1 complete, +1 Sa');
});

t.test('§6.8 exploration star on H3', async (t) => {
  const start = given({ map: 3, seats: 2, dice: [1, 1, 2], sheets: [(s) => (s.ship = at('H4'))] });
  const s = sheet(playAll(start, 0, [steer(0, 1), sail(1, 1), repair(BOW, 2)]).state);
  t.equal(map3.ids[s.ship], 'H3');
  t.equal(s.stars.exploration, 1);
});
