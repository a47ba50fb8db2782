/** Golden scenarios G30-G43 of docs/rules/voyages.md §9 (map 3, Cold Dark Depths), as given/when/then. */
import t from 'tap';
import { voyages } from '../../../src/games/voyages/index.js';
import { destroyed, logbookGold, malfunctioning, working } from '../../../src/games/voyages/map3.js';
import { board } from '../../../src/games/voyages/maps.js';
import { scoreSheet, total } from '../../../src/games/voyages/score.js';
import type { Sheet, VoyagesMove } from '../../../src/games/voyages/types.js';
import { at as atOn, given, givenRolled, play, playAll, sail, sheet, steer } from './helpers.js';

const map3 = board(3);
const at = (id: string) => atOn(id, 3);
const BOW = 0;
const AFT = 1;
const KEEL = 2;
const MAST = 3;
/** Map 3 duty: write `value` in a part's row (the box is the part index). */
const repair = (part: number, value: number, heroic = false): VoyagesMove => ({ type: 'duty', box: part, value, heroic });
const part = (s: Sheet, i: number) => s.parts[i] ?? { numbers: [], damage: 0, reinforced: false };
const W = (s: Sheet, i: number) => working(map3, part(s, i));

t.test('golden 30: doubles, then repair before the action (§6.4, §1.4)', async (t) => {
  const { state: rolled, log } = givenRolled({ map: 3, seats: 2, dice: [3, 3, 1] });
  const s0 = sheet(rolled);
  t.ok(log.some((e) => e.type === 'part.damaged' && e.part === 'mast' && e.cause === 'doubles'));
  t.equal(W(s0, MAST), 3);
  t.ok(malfunctioning(map3, part(s0, MAST)), 'one damage on a fresh part: malfunction');
  const moved = playAll(rolled, 0, [steer(0, 3), sail(1, 3)]);
  t.same(moved.log.find((e) => e.type === 'ship.moved')?.path, ['K11'], 'the next step is off the map');
  const repaired = sheet(play(moved.state, 0, repair(MAST, 1)).state);
  t.same(part(repaired, MAST).numbers, [1]);
  t.equal(W(repaired, MAST), 4, 'T5, D1: repaired');
  t.ok(repaired.collected.includes(at('K11')), 'the K11 sailor is collected after the repair');
  t.equal(repaired.crew.normal, 7);
  const variant = sheet(play(moved.state, 0, repair(BOW, 1)).state);
  t.notOk(variant.collected.includes(at('K11')), 'mast still malfunctioning: K11 stays uncollected');
  t.equal(variant.crew.normal, 6);
});

t.test('golden 31: triples (§6.4)', async (t) => {
  const { state, log } = givenRolled({ map: 3, seats: 2, dice: [5, 5, 5], sheets: [(s) => (s.ship = at('H4'))] });
  const s = sheet(state);
  t.same(s.parts.map((p) => working(map3, p)), [3, 3, 3, 3], 'every part W3, no extra zone damage');
  t.equal(s.aftBlocked, true, 'no sailor may be used this round');
  // With no sailor usable and equal dice, steering and sailing are forced and played at once.
  t.equal(s.step, 'duty');
  t.same(log.find((e) => e.type === 'ship.moved')?.path, ['G5', 'F5', 'E6'], 'distance 5 - 2 = 3');
  t.same(voyages.legalMoves(state, 0), [0, 1, 2, 3].map((p) => repair(p, 5)), 'the duty die cannot change either');
});

t.test('golden 32: ice (§6.4)', async (t) => {
  const start = given({ map: 3, seats: 2, dice: [2, 5, 1], sheets: [(s) => ((s.ship = at('E4')), s.collected.push(at('E4')), (part(s, BOW).numbers = [6]))] });
  const { state, log } = playAll(start, 0, [steer(0, 2), sail(1, 5)]);
  t.same(log.find((e) => e.type === 'ship.moved')?.path, ['F3', 'G3', 'H2', 'I2', 'J1']);
  t.equal(W(sheet(state), BOW), 2, 'W5 - 3 ice = W2');
  t.ok(malfunctioning(map3, part(sheet(state), BOW)));
  t.same(sheet(state).explored, [1], 'R2 Rime Field');
});

t.test('golden 33: monster passed vs stopped on (§6.6)', async (t) => {
  const start = given({ map: 3, seats: 2, dice: [1, 6, 2] });
  const { state, log } = playAll(start, 0, [steer(0, 1), sail(1, 6)]);
  t.same(log.find((e) => e.type === 'ship.moved')?.path, ['J9', 'J8', 'J7', 'J6', 'J5', 'J4']);
  t.same(voyages.legalMoves(state, 0), [
    { type: 'log', book: 'A' },
    { type: 'log', book: 'C' },
    { type: 'log', book: 'D' },
  ], 'the owner picks a logbook with a kraken slot');
  const s = sheet(play(state, 0, { type: 'log', book: 'A' }).state);
  t.same(s.logbooks[0], [false, false, true], 'logbook A slot 3');
  t.ok(s.collected.includes(at('J5')), 'J5 crossed');
  t.equal(W(s, MAST), 3, 'passed: the mast takes 1 damage');
  t.same(s.explored.sort(), [3, 6], 'R4 and R7');
  t.notOk(s.collected.includes(at('J8')), 'J8 relic passed');

  const stop = playAll(given({ map: 3, seats: 2, dice: [4, 1, 2] }), 0, [steer(0, 4), sail(1, 1)]).state;
  t.equal(map3.ids[sheet(stop).ship], 'J11');
  const stopped = sheet(play(stop, 0, { type: 'log', book: 'C' }).state);
  t.equal(W(stopped, MAST), 4, 'stopped on it: no damage');
  t.ok(stopped.collected.includes(at('J11')));
  const again = given({ map: 3, seats: 2, dice: [4, 1, 2], sheets: [(x) => x.collected.push(at('J11'))] });
  const later = playAll(again, 0, [steer(0, 4), sail(1, 1)]);
  t.equal(sheet(later.state).queue.length, 0, 'a crossed symbol does nothing more');
  t.notOk(later.log.some((e) => e.type === 'monster.sighted'));
});

t.test('golden 34: bow penalty (§6.4)', async (t) => {
  const bowW3 = (s: Sheet) => (part(s, BOW).damage = 1);
  const two = playAll(given({ map: 3, seats: 2, dice: [1, 2, 4], sheets: [bowW3] }), 0, [steer(0, 1), sail(1, 2)]);
  t.same(two.log.find((e) => e.type === 'ship.moved')?.path, [], 'distance 2 gives 0 steps');
  t.equal(map3.ids[sheet(two.state).ship], 'J10');
  const five = playAll(given({ map: 3, seats: 2, dice: [1, 5, 4], sheets: [bowW3] }), 0, [steer(0, 1), sail(1, 5)]);
  t.same(five.log.find((e) => e.type === 'ship.moved')?.path, ['J9', 'J8', 'J7'], 'distance 5 gives 3 steps');
});

t.test('golden 35: keel penalty (§6.4)', async (t) => {
  const start = given({ map: 3, seats: 2, dice: [6, 4, 1], sheets: [(s) => ((part(s, KEEL).damage = 1), (part(s, BOW).numbers = [2]))] });
  const { state, log } = playAll(start, 0, [steer(0, 6), sail(1, 4)]);
  t.same(log.find((e) => e.type === 'ship.moved')?.path, ['I10', 'H9'], 'island I2 stops the ship');
  t.same(voyages.legalMoves(state, 0), ['bow', 'aft', 'keel', 'mast'].map((p) => ({ type: 'damage', part: p })), 'on arrival, before the duty');
  const hit = play(state, 0, { type: 'damage', part: 'bow' }).state;
  t.equal(W(sheet(hit), BOW), 4, 'bow W5 -> W4, still working');
  t.equal(sheet(hit).step, 'duty');
  const done = sheet(play(hit, 0, repair(AFT, 1)).state);
  t.ok(done.visited.includes(at('H9')), 'then the action: H9 visited');
  t.equal(scoreSheet(map3, done).islands, 2);
});

t.test('golden 36: aft penalty (§6.4)', async (t) => {
  const { state } = givenRolled({ map: 3, seats: 2, dice: [1, 4, 6], sheets: [(s) => ((part(s, AFT).damage = 1), (s.crew = { normal: 5, heroic: 1, exhausted: 0 }))] });
  t.equal(sheet(state).aftBlocked, true);
  t.same(voyages.legalMoves(state, 0), [steer(0, 1), steer(1, 4), steer(2, 6)], 'no sailor may change any die');
  const refused = voyages.apply(state, 0, steer(0, 2, true));
  t.equal(refused.ok ? 'ok' : refused.error.code, 'ILLEGAL_MOVE');
});

t.test('golden 37: distinct numbers; column bonus (§6.5)', async (t) => {
  const start = given({
    map: 3,
    seats: 2,
    dice: [1, 1, 3],
    sheets: [(s) => ((part(s, BOW).numbers = [3]), (part(s, AFT).numbers = [5]), (part(s, KEEL).numbers = [2]), (s.ship = at('J4')))],
  });
  const atDuty = playAll(start, 0, [steer(0, 1), sail(1, 1)]).state;
  const unchanged = voyages.legalMoves(atDuty, 0).filter((m) => m.type === 'duty' && m.value === 3 && !m.heroic);
  t.same(unchanged, [repair(AFT, 3), repair(KEEL, 3), repair(MAST, 3)], 'the bow already shows 3');
  const s = sheet(play(atDuty, 0, repair(MAST, 3)).state);
  t.same(part(s, MAST).numbers, [3]);
  t.equal(s.crew.normal, 7, 'column 1 complete: +1 Sa');
});

t.test('golden 38: row completion choice (§6.5)', async (t) => {
  const start = given({ map: 3, seats: 2, dice: [1, 1, 4], sheets: [(s) => ((part(s, KEEL).numbers = [1, 2, 3, 5, 6]), (s.ship = at('J4')))] });
  const done = playAll(start, 0, [steer(0, 1), sail(1, 1), repair(KEEL, 4)]).state;
  t.same(voyages.legalMoves(done, 0), [
    { type: 'complete', choice: 'star' },
    { type: 'complete', choice: 'reward' },
  ]);
  t.equal(sheet(play(done, 0, { type: 'complete', choice: 'star' }).state).stars.duty, 1);
  t.equal(sheet(play(done, 0, { type: 'complete', choice: 'reward' }).state).crew.normal, 8, 'keel reward: +2 Sa');
  const later = given({ map: 3, seats: 2, dice: [1, 1, 4], sheets: [(s) => ((part(s, KEEL).numbers = [1, 2, 3, 5, 6]), (s.ship = at('J4')), (s.stars.duty = 1))] });
  const auto = sheet(playAll(later, 0, [steer(0, 1), sail(1, 1), repair(KEEL, 4)]).state);
  t.equal(auto.crew.normal, 8, 'duty star taken: only the row reward');
});

t.test('golden 39: bow row reward (§6.5)', async (t) => {
  const start = given({
    map: 3,
    seats: 2,
    dice: [1, 1, 6],
    sheets: [
      (s) => {
        part(s, BOW).numbers = [1, 2, 3, 4, 5];
        part(s, AFT).numbers = [2];
        part(s, KEEL).numbers = [1, 2];
        part(s, MAST).damage = 4;
        s.stars.duty = 1;
        s.ship = at('J4');
      },
    ],
  });
  t.ok(destroyed(map3, part(sheet(start), MAST)));
  const bowDone = playAll(start, 0, [steer(0, 1), sail(1, 1), repair(BOW, 6)]).state;
  t.same(voyages.legalMoves(bowDone, 0), [1, 3, 4, 5, 6].map((value) => ({ type: 'write', value })), 'aft: anything but 2');
  const aft = play(bowDone, 0, { type: 'write', value: 4 }).state;
  t.same(voyages.legalMoves(aft, 0), [3, 4, 5, 6].map((value) => ({ type: 'write', value })), 'keel: not 1 or 2');
  const s = sheet(play(aft, 0, { type: 'write', value: 6 }).state);
  t.same(s.parts.map((p) => p.numbers), [[1, 2, 3, 4, 5, 6], [2, 4], [1, 2, 6], []], 'the destroyed mast is skipped');
  t.equal(s.crew.normal, 6, 'columns 1-3 can never complete');
});

t.test('golden 40: shipyard after a keel-penalty hit (§6.7)', async (t) => {
  const start = given({ map: 3, seats: 2, dice: [1, 3, 5], sheets: [(s) => ((part(s, KEEL).damage = 2), (s.ship = at('K11')), s.collected.push(at('K11')))] });
  const { state, log } = playAll(start, 0, [steer(0, 1), sail(1, 3)]);
  t.same(log.find((e) => e.type === 'ship.moved')?.path, ['K10', 'K9']);
  const hit = play(state, 0, { type: 'damage', part: 'keel' }).state;
  t.equal(W(sheet(hit), KEEL), 1);
  const yard = play(hit, 0, repair(BOW, 5)).state;
  t.same(voyages.legalMoves(yard, 0), ['bow', 'aft', 'keel', 'mast'].map((p) => ({ type: 'reinforce', part: p })));
  const s = sheet(play(yard, 0, { type: 'reinforce', part: 'keel' }).state);
  t.equal(part(s, KEEL).reinforced, true);
  t.notOk(malfunctioning(map3, part(s, KEEL)), 'the malfunction ends');
  t.equal(s.crew.normal, 7, '+1 sailor');
  t.ok(s.collected.includes(at('K9')));
});

t.test('golden 41: destruction (§6.4)', async (t) => {
  const { state } = givenRolled({ map: 3, seats: 2, dice: [2, 2, 5], sheets: [(s) => ((part(s, AFT).damage = 3), (s.ship = at('C10')))] });
  const s = sheet(state);
  t.equal(W(s, AFT), 0);
  t.ok(destroyed(map3, part(s, AFT)), 'aft destroyed');
  t.equal(s.aftBlocked, true, 'no sailor may be used');
  const atDuty = playAll(state, 0, [steer(0, 2), sail(1, 2)]).state;
  t.notOk(voyages.legalMoves(atDuty, 0).some((m) => m.type === 'duty' && m.box === AFT), 'the aft row takes no numbers');
});

t.test('golden 42: logbook completion and cap (§6.6)', async (t) => {
  const start = given({ map: 3, seats: 2, dice: [1, 6, 2], sheets: [(s) => (s.logbooks[0] = [true, true, false])] });
  const atLog = playAll(start, 0, [steer(0, 1), sail(1, 6)]).state;
  const s = sheet(play(atLog, 0, { type: 'log', book: 'A' }).state);
  t.equal(s.stars.logbooks, 1, 'A complete: +1 star');
  t.equal(logbookGold(map3, s), 6);
  t.equal(W(s, MAST), 3, 'the mast takes 1 damage');

  const capped = given({ map: 3, seats: 2, dice: [1, 6, 2], sheets: [(x) => ((x.logbooks[2] = [false, true, true, true]), (x.stars.logbooks = 2))] });
  const atLog2 = playAll(capped, 0, [steer(0, 1), sail(1, 6)]).state;
  const c = sheet(play(atLog2, 0, { type: 'log', book: 'C' }).state);
  t.equal(c.stars.logbooks, 2, 'no third logbook star');
  t.equal(logbookGold(map3, c), 10);
});

t.test('golden 43: final score on map 3 (§6.9)', async (t) => {
  const s = sheet(
    given({
      map: 3,
      dice: [1, 2, 3],
      sheets: [
        (x) => {
          x.visited = [at('A1'), at('D3'), at('H9')];
          x.explored = [0, 1, 2, 3];
          x.logbooks = [
            [true, true, true],
            [true, true, false],
            [true, true, true, true],
            [true, false, false, false],
          ];
          x.crew = { normal: 0, heroic: 2, exhausted: 4 };
          x.stars = { ...x.stars, logbooks: 2, exploration: 1 };
        },
      ],
    }),
  );
  const breakdown = scoreSheet(map3, s);
  t.same(breakdown, { islands: 12, exploration: 16, logbooks: 19, heroes: 4, stars: 9 });
  t.equal(total(breakdown), 60);
});
