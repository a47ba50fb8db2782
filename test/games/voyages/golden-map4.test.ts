/** Golden scenarios G44-G55 of docs/rules/voyages.md §9 (map 4, Lighting Beacon Bay), as given/when/then. */
import t from 'tap';
import { voyages } from '../../../src/games/voyages/index.js';
import { harbourGold, lighthouseGold, sightTargets, towerColumns, towerGold, visitTower } from '../../../src/games/voyages/map4.js';
import { board } from '../../../src/games/voyages/maps.js';
import { scoreSheet, total } from '../../../src/games/voyages/score.js';
import type { Sheet, VoyagesMove } from '../../../src/games/voyages/types.js';
import { at as atOn, given, ids, play, playAll, sail, sheet, steer } from './helpers.js';

const map4 = board(4);
const at = (id: string) => atOn(id, 4);
const NET_LOFT = 1;
const TAVERN = 2;
const CUSTOMS = 4;
const JETTY = 0;
/** Map 4 duty: write `value` in a building; `rows` names the sailors spent. */
const write = (building: number, value: number, rows?: ('A' | 'B' | 'C')[]): VoyagesMove => ({ type: 'duty', box: building, value, heroic: false, ...(rows ? { rows } : {}) });
/** Sets the crew rows as [normal, heroic, exhausted, added] and the totals to match. */
function crewRows(s: Sheet, rows: [number, number, number, number][]): void {
  s.rows = rows.map(([normal, heroic, exhausted, added]) => ({ normal, heroic, exhausted, added }));
  s.crew = {
    normal: rows.reduce((n, r) => n + r[0], 0),
    heroic: rows.reduce((n, r) => n + r[1], 0),
    exhausted: rows.reduce((n, r) => n + r[2], 0),
  };
}
const lights = (s: Sheet) => ids(s.lit, 4);

t.test('golden 44: lighting by line of sight (§7.3)', async (t) => {
  const start = given({ map: 4, seats: 2, dice: [1, 1, 2], sheets: [(s) => (s.ship = at('D2'))] });
  const relic = playAll(start, 0, [steer(0, 1), sail(1, 1), write(JETTY, 2)]).state;
  t.equal(map4.ids[sheet(relic).ship], 'D1');
  t.same(voyages.legalMoves(relic, 0), ['A', 'B', 'C'].map((row) => ({ type: 'promote', row })), 'step 6: the relic, any row');
  const sight = play(relic, 0, { type: 'promote', row: 'A' }).state;
  t.same(voyages.legalMoves(sight, 0), [
    { type: 'light', space: 'B2' },
    { type: 'light', space: null },
  ], 'step 7: F0 and B2 on the SW line through D1');
  const s = sheet(play(sight, 0, { type: 'light', space: 'B2' }).state);
  t.same(lights(s), ['B2']);
  t.equal(lighthouseGold(map4, s), 2, 'track box 1');
});

t.test('golden 45: line blocked by an island (§7.3)', async (t) => {
  const s = { ...sheet(given({ map: 4, dice: [1, 2, 3] })), ship: at('F2') };
  t.same(sightTargets(map4, s), [], 'F3 (island I3) blocks F0-F4; F0-F8 is blocked by F3 and F4');
});

t.test('golden 46: chain (§7.3)', async (t) => {
  const s = { ...sheet(given({ map: 4, dice: [1, 2, 3] })), ship: at('D3'), lit: [at('B2')] };
  t.same(ids(sightTargets(map4, s), 4), ['F4'], 'B2-C3-D3-E4-F4 is clear');
});

t.test('golden 47: lighting by landing (§7.3)', async (t) => {
  const start = given({ map: 4, seats: 2, dice: [6, 4, 2], sheets: [(s) => ((s.ship = at('E11')), s.collected.push(at('E11')))] });
  const { state, log } = playAll(start, 0, [steer(0, 6), sail(1, 4), write(JETTY, 2)]);
  t.same(log.find((e) => e.type === 'ship.moved')?.path, ['D10', 'C10'], 'the lighthouse island stops the ship');
  t.same(lights(sheet(state)), ['C10']);
  t.equal(lighthouseGold(map4, sheet(state)), 2);
});

t.test('golden 48: watchtower tiers (§7.4)', async (t) => {
  // 1st visit: landing on A9.
  const start = given({ map: 4, seats: 2, dice: [4, 1, 2], sheets: [(s) => (s.ship = at('A8'))] });
  const visit = playAll(start, 0, [steer(0, 4), sail(1, 1), write(JETTY, 2)]).state;
  t.equal(map4.ids[sheet(visit).ship], 'A9');
  t.same(voyages.legalMoves(visit, 0), [1, 2, 3, 4].map((column) => ({ type: 'tower', column })));
  const s = sheet(play(visit, 0, { type: 'tower', column: 3 }).state);
  t.ok(s.collected.includes(at('A9')));
  t.same(towerColumns(s), [1, 2, 4], 'column 3 crossed below tier 1');
  // 2nd to 5th visits, rule by rule.
  const log: never[] = [];
  t.same(visitTower(map4, s, 2, 0, log), [{ k: 'sailor' }, { k: 'sailor' }], 'tier 2, column 2: +2 Sa');
  t.same(towerColumns(s), [1, 4], 'the star and 8 gold are crossed');
  t.same(visitTower(map4, s, 1, 0, log), [{ k: 'build', value: null }, { k: 'build', value: null }, { k: 'build', value: null }], 'tier 3, column 1: duty 3');
  t.same(towerColumns(s), [4], 'tier 4: only the 10 gold remains');
  t.same(visitTower(map4, s, 4, 0, log), []);
  t.same(towerColumns(s), [], 'a 5th visit gives nothing');
  t.equal(towerGold(map4, s), 10);
});

t.test('golden 49: same-number rule (§7.5)', async (t) => {
  const start = given({ map: 4, seats: 2, dice: [1, 1, 5], sheets: [(s) => ((s.buildings[TAVERN] = [4]), (s.ship = at('F9')), s.collected.push(at('F9')))] });
  const atDuty = playAll(start, 0, [steer(0, 1), sail(1, 1)]).state;
  const duties = voyages.legalMoves(atDuty, 0).filter((m) => m.type === 'duty');
  t.notOk(duties.some((m) => m.type === 'duty' && m.box === TAVERN && m.value === 5), 'the Tavern cannot take 5');
  t.ok(duties.some((m) => m.type === 'duty' && m.box === JETTY && m.value === 5), 'an empty building takes 5');
  t.ok(duties.some((m) => m.type === 'duty' && m.box === TAVERN && m.value === 4 && m.rows?.length === 1), 'or one sailor turns 5 into 4');
  const { state } = play(atDuty, 0, write(TAVERN, 4, ['A']));
  const s = sheet(state);
  t.same(s.buildings[TAVERN], [4, 4]);
  t.same(voyages.legalMoves(state, 0), ['A', 'B', 'C'].map((row) => ({ type: 'recruit', row })), 'box 2: +1 Sa, in a row of choice');
  t.same(s.rows[0], { normal: 1, heroic: 0, exhausted: 1, added: 0 }, 'the row A sailor is spent');
});

t.test('golden 50: speed boost (§7.6)', async (t) => {
  const start = given({
    map: 4,
    seats: 2,
    dice: [1, 6, 3],
    sheets: [(s) => ((s.ship = at('E11')), s.collected.push(at('E11')), crewRows(s, [[4, 0, 0, 2], [2, 0, 0, 0], [2, 0, 0, 0]]))],
  });
  const steered = play(start, 0, steer(0, 1)).state;
  t.ok(voyages.legalMoves(steered, 0).some((m) => m.type === 'boost' && m.amount === 3 && !m.heroic), 'row A is experienced');
  const { state, log } = playAll(steered, 0, [{ type: 'boost', heroic: false, amount: 3 }, sail(1, 6), write(JETTY, 3)]);
  t.same(log.find((e) => e.type === 'ship.moved')?.path, ['E10', 'E9', 'E8', 'E7', 'E6', 'E5', 'E4', 'E3', 'E2'], 'distance 6 + 3');
  const s = sheet(state);
  t.same(s.rows[0], { normal: 3, heroic: 0, exhausted: 1, added: 2 });
  t.same(s.explored, [4], 'R5 Bay Deep');
  t.same(voyages.legalMoves(state, 0), ['A', 'B', 'C'].map((row) => ({ type: 'recruit', row })), 'E2: +1 sailor in a row of choice');
  t.notOk(s.collected.includes(at('E9')), 'E9 passed');
});

t.test('golden 51: bonus move (§7.6)', async (t) => {
  const start = given({
    map: 4,
    seats: 2,
    dice: [4, 2, 1],
    sheets: [(s) => ((s.ship = at('H1')), s.collected.push(at('H1')), crewRows(s, [[2, 0, 0, 0], [4, 0, 0, 2], [2, 0, 0, 0]]))],
  });
  const moved = playAll(start, 0, [steer(0, 4), sail(1, 2)]);
  t.same(moved.log.find((e) => e.type === 'ship.moved')?.path, ['H2', 'H3']);
  const { state, log } = playAll(moved.state, 0, [{ type: 'bonus', heroic: false, direction: 4 }, write(JETTY, 1)]);
  t.same(log.find((e) => e.type === 'ability.bonusMove')?.path, ['H4']);
  const s = sheet(state);
  t.equal(map4.ids[s.ship], 'H4');
  t.equal(s.stars.exploration, 1, 'H4: exploration star');
  t.notOk(s.collected.includes(at('H3')), 'H3 gives nothing');
});

t.test('golden 52: extra duty with a heroic sailor (§7.6, §7.5)', async (t) => {
  const start = given({
    map: 4,
    seats: 2,
    dice: [1, 1, 4],
    sheets: [(s) => ((s.ship = at('F9')), s.collected.push(at('F9')), crewRows(s, [[2, 0, 0, 0], [2, 0, 0, 0], [3, 1, 0, 2]]))],
  });
  let state = playAll(start, 0, [steer(0, 1), sail(1, 1), { type: 'extra', heroic: true }, write(NET_LOFT, 4)]).state;
  t.same(sheet(state).buildings[NET_LOFT], [4], 'box 1');
  t.ok(voyages.legalMoves(state, 0).some((m) => m.type === 'build' && m.building === NET_LOFT && m.value === 4), 'the extra write takes the duty value');
  state = play(state, 0, { type: 'build', building: NET_LOFT, value: 4 }).state;
  t.same(sheet(state).buildings[NET_LOFT], [4, 4], 'box 2: its relic needs a normal sailor');
  state = play(state, 0, { type: 'promote', row: 'A' }).state;
  state = play(state, 0, { type: 'build', building: NET_LOFT, value: 4 }).state;
  const s = sheet(state);
  t.same(s.buildings[NET_LOFT], [4, 4, 4]);
  t.equal(harbourGold(map4, s), 3, 'complete: 3 harbour gold');
  t.same(s.rows[2], { normal: 3, heroic: 0, exhausted: 1, added: 2 }, 'the heroic sailor of row C is spent');
});

t.test('golden 53: recruitment star (§7.6)', async (t) => {
  const rows: [number, number, number, number][] = [[6, 0, 0, 4], [5, 0, 0, 3], [3, 0, 0, 1]];
  const start = given({ map: 4, seats: 2, dice: [1, 1, 2], sheets: [(s) => ((s.ship = at('E3')), crewRows(s, rows))] });
  const gained = playAll(start, 0, [steer(0, 1), sail(1, 1), write(JETTY, 2)]).state;
  t.same(voyages.legalMoves(gained, 0), ['B', 'C'].map((row) => ({ type: 'recruit', row })));
  t.equal(sheet(play(gained, 0, { type: 'recruit', row: 'B' }).state).stars.recruitment, 1, 'row B reaches 4: star');
  t.equal(sheet(play(gained, 0, { type: 'recruit', row: 'C' }).state).stars.recruitment, 0, 'row C instead: no star');
});

t.test('golden 54: sixth lighthouse (§7.3)', async (t) => {
  const start = given({ map: 4, seats: 2, dice: [4, 1, 2], sheets: [(s) => ((s.ship = at('I9')), (s.lit = ['B2', 'J2', 'F4', 'B6', 'J6'].map(at)))] });
  t.equal(lighthouseGold(map4, sheet(start)), 12);
  const s = sheet(playAll(start, 0, [steer(0, 4), sail(1, 1), write(JETTY, 2)]).state);
  t.equal(map4.ids[s.ship], 'I10');
  t.equal(s.lit.length, 6);
  t.equal(lighthouseGold(map4, s), 15);
  t.equal(s.stars.lighthouses, 1, 'box 6: lighthouse star');
});

t.test('golden 55: final score on map 4 (§7.8)', async (t) => {
  const s = sheet(
    given({
      map: 4,
      dice: [1, 2, 3],
      sheets: [
        (x) => {
          x.visited = [at('A2'), at('D5')];
          x.explored = [0, 1, 2, 3];
          x.lit = ['B2', 'J2', 'F4', 'B6', 'J6', 'F8'].map(at);
          // G48: circled tier 1 col 3, tier 2 col 2, tier 3 col 1, tier 4 col 4; crossed below each.
          x.tower = [0, 0, 1, 0, 0, 1, 2, 0, 1, 2, 2, 0, 2, 2, 2, 1];
          crewRows(x, [[0, 1, 1, 0], [0, 0, 2, 0], [0, 0, 2, 0]]);
          x.buildings[NET_LOFT] = [2, 2, 2];
          x.buildings[CUSTOMS] = [5, 5, 5, 5];
          x.stars = { ...x.stars, lighthouses: 1, exploration: 1, recruitment: 1 };
        },
      ],
    }),
  );
  const breakdown = scoreSheet(map4, s);
  t.same(breakdown, { islands: 9, exploration: 16, lighthouses: 15, watchtower: 10, heroes: 2, harbour: 6, stars: 9 });
  t.equal(total(breakdown), 67);
});
