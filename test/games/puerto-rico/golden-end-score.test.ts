/** Golden scenarios 44-47 of docs/rules/puerto-rico.md §7: occupancy (OCC-*), the end (END-*) and scoring (SCO-*). */
import t from 'tap';
import type { Seat } from '../../../src/engine/types.js';
import { puertoRico } from '../../../src/games/puerto-rico/index.js';
import { largeBonus, scoreBreakdown, type LargeBonus } from '../../../src/games/puerto-rico/score.js';
import type { PlayerState, PuertoRicoState } from '../../../src/games/puerto-rico/types.js';
import { A, B, C, D, chooseAndPlayOut, city, goods, inPhase, island, legal, newGame, play, refusal, toMove, withPlayers } from './helpers.js';

t.test('golden 44: an unoccupied building does nothing (OCC-1)', async (t) => {
  const buildings = city('hospice', 'harbor', 'smallWarehouse', 'constructionHut', 'factory', 'smallIndigoPlant+', 'smallSugarMill+');
  const base = withPlayers(newGame(3), { [B]: { city: buildings, island: island('corn+', 'indigo+', 'sugar+'), doubloons: 0 } });

  const settler = { ...inPhase(base, 'settler', A, { name: 'settler', turn: B, remaining: 2, haciendaUsed: false }), faceUp: ['coffee', 'corn'] as PuertoRicoState['faceUp'] };
  t.equal(refusal(settler, B, { type: 'takePlantation', plantation: 'coffee', hospice: true }), 'ILLEGAL_MOVE', 'no Hospice colonist');
  t.notOk(legal(settler, B).some((m) => m.type === 'takeQuarry'), 'no quarry as a non-settler');

  const captain = withPlayers(inPhase(base, 'captain', A, { name: 'captain', turn: B, passes: 0, privilegeUsed: false, wharfUsed: [false, false, false] }), { [B]: { goods: goods({ corn: 2 }) } });
  t.equal(play(captain, B, { type: 'load', good: 'corn', ship: 0 }).state.players[B]!.vp, 2, 'no Harbor +1');

  const storage = withPlayers(inPhase(base, 'captain', A, { name: 'storage', turn: B, remaining: 2 }), { [B]: { goods: goods({ corn: 2, sugar: 2 }) } });
  t.ok(legal(storage, B).every((m) => m.type === 'store' && m.warehouse.length === 0), 'stores only 1 barrel');

  const craftsman = play({ ...base, choices: 1 }, B, { type: 'chooseRole', role: 'craftsman' }).state;
  const produced = play(craftsman, B, { type: 'produce' }).state;
  t.same(produced.players[B]!.goods, goods({ corn: 1, indigo: 1, sugar: 1 }), '3 kinds');
  t.equal(produced.players[B]!.doubloons, 0, 'an unoccupied Factory pays nothing');
});

t.test('golden 45: the round is completed after END-2 (4p; END-2, END-4, ROUND-6)', async (t) => {
  const eleven = city('smallIndigoPlant', 'smallSugarMill', 'indigoPlant', 'sugarMill', 'tobaccoStorage', 'coffeeRoaster', 'smallMarket', 'hacienda', 'constructionHut', 'smallWarehouse', 'hospice');
  let s = withPlayers(newGame(4), { [B]: { city: eleven, doubloons: 10 }, [D]: { goods: goods({ corn: 3 }) } });
  s = chooseAndPlayOut(s, 'settler');
  s = play(s, B, { type: 'chooseRole', role: 'builder' }).state;
  s = play(s, B, { type: 'build', building: 'office', university: false }).state;
  t.equal(s.endTriggers.city, true);
  while (s.phase.name === 'builder') s = play(s, toMove(s) as Seat, { type: 'pass' }).state;
  t.equal(toMove(s), C, 'C still chooses');
  s = chooseAndPlayOut(s, 'trader');
  t.equal(toMove(s), D, 'D still chooses');
  s = play(s, D, { type: 'chooseRole', role: 'captain' }).state;
  s = play(s, D, { type: 'load', good: 'corn', ship: 0 }).state;
  t.equal(s.players[D]!.vp, 4, "D's Captain phase loads and scores (3 + privilege)");
  t.equal(s.phase.name, 'over', 'then the game ends');
  t.ok(puertoRico.outcome(s));
});

function player(patch: Partial<PlayerState>): PlayerState {
  return { doubloons: 0, vp: 0, goods: goods(), island: [], city: [], sanJuan: 0, ...patch };
}

t.test('golden 46: large-building bonuses (SCO-2, OCC-2)', async (t) => {
  const tiles = (n: number) => island(...Array<string>(n).fill('corn'));
  const table: [string, LargeBonus, PlayerState, number][] = [
    ['Guild hall', 'guildHall', player({ city: city('guildHall+', 'smallIndigoPlant', 'smallSugarMill', 'indigoPlant', 'coffeeRoaster') }), 6],
    ['Residence, 9 tiles', 'residence', player({ city: city('residence+'), island: tiles(9) }), 4],
    ['Residence, 10 tiles', 'residence', player({ city: city('residence+'), island: tiles(10) }), 5],
    ['Residence, 11 tiles', 'residence', player({ city: city('residence+'), island: tiles(11) }), 6],
    ['Residence, 12 tiles', 'residence', player({ city: city('residence+'), island: tiles(12) }), 7],
    ['Fortress, 14 on the board + 3 in San Juan', 'fortress', player({ city: city('fortress+', 'indigoPlant:3'), island: island(...Array<string>(10).fill('corn+')), sanJuan: 3 }), 5],
    ['Customs house, 23 VP', 'customsHouse', player({ city: city('customsHouse+'), vp: 23 }), 5],
    ['Customs house, 24 VP', 'customsHouse', player({ city: city('customsHouse+'), vp: 24 }), 6],
    ['City hall', 'cityHall', player({ city: city('cityHall+', 'fortress', 'harbor', 'smallMarket', 'hacienda', 'coffeeRoaster', 'indigoPlant') }), 5],
  ];
  for (const [name, building, board, bonus] of table) {
    t.equal(scoreBreakdown(board)[building], bonus, `${name}: +${bonus}`);
    const empty = { ...board, city: board.city.map((b) => (b.building === building ? { ...b, colonists: 0 } : b)) };
    t.equal(scoreBreakdown(empty)[building], 0, `${name} unoccupied: +0`);
    t.equal(largeBonus(empty, building), bonus, 'the bonus itself does not depend on occupancy');
    t.ok(scoreBreakdown(empty).buildings >= 4, 'the printed 4 VP still count');
  }
});

t.test('golden 47: score and tie-break (SCO-1, SCO-3)', async (t) => {
  const a = player({
    vp: 18,
    doubloons: 3,
    goods: goods({ corn: 2 }),
    city: city('smallMarket+', 'hacienda+', 'indigoPlant:3', 'harbor+', 'fortress+', 'cityHall'),
    sanJuan: 9,
  });
  const b = player({ vp: 38, doubloons: 5 });
  const over = (players: PlayerState[]): PuertoRicoState => ({ ...newGame(2), players, phase: { name: 'over' } });
  t.same(scoreBreakdown(a), { chips: 18, buildings: 15, guildHall: 0, residence: 0, fortress: 5, customsHouse: 0, cityHall: 0, total: 38, tieBreak: 5 });
  const tied = puertoRico.outcome(over([a, b]));
  t.same(tied?.scores, [38, 38]);
  t.same(tied?.ranking, [[A, B]], 'they share 1st place');
  t.same(tied?.winners, [A, B]);
  const richer = puertoRico.outcome(over([a, { ...b, doubloons: 6 }]));
  t.same(richer?.ranking, [[B], [A]], 'with 6 doubloons B ranks 1st');
  t.same(richer?.winners, [B]);
  t.equal(puertoRico.outcome(newGame(2)), null, 'no outcome while the game runs');
});
