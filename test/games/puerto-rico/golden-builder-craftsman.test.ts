/** Golden scenarios 23-30 of docs/rules/puerto-rico.md §7: the Builder (BLD-*) and the Craftsman (CRA-*). */
import t from 'tap';
import type { Building } from '../../../src/games/puerto-rico/data.js';
import { buildingPrice, productionCapacity } from '../../../src/games/puerto-rico/rules.js';
import type { PuertoRicoState } from '../../../src/games/puerto-rico/types.js';
import { A, B, C, city, goods, inPhase, island, legal, newGame, play, refusal, toMove, withPlayers } from './helpers.js';

const builderPhase = (state: PuertoRicoState, holder = A) => inPhase(state, 'builder', holder, { name: 'builder', turn: holder, remaining: 3 });

t.test('golden 23: prices and quarry caps (BLD-3, OCC-1)', async (t) => {
  const board = { island: island('quarry+', 'quarry+', 'quarry+', 'quarry'), doubloons: 20 };
  const asBuilder = withPlayers(builderPhase(newGame(3), A), { [A]: board });
  const asOther = withPlayers(builderPhase(newGame(3), B), { [A]: board });
  const table: [Building, number, number][] = [
    ['smallMarket', 0, 0],
    ['hacienda', 0, 1],
    ['largeMarket', 2, 3],
    ['factory', 3, 4],
    ['cityHall', 6, 7],
  ];
  for (const [building, builder, other] of table) {
    t.equal(buildingPrice(asBuilder, A, building), builder, `${building} as builder`);
    t.equal(buildingPrice(asOther, A, building), other, `${building} as another player`);
  }
  const built = play(asBuilder, A, { type: 'build', building: 'cityHall', university: false }).state;
  t.equal(built.players[A]!.doubloons, 14, 'the City hall cost 6');
  t.equal(built.buildingSupply.cityHall, 0);
});

t.test('golden 24: build legality (BLD-2)', async (t) => {
  const s = withPlayers(builderPhase(newGame(3)), { [A]: { city: city('harbor'), doubloons: 3 } });
  t.equal(refusal(withPlayers(s, { [A]: { city: city('harbor'), doubloons: 20 } }), A, { type: 'build', building: 'harbor', university: false }), 'ILLEGAL_MOVE', 'already owns a Harbor');
  const noWharf = { ...withPlayers(s, { [A]: { doubloons: 20 } }), buildingSupply: { ...s.buildingSupply, wharf: 0 } };
  t.equal(refusal(noWharf, A, { type: 'build', building: 'wharf', university: false }), 'ILLEGAL_MOVE', 'none left');
  const factoryAt4 = withPlayers(s, { [A]: { city: [], doubloons: 3, island: island('indigo', 'quarry+', 'quarry+') } });
  t.equal(buildingPrice(factoryAt4, A, 'factory'), 4);
  t.equal(refusal(factoryAt4, A, { type: 'build', building: 'factory', university: false }), 'INSUFFICIENT_FUNDS');
  t.notOk(legal(factoryAt4, A).some((m) => m.type === 'build' && m.building === 'factory'));
  t.ok(legal(factoryAt4, A).some((m) => m.type === 'build' && m.building === 'smallMarket'));
});

t.test('golden 25: city spaces and END-2 (BLD-2, BLD-6)', async (t) => {
  const eleven = city('smallIndigoPlant', 'smallSugarMill', 'indigoPlant', 'sugarMill', 'tobaccoStorage', 'coffeeRoaster', 'smallMarket', 'hacienda', 'constructionHut', 'smallWarehouse', 'hospice');
  let s = withPlayers(builderPhase(newGame(3)), { [A]: { city: eleven, doubloons: 30 } });
  t.equal(refusal(s, A, { type: 'build', building: 'guildHall', university: false }), 'ILLEGAL_MOVE', 'a large building needs 2 spaces');
  s = play(s, A, { type: 'build', building: 'office', university: false }).state;
  t.equal(s.endTriggers.city, true, 'the 12th space fires END-2');
  t.equal(s.phase.name, 'builder', 'the phase goes on');

  const ten = eleven.slice(0, 10);
  const large = play(withPlayers(builderPhase(newGame(3)), { [A]: { city: ten, doubloons: 30 } }), A, { type: 'build', building: 'customsHouse', university: false }).state;
  t.equal(large.endTriggers.city, true, '10 + 2 spaces');
  const nine = play(withPlayers(builderPhase(newGame(3)), { [A]: { city: ten.slice(0, 9), doubloons: 30 } }), A, { type: 'build', building: 'customsHouse', university: false }).state;
  t.equal(nine.endTriggers.city, false, '9 + 2 = 11 spaces');
});

t.test('golden 26: the University (BLD-5)', async (t) => {
  const s = withPlayers(builderPhase(newGame(3)), { [A]: { city: city('university+'), doubloons: 20 } });
  const fromSupply = play({ ...s, colonistSupply: 5 }, A, { type: 'build', building: 'coffeeRoaster', university: true }).state;
  t.same(fromSupply.players[A]!.city[1], { building: 'coffeeRoaster', colonists: 1 }, '1 colonist, 1 of 2 circles');
  t.equal(fromSupply.colonistSupply, 4);
  const fromShip = play({ ...s, colonistSupply: 0, colonistShip: 3 }, A, { type: 'build', building: 'coffeeRoaster', university: true }).state;
  t.equal(fromShip.colonistShip, 2);
  t.same(fromShip.players[A]!.city[1], { building: 'coffeeRoaster', colonists: 1 });

  const first = withPlayers(builderPhase(newGame(3)), { [A]: { doubloons: 20 } });
  t.equal(refusal(first, A, { type: 'build', building: 'university', university: true }), 'ILLEGAL_MOVE', 'a first University does not trigger');
  t.same(legal(first, A).filter((m) => m.type === 'build' && m.building === 'university'), [{ type: 'build', building: 'university', university: false }]);
});

t.test('golden 27: production capacity (CRA-1, OCC-1)', async (t) => {
  const s = withPlayers(newGame(3), {
    [A]: {
      island: island('sugar+', 'sugar+', 'sugar', 'corn+', 'corn+', 'corn+', 'indigo+', 'coffee+'),
      city: city('sugarMill:1', 'smallIndigoPlant', 'coffeeRoaster:2'),
    },
  });
  t.same(productionCapacity(s.players[A]!), goods({ sugar: 1, corn: 3, indigo: 0, coffee: 1 }));
  const produced = play(inPhase(s, 'craftsman', A, { name: 'craftsman', turn: A, remaining: 3, received: [] }), A, { type: 'produce' }).state;
  t.same(produced.players[A]!.goods, goods({ sugar: 1, corn: 3, coffee: 1 }));
});

const coffeeBoard = (n: number) => ({ island: island(...Array<string>(n).fill('coffee+')), city: city(`coffeeRoaster:${n}`) });

t.test('golden 28: production limited by the supply, in turn order (CRA-2, CRA-5)', async (t) => {
  let s = withPlayers(newGame(3), { [B]: coffeeBoard(1), [C]: coffeeBoard(2), [A]: coffeeBoard(1) });
  s = { ...s, goodsSupply: { ...s.goodsSupply, coffee: 2 }, choices: 1 };
  s = play(s, B, { type: 'chooseRole', role: 'craftsman' }).state;
  s = play(s, B, { type: 'produce' }).state;
  s = play(s, C, { type: 'produce' }).state;
  t.same(s.players.map((p) => p.goods.coffee), [0, 1, 1], 'B 1, C 1, A 0');
  t.equal(s.goodsSupply.coffee, 0);
  t.equal(s.phase.name, 'chooseRole', "A's empty turn and B's impossible privilege were played by the engine");
});

t.test('golden 29: the craftsman privilege (CRA-5)', async (t) => {
  let s = withPlayers(newGame(3), { [B]: { island: island('corn+', 'corn+', 'indigo+'), city: city('smallIndigoPlant+') } });
  s = { ...s, goodsSupply: goods({ corn: 6, indigo: 1, sugar: 5, tobacco: 5, coffee: 5 }), choices: 1 };
  s = play(s, B, { type: 'chooseRole', role: 'craftsman' }).state;
  s = play(s, B, { type: 'produce' }).state;
  t.equal(s.phase.name, 'craftsmanBonus', 'C and A had nothing to produce');
  t.same(s.goodsSupply, goods({ corn: 4, indigo: 0, sugar: 5, tobacco: 5, coffee: 5 }));
  t.same(legal(s, B), [{ type: 'craftsmanBonus', good: 'corn' }, { type: 'pass' }]);
  t.equal(refusal(s, B, { type: 'craftsmanBonus', good: 'indigo' }), 'ILLEGAL_MOVE', 'indigo: supply 0');
  t.equal(refusal(s, B, { type: 'craftsmanBonus', good: 'sugar' }), 'ILLEGAL_MOVE', 'sugar: not received');
  const bonus = play(s, B, { type: 'craftsmanBonus', good: 'corn' }).state;
  t.same(bonus.players[B]!.goods, goods({ corn: 3, indigo: 1 }));

  const nothing = { ...withPlayers(newGame(3), {}), choices: 1 };
  const after = play(nothing, B, { type: 'chooseRole', role: 'craftsman' }).state;
  t.equal(after.phase.name, 'chooseRole', 'a craftsman who received nothing has no privilege');
  t.equal(toMove(after), C);
});

t.test('golden 30: the Factory (CRA-4)', async (t) => {
  const boards: [string, string[], string[], Partial<Record<'corn' | 'indigo' | 'sugar' | 'tobacco' | 'coffee', number>>, number][] = [
    ['1 kind', ['corn+'], ['factory+'], {}, 0],
    ['2 kinds', ['corn+', 'indigo+'], ['factory+', 'smallIndigoPlant+'], {}, 1],
    ['4 kinds', ['corn+', 'indigo+', 'sugar+', 'coffee+'], ['factory+', 'smallIndigoPlant+', 'smallSugarMill+', 'coffeeRoaster:1'], {}, 3],
    ['5 kinds', ['corn+', 'indigo+', 'sugar+', 'tobacco+', 'coffee+'], ['factory+', 'smallIndigoPlant+', 'smallSugarMill+', 'tobaccoStorage:1', 'coffeeRoaster:1'], {}, 5],
    ['unoccupied Factory', ['corn+', 'indigo+'], ['factory', 'smallIndigoPlant+'], {}, 0],
    ['a kind with an empty supply', ['corn+', 'indigo+'], ['factory+', 'smallIndigoPlant+'], { indigo: 0 }, 0],
  ];
  for (const [name, tiles, buildings, supply, pay] of boards) {
    let s = withPlayers(newGame(3), { [A]: { island: island(...tiles), city: city(...buildings), doubloons: 0 } });
    s = { ...s, goodsSupply: { ...s.goodsSupply, ...supply } };
    s = play(s, A, { type: 'chooseRole', role: 'craftsman' }).state;
    s = play(s, A, { type: 'produce' }).state;
    t.equal(s.players[A]!.doubloons, pay, `${name}: +${pay}`);
    if (s.phase.name === 'craftsmanBonus') {
      const bonus = play(s, A, { type: 'craftsmanBonus', good: 'corn' }).state;
      t.equal(bonus.players[A]!.doubloons, pay, `${name}: the privilege good changes nothing`);
    }
  }
});
