/** Golden scenarios G01-G19 of docs/rules/voyages.md §9 (map 1 and solo), as given/when/then. */
import t from 'tap';
import { voyages } from '../../../src/games/voyages/index.js';
import { board } from '../../../src/games/voyages/maps.js';
import { scoreSheet, total } from '../../../src/games/voyages/score.js';
import type { VoyagesState } from '../../../src/games/voyages/types.js';
import { at, box, crewOf, duty, given, ids, play, playAll, sail, sheet, steer } from './helpers.js';

const map1 = board(1);

t.test('golden 1: basic move and pickup (§2.2, §3.2 Sa, §3.3)', async (t) => {
  const start = given({ seats: 2, dice: [2, 1, 5] });
  const { state } = playAll(start, 0, [steer(1, 1), sail(0, 2), duty(box(0, 5))]);
  const s = sheet(state);
  t.equal(map1.ids[s.ship], 'F8');
  t.same(crewOf(s), { normal: 7, heroic: 0, exhausted: 0 }, '7 boxes traced');
  t.same(ids(s.collected), ['F8']);
  t.equal(s.grid, 1 << box(0, 5), 'top c5 marked, nothing completed');
  t.same(state.dice, [2, 1, 5], 'the other player still has the rolled dice');
  t.equal(sheet(state, 1).step, 'direction');
  t.same(voyages.toMove(state), [1], 'seat 0 waits, seat 1 is still to move');
});

t.test('golden 2: passing gives nothing (§2.4)', async (t) => {
  const { state } = playAll(given({ dice: [1, 5, 3] }), 0, [steer(0, 1), sail(1, 5), duty(box(0, 3))]);
  const s = sheet(state);
  t.equal(map1.ids[s.ship], 'F5');
  t.same(s.collected, []);
  t.same(s.crew, { normal: 6, heroic: 0, exhausted: 0 });
  t.equal(s.cargo[2]?.taken, 0, 'F6 spice passed: not loaded');
});

t.test('golden 3: map edge (§2.3)', async (t) => {
  const { state, log } = playAll(given({ dice: [3, 5, 1] }), 0, [steer(0, 3), sail(1, 5), duty(box(0, 1))]);
  t.equal(map1.ids[sheet(state).ship], 'H11');
  t.same(log.find((e) => e.type === 'ship.moved')?.path, ['G11', 'H11']);
  t.notOk(sheet(state).collected.includes(at('G11')), 'G11 sailor passed');
});

t.test('golden 4: an island stops the ship (§2.3)', async (t) => {
  const { state, log } = playAll(given({ dice: [6, 5, 1] }), 0, [steer(0, 6), sail(1, 5), duty(box(0, 1))]);
  const s = sheet(state);
  t.same(log.find((e) => e.type === 'ship.moved')?.path, ['E10', 'D9', 'C9']);
  t.same(ids(s.visited), ['C9']);
  t.equal(scoreSheet(map1, s).islands, 1);
});

t.test('golden 5: the 6-1 wrap (§1.5)', async (t) => {
  const start = given({ dice: [6, 6, 3] });
  const steered = play(start, 0, steer(0, 1)).state;
  t.same(sheet(steered).crew, { normal: 5, heroic: 0, exhausted: 1 }, '6 + 1 wraps to 1 for one normal sailor');
  const { state, log } = playAll(steered, 0, [sail(1, 6), duty(box(0, 3))]);
  t.same(log.find((e) => e.type === 'ship.moved')?.path, ['F9', 'F8', 'F7', 'F6', 'F5', 'F4']);
  t.same(sheet(state).crew, { normal: 6, heroic: 0, exhausted: 1 }, 'F4 sailor: 7 boxes traced');
  t.notOk(sheet(state).visited.includes(at('F3')));
});

t.test('golden 6: heroic sailor (§1.5)', async (t) => {
  const start = given({
    dice: [5, 5, 5],
    sheets: [(s) => ((s.ship = at('F8')), s.collected.push(at('F8')), (s.crew = { normal: 3, heroic: 1, exhausted: 2 }))],
  });
  const { state } = playAll(start, 0, [steer(0, 2, true), sail(1, 5), duty(box(0, 5))]);
  const s = sheet(state);
  t.equal(map1.ids[s.ship], 'I7', 'G8, H7, then the settlement I7 stops the ship');
  t.same(s.crew, { normal: 4, heroic: 0, exhausted: 3 }, 'heroic exhausted; +1 sailor at the settlement');
  t.equal(scoreSheet(map1, s).heroes, 0);
  const normals = play(start, 0, steer(0, 2)).state;
  t.same(sheet(normals).crew, { normal: 0, heroic: 1, exhausted: 5 }, 'with normal sailors, 5 -> 2 costs 3');
});

t.test('golden 7: exploring by passing (§2.5)', async (t) => {
  const start = given({ dice: [1, 4, 1], sheets: [(s) => ((s.ship = at('A9')), s.collected.push(at('A9')))] });
  const { state, log } = playAll(start, 0, [steer(0, 1), sail(1, 4), duty(box(0, 1))]);
  const s = sheet(state);
  t.same(log.find((e) => e.type === 'ship.moved')?.path, ['A8', 'A7', 'A6', 'A5']);
  t.equal(s.cargo[3]?.taken, 1, 'A5 furs: box 1 circled');
  t.same(s.explored, [3], 'R4 Western Fog');
  t.equal(scoreSheet(map1, s).exploration, 1);
  t.notOk(s.collected.includes(at('A7')), 'A7 relic passed');
});

const dreadStart = (normal: number, heroic: number) =>
  given({ dice: [1, 5, 1], sheets: [(s) => ((s.ship = at('G5')), s.collected.push(at('G5')), (s.crew = { normal, heroic, exhausted: 0 }))] });

t.test('golden 8: Dread defeated (§3.5)', async (t) => {
  const { state } = playAll(dreadStart(3, 2), 0, [steer(0, 1), sail(1, 5), duty(box(0, 1))]);
  const s = sheet(state);
  t.equal(map1.ids[s.ship], 'G2');
  t.same(s.crew, { normal: 3, heroic: 0, exhausted: 2 });
  t.equal(s.dreadDefeated, true);
  t.equal(s.stars.dread, 1);
  t.equal(scoreSheet(map1, s).dread, 14);
  // Later visits do nothing.
  const again = given({ dice: [1, 1, 1], sheets: [(x) => ((x.ship = at('G3')), (x.dreadDefeated = true), (x.crew = { normal: 2, heroic: 2, exhausted: 2 }))] });
  const after = playAll(again, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state;
  t.same(sheet(after).crew, { normal: 2, heroic: 2, exhausted: 2 }, 'a defeated Dread costs nothing');
});

t.test('golden 9: Dread not defeated (§3.5)', async (t) => {
  const moved = playAll(dreadStart(4, 1), 0, [steer(0, 1), sail(1, 5), duty(box(0, 1))]).state;
  t.same(voyages.legalMoves(moved, 0), [
    { type: 'dread', sailor: 'normal' },
    { type: 'dread', sailor: 'heroic' },
  ]);
  const s = sheet(play(moved, 0, { type: 'dread', sailor: 'normal' }).state);
  t.same(s.crew, { normal: 3, heroic: 1, exhausted: 1 });
  t.equal(s.dreadDefeated, false);
  t.notOk(s.collected.includes(at('G2')), 'the Dread acts again on a later visit');
});

t.test('golden 10: selling all of one kind (§3.4)', async (t) => {
  const start = given({
    dice: [2, 5, 1],
    sheets: [
      (s) => {
        s.ship = at('F8');
        s.collected.push(at('F8'));
        s.cargo[0] = { taken: 3, sold: 0 };
        s.cargo[1] = { taken: 1, sold: 0 };
      },
    ],
  });
  const landed = playAll(start, 0, [steer(0, 2), sail(1, 5), duty(box(0, 1))]).state;
  t.equal(map1.ids[sheet(landed).ship], 'I7');
  t.same(voyages.legalMoves(landed, 0), [
    { type: 'sell', mode: 'none', cargo: null },
    { type: 'sell', mode: 'eachKind', cargo: null },
    { type: 'sell', mode: 'allOfKind', cargo: 'fruit' },
    { type: 'sell', mode: 'allOfKind', cargo: 'gems' },
  ]);
  const { state, log } = play(landed, 0, { type: 'sell', mode: 'allOfKind', cargo: 'fruit' });
  const s = sheet(state);
  t.equal(log.find((e) => e.type === 'cargo.sold')?.gold, 6);
  t.same(s.cargo[0], { taken: 3, sold: 3 });
  t.equal(s.stars.cargo, 1, 'box 3 sold: cargo star');
  t.equal(s.crew.normal, 7, '+1 sailor');
  t.ok(s.collected.includes(at('I7')));
  t.equal(scoreSheet(map1, s).cargo, 6 + 1, 'gems still held: 1 gold');
});

t.test('golden 11: one of each kind; cargo-star cap (§3.4)', async (t) => {
  const start = given({
    dice: [1, 1, 1],
    sheets: [
      (s) => {
        s.ship = at('B7');
        s.cargo[0] = { taken: 4, sold: 3 };
        s.cargo[2] = { taken: 3, sold: 2 };
        s.cargo[1] = { taken: 1, sold: 0 };
        s.stars.cargo = 1;
      },
    ],
  });
  const landed = playAll(start, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state;
  t.equal(map1.ids[sheet(landed).ship], 'B6');
  const { state, log } = play(landed, 0, { type: 'sell', mode: 'eachKind', cargo: null });
  const s = sheet(state);
  t.equal(log.find((e) => e.type === 'cargo.sold')?.gold, 11);
  t.same(s.cargo.map((x) => x.sold), [4, 1, 3, 0]);
  t.equal(s.stars.cargo, 1, 'capped at 1');
  t.equal(s.crew.normal, 7);
});

t.test('golden 12: settlement without cargo; revisit (§3.2)', async (t) => {
  const start = given({ seats: 2, dice: [1, 1, 1], sheets: [(s) => (s.ship = at('C3'))] });
  const { state } = playAll(start, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]);
  t.equal(sheet(state).step, 'done', 'no cargo: no choice, the sailor is gained');
  t.equal(sheet(state).crew.normal, 7);
  t.ok(sheet(state).collected.includes(at('C2')));
  const revisit = given({
    seats: 2,
    dice: [1, 1, 1],
    sheets: [(s) => ((s.ship = at('C3')), s.collected.push(at('C2')), (s.cargo[0] = { taken: 2, sold: 0 }))],
  });
  const after = sheet(playAll(revisit, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state);
  t.equal(after.step, 'done');
  t.same([after.crew.normal, after.cargo[0]?.sold], [6, 0], 'a used settlement does nothing');
});

t.test('golden 13: row and column at once (§3.3, §2.7 order)', async (t) => {
  const marks = [box(0, 1), box(0, 2), box(0, 4), box(0, 5), box(0, 6), box(1, 3), box(2, 3)];
  const start = given({
    dice: [1, 1, 3],
    sheets: [(s) => ((s.grid = marks.reduce((g, b) => g | (1 << b), 0)), (s.crew = { normal: 2, heroic: 0, exhausted: 4 }))],
  });
  const atDuty = playAll(start, 0, [steer(0, 1), sail(1, 1)]).state;
  const free = voyages.legalMoves(atDuty, 0).filter((m) => m.type === 'duty' && m.box !== null && (m.box === box(0, 3) || m.box === box(1, 1) || m.box === box(2, 5)));
  t.equal(free.length, 3, 'top c3, middle c1 and bottom c5 show 3');
  const { state, log } = play(atDuty, 0, duty(box(0, 3)));
  const crewSteps = log.filter((e) => e.type === 'sailor.gained' || e.type === 'relic.applied').map((e) => e.type);
  t.same(crewSteps, ['sailor.gained', 'relic.applied', 'relic.applied'], 'row: +1 Sa then Re; column 3: Re');
  t.same(sheet(state).crew, { normal: 1, heroic: 2, exhausted: 4 });
});

t.test('golden 14: middle-row star; skipped duty (§3.3)', async (t) => {
  const middle = [1, 2, 3, 4, 5].map((c) => box(1, c));
  const start = given({ dice: [1, 1, 2], sheets: [(s) => (s.grid = middle.reduce((g, b) => g | (1 << b), 0))] });
  const { state } = playAll(start, 0, [steer(0, 1), sail(1, 1), duty(box(1, 6))]);
  t.equal(sheet(state).stars.duty, 1, 'middle row complete: duty star');

  const twos = [box(0, 2), box(1, 6), box(2, 4)];
  const full = given({ dice: [1, 1, 2], sheets: [(s) => (s.grid = twos.reduce((g, b) => g | (1 << b), 0))] });
  const atDuty = playAll(full, 0, [steer(0, 1), sail(1, 1)]).state;
  t.ok(voyages.legalMoves(atDuty, 0).some((m) => m.type === 'duty' && m.box === null), 'skipping is legal');
  t.equal(voyages.apply(atDuty, 0, duty(box(0, 1))).ok, true, 'a sailor may change the value instead');
  const skipped = play(atDuty, 0, duty(null)).state;
  t.equal(sheet(skipped).grid, sheet(atDuty).grid, 'nothing marked');
  t.same(sheet(skipped).crew, sheet(atDuty).crew, 'nothing spent');
  const noCrew = given({ seats: 2, dice: [1, 1, 2], sheets: [(s) => ((s.grid = sheet(full).grid), (s.crew = { normal: 0, heroic: 0, exhausted: 6 }))] });
  const forced = playAll(noCrew, 0, [steer(0, 1), sail(1, 1)]).state;
  t.equal(sheet(forced).step, 'done', 'with no sailor the skip is forced and played inside apply');
});

t.test('golden 15: relic with no eligible sailor (§2.6)', async (t) => {
  const start = given({ dice: [1, 1, 1], sheets: [(s) => ((s.ship = at('E3')), (s.crew = { normal: 0, heroic: 2, exhausted: 7 }))] });
  const s = sheet(playAll(start, 0, [steer(0, 1), sail(1, 1)]).state);
  t.equal(map1.ids[s.ship], 'E2');
  t.same(s.crew, { normal: 0, heroic: 2, exhausted: 7 });
  t.notOk(s.collected.includes(at('E2')), 'E2 stays uncollected');
  const later = given({ dice: [1, 1, 1], sheets: [(x) => ((x.ship = at('E3')), (x.crew = { normal: 1, heroic: 2, exhausted: 7 }))] });
  const after = sheet(playAll(later, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state);
  t.same(after.crew, { normal: 0, heroic: 3, exhausted: 7 });
  t.ok(after.collected.includes(at('E2')));
});

t.test('golden 16: twelfth sailor (§2.6, §3.6 recruitment)', async (t) => {
  const start = given({ dice: [1, 1, 1], sheets: [(s) => ((s.ship = at('D7')), (s.crew = { normal: 11, heroic: 0, exhausted: 0 }))] });
  const s = sheet(playAll(start, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state);
  t.equal(map1.ids[s.ship], 'D6');
  t.equal(s.crew.normal, 12);
  t.equal(s.stars.recruitment, 1);
});

t.test('golden 17: end trigger and shared win, 3 players (§2.8)', async (t) => {
  let state: VoyagesState = given({
    seats: 3,
    round: 9,
    dice: [1, 1, 1],
    sheets: [
      (s) => ((s.crew = { normal: 11, heroic: 0, exhausted: 0 }), (s.stars = { ...s.stars, cargo: 1, duty: 1 }), (s.explored = [0, 1, 2, 3, 4, 5, 6])),
      (s) => ((s.ship = at('D4')), (s.stars = { ...s.stars, cargo: 1, duty: 1 }), (s.explored = [0, 1, 2, 3, 4, 5, 6]), (s.visited = [at('E5')])),
      (s) => ((s.stars = { ...s.stars, duty: 1 }), (s.explored = [0, 1, 2, 3, 4, 5, 6]), (s.visited = [at('F3'), at('B4')])),
    ],
  });
  state = playAll(state, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state; // Ann: F9, plain
  state = playAll(state, 2, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state; // Cy: F9
  t.equal(state.round, 9, 'round 9 waits for Ben');
  state = playAll(state, 1, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state; // Ben: D3 star, his 3rd
  t.equal(sheet(state, 1).stars.exploration, 1);
  t.equal(state.finalRound, 10, 'round 10 becomes the final round');
  t.equal(state.round, 10);
  state = { ...state, dice: [1, 1, 1] };
  state = playAll(state, 0, [steer(0, 1), sail(1, 1), duty(box(1, 5))]).state; // Ann: F8, her 12th sailor and 3rd star
  state = playAll(state, 1, [steer(0, 1), sail(1, 1), duty(box(1, 5))]).state;
  state = playAll(state, 2, [steer(0, 1), sail(1, 1), duty(box(1, 5))]).state;
  t.equal(sheet(state, 0).stars.recruitment, 1, 'Ann gains her 3rd star in the final round');
  t.equal(state.over, true, 'the game ends after round 10');
  t.equal(state.finalRound, 10);
  const outcome = voyages.outcome(state);
  t.same(outcome?.scores, [58, 61, 61]);
  t.same(outcome?.winners, [1, 2], 'Ben and Cy share the win');
  t.same(outcome?.ranking, [[1, 2], [0]]);
  t.same(voyages.toMove(state), []);
});

t.test('golden 18: final score on map 1 (§3.7)', async (t) => {
  const s = sheet(
    given({
      dice: [1, 1, 1],
      sheets: [
        (x) => {
          x.visited = ['C9', 'E5', 'F3', 'H1'].map((id) => at(id));
          x.explored = [1, 3, 5];
          x.cargo = [
            { taken: 3, sold: 3 },
            { taken: 1, sold: 0 },
            { taken: 2, sold: 2 },
            { taken: 1, sold: 0 },
          ];
          x.crew = { normal: 0, heroic: 2, exhausted: 10 };
          x.dreadDefeated = true;
          x.stars = { ...x.stars, cargo: 1, dread: 1, recruitment: 1 };
        },
      ],
    }),
  );
  const breakdown = scoreSheet(map1, s);
  t.same(breakdown, { islands: 16, exploration: 9, cargo: 13, heroes: 4, dread: 14, stars: 9 });
  t.equal(total(breakdown), 65);
});

t.test('golden 19: solo length, win and loss (§4)', async (t) => {
  // The 3rd star in round 11 does not end a solo game.
  let state: VoyagesState = given({ round: 11, dice: [1, 1, 1], sheets: [(s) => ((s.ship = at('D4')), (s.stars = { ...s.stars, cargo: 1, duty: 1 }))] });
  state = playAll(state, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state;
  t.equal(sheet(state).stars.exploration, 1, '3rd star in round 11');
  t.equal(state.over, false);
  t.equal(state.round, 12);
  t.equal(state.finalRound, null);
  let moves = 0;
  while (!state.over) {
    state = play(state, 0, voyages.bot.choose(state, 0, { level: 'greedy', seed: `g19:${moves++}` })).state;
  }
  t.equal(state.round, 16, 'all 16 rounds are played');
  t.same(voyages.outcome(state)?.winners, [0], '3 or more stars: a win');

  let loss: VoyagesState = given({ round: 16, dice: [1, 1, 1], sheets: [(s) => ((s.stars = { ...s.stars, cargo: 1, duty: 1 }), (s.visited = [at('C9')]))] });
  loss = playAll(loss, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state;
  const outcome = voyages.outcome(loss);
  t.equal(loss.over, true);
  t.same(outcome?.winners, [], '2 stars after round 16: a loss');
  t.equal(outcome?.scores[0], 1 + 6, 'gold is still reported');
});
