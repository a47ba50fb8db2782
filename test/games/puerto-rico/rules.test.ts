/** Rules of §2 that no golden scenario names: ROUND-4, SET-3, BLD-1, BLD-4, CAP-7. */
import t from 'tap';
import type { CargoShip, PuertoRicoState } from '../../../src/games/puerto-rico/types.js';
import { A, B, C, city, goods, inPhase, island, legal, newGame, play, refusal, toMove, withPlayers } from './helpers.js';

t.test('ROUND-4: actions and violet functions are optional, loading is not', async (t) => {
  const builder = withPlayers(inPhase(newGame(3), 'builder', A, { name: 'builder', turn: A, remaining: 3 }), { [A]: { doubloons: 10 } });
  t.ok(legal(builder, A).some((m) => m.type === 'pass'), 'a builder may build nothing');
  const settler = { ...withPlayers(inPhase(newGame(3), 'settler', A, { name: 'settler', turn: A, remaining: 3, haciendaUsed: false }), { [A]: { city: city('hospice+', 'hacienda+') } }), faceUp: ['coffee'] as PuertoRicoState['faceUp'] };
  t.ok(legal(settler, A).some((m) => m.type === 'takePlantation' && !m.hospice), 'the Hospice may be left unused');
  t.ok(legal(settler, A).some((m) => m.type === 'takePlantation'), 'the Hacienda may be skipped: a direct take is listed');
  const captain = withPlayers(inPhase(newGame(3), 'captain', B, { name: 'captain', turn: A, passes: 0, privilegeUsed: false, wharfUsed: [false, false, false] }), { [A]: { goods: goods({ corn: 1 }) } });
  t.equal(refusal(captain, A, { type: 'pass' }), 'ILLEGAL_MOVE', 'loading is compulsory');
});

t.test('SET-3: one face-up plantation on an empty island space, unoccupied, or pass', async (t) => {
  let s = { ...inPhase(newGame(3), 'settler', B, { name: 'settler', turn: B, remaining: 3, haciendaUsed: false }), faceUp: ['sugar', 'coffee', 'corn', 'sugar'] as PuertoRicoState['faceUp'] };
  t.same(
    legal(s, B).filter((m) => m.type === 'takePlantation').map((m) => m.type === 'takePlantation' && m.plantation),
    ['sugar', 'coffee', 'corn'],
    'one move per kind on offer',
  );
  t.equal(refusal(s, B, { type: 'takePlantation', plantation: 'tobacco', hospice: false }), 'ILLEGAL_MOVE', 'not on offer');
  s = play(s, B, { type: 'takePlantation', plantation: 'sugar', hospice: false }).state;
  t.same(s.players[B]!.island, island('indigo', 'sugar'));
  t.same(s.faceUp, ['coffee', 'corn', 'sugar']);
  t.equal(toMove(s), C, 'one tile per turn');
  s = play(s, C, { type: 'pass' }).state;
  t.same(s.players[C]!.island, island('corn'), 'a pass takes nothing');
});

t.test('BLD-1 and BLD-4: at most one building per player, placed unoccupied; a large one takes 2 spaces', async (t) => {
  let s = withPlayers(inPhase(newGame(3), 'builder', A, { name: 'builder', turn: A, remaining: 3 }), { [A]: { doubloons: 30 }, [B]: { doubloons: 30 } });
  s = play(s, A, { type: 'build', building: 'residence', university: false }).state;
  t.same(s.players[A]!.city, [{ building: 'residence', colonists: 0 }]);
  t.equal(toMove(s), B, 'the turn passes after one building');
  t.equal(refusal(s, A, { type: 'build', building: 'harbor', university: false }), 'NOT_YOUR_TURN');
  const nineSmall = city('smallIndigoPlant', 'smallSugarMill', 'indigoPlant', 'sugarMill', 'tobaccoStorage', 'coffeeRoaster', 'smallMarket', 'hacienda', 'constructionHut');
  const withLarge = withPlayers(s, { [B]: { city: [...nineSmall, { building: 'fortress', colonists: 0 }], doubloons: 30 } });
  t.notOk(legal(withLarge, B).some((m) => m.type === 'build' && m.building === 'cityHall'), '9 small + 1 large = 11 spaces: no room for another large');
  t.ok(legal(withLarge, B).some((m) => m.type === 'build' && m.building === 'harbor'));
});

t.test('CAP-7: turns go round; a player who passed keeps his later turns; n passes in a row end the loading', async (t) => {
  const ships: CargoShip[] = [
    { capacity: 4, good: 'coffee', load: 4 },
    { capacity: 5, good: null, load: 0 },
    { capacity: 6, good: null, load: 0 },
  ];
  let s = withPlayers(newGame(3), { [A]: { city: city('wharf+'), goods: goods({ coffee: 2 }) }, [B]: { goods: goods({ corn: 3 }) } });
  s = { ...inPhase(s, 'captain', A, { name: 'captain', turn: A, passes: 0, privilegeUsed: false, wharfUsed: [false, false, false] }), ships };
  t.same(legal(s, A), [{ type: 'wharf', good: 'coffee' }, { type: 'pass' }]);
  s = play(s, A, { type: 'pass' }).state;
  t.equal(toMove(s), B);
  s = play(s, B, { type: 'load', good: 'corn', ship: 1 }).state;
  t.equal(toMove(s), A, "C's pass was forced; A has another turn");
  t.same(legal(s, A), [{ type: 'wharf', good: 'coffee' }, { type: 'pass' }], 'and may still use the Wharf');
  const after = play(s, A, { type: 'pass' }).state;
  t.equal(after.phase.name, 'chooseRole', 'A, B and C passed in a row: loading, storage and unloading are over');
  t.equal(after.players[A]!.goods.coffee, 1, 'A kept 1 barrel');
});
