/** Golden scenarios 15-22 of docs/rules/puerto-rico.md §7: the Mayor phase (MAY-1 to MAY-6, END-1). */
import t from 'tap';
import { colonistsOf } from '../../../src/games/puerto-rico/rules.js';
import type { PuertoRicoState } from '../../../src/games/puerto-rico/types.js';
import { A, B, C, D, chooseAndPlayOut, city, inPhase, island, legal, newGame, play, refusal, roleDoubloons, toMove, withPlayers } from './helpers.js';

/** Boards with room to spare, so no arrangement is forced and the phase waits for each player. */
const roomy = { island: island('corn', 'indigo', 'sugar'), city: city('indigoPlant', 'sugarMill') };

/** The round's position when the `choices`-th role is to be chosen (governor A, so seat = choices). */
function atChoice(state: PuertoRicoState, choices: number): PuertoRicoState {
  return { ...state, choices, phase: { name: 'chooseRole' } };
}

t.test('golden 15: privilege and round-robin distribution (MAY-1, MAY-2)', async (t) => {
  let s = withPlayers(newGame(3), { [A]: roomy, [B]: roomy, [C]: roomy });
  s = { ...atChoice(s, 1), colonistShip: 7, colonistSupply: 30 };
  t.equal(toMove(s), B);
  s = play(s, B, { type: 'chooseRole', role: 'mayor' }).state;
  t.same(legal(s, B), [
    { type: 'mayorPrivilege', accept: true },
    { type: 'mayorPrivilege', accept: false },
  ]);
  const accepted = play(s, B, { type: 'mayorPrivilege', accept: true });
  t.equal(accepted.state.colonistSupply, 29);
  t.same(accepted.state.players.map(colonistsOf), [2, 4, 2], 'B +1 +3, C +2, A +2');
  t.equal(accepted.state.colonistShip, 0);
  t.same(accepted.log.find((e) => e.type === 'mayor.distributed')?.['received'], [2, 3, 2]);
  t.equal(accepted.state.phase.name, 'mayor');
  t.equal(toMove(accepted.state), B, 'the mayor arranges first');

  const declined = play(s, B, { type: 'mayorPrivilege', accept: false }).state;
  t.equal(declined.colonistSupply, 30);
  t.same(declined.players.map(colonistsOf), [2, 3, 2]);
});

t.test('golden 16: no privilege from an empty supply (MAY-1)', async (t) => {
  let s = withPlayers(newGame(3), { [A]: roomy, [B]: roomy, [C]: roomy });
  s = { ...s, colonistShip: 3, colonistSupply: 0 };
  s = play(s, A, { type: 'chooseRole', role: 'mayor' }).state;
  t.equal(s.phase.name, 'mayor', 'the privilege step is skipped');
  t.notOk(legal(s, A).some((m) => m.type === 'mayorPrivilege'));
  t.equal(refusal(s, A, { type: 'mayorPrivilege', accept: true }), 'ILLEGAL_MOVE');
  t.same(s.players.map(colonistsOf), [1, 1, 1]);
  t.equal(s.colonistShip, 0);
});

t.test('golden 17: a ship below n, then END-1 (MAY-2, MAY-5, BLD-5)', async (t) => {
  let s = atChoice(newGame(3), 2);
  s = { ...s, colonistShip: 2, colonistSupply: 0 };
  const { state, log } = play(s, C, { type: 'chooseRole', role: 'mayor' });
  t.same(log.find((e) => e.type === 'mayor.distributed')?.['received'], [1, 0, 1], 'C +1, A +1, B +0');
  t.equal(state.endTriggers.colonists, true, 'END-1 fires');
  t.equal(state.phase.name, 'over', 'the Mayor was the last choice of the round: the game ends');
});

t.test('golden 18: the fill rule below capacity (MAY-3, MAY-4)', async (t) => {
  let s = withPlayers(newGame(3), { [A]: { island: island('corn', 'indigo', 'sugar'), city: city('indigoPlant', 'smallMarket'), sanJuan: 5 } });
  s = inPhase(s, 'mayor', A, { name: 'mayor', turn: A, remaining: 3 });
  const leaveCornAndMarket = { type: 'arrange', plantations: { indigo: 1, sugar: 1 }, buildings: { indigoPlant: 3 } } as const;
  const after = play(s, A, leaveCornAndMarket).state;
  t.equal(after.players[A]!.sanJuan, 0);
  t.same(after.players[A]!.island, island('corn', 'indigo+', 'sugar+'));
  t.same(after.players[A]!.city, city('indigoPlant:3', 'smallMarket'));
  t.equal(refusal(s, A, { type: 'arrange', plantations: { corn: 1, indigo: 1, sugar: 1 }, buildings: { smallMarket: 1, indigoPlant: 1 } }), null);
  t.equal(refusal(s, A, { type: 'arrange', plantations: { indigo: 1 }, buildings: { indigoPlant: 3 } }), 'ILLEGAL_MOVE', '1 left in San Juan');
  t.equal(refusal(s, A, { type: 'arrange', plantations: {}, buildings: {} }), 'ILLEGAL_MOVE', '5 left in San Juan');
  t.equal(refusal(s, A, { type: 'arrange', plantations: { indigo: 2 }, buildings: { indigoPlant: 3 } }), 'ILLEGAL_MOVE', 'two colonists on one tile');
  t.equal(refusal(s, A, { type: 'arrange', plantations: { coffee: 1 }, buildings: { indigoPlant: 3, smallMarket: 1 } }), 'ILLEGAL_MOVE', 'no coffee tile');
  t.equal(refusal(s, A, { type: 'arrange', plantations: { corn: 1 }, buildings: { indigoPlant: 3, harbor: 1 } }), 'ILLEGAL_MOVE', 'an unowned building');
  t.ok(legal(s, A).length > 1, 'several sensible arrangements are listed');
  for (const move of legal(s, A)) t.equal(refusal(s, A, move), null, `listed ${JSON.stringify(move)} is legal`);
});

t.test('golden 19: the fill rule with a surplus (MAY-4)', async (t) => {
  let s = withPlayers(newGame(3), { [A]: { island: island('corn', 'indigo', 'sugar'), city: city('indigoPlant', 'smallMarket'), sanJuan: 9 } });
  s = inPhase(s, 'mayor', A, { name: 'mayor', turn: A, remaining: 3 });
  t.same(legal(s, A), [{ type: 'arrange', plantations: { corn: 1, indigo: 1, sugar: 1 }, buildings: { indigoPlant: 3, smallMarket: 1 } }]);
  t.equal(refusal(s, A, { type: 'arrange', plantations: { corn: 1, indigo: 1 }, buildings: { indigoPlant: 3, smallMarket: 1 } }), 'ILLEGAL_MOVE', '3 in San Juan');
  const after = play(s, A, legal(s, A)[0]!).state;
  t.equal(after.players[A]!.sanJuan, 2);

  // In play the engine makes that forced arrangement itself.
  let flow = withPlayers(newGame(3), { [A]: { island: island('corn', 'indigo', 'sugar'), city: city('indigoPlant', 'smallMarket'), sanJuan: 9 }, [B]: roomy, [C]: roomy });
  flow = { ...flow, colonistSupply: 0, colonistShip: 3 };
  flow = play(flow, A, { type: 'chooseRole', role: 'mayor' }).state;
  t.equal(toMove(flow), B, "A's only arrangement was played for him");
  t.equal(flow.players[A]!.sanJuan, 3);
});

t.test('golden 20: rearrangement and its timing (MAY-3, MAY-6)', async (t) => {
  let s = withPlayers(newGame(3), { [A]: { island: island('corn+', 'indigo+'), city: city('indigoPlant+', 'harbor') } });
  s = inPhase(s, 'mayor', A, { name: 'mayor', turn: A, remaining: 3 });
  const moved = play(s, A, { type: 'arrange', plantations: { corn: 1, indigo: 1 }, buildings: { harbor: 1 } }).state;
  t.same(moved.players[A]!.city, city('indigoPlant', 'harbor+'));

  const builder = withPlayers(inPhase(newGame(3), 'builder', A, { name: 'builder', turn: A, remaining: 3 }), {
    [A]: { island: island('corn+', 'indigo+'), city: city('indigoPlant:3'), sanJuan: 1, doubloons: 10 },
  });
  t.equal(refusal(builder, A, { type: 'arrange', plantations: { corn: 1, indigo: 1 }, buildings: { indigoPlant: 3 } }), 'ILLEGAL_MOVE', 'no colonist moves outside a Mayor phase');
  const built = play(builder, A, { type: 'build', building: 'harbor', university: false }).state;
  t.same(built.players[A]!.city, city('indigoPlant:3', 'harbor'), 'the San Juan colonist does not move onto the new building');
  t.equal(built.players[A]!.sanJuan, 1);
});

t.test('golden 21: the refill is max(n, empty building circles) (4p; MAY-5)', async (t) => {
  const boards = {
    [A]: { island: island('corn+'), city: city('indigoPlant+') },
    [B]: { island: island('corn+') },
    [C]: { island: island('corn+'), city: city('sugarMill') },
    [D]: { island: island('corn', 'sugar'), city: city('harbor'), sanJuan: 1 },
  };
  let s = withPlayers(inPhase(newGame(4), 'mayor', A, { name: 'mayor', turn: D, remaining: 1 }), boards);
  s = { ...s, colonistShip: 0, colonistSupply: 30 };
  const after = play(s, D, { type: 'arrange', plantations: { sugar: 1 }, buildings: {} }).state;
  t.equal(after.colonistShip, 6, 'E = 2 + 0 + 3 + 1');
  t.equal(after.colonistSupply, 24);

  const small = withPlayers(s, { [C]: { island: island('corn+'), city: [] } });
  const four = play(small, D, { type: 'arrange', plantations: { sugar: 1 }, buildings: {} }).state;
  t.equal(four.colonistShip, 4, 'E = 3 < n = 4; empty plantation circles never count');
  t.equal(four.colonistSupply, 26);
});

t.test('golden 22: a refill shortfall ends the game after the round (MAY-5, END-1, END-4)', async (t) => {
  let s = withPlayers(newGame(3), { [A]: { island: island('corn+'), city: city('harbor') } });
  s = { ...s, colonistShip: 0, colonistSupply: 2 };
  s = chooseAndPlayOut(s, 'builder');
  const doubloonsOnRoles = roleDoubloons(s);
  s = chooseAndPlayOut(s, 'mayor');
  t.equal(s.colonistShip, 2);
  t.equal(s.colonistSupply, 0);
  t.equal(s.endTriggers.colonists, true);
  t.equal(s.phase.name, 'chooseRole', 'the 3rd player still chooses');
  t.equal(toMove(s), C);
  s = chooseAndPlayOut(s, 'trader');
  t.equal(s.phase.name, 'over');
  t.same(roleDoubloons(s), doubloonsOnRoles, 'no doubloons go on the roles');
  t.equal(s.governor, A, 'the governor does not pass');
  t.equal(refusal(s, A, { type: 'chooseRole', role: 'settler' }), 'GAME_OVER');
});

t.test('an arrangement with one possibility is made by the engine (MAY-4, ROUND-7)', async (t) => {
  let s = withPlayers(newGame(3), {
    [A]: { island: island('corn', 'corn', 'corn'), sanJuan: 0 },
    [B]: roomy,
    [C]: roomy,
  });
  s = { ...s, colonistShip: 6, colonistSupply: 0 };
  s = play(s, A, { type: 'chooseRole', role: 'mayor' }).state;
  t.same(s.players[A]!.island, island('corn+', 'corn+', 'corn'), '2 colonists on 3 corn tiles: only one arrangement');
  t.equal(toMove(s), B);
  t.same(legal(s, B).length > 1, true, 'B, with buildings and several kinds, chooses');
});
