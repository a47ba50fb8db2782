/** Golden scenarios G20-G29 of docs/rules/voyages.md §9 (map 2, The Marauder's Reef), as given/when/then. */
import t from 'tap';
import { voyages } from '../../../src/games/voyages/index.js';
import { marauderGold, marauderLines } from '../../../src/games/voyages/map2.js';
import { board } from '../../../src/games/voyages/maps.js';
import { scoreSheet, total } from '../../../src/games/voyages/score.js';
import type { Sheet, VoyagesMove } from '../../../src/games/voyages/types.js';
import { duty, given, ids, play, playAll, sail, sheet, steer, at as atOn } from './helpers.js';

const map2 = board(2);
const at = (id: string) => atOn(id, 2);
/** Skill rows in the map file's order (§5.5): 1 Oars, 2 Rudder, 3 Prow, 4 Ballista, 5 Quarters, 6 Armoury. */
const ROW = { oars: 0, rudder: 1, prow: 2, ballista: 3, quarters: 4, armoury: 5 } as const;
/** Box number of skill row r (0-5) and box c (1-4). */
const skillBox = (row: number, box: number) => row * 4 + box - 1;
const attacks = (moves: readonly VoyagesMove[]) => moves.flatMap((m) => (m.type === 'attack' ? [m.space] : []));

t.test('golden 20: reef stop; Prow (§5.1, §2.3)', async (t) => {
  const plain = playAll(given({ map: 2, seats: 2, dice: [1, 6, 1] }), 0, [steer(0, 1), sail(1, 6)]);
  t.same(plain.log.find((e) => e.type === 'ship.moved')?.path, ['B9', 'B8', 'B7', 'B6'], 'B5 is a reef: stop before it');
  t.equal(map2.ids[sheet(plain.state).ship], 'B6');
  t.same(sheet(plain.state).collected, [], 'B9 sailor and the B7 marauder were passed');
  const prow = playAll(given({ map: 2, seats: 2, dice: [1, 6, 1], sheets: [(s) => (s.skills[ROW.prow] = 3)] }), 0, [steer(0, 1), sail(1, 6)]);
  t.same(prow.log.find((e) => e.type === 'ship.moved')?.path, ['B9', 'B8', 'B7', 'B6', 'B5', 'B4']);
});

t.test('golden 21: legal attack at distance 2 (§5.4)', async (t) => {
  const start = given({
    map: 2,
    seats: 2,
    dice: [1, 1, 1],
    sheets: [(s) => (s.collected.push(at('B9')), (s.crew = { normal: 4, heroic: 0, exhausted: 2 }))],
  });
  const atAttack = playAll(start, 0, [steer(0, 1), sail(1, 1), duty(skillBox(ROW.oars, 1))]).state;
  t.equal(map2.ids[sheet(atAttack).ship], 'B9');
  t.same(attacks(voyages.legalMoves(atAttack, 0)), ['B7', null], 'B3 is blocked; E8 (NE, k = 3) needs 5');
  const lines = marauderLines(map2, sheet(atAttack)).map((x) => [map2.ids[x.space], x.distance, x.need]);
  t.same(lines, [['B7', 2, 4], ['E8', 3, 5]]);
  const after = sheet(play(atAttack, 0, { type: 'attack', space: 'B7' }).state);
  t.ok(after.collected.includes(at('B7')), 'B7 crossed on this map');
  t.equal(marauderGold(map2, after), 1, 'small track box 1');
  const refused = voyages.apply(atAttack, 0, { type: 'attack', space: 'E8' });
  t.equal(refused.ok ? 'ok' : refused.error.code, 'ILLEGAL_MOVE');
});

t.test('golden 22: blocked and long lines (§5.4)', async (t) => {
  const onC6 = (s: Sheet): Sheet => ({ ...s, ship: at('C6') });
  const base = sheet(given({ map: 2, dice: [1, 1, 1] }));
  const fromC6 = ids(marauderLines(map2, onC6(base)).map((x) => x.space), 2);
  t.notOk(fromC6.includes('G8'), 'G8 blocked by island F7');
  t.notOk(fromC6.includes('C11'), 'C11 blocked by reef C8');
  t.notOk(ids(marauderLines(map2, { ...onC6(base), skills: [0, 0, 3, 0, 0, 0] }).map((x) => x.space), 2).includes('C11'), 'even with Prow');

  const start = given({
    map: 2,
    seats: 2,
    dice: [4, 1, 1],
    sheets: [(s) => ((s.ship = at('E5')), (s.crew = { normal: 3, heroic: 2, exhausted: 1 }), (s.skills[ROW.ballista] = 3))],
  });
  const atAttack = playAll(start, 0, [steer(0, 4), sail(1, 1), duty(skillBox(ROW.oars, 1))]).state;
  t.equal(map2.ids[sheet(atAttack).ship], 'E6');
  const lines = Object.fromEntries(marauderLines(map2, sheet(atAttack)).map((x) => [map2.ids[x.space], x.need]));
  t.same(lines, { E1: 11, E8: 4, B7: 5 }, 'G5 (reef F5) and I8 (reefs F6, H7) are blocked');
  t.same(attacks(voyages.legalMoves(atAttack, 0)).sort(), ['B7', 'E8', null].sort(), 'strength 9: E1 needs 11');
});

t.test('golden 23: fort, doubled track, Armoury (§5.3)', async (t) => {
  const start = given({ map: 2, seats: 2, dice: [1, 1, 1], sheets: [(s) => (s.ship = at('J6'))] });
  const atFort = playAll(start, 0, [steer(0, 1), sail(1, 1), duty(skillBox(ROW.oars, 1))]).state;
  t.equal(map2.ids[sheet(atFort).ship], 'J5');
  t.same(voyages.legalMoves(atFort, 0), [
    { type: 'fort', track: 'small' },
    { type: 'fort', track: 'medium' },
    { type: 'fort', track: 'large' },
  ]);
  const s = sheet(play(atFort, 0, { type: 'fort', track: 'small' }).state);
  t.same(s.doubled, ['small']);
  t.same(s.crew, { normal: 7, heroic: 0, exhausted: 0 });
  t.ok(s.collected.includes(at('J5')));
  const armoury = given({ map: 2, seats: 2, dice: [1, 1, 1], sheets: [(x) => ((x.ship = at('J6')), (x.skills[ROW.armoury] = 3))] });
  const atFort2 = playAll(armoury, 0, [steer(0, 1), sail(1, 1), duty(skillBox(ROW.oars, 1))]).state;
  t.same(sheet(play(atFort2, 0, { type: 'fort', track: 'small' }).state).crew, { normal: 6, heroic: 1, exhausted: 0 }, 'Armoury: heroic');
  const end = { ...s, collected: ['B7', 'E8', 'H9', 'B3'].map(at), doubled: ['small' as const] };
  t.equal(marauderGold(map2, end), 5 * 2 + 3, 'small 5 x 2, medium 3, large 0');
});

t.test('golden 24: skill activation used the same round (§5.5 timing)', async (t) => {
  const start = given({
    map: 2,
    seats: 2,
    dice: [1, 1, 4],
    sheets: [(s) => (s.collected.push(at('B9')), (s.crew = { normal: 4, heroic: 0, exhausted: 2 }), (s.skills[ROW.ballista] = 2))],
  });
  const { state, log } = playAll(start, 0, [steer(0, 1), sail(1, 1), duty(skillBox(ROW.ballista, 3))]);
  t.ok(log.some((e) => e.type === 'skill.activated' && e.skill === 'ballista'));
  t.same(attacks(voyages.legalMoves(state, 0)), ['B7', 'E8', null], 'strength 4 + 2 reaches E8 (5)');
});

t.test('golden 25: mastery and duty star (§5.5)', async (t) => {
  const start = given({
    map: 2,
    seats: 2,
    dice: [1, 1, 1],
    sheets: [(s) => ((s.skills = [3, 0, 4, 0, 0, 4]), (s.ship = at('C6')), s.collected.push(at('C6')))],
  });
  const { state, log } = playAll(start, 0, [steer(0, 1), sail(1, 1), duty(skillBox(ROW.oars, 4))]);
  const s = sheet(state);
  t.ok(log.some((e) => e.type === 'skill.mastered' && e.skill === 'oars'));
  t.equal(s.stars.duty, 1, '3rd mastery: duty star');
  t.equal(scoreSheet(map2, s).skills, 9);
});

t.test('golden 26: column-half bonus; full row (§5.5)', async (t) => {
  const start = given({ map: 2, seats: 2, dice: [1, 1, 3], sheets: [(s) => ((s.skills = [1, 1, 0, 0, 0, 0]), (s.ship = at('C6')), s.collected.push(at('C6')))] });
  const s = sheet(playAll(start, 0, [steer(0, 1), sail(1, 1), duty(skillBox(ROW.prow, 1))]).state);
  t.same(s.skills, [1, 1, 1, 0, 0, 0]);
  t.equal(s.crew.normal, 7, 'column 1 top: +1 Sa');

  const full = given({ map: 2, seats: 2, dice: [1, 1, 2], sheets: [(x) => ((x.skills = [0, 4, 0, 0, 2, 0]), (x.ship = at('C6')), x.collected.push(at('C6')))] });
  const atDuty = playAll(full, 0, [steer(0, 1), sail(1, 1)]).state;
  const dutyMoves = voyages.legalMoves(atDuty, 0);
  t.ok(dutyMoves.some((m) => m.type === 'duty' && m.box === null), 'row 2 full: the duty may be skipped');
  t.ok(dutyMoves.some((m) => m.type === 'duty' && m.box === skillBox(ROW.oars, 1) && !m.heroic), 'unless a sailor changes the value');
  const refused = voyages.apply(atDuty, 0, duty(skillBox(ROW.rudder, 4)));
  t.equal(refused.ok ? 'ok' : refused.error.code, 'ILLEGAL_MOVE');
});

t.test('golden 27: Oars and Rudder (§5.5)', async (t) => {
  const start = given({ map: 2, seats: 2, dice: [2, 5, 5], sheets: [(s) => (s.skills = [3, 3, 0, 0, 0, 0])] });
  const { state, log } = playAll(start, 0, [steer(0, 1), sail(1, 6)]);
  t.equal(log.find((e) => e.type === 'ship.steered')?.value, 1);
  t.equal(log.find((e) => e.type === 'ship.moved')?.value, 6);
  t.same(sheet(state).crew, { normal: 6, heroic: 0, exhausted: 0 }, 'no sailor spent');
  t.ok(voyages.legalMoves(state, 0).some((m) => m.type === 'duty' && m.box === skillBox(ROW.quarters, 1)), 'duty 5 stays');
  const oneMore = voyages.apply(start, 0, steer(0, 6));
  t.ok(oneMore.ok && sheet(oneMore.state).crew.exhausted === 1, 'two steps: Rudder plus one normal sailor');
});

t.test('golden 28: star island (§5.3)', async (t) => {
  const start = given({ map: 2, seats: 2, dice: [6, 3, 1], sheets: [(s) => ((s.ship = at('K2')), s.visited.push(at('K2')))] });
  const { state, log } = playAll(start, 0, [steer(0, 6), sail(1, 3), duty(skillBox(ROW.oars, 1))]);
  t.same(log.find((e) => e.type === 'ship.moved')?.path, ['J1', 'I1']);
  t.equal(sheet(state).stars.starIsland, 1);
  t.same(sheet(state).explored, [1], 'R2 Far Shoal');
});

t.test('golden 29: final score on map 2 (§5.7)', async (t) => {
  const s = sheet(
    given({
      map: 2,
      dice: [1, 1, 1],
      sheets: [
        (x) => {
          x.visited = [at('C1'), at('F3')];
          x.explored = [0, 2, 4];
          x.collected = ['B7', 'E8', 'H9', 'C11', 'J11', 'H2'].map(at);
          x.doubled = ['small'];
          x.crew = { normal: 0, heroic: 1, exhausted: 11 };
          x.skills = [4, 4, 4, 0, 0, 0];
          x.stars = { ...x.stars, marauders: 1, duty: 1, starIsland: 1 };
        },
      ],
    }),
  );
  const breakdown = scoreSheet(map2, s);
  t.same(breakdown, { islands: 10, exploration: 9, marauders: 23, heroes: 2, skills: 9, stars: 9 });
  t.equal(total(breakdown), 62);
});
