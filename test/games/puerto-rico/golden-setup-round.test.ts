/** Golden scenarios 1-6 and 48-51 of docs/rules/puerto-rico.md §7: setup, the round, variants. */
import t from 'tap';
import { GOODS } from '../../../src/games/puerto-rico/data.js';
import { puertoRico } from '../../../src/games/puerto-rico/index.js';
import { buildingPrice } from '../../../src/games/puerto-rico/rules.js';
import type { PuertoRicoState } from '../../../src/games/puerto-rico/types.js';
import { A, B, C, D, chooseAndPlayOut, goods, inPhase, island, newGame, play, refusal, roleDoubloons, toMove, withPlayer, withPlayers } from './helpers.js';

function tileCounts(state: PuertoRicoState): Record<string, number> {
  const out: Record<string, number> = {};
  for (const good of GOODS) out[good] = [...state.stack, ...state.faceUp].filter((g) => g === good).length;
  return out;
}

t.test('golden 1: setup for 3 players (§1.2, §1.3)', async (t) => {
  const s = newGame(3);
  t.same(s.players.map((p) => p.island), [island('indigo'), island('indigo'), island('corn')]);
  t.same(s.players.map((p) => p.doubloons), [2, 2, 2]);
  t.equal(s.vpSupply, 75);
  t.equal(s.colonistShip, 3);
  t.equal(s.colonistSupply, 55);
  t.same(s.ships, [4, 5, 6].map((capacity) => ({ capacity, good: null, load: 0 })));
  t.same(s.roles.map((r) => r.card), ['settler', 'mayor', 'builder', 'craftsman', 'trader', 'captain']);
  t.ok(s.roles.every((r) => r.doubloons === 0 && !r.taken));
  t.equal(s.quarries, 8);
  t.equal(s.faceUp.length, 4);
  t.equal(s.stack.length, 43);
  t.same(tileCounts(s), { corn: 9, indigo: 10, sugar: 11, tobacco: 9, coffee: 8 });
  t.same(s.goodsSupply, goods({ corn: 10, indigo: 11, sugar: 11, tobacco: 9, coffee: 9 }));
  t.same(s.tradingHouse, []);
});

t.test('golden 2: setup for 2 players, the official 2-player game (VAR-1)', async (t) => {
  const s = newGame(2);
  t.same(s.players.map((p) => p.island), [island('indigo'), island('corn')]);
  t.same(s.players.map((p) => p.doubloons), [3, 3]);
  t.equal(s.vpSupply, 65);
  t.equal(s.colonistShip, 2);
  t.equal(s.colonistSupply, 40);
  t.same(s.ships.map((ship) => ship.capacity), [4, 6]);
  t.same(s.roles.map((r) => r.card), ['settler', 'mayor', 'builder', 'craftsman', 'trader', 'captain', 'prospector']);
  t.equal(s.quarries, 5);
  t.equal(s.faceUp.length, 3);
  t.equal(s.stack.length, 30);
  t.same(tileCounts(s), { corn: 6, indigo: 8, sugar: 8, tobacco: 6, coffee: 5 });
  t.same(s.goodsSupply, goods({ corn: 8, indigo: 9, sugar: 9, tobacco: 7, coffee: 7 }));
  t.equal(s.buildingSupply.smallIndigoPlant, 2);
  t.equal(s.buildingSupply.coffeeRoaster, 2);
  t.equal(s.buildingSupply.harbor, 1);
  t.equal(s.buildingSupply.cityHall, 1);
  t.equal(Object.values(s.buildingSupply).reduce((a, b) => a + b, 0), 29);
});

t.test('golden 3: setup for 4 and 5 players (§1.2)', async (t) => {
  const four = newGame(4);
  t.same(four.players.map((p) => p.island[0]?.tile), ['indigo', 'indigo', 'corn', 'corn']);
  t.same(four.players.map((p) => p.doubloons), [3, 3, 3, 3]);
  t.same([four.vpSupply, four.colonistShip, four.colonistSupply], [100, 4, 75]);
  t.same(four.ships.map((ship) => ship.capacity), [5, 6, 7]);
  t.equal(four.roles.length, 7);
  t.same([four.faceUp.length, four.stack.length], [5, 41]);
  t.equal(Object.values(four.buildingSupply).reduce((a, b) => a + b, 0), 49);

  const five = newGame(5);
  t.same(five.players.map((p) => p.island[0]?.tile), ['indigo', 'indigo', 'indigo', 'corn', 'corn']);
  t.same(five.players.map((p) => p.doubloons), [4, 4, 4, 4, 4]);
  t.same([five.vpSupply, five.colonistShip, five.colonistSupply], [122, 5, 95]);
  t.same(five.ships.map((ship) => ship.capacity), [6, 7, 8]);
  t.same(five.roles.map((r) => r.card).filter((c) => c.startsWith('prospector')), ['prospector', 'prospector2']);
  t.equal(five.roles.length, 8);
  t.same([five.faceUp.length, five.stack.length], [6, 39]);
});

t.test('golden 3: the starting plantations follow turn order from a governor who is not seat 0', async (t) => {
  const s = newGame(4, {}, C);
  t.same(s.players.map((p) => p.island[0]?.tile), ['corn', 'corn', 'indigo', 'indigo']);
});

t.test('golden 4: doubloons on unchosen roles and the governor passes (ROUND-2, ROUND-5)', async (t) => {
  let s = newGame(3);
  s = chooseAndPlayOut(s, 'builder');
  s = chooseAndPlayOut(s, 'mayor');
  s = chooseAndPlayOut(s, 'craftsman');
  t.same(roleDoubloons(s), { settler: 1, mayor: 0, builder: 0, craftsman: 0, trader: 1, captain: 1 });
  t.equal(s.governor, B);
  t.equal(toMove(s), B);

  const before = s.players[B]!.doubloons;
  const chosen = play(s, B, { type: 'chooseRole', role: 'captain' });
  t.equal(chosen.state.players[B]!.doubloons, before + 1, 'B takes the doubloon before the phase');
  t.equal(chosen.state.roles.find((r) => r.card === 'captain')?.doubloons, 0);
  s = chooseAndPlayOut(s, 'captain');
  t.equal(toMove(s), C);
  s = chooseAndPlayOut(s, 'mayor');
  s = chooseAndPlayOut(s, 'builder');
  t.same(roleDoubloons(s), { settler: 2, mayor: 0, builder: 0, craftsman: 1, trader: 2, captain: 0 });
  t.equal(s.governor, C);
});

t.test('golden 5: choosing order and phase order (4p; ROUND-1, ROUND-3, TRD-1)', async (t) => {
  let s = newGame(4, {}, B);
  s = withPlayers(s, { [A]: { goods: goods({ indigo: 1 }) }, [B]: { goods: goods({ sugar: 1 }) }, [C]: { goods: goods({ corn: 1 }) }, [D]: { goods: goods({ coffee: 1 }) } });
  t.equal(toMove(s), B);
  s = chooseAndPlayOut(s, 'prospector');
  t.equal(toMove(s), C);
  s = chooseAndPlayOut(s, 'builder');
  t.equal(toMove(s), D, 'D chooses third');
  s = play(s, D, { type: 'chooseRole', role: 'trader' }).state;
  const order: number[] = [];
  while (s.phase.name === 'trader') {
    const seat = toMove(s)!;
    order.push(seat);
    s = play(s, seat, { type: 'pass' }).state;
  }
  t.same(order, [D, A, B, C], 'the sale opportunities go D, A, B, C');
  t.equal(toMove(s), A, 'the next chooser is A');
  t.equal(s.phase.name, 'chooseRole');
});

t.test('golden 6: the Prospector (PRO-1, ROUND-2)', async (t) => {
  let s = newGame(4);
  s = { ...s, choices: 2, roles: s.roles.map((r) => (r.card === 'prospector' ? { ...r, doubloons: 2 } : r)) };
  t.equal(toMove(s), C);
  const before = s.players.map((p) => p.doubloons);
  const { state: after, log } = play(s, C, { type: 'chooseRole', role: 'prospector' });
  t.same(after.players.map((p) => p.doubloons), before.map((d, seat) => (seat === C ? d + 3 : d)));
  t.equal(after.phase.name, 'chooseRole', 'no other player acts');
  t.equal(toMove(after), D);
  t.same(log.map((e) => e.type), ['role.chosen', 'prospector']);
  t.notOk(newGame(3).roles.some((r) => r.card.startsWith('prospector')), 'no Prospector with 3 players');
});

t.test('golden 48: the official 2-player order A,B,A,B,A,B (VAR-1, ROUND-5)', async (t) => {
  let s = newGame(2);
  const choosers: number[] = [];
  for (const card of ['prospector', 'builder', 'settler', 'trader', 'craftsman', 'mayor'] as const) {
    choosers.push(toMove(s)!);
    s = chooseAndPlayOut(s, card);
  }
  t.same(choosers, [A, B, A, B, A, B]);
  t.same(roleDoubloons(s).captain, 1, 'the single remaining card gets 1 doubloon');
  t.equal(Object.values(roleDoubloons(s)).reduce((a, b) => a! + b!, 0), 1);
  t.equal(s.governor, B);
  t.equal(s.choices, 0, 'a 7th choice is not part of round 1: the round is over');
  t.equal(refusal(s, A, { type: 'chooseRole', role: 'captain' }), 'NOT_YOUR_TURN');
  const next: number[] = [];
  for (const card of ['prospector', 'builder', 'settler', 'trader', 'craftsman', 'mayor'] as const) {
    next.push(toMove(s)!);
    s = chooseAndPlayOut(s, card);
  }
  t.same(next, [B, A, B, A, B, A]);
});

t.test('golden 49: the two-player rules variant A,B,A,B,A (VAR-2)', async (t) => {
  let s = newGame(2, { roleOrder: 'alternating5' });
  const choosers: number[] = [];
  for (const card of ['prospector', 'builder', 'settler', 'trader', 'craftsman'] as const) {
    choosers.push(toMove(s)!);
    s = chooseAndPlayOut(s, card);
  }
  t.same(choosers, [A, B, A, B, A]);
  t.same(roleDoubloons(s), { settler: 0, mayor: 1, builder: 0, craftsman: 0, trader: 0, captain: 1, prospector: 0 });
  t.equal(s.governor, B);
  const next: number[] = [];
  for (const card of ['prospector', 'builder', 'settler', 'trader', 'craftsman'] as const) {
    next.push(toMove(s)!);
    s = chooseAndPlayOut(s, card);
  }
  t.same(next, [B, A, B, A, B]);
});

t.test('golden 50: the balance variant (VAR-3, BLD-3)', async (t) => {
  const s = newGame(2, { balance: true });
  t.same(s.players.map((p) => p.doubloons), [3, 2], 'the corn player starts with 1 less');
  let builder = inPhase(s, 'builder', A, { name: 'builder', turn: A, remaining: 2 });
  builder = withPlayer(builder, A, { island: island('indigo', 'quarry+', 'quarry+'), doubloons: 20 });
  t.equal(buildingPrice(builder, A, 'university'), 4, 'University 7 - 2 - 1');
  t.equal(buildingPrice(builder, A, 'factory'), 5, 'Factory 8 - 2 - 1');
  const built = play(builder, A, { type: 'build', building: 'university', university: false }).state;
  t.equal(built.players[A]!.doubloons, 16);
  const official = withPlayer(inPhase(newGame(2), 'builder', A, { name: 'builder', turn: A, remaining: 2 }), A, { island: island('indigo', 'quarry+', 'quarry+'), doubloons: 20 });
  t.equal(buildingPrice(official, A, 'university'), 5, 'without the variant the University costs 8');
  t.equal(buildingPrice(official, A, 'factory'), 4, 'and the Factory 7');
});

t.test('golden 51: combining the options (§5)', async (t) => {
  const both = newGame(2, { balance: true, roleOrder: 'alternating5' });
  t.same(both.players.map((p) => p.doubloons), [3, 2]);
  let s = both;
  for (const card of ['prospector', 'builder', 'settler', 'trader', 'craftsman'] as const) s = chooseAndPlayOut(s, card);
  t.equal(s.governor, B, 'the round ends after 5 choices');
  for (const options of [{ balance: true }, { roleOrder: 'alternating5' }]) {
    const result = puertoRico.validateOptions(options, 3);
    t.equal(result.ok ? 'accepted' : result.error.code, 'INVALID_OPTIONS', `${JSON.stringify(options)} with 3 players`);
  }
  t.ok(puertoRico.validateOptions({}, 3).ok, 'the defaults are fine with 3 players');
  const bad = puertoRico.validateOptions({ roleOrder: 'A,B' }, 2);
  t.equal(bad.ok ? 'accepted' : bad.error.code, 'INVALID_OPTIONS', 'an unknown role order is refused by the schema');
  const seats = puertoRico.validateOptions({}, 6);
  t.equal(seats.ok ? 'accepted' : seats.error.code, 'INVALID_SEAT_COUNT');
});
