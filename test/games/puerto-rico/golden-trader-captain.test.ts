/** Golden scenarios 31-43 of docs/rules/puerto-rico.md §7: the Trader (TRD-*) and the Captain (CAP-*, END-3). */
import t from 'tap';
import type { Seat } from '../../../src/engine/types.js';
import type { CargoShip, PuertoRicoState } from '../../../src/games/puerto-rico/types.js';
import { A, B, C, D, chooseAndPlayOut, city, freshRound, goods, inPhase, legal, newGame, play, refusal, toMove, withPlayers } from './helpers.js';

const traderPhase = (state: PuertoRicoState, holder: Seat, turn: Seat, remaining = 3) => inPhase(state, 'trader', holder, { name: 'trader', turn, remaining });

function captainPhase(state: PuertoRicoState, holder: Seat, turn: Seat): PuertoRicoState {
  return inPhase(state, 'captain', holder, { name: 'captain', turn, passes: 0, privilegeUsed: false, wharfUsed: state.players.map(() => false) });
}

const ships = (...specs: [number, CargoShip['good'], number][]): CargoShip[] => specs.map(([capacity, good, load]) => ({ capacity, good, load }));

t.test('golden 31: sale income (TRD-3, OCC-1)', async (t) => {
  let s = withPlayers(newGame(3), {
    [A]: { city: city('smallMarket+', 'largeMarket+'), goods: goods({ coffee: 1 }), doubloons: 0 },
    [B]: { city: city('smallMarket+'), goods: goods({ corn: 1 }), doubloons: 0 },
    [C]: { city: city('largeMarket'), goods: goods({ sugar: 1 }), doubloons: 0 },
  });
  s = traderPhase(s, A, A);
  s = play(s, A, { type: 'sell', good: 'coffee' }).state;
  s = play(s, B, { type: 'sell', good: 'corn' }).state;
  s = play(s, C, { type: 'sell', good: 'sugar' }).state;
  t.same(s.players.map((p) => p.doubloons), [8, 1, 2]);
});

t.test('golden 32: the Office (TRD-2)', async (t) => {
  let s = withPlayers(newGame(3), { [B]: { goods: goods({ sugar: 2 }) }, [C]: { city: city('office+'), goods: goods({ sugar: 1 }) } });
  s = { ...traderPhase(s, A, B, 2), tradingHouse: ['sugar'] };
  t.equal(refusal(s, B, { type: 'sell', good: 'sugar' }), 'ILLEGAL_MOVE');
  t.same(legal(s, B), [{ type: 'pass' }]);
  s = play(s, B, { type: 'pass' }).state;
  s = play(s, C, { type: 'sell', good: 'sugar' }).state;
  t.same(s.tradingHouse, ['sugar', 'sugar']);
});

t.test('golden 33: the house fills during the phase, then empties (TRD-2, TRD-4)', async (t) => {
  let s = withPlayers(newGame(3), { [A]: { goods: goods({ sugar: 1 }) }, [B]: { goods: goods({ coffee: 1 }) }, [C]: { goods: goods({ tobacco: 2 }) } });
  s = { ...traderPhase(s, A, A), tradingHouse: ['corn', 'indigo'] };
  const supply = s.goodsSupply;
  s = play(s, A, { type: 'sell', good: 'sugar' }).state;
  t.same(legal(s, B), [{ type: 'sell', good: 'coffee' }, { type: 'pass' }]);
  const full = play(s, B, { type: 'sell', good: 'coffee' });
  t.same(full.state.tradingHouse, [], 'C had no legal sale; at phase end the 4 goods return');
  t.equal(full.state.players[C]!.goods.tobacco, 2);
  t.same(full.state.goodsSupply, { ...supply, corn: supply.corn + 1, indigo: supply.indigo + 1, sugar: supply.sugar + 1, coffee: supply.coffee + 1 });
  t.ok(full.log.some((e) => e.type === 'trader.houseEmptied'));
});

t.test('golden 34: a house not full keeps its goods (TRD-4)', async (t) => {
  let s = withPlayers(newGame(3), {
    [A]: { goods: goods({ indigo: 1, corn: 1, sugar: 1 }) },
    [B]: { goods: goods({ tobacco: 1 }) },
    [C]: { goods: goods({ sugar: 1 }) },
  });
  s = { ...traderPhase(s, A, A), tradingHouse: ['corn'] };
  s = play(s, A, { type: 'sell', good: 'indigo' }).state;
  s = play(s, B, { type: 'pass' }).state;
  s = play(s, C, { type: 'sell', good: 'sugar' }).state;
  t.same(s.tradingHouse, ['corn', 'indigo', 'sugar'], 'the 3 goods stay');
  const nextPhase = traderPhase(freshRound(s), A, A);
  t.same(legal(nextPhase, A), [{ type: 'pass' }], 'A, without an Office, cannot sell corn, indigo or sugar');
  const played = play(freshRound(s), A, { type: 'chooseRole', role: 'trader' }).state;
  t.equal(toMove(played), B, "A's only move, pass, was made by the engine");
  t.same(played.players[A]!.goods, goods({ corn: 1, sugar: 1 }));
});

t.test('golden 35: must load (CAP-2, CAP-3)', async (t) => {
  let s = withPlayers(newGame(3), { [A]: { goods: goods({ corn: 2 }) } });
  s = { ...captainPhase(s, B, A), ships: ships([4, null, 0], [5, 'corn', 4], [6, null, 0]) };
  t.same(legal(s, A), [{ type: 'load', good: 'corn', ship: 1 }]);
  t.equal(refusal(s, A, { type: 'pass' }), 'ILLEGAL_MOVE');
  const after = play(s, A, { type: 'load', good: 'corn', ship: 1 }).state;
  t.equal(after.players[A]!.vp, 1);
  t.equal(after.players[A]!.goods.corn, 1);
});

t.test('golden 36: choosing a new ship (4p; CAP-3, CAP-2)', async (t) => {
  const s = withPlayers(captainPhase(newGame(4), A, A), {
    [A]: { goods: goods({ sugar: 6 }) },
    [B]: { goods: goods({ indigo: 3 }) },
    [C]: { goods: goods({ coffee: 8 }) },
    [D]: { goods: goods({ corn: 1, coffee: 5 }) },
  });
  const at = (seat: Seat) => legal({ ...s, phase: { ...(s.phase as Extract<PuertoRicoState['phase'], { name: 'captain' }>), turn: seat } }, seat);
  t.same(at(A), [{ type: 'load', good: 'sugar', ship: 1 }, { type: 'load', good: 'sugar', ship: 2 }], 'the 6- or 7-ship');
  t.same(at(B).map((m) => m.type === 'load' && m.ship), [0, 1, 2], 'any ship');
  t.same(at(C), [{ type: 'load', good: 'coffee', ship: 2 }], 'only the 7-ship');
  t.same(at(D), [
    { type: 'load', good: 'corn', ship: 0 },
    { type: 'load', good: 'corn', ship: 1 },
    { type: 'load', good: 'corn', ship: 2 },
    { type: 'load', good: 'coffee', ship: 0 },
    { type: 'load', good: 'coffee', ship: 1 },
    { type: 'load', good: 'coffee', ship: 2 },
  ], 'corn, 1 barrel on any ship (and 5 coffee fit any ship too)');
  const c = play({ ...s, phase: { ...(s.phase as Extract<PuertoRicoState['phase'], { name: 'captain' }>), turn: C } }, C, { type: 'load', good: 'coffee', ship: 2 }).state;
  t.same(c.ships[2], { capacity: 7, good: 'coffee', load: 7 });
  t.equal(c.players[C]!.goods.coffee, 1);
});

t.test('golden 37: one kind per ship, no kind on two ships (CAP-1, CAP-3)', async (t) => {
  let s = withPlayers(newGame(3), {
    [A]: { goods: goods({ corn: 3 }) },
    [B]: { goods: goods({ sugar: 5 }) },
    [C]: { goods: goods({ tobacco: 2 }) },
  });
  s = { ...captainPhase(s, A, A), ships: ships([4, 'corn', 4], [5, null, 0], [6, 'sugar', 2]) };
  t.same(legal(s, A), [{ type: 'pass' }], 'A: no legal load, pass is legal');
  const atB = { ...s, phase: { ...(s.phase as Extract<PuertoRicoState['phase'], { name: 'captain' }>), turn: B } };
  t.same(legal(atB, B), [{ type: 'load', good: 'sugar', ship: 2 }], 'B must load onto the 6-ship');
  t.equal(refusal(atB, B, { type: 'load', good: 'sugar', ship: 1 }), 'ILLEGAL_MOVE', 'the 5-ship is illegal for sugar');
  const loaded = play(atB, B, { type: 'load', good: 'sugar', ship: 2 });
  t.same(loaded.log.find((e) => e.type === 'captain.loaded'), { type: 'captain.loaded', text: '{seat:1} shipped 4 sugar on the 6-barrel ship (now 6 of 6) for 4 VP.', seat: B, good: 'sugar', ship: 2, capacity: 6, barrels: 4, load: 6, vp: 4 });
  t.equal(loaded.state.players[B]!.goods.sugar, 1, '4 loaded, the ship is full, 1 sugar left');
  const atC = { ...s, phase: { ...(s.phase as Extract<PuertoRicoState['phase'], { name: 'captain' }>), turn: C } };
  t.same(legal(atC, C), [{ type: 'load', good: 'tobacco', ship: 1 }]);
  // In play, the single legal loads are forced: A passes, then B's and C's loads are made by the engine.
  const played = play(s, A, { type: 'pass' }).state;
  t.same(played.players.map((p) => p.goods), [goods({ corn: 1 }), goods({ sugar: 1 }), goods()]);
});

t.test('golden 38: the captain privilege once, the Harbor on every load (CAP-4, CAP-5)', async (t) => {
  let s = withPlayers(newGame(4), { [A]: { city: city('harbor+'), goods: goods({ corn: 3, sugar: 2 }) } });
  s = captainPhase(s, A, A);
  s = play(s, A, { type: 'load', good: 'corn', ship: 0 }).state;
  t.equal(s.players[A]!.vp, 5, '3 + 1 + 1');
  t.equal(toMove(s), A, 'B, C and D had nothing to ship');
  s = play(s, A, { type: 'load', good: 'sugar', ship: 1 }).state;
  t.equal(s.players[A]!.vp, 8, 'then 2 + 1');

  const b = play(captainPhase(withPlayers(newGame(3), { [B]: { city: city('harbor+'), goods: goods({ indigo: 2 }) } }), A, B), B, { type: 'load', good: 'indigo', ship: 0 }).state;
  t.equal(b.players[B]!.vp, 3);
  const c = play(captainPhase(withPlayers(newGame(3), { [C]: { goods: goods({ indigo: 4 }) } }), A, C), C, { type: 'load', good: 'indigo', ship: 0 }).state;
  t.equal(c.players[C]!.vp, 4);
});

t.test('golden 39: the Wharf (CAP-6, CAP-2)', async (t) => {
  let s = withPlayers(newGame(3), { [A]: { city: city('wharf+'), goods: goods({ tobacco: 5, corn: 1 }) } });
  s = { ...captainPhase(s, B, A), ships: ships([4, 'indigo', 2], [5, 'sugar', 1], [6, 'corn', 3]) };
  t.same(legal(s, A), [
    { type: 'load', good: 'corn', ship: 2 },
    { type: 'wharf', good: 'corn' },
    { type: 'wharf', good: 'tobacco' },
  ]);
  t.equal(refusal(s, A, { type: 'pass' }), 'ILLEGAL_MOVE');
  const tobaccoSupply = s.goodsSupply.tobacco;
  const after = play(s, A, { type: 'wharf', good: 'tobacco' }).state;
  t.equal(after.goodsSupply.tobacco, tobaccoSupply + 5);
  t.equal(after.players[A]!.vp, 6, 'wharf +5, then the forced corn load +1');
  t.same(after.ships[2], { capacity: 6, good: 'corn', load: 4 }, "A's next turn had to be the corn load");

  const used = { ...s, phase: { ...(s.phase as Extract<PuertoRicoState['phase'], { name: 'captain' }>), wharfUsed: [true, false, false] } };
  t.equal(refusal(used, A, { type: 'wharf', good: 'corn' }), 'ILLEGAL_MOVE', 'a second Wharf use is illegal');
  const again = withPlayers(freshRound(after), { [A]: { city: city('wharf+'), goods: goods({ tobacco: 2 }) } });
  const next = play(again, A, { type: 'chooseRole', role: 'captain' }).state;
  t.ok(legal(next, A).some((m) => m.type === 'wharf'));
  t.same(next.phase.name === 'captain' && next.phase.wharfUsed, [false, false, false], 'the Wharf is available again');
});

t.test('golden 40: the Wharf is optional (CAP-6)', async (t) => {
  let s = withPlayers(newGame(3), { [A]: { city: city('wharf+'), goods: goods({ coffee: 2 }) } });
  s = { ...captainPhase(s, B, A), ships: ships([4, 'coffee', 4], [5, null, 0], [6, null, 0]) };
  t.same(legal(s, A), [{ type: 'wharf', good: 'coffee' }, { type: 'pass' }]);
  const passed = play(s, A, { type: 'pass' }).state;
  t.equal(passed.players[A]!.vp, 0);
});

t.test('golden 41: full ships are emptied only at the end of the phase (CAP-1, CAP-9)', async (t) => {
  let s = withPlayers(newGame(3), { [A]: { goods: goods({ indigo: 4 }) }, [B]: { goods: goods({ sugar: 3 }) }, [C]: { goods: goods({ indigo: 2 }) } });
  s = captainPhase(s, A, A);
  const indigoSupply = s.goodsSupply.indigo;
  s = play(s, A, { type: 'load', good: 'indigo', ship: 0 }).state;
  t.same(legal(s, B), [{ type: 'load', good: 'sugar', ship: 1 }, { type: 'load', good: 'sugar', ship: 2 }]);
  const { state, log } = play(s, B, { type: 'load', good: 'sugar', ship: 1 });
  t.equal(state.players[C]!.goods.indigo, 1, "C's indigo could not be loaded; he kept 1 barrel");
  t.same(state.ships, ships([4, null, 0], [5, 'sugar', 3], [6, null, 0]), 'the full 4-ship was emptied, the 5-ship keeps its sugar');
  t.equal(state.goodsSupply.indigo, indigoSupply + 4 + 1);
  t.ok(log.some((e) => e.type === 'captain.unloaded'));

  let next = withPlayers(freshRound(state), { [A]: { goods: goods({ sugar: 4, corn: 1 }) } });
  next = play(next, A, { type: 'chooseRole', role: 'captain' }).state;
  t.same(legal(next, A).filter((m) => m.type === 'load' && m.good === 'sugar'), [{ type: 'load', good: 'sugar', ship: 1 }]);
  t.equal(refusal(next, A, { type: 'load', good: 'corn', ship: 1 }), 'ILLEGAL_MOVE', 'the sugar ship takes no other kind');
});

t.test('golden 42: storage (CAP-8, OCC-1)', async (t) => {
  const held = goods({ corn: 3, indigo: 2, coffee: 1 });
  const storage = (buildings: string[]) =>
    withPlayers(inPhase(newGame(3), 'captain', A, { name: 'storage', turn: A, remaining: 3 }), { [A]: { goods: held, city: city(...buildings) } });
  t.same(legal(storage([]), A), [
    { type: 'store', warehouse: [], barrel: 'corn' },
    { type: 'store', warehouse: [], barrel: 'indigo' },
    { type: 'store', warehouse: [], barrel: 'coffee' },
  ]);
  const none = play(storage([]), A, { type: 'store', warehouse: [], barrel: 'coffee' }).state;
  t.same(none.players[A]!.goods, goods({ coffee: 1 }), 'keeps exactly 1 barrel; 5 return');
  const small = play(storage(['smallWarehouse+']), A, { type: 'store', warehouse: ['corn'], barrel: 'coffee' }).state;
  t.same(small.players[A]!.goods, goods({ corn: 3, coffee: 1 }), '2 indigo return');
  t.equal(refusal(storage(['smallWarehouse+']), A, { type: 'store', warehouse: ['corn', 'indigo'], barrel: 'coffee' }), 'ILLEGAL_MOVE');
  t.same(legal(storage(['largeWarehouse+']), A).length, 3, 'a Large warehouse keeps 2 kinds whole and 1 barrel of the third');
  t.same(legal(storage(['largeWarehouse', 'smallWarehouse']), A).length, 3, 'unoccupied warehouses: as none');
  const both = withPlayers(inPhase(newGame(3), 'captain', A, { name: 'storage', turn: B, remaining: 2 }), { [A]: { goods: held, city: city('largeWarehouse+') } });
  const kept = play({ ...both, phase: { name: 'storage', turn: A, remaining: 3 } }, A, { type: 'store', warehouse: ['corn', 'indigo'], barrel: 'coffee' }).state;
  t.same(kept.players[A]!.goods, held, 'an occupied Large warehouse keeps all 6');
});

t.test('golden 43: the VP chips run out (CAP-10, END-3, END-4)', async (t) => {
  let s = withPlayers(newGame(3), { [A]: { goods: goods({ corn: 5 }) }, [B]: { goods: goods({ indigo: 2 }) } });
  s = { ...captainPhase(s, A, A), vpSupply: 3 };
  s = play(s, A, { type: 'load', good: 'corn', ship: 1 }).state;
  t.equal(s.players[A]!.vp, 6, 'credited 6, 3 beyond the chips');
  t.equal(s.vpSupply, 0);
  t.equal(s.endTriggers.vp, true);
  s = play(s, B, { type: 'load', good: 'indigo', ship: 0 }).state;
  t.equal(s.players[B]!.vp, 2, "B's later load still scores in full");
  t.equal(s.phase.name, 'chooseRole', 'the round goes on');
  s = chooseAndPlayOut(s, 'builder');
  s = chooseAndPlayOut(s, 'settler');
  t.equal(s.phase.name, 'over');

  let exact = withPlayers(newGame(3), { [A]: { goods: goods({ corn: 3 }) } });
  exact = play({ ...captainPhase(exact, A, A), vpSupply: 4 }, A, { type: 'load', good: 'corn', ship: 0 }).state;
  t.equal(exact.vpSupply, 0);
  t.equal(exact.endTriggers.vp, true, 'reaching exactly 0 fires END-3');
});
