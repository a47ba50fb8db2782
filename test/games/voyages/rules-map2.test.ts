/** Map 2 rules beyond the golden scenarios (§5), as given/when/then. */
import t from 'tap';
import { voyages } from '../../../src/games/voyages/index.js';
import { marauderLines } from '../../../src/games/voyages/map2.js';
import { board } from '../../../src/games/voyages/maps.js';
import { duty, given, play, playAll, sail, sheet, steer, at as atOn } from './helpers.js';

const map2 = board(2);
const at = (id: string) => atOn(id, 2);

t.test('setup on map 2: START B10, six empty skill rows, no cargo', async (t) => {
  const s = sheet(given({ map: 2, dice: [1, 1, 1] }));
  t.equal(map2.ids[s.ship], 'B10');
  t.same(s.skills, [0, 0, 0, 0, 0, 0]);
  t.same(s.cargo, []);
  t.same(Object.keys(s.stars).sort(), ['duty', 'exploration', 'marauders', 'recruitment', 'starIsland']);
});

t.test('§5.4 a marauder on the final space is a target at distance 0; one attack per round', async (t) => {
  // From B8 north one step: B7 (small marauder). Marauders do not stop the ship (Appendix B item 7).
  const start = given({ map: 2, seats: 2, dice: [1, 1, 1], sheets: [(s) => (s.ship = at('B8'))] });
  const state = playAll(start, 0, [steer(0, 1), sail(1, 1), duty(0)]).state;
  const lines = marauderLines(map2, sheet(state));
  t.same(lines[0], { space: at('B7'), distance: 0, need: 2 });
  const after = play(state, 0, { type: 'attack', space: 'B7' }).state;
  t.equal(sheet(after).step, 'done', 'the round is over after one attack');
  const again = voyages.apply(after, 0, { type: 'attack', space: 'B3' });
  t.equal(again.ok ? 'ok' : again.error.code, 'NOT_YOUR_TURN');
});

t.test('§5.4 a defeated marauder no longer blocks the line; an undefeated one does', async (t) => {
  const base = sheet(given({ map: 2, dice: [1, 1, 1], sheets: [(s) => (s.ship = at('G4'))] }));
  const before = marauderLines(map2, base);
  t.ok(before.some((x) => x.space === at('G5') && x.distance === 1));
  t.notOk(before.some((x) => x.space === at('G8')), 'G5 blocks G8');
  const after = marauderLines(map2, { ...base, collected: [at('G5')] });
  t.same(after.find((x) => x.space === at('G8')), { space: at('G8'), distance: 4, need: 10 }, 'G5 defeated: G8 in sight');
});

t.test('§5.4 the marauder star: every marauder of one size, at most once', async (t) => {
  const smalls = ['B7', 'E8', 'H9', 'C11'].map(at);
  const start = given({ map: 2, seats: 2, dice: [1, 1, 1], sheets: [(s) => ((s.ship = at('J11')), (s.collected = [...smalls]))] });
  // A 0-move at the bottom edge keeps the ship on J11, where the 5th small marauder waits.
  const state = playAll(start, 0, [steer(0, 1), sail(1, 1), duty(0)]).state;
  t.equal(map2.ids[sheet(state).ship], 'J10');
  const edge = given({ map: 2, seats: 2, dice: [4, 1, 1], sheets: [(s) => ((s.ship = at('J11')), (s.collected = [...smalls]))] });
  const stay = playAll(edge, 0, [steer(0, 4), sail(1, 1), duty(0)]).state;
  t.equal(map2.ids[sheet(stay).ship], 'J11', 'S off the map: no move');
  const won = sheet(play(stay, 0, { type: 'attack', space: 'J11' }).state);
  t.equal(won.stars.marauders, 1);
});

t.test('§5.3 fort with every track doubled gives only the sailor; a used fort does nothing', async (t) => {
  const start = given({ map: 2, seats: 2, dice: [1, 1, 1], sheets: [(s) => ((s.ship = at('J6')), (s.doubled = ['small', 'medium', 'large']))] });
  const s = sheet(playAll(start, 0, [steer(0, 1), sail(1, 1), duty(0)]).state);
  t.equal(s.crew.normal, 7);
  t.ok(s.collected.includes(at('J5')));
  const oneLeft = given({ map: 2, seats: 2, dice: [1, 1, 1], sheets: [(x) => ((x.ship = at('J6')), (x.doubled = ['small', 'large']))] });
  t.same(sheet(playAll(oneLeft, 0, [steer(0, 1), sail(1, 1), duty(0)]).state).doubled, ['small', 'large', 'medium'], 'the only open track, no choice');
  const used = given({ map: 2, seats: 2, dice: [1, 1, 1], sheets: [(x) => ((x.ship = at('J6')), x.collected.push(at('J5')))] });
  t.equal(sheet(playAll(used, 0, [steer(0, 1), sail(1, 1), duty(0)]).state).crew.normal, 6);
});

t.test('§5.5 Quarters turns the duty die for free; a full row skips', async (t) => {
  const start = given({ map: 2, seats: 2, dice: [1, 1, 2], sheets: [(s) => ((s.skills = [0, 0, 0, 0, 3, 0]), (s.crew = { normal: 0, heroic: 0, exhausted: 6 }))] });
  const atDuty = playAll(start, 0, [steer(0, 1), sail(1, 1)]).state;
  const boxes = voyages.legalMoves(atDuty, 0).flatMap((m) => (m.type === 'duty' ? [m.box] : []));
  t.same(boxes, [0, 4, 8], 'values 1, 2 and 3 with no sailor: Quarters gives +-1');
});
