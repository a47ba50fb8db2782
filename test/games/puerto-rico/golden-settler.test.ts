/** Golden scenarios 7-14 of docs/rules/puerto-rico.md §7: the Settler phase (SET-2 to SET-8). */
import t from 'tap';
import type { Seat } from '../../../src/engine/types.js';
import type { PuertoRicoState } from '../../../src/games/puerto-rico/types.js';
import { A, B, C, D, E, city, inPhase, island, legal, newGame, play, refusal, toMove, withPlayers } from './helpers.js';

/** The Settler phase chosen by `settler`, at `turn`'s turn with `remaining` turns left. */
function settlerPhase(state: PuertoRicoState, settler: Seat, turn: Seat, remaining: number): PuertoRicoState {
  return inPhase(state, 'settler', settler, { name: 'settler', turn, remaining, haciendaUsed: false }, 1);
}

const hasQuarry = (state: PuertoRicoState, seat: Seat) => legal(state, seat).some((m) => m.type === 'takeQuarry');

t.test('golden 7: quarry rights (SET-4, OCC-1)', async (t) => {
  let s = withPlayers(newGame(3), { [A]: { city: city('constructionHut+') }, [C]: { city: city('constructionHut') } });
  s = { ...settlerPhase(s, B, B, 3), faceUp: ['corn', 'sugar', 'coffee', 'indigo'] };
  t.equal(s.quarries, 8);
  t.ok(hasQuarry(s, B), 'the settler may take a quarry');
  s = play(s, B, { type: 'takeQuarry', hospice: false }).state;
  t.equal(s.quarries, 7);
  t.same(s.players[B]!.island.map((tile) => tile.tile), ['indigo', 'quarry']);
  t.equal(toMove(s), C);
  t.notOk(hasQuarry(s, C), 'an unoccupied Construction hut gives no quarry');
  t.equal(refusal(s, C, { type: 'takeQuarry', hospice: false }), 'ILLEGAL_MOVE');
  t.ok(legal(s, C).some((m) => m.type === 'takePlantation'));
  t.ok(legal(s, C).some((m) => m.type === 'pass'));
  s = play(s, C, { type: 'takePlantation', plantation: 'sugar', hospice: false }).state;
  t.equal(toMove(s), A);
  t.ok(hasQuarry(s, A), 'an occupied Construction hut gives the quarry right');

  const noHut = { ...settlerPhase(newGame(3), B, C, 2), faceUp: ['corn', 'sugar'] as PuertoRicoState['faceUp'] };
  t.equal(refusal(noHut, C, { type: 'takeQuarry', hospice: false }), 'ILLEGAL_MOVE', 'a non-settler without a hut');
});

t.test('golden 8: quarries exhausted (SET-8)', async (t) => {
  const s = { ...settlerPhase(newGame(3), A, A, 3), quarries: 0, faceUp: ['corn', 'sugar', 'sugar', 'coffee'] as PuertoRicoState['faceUp'] };
  t.same(
    legal(s, A).map((m) => m.type),
    ['takePlantation', 'takePlantation', 'takePlantation', 'pass'],
  );
  t.equal(refusal(s, A, { type: 'takeQuarry', hospice: false }), 'ILLEGAL_MOVE');
});

t.test('golden 9: Hacienda and Hospice (SET-2, SET-5)', async (t) => {
  let s = withPlayers(newGame(3), { [C]: { island: island('corn', 'corn', 'sugar', 'indigo', 'quarry'), city: city('hacienda+', 'hospice+') } });
  s = { ...settlerPhase(s, B, C, 2), colonistSupply: 10, stack: ['tobacco', 'corn', 'sugar'], faceUp: ['coffee', 'corn', 'indigo', 'sugar'] };
  t.ok(legal(s, C).some((m) => m.type === 'useHacienda'));
  s = play(s, C, { type: 'useHacienda' }).state;
  t.same(s.players[C]!.island[5], { tile: 'tobacco', occupied: false }, 'the drawn tobacco is placed unoccupied');
  t.equal(s.colonistSupply, 10, 'no Hospice colonist on the Hacienda tile');
  t.equal(toMove(s), C, 'C goes on with his normal take');
  t.notOk(legal(s, C).some((m) => m.type === 'useHacienda'), 'the Hacienda is used once');
  s = play(s, C, { type: 'takePlantation', plantation: 'coffee', hospice: true }).state;
  t.equal(s.players[C]!.island.length, 7);
  t.same(s.players[C]!.island[6], { tile: 'coffee', occupied: true });
  t.equal(s.colonistSupply, 9);
  t.same(s.stack, ['corn', 'sugar'], 'stack -1');
  t.same(s.faceUp, ['corn', 'indigo', 'sugar'], 'face-up row -1');
});

t.test('golden 9: the Hacienda is only at the start of the turn (SET-2)', async (t) => {
  let s = withPlayers(newGame(3), { [C]: { city: city('hacienda+') } });
  s = { ...settlerPhase(s, B, C, 2), faceUp: ['coffee', 'corn'] };
  s = play(s, C, { type: 'takePlantation', plantation: 'coffee', hospice: false }).state;
  t.equal(toMove(s), A, 'a take ends the turn');
  t.equal(refusal(s, C, { type: 'useHacienda' }), 'NOT_YOUR_TURN');
});

t.test('golden 10: the Hacienda fills the island (SET-2, SET-6)', async (t) => {
  const eleven = island('corn', 'corn', 'corn', 'indigo', 'indigo', 'sugar', 'sugar', 'quarry', 'quarry', 'coffee', 'tobacco');
  let s = withPlayers(newGame(3), { [C]: { island: eleven, city: city('hacienda+', 'constructionHut+') } });
  s = { ...settlerPhase(s, B, C, 2), stack: ['sugar', 'corn'], faceUp: ['coffee', 'corn'] };
  s = play(s, C, { type: 'useHacienda' }).state;
  t.equal(s.players[C]!.island.length, 12);
  t.equal(toMove(s), A, "C's turn ends: a face-up tile or quarry is illegal now");
  t.same(s.faceUp, ['coffee', 'corn']);
});

t.test('golden 11: the Hospice colonist comes from the ship when the supply is empty (SET-5)', async (t) => {
  const base = withPlayers(newGame(3), { [A]: { city: city('hospice+') } });
  let s = { ...settlerPhase(base, A, A, 3), colonistSupply: 0, colonistShip: 4, faceUp: ['coffee', 'corn'] as PuertoRicoState['faceUp'] };
  s = play(s, A, { type: 'takePlantation', plantation: 'coffee', hospice: true }).state;
  t.equal(s.colonistShip, 3);
  t.same(s.players[A]!.island[1], { tile: 'coffee', occupied: true });

  const empty = { ...settlerPhase(base, A, A, 3), colonistSupply: 0, colonistShip: 0, faceUp: ['coffee', 'corn'] as PuertoRicoState['faceUp'] };
  t.notOk(legal(empty, A).some((m) => m.type === 'takePlantation' && m.hospice), 'no colonist: no Hospice option');
  t.equal(refusal(empty, A, { type: 'takePlantation', plantation: 'coffee', hospice: true }), 'ILLEGAL_MOVE');
  const taken = play(empty, A, { type: 'takePlantation', plantation: 'coffee', hospice: false }).state;
  t.same(taken.players[A]!.island[1], { tile: 'coffee', occupied: false });
});

t.test('golden 12: a full island leaves only pass (SET-6, ROUND-7)', async (t) => {
  const twelve = island('corn', 'corn', 'corn', 'indigo', 'indigo', 'sugar', 'sugar', 'quarry', 'quarry', 'coffee', 'tobacco', 'tobacco');
  let s = withPlayers(newGame(3), { [B]: { island: twelve, city: city('hacienda+') } });
  s = { ...settlerPhase(s, A, B, 2) };
  t.same(legal(s, B), [{ type: 'pass' }]);
  t.equal(refusal(s, B, { type: 'useHacienda' }), 'ILLEGAL_MOVE');
  // In play the engine submits that forced pass itself: after A's take, B is skipped.
  let flow = { ...settlerPhase(withPlayers(newGame(3), { [B]: { island: twelve, city: city('hacienda+') } }), A, A, 3), faceUp: ['coffee', 'corn', 'sugar', 'indigo'] as PuertoRicoState['faceUp'] };
  flow = play(flow, A, { type: 'takePlantation', plantation: 'coffee', hospice: false }).state;
  t.equal(toMove(flow), C, "B's only move, pass, was played by the engine");
});

t.test('golden 13: refill with a reshuffle (4p; SET-7)', async (t) => {
  let s = settlerPhase(newGame(4), A, D, 1);
  s = { ...s, faceUp: ['indigo'], discard: ['corn', 'sugar', 'coffee', 'tobacco'], stack: ['sugar'] };
  const { state, log } = play(s, D, { type: 'pass' });
  t.equal(state.faceUp.length, 5);
  t.equal(state.stack.length, 1);
  t.equal(state.discard.length, 0);
  t.equal(state.faceUp[0], 'sugar', 'the stack tile is drawn first');
  t.same([...state.faceUp, ...state.stack].sort(), ['coffee', 'corn', 'indigo', 'sugar', 'sugar', 'tobacco']);
  t.ok(log.some((e) => e.type === 'settler.reshuffle'));
  t.equal(state.phase.name, 'chooseRole');
});

t.test('golden 14: the refill runs dry (5p; SET-7)', async (t) => {
  let s = settlerPhase(newGame(5), A, E, 1);
  s = { ...s, faceUp: ['coffee'], discard: [], stack: [] };
  const { state } = play(s, E, { type: 'pass' });
  t.same(state.faceUp, ['coffee']);
  t.equal(state.stack.length, 0);
  t.equal(state.discard.length, 0);
});
