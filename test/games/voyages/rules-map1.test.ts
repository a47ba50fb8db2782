/** Map 1 rules beyond the golden scenarios, and the engine contract's error codes, as given/when/then. */
import t from 'tap';
import { voyages } from '../../../src/games/voyages/index.js';
import { board } from '../../../src/games/voyages/maps.js';
import type { VoyagesMove, VoyagesState } from '../../../src/games/voyages/types.js';
import { at, box, duty, given, play, playAll, sail, sheet, steer } from './helpers.js';

const map1 = board(1);

t.test('options: defaults, seat counts and unavailable maps', async (t) => {
  t.same(voyages.validateOptions({}, 4), { ok: true, value: { map: 1, maxRounds: null } }, 'no round limit by default: the 3-star end alone ends the game');
  const cases: [unknown, number, string][] = [
    [{}, 0, 'INVALID_SEAT_COUNT'],
    [{}, 13, 'INVALID_SEAT_COUNT'],
    [{ map: 7 }, 2, 'INVALID_OPTIONS'],
    [{ maxRounds: 0 }, 2, 'INVALID_OPTIONS'],
    [{ colour: 'red' }, 2, 'INVALID_OPTIONS'],
  ];
  for (const [options, seats, code] of cases) {
    const r = voyages.validateOptions(options, seats);
    t.equal(r.ok ? 'ok' : r.error.code, code, `${JSON.stringify(options)} with ${seats} seats`);
  }
});

t.test('setup (§1.3): every ship on START F10 with 6 normal sailors, round 1 rolled, everybody to move', async (t) => {
  const options = voyages.validateOptions({}, 3);
  if (!options.ok) throw new Error('options');
  const state = voyages.setup({ seats: 3, options: options.value, seed: 'x' });
  t.same(voyages.toMove(state), [0, 1, 2]);
  t.equal(state.round, 1);
  for (const s of state.players) {
    t.equal(map1.ids[s.ship], 'F10');
    t.same(s.crew, { normal: 6, heroic: 0, exhausted: 0 });
    t.equal(s.step, 'direction');
  }
  t.same(voyages.setup({ seats: 3, options: options.value, seed: 'x' }), state, 'deterministic');
});

t.test('error codes: malformed, illegal, out of turn, game over', async (t) => {
  const start = given({ seats: 2, dice: [1, 2, 3] });
  const codes: [VoyagesMove | unknown, string][] = [
    [null, 'INVALID_MOVE'],
    [{ type: 'fly' }, 'INVALID_MOVE'],
    [{ type: 'steer', die: 3, value: 1, heroic: false }, 'INVALID_MOVE'],
    [{ type: 'steer', die: 0, value: 7, heroic: false }, 'INVALID_MOVE'],
    [{ type: 'steer', die: 0, value: 1 }, 'INVALID_MOVE'],
    [sail(0, 1), 'ILLEGAL_MOVE'],
    [duty(0), 'ILLEGAL_MOVE'],
    [steer(0, 1, true), 'ILLEGAL_MOVE'],
    [{ type: 'sell', mode: 'none', cargo: null }, 'ILLEGAL_MOVE'],
  ];
  for (const [move, code] of codes) {
    const r = voyages.apply(start, 0, move as VoyagesMove);
    t.equal(r.ok ? 'ok' : r.error.code, code, JSON.stringify(move));
  }
  const doneState = playAll(start, 0, [steer(0, 1), sail(1, 2), duty(box(0, 3))]).state;
  const again = voyages.apply(doneState, 0, steer(0, 1));
  t.equal(again.ok ? 'ok' : again.error.code, 'NOT_YOUR_TURN', 'a player who has played waits');
  const stranger = voyages.apply(start, 5, steer(0, 1));
  t.equal(stranger.ok ? 'ok' : stranger.error.code, 'NOT_YOUR_TURN');
  const over = voyages.apply({ ...start, over: true }, 0, steer(0, 1));
  t.equal(over.ok ? 'ok' : over.error.code, 'GAME_OVER');
  t.same(voyages.legalMoves(doneState, 0), []);
});

t.test('§1.5 normal form: sailors only for an effect, one heroic per die, circular distance in normals', async (t) => {
  const start = given({ dice: [1, 4, 6], sheets: [(s) => (s.crew = { normal: 2, heroic: 1, exhausted: 0 })] });
  const moves = voyages.legalMoves(start, 0);
  const has = (die: number, value: number, heroic: boolean) =>
    moves.some((m) => m.type === 'steer' && m.die === die && m.value === value && m.heroic === heroic);
  t.ok(has(0, 1, false), 'unchanged');
  t.notOk(has(0, 1, true), 'no heroic for no effect');
  t.ok(has(0, 6, false), '1 - 1 wraps to 6 for one normal');
  t.ok(has(0, 3, false), 'two normals');
  t.notOk(has(0, 4, false), 'three steps needs three normals');
  t.ok(has(0, 4, true), 'a heroic sets any value');
  const r = play(start, 0, steer(0, 5)).state;
  t.same(sheet(r).crew, { normal: 0, heroic: 1, exhausted: 2 }, '1 -> 5 is two steps through the wrap');
});

t.test('§3.4 barrels: a choice when several tracks are open, automatic with one, refused when all are full', async (t) => {
  // G5 holds a barrel; G6 is plain sea, so a north move of 1 from G6 lands on it.
  const open = given({ dice: [1, 1, 1], sheets: [(s) => (s.ship = at('G6'))] });
  const choice = playAll(open, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state;
  t.equal(map1.ids[sheet(choice).ship], 'G5');
  t.same(
    voyages.legalMoves(choice, 0).map((m) => (m.type === 'cargo' ? m.cargo : '')),
    ['fruit', 'gems', 'spice', 'furs'],
  );
  const loaded = sheet(play(choice, 0, { type: 'cargo', cargo: 'gems' }).state);
  t.same(loaded.cargo[1], { taken: 1, sold: 0 });
  t.ok(loaded.collected.includes(at('G5')));

  const oneOpen = given({ dice: [1, 1, 1], sheets: [(s) => ((s.ship = at('G6')), (s.cargo = [6, 6, 2, 6].map((n) => ({ taken: n, sold: 0 }))))] });
  const auto = sheet(playAll(oneOpen, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state);
  t.same(auto.cargo[2], { taken: 3, sold: 0 }, 'the only open track takes it');

  const full = given({ dice: [1, 1, 1], sheets: [(s) => ((s.ship = at('G6')), (s.cargo = [6, 6, 6, 6].map((n) => ({ taken: n, sold: 0 }))))] });
  const refused = sheet(playAll(full, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state);
  t.notOk(refused.collected.includes(at('G5')), 'every track full: G5 stays uncollected');
});

t.test('§3.4 a full track refuses its cargo; the space stays for later', async (t) => {
  // From A6 north: A5 holds furs.
  const start = given({ dice: [1, 1, 1], sheets: [(s) => ((s.ship = at('A6')), (s.cargo[3] = { taken: 6, sold: 2 }))] });
  const s = sheet(playAll(start, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state);
  t.equal(map1.ids[s.ship], 'A5');
  t.same(s.cargo[3], { taken: 6, sold: 2 });
  t.notOk(s.collected.includes(at('A5')));
});

t.test('§2.6 crew capacity 15: a 16th sailor is lost and the sailor space stays uncollected', async (t) => {
  const start = given({ dice: [1, 1, 1], sheets: [(s) => ((s.ship = at('D7')), (s.crew = { normal: 10, heroic: 0, exhausted: 5 }))] });
  const { state, log } = playAll(start, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]);
  t.same(sheet(state).crew, { normal: 10, heroic: 0, exhausted: 5 });
  t.notOk(sheet(state).collected.includes(at('D6')));
  t.notOk(log.some((e) => e.type === 'sailor.gained'));
});

t.test('§3.5 Dread with no unused sailor does nothing; with only heroics it takes one', async (t) => {
  const onlyHeroic = given({ dice: [1, 1, 1], sheets: [(s) => ((s.ship = at('G3')), (s.crew = { normal: 0, heroic: 1, exhausted: 5 }))] });
  const a = sheet(playAll(onlyHeroic, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state);
  t.same(a.crew, { normal: 0, heroic: 0, exhausted: 6 });
  const none = given({ dice: [1, 1, 1], sheets: [(s) => ((s.ship = at('G3')), (s.crew = { normal: 0, heroic: 0, exhausted: 6 }))] });
  // With no sailor and three equal dice every step is forced: one move plays the whole round.
  const b = sheet(playAll(none, 0, [steer(0, 1)]).state);
  t.equal(map1.ids[b.ship], 'G2');
  t.same(b.crew, { normal: 0, heroic: 0, exhausted: 6 });
  t.equal(b.dreadDefeated, false);
});

t.test('§2.4 the final space resolves after a 0-space move; the star space D3 gives one star once', async (t) => {
  // From D3 heading N: D2 is plain; from the top edge the ship cannot move.
  const edge = given({ dice: [1, 1, 1], sheets: [(s) => (s.ship = at('K1'))] });
  const s = sheet(playAll(edge, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state);
  t.equal(map1.ids[s.ship], 'K1', 'off the map: the ship stays');
  t.equal(s.cargo[1]?.taken, 1, 'K1 gems resolve again on the 0-move');
  const star = given({ dice: [4, 1, 1], sheets: [(x) => ((x.ship = at('D2')), (x.stars = { ...x.stars }))] });
  const once = sheet(playAll(star, 0, [steer(0, 4), sail(1, 1), duty(box(0, 1))]).state);
  t.equal(once.stars.exploration, 1);
  t.ok(once.collected.includes(at('D3')));
});

t.test('§2.6 a relic reward with no normal sailor is lost', async (t) => {
  // Column 3 completes with the 3rd mark: Re; nobody to make heroic.
  const marks = [box(0, 3), box(1, 3)];
  const start = given({
    dice: [1, 1, 1],
    sheets: [(s) => ((s.grid = marks.reduce((g, b) => g | (1 << b), 0)), (s.crew = { normal: 0, heroic: 1, exhausted: 5 }))],
  });
  const { state, log } = playAll(start, 0, [steer(0, 1), sail(1, 1), duty(box(2, 3))]);
  t.ok(log.some((e) => e.type === 'relic.wasted'));
  t.same(sheet(state).crew, { normal: 0, heroic: 1, exhausted: 5 });
});

t.test('our maxRounds option: a multi-player game ends after that round without a trigger', async (t) => {
  let state: VoyagesState = { ...given({ seats: 2, dice: [1, 1, 1], round: 30 }), maxRounds: 30 };
  state = playAll(state, 0, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state;
  t.equal(state.over, false);
  state = playAll(state, 1, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state;
  t.equal(state.over, true);
  t.equal(state.finalRound, null);
});

t.test('§2.8 without maxRounds a multi-player game goes on past round 30 until a player has 3 stars', async (t) => {
  let state: VoyagesState = { ...given({ seats: 2, dice: [1, 1, 1], round: 30 }) };
  t.equal(state.maxRounds, null);
  for (const seat of [0, 1]) state = playAll(state, seat, [steer(0, 1), sail(1, 1), duty(box(0, 1))]).state;
  t.equal(state.over, false);
  t.equal(state.round, 31);
});

t.test('§1.6 simultaneity: seats may act in any order within a round and reach the same state', async (t) => {
  const start = given({ seats: 3, dice: [2, 3, 4] });
  const moves = [steer(0, 2), sail(1, 3), duty(box(0, 4))];
  const forward = [0, 1, 2].reduce((s, seat) => playAll(s, seat, moves).state, start);
  const backward = [2, 1, 0].reduce((s, seat) => playAll(s, seat, moves).state, start);
  t.same(forward, backward);
  t.equal(forward.round, 2, 'the round ends when the last seat finishes');
});

t.test('log entries are structured and name the seat', async (t) => {
  const { log } = playAll(given({ dice: [2, 1, 5] }), 0, [steer(1, 1), sail(0, 2), duty(box(0, 5))]);
  t.same(
    log.map((e) => e.type),
    ['ship.steered', 'ship.moved', 'duty.marked', 'sailor.gained', 'round.rolled'],
  );
  for (const entry of log) t.equal(typeof entry.text, 'string');
  t.same(log.find((e) => e.type === 'ship.moved')?.path, ['F9', 'F8']);
});
