/** The engine contract around the rules: input checking, error codes, schemas, turn order, logs. */
import t from 'tap';
import { Value } from 'typebox/value';
import type { Seat } from '../../../src/engine/types.js';
import { puertoRico } from '../../../src/games/puerto-rico/index.js';
import type { PuertoRicoState } from '../../../src/games/puerto-rico/types.js';
import { A, B, C, city, goods, inPhase, island, newGame, play, refusal, withPlayers } from './helpers.js';

t.test('malformed moves are INVALID_MOVE, out-of-turn moves NOT_YOUR_TURN (engine contract)', async (t) => {
  const s = newGame(3);
  const cases: [string, unknown, Seat, string][] = [
    ['null', null, A, 'INVALID_MOVE'],
    ['an array', [], A, 'INVALID_MOVE'],
    ['an unknown type', { type: 'steal' }, A, 'INVALID_MOVE'],
    ['an unknown role', { type: 'chooseRole', role: 'pirate' }, A, 'INVALID_MOVE'],
    ['a bad good', { type: 'sell', good: 'gold' }, A, 'INVALID_MOVE'],
    ['a bad ship index', { type: 'load', good: 'corn', ship: 1.5 }, A, 'INVALID_MOVE'],
    ['negative colonists', { type: 'arrange', plantations: { corn: -1 }, buildings: {} }, A, 'INVALID_MOVE'],
    ['an unknown building', { type: 'build', building: 'castle' }, A, 'INVALID_MOVE'],
    ['another seat', { type: 'chooseRole', role: 'settler' }, B, 'NOT_YOUR_TURN'],
    ['a seat not in the game', { type: 'chooseRole', role: 'settler' }, 7, 'NOT_YOUR_TURN'],
    ['a move of another step', { type: 'sell', good: 'corn' }, A, 'ILLEGAL_MOVE'],
  ];
  for (const [name, move, seat, code] of cases) t.equal(refusal(s, seat, move), code, name);
  t.equal(refusal({ ...s, phase: { name: 'over' } }, A, { type: 'pass' }), 'GAME_OVER');
});

t.test('a role card chosen this round cannot be chosen again (ROUND-1)', async (t) => {
  const s = play(newGame(3), A, { type: 'chooseRole', role: 'builder' }).state;
  let after = s;
  while (after.phase.name !== 'chooseRole') after = play(after, puertoRico.toMove(after)[0] as Seat, { type: 'pass' }).state;
  t.equal(refusal(after, B, { type: 'chooseRole', role: 'builder' }), 'ILLEGAL_MOVE');
  t.notOk(puertoRico.legalMoves(after, B).some((m) => m.type === 'chooseRole' && m.role === 'builder'));
});

t.test('declining production takes nothing (CRA-3)', async (t) => {
  let s = withPlayers(newGame(3), { [A]: { island: island('corn+', 'corn+') } });
  s = play(s, A, { type: 'chooseRole', role: 'craftsman' }).state;
  const declined = play(s, A, { type: 'pass' }).state;
  t.same(declined.players[A]!.goods, goods());
  t.equal(declined.phase.name, 'chooseRole', 'no privilege without production');
});

t.test('legal moves and options validate against the published schemas', async (t) => {
  const defaults = puertoRico.validateOptions(undefined, 2);
  t.same(defaults.ok && defaults.value, { roleOrder: 'official6', balance: false }, 'defaults are filled');
  let state: PuertoRicoState = puertoRico.setup({ seats: 4, options: { roleOrder: 'official6', balance: false }, seed: 'schema' });
  const bad: string[] = [];
  let checked = 0;
  for (let i = 0; puertoRico.outcome(state) === null; i++) {
    const seat = puertoRico.toMove(state)[0] as Seat;
    for (const move of puertoRico.legalMoves(state, seat)) {
      checked++;
      if (!Value.Check(puertoRico.moveSchema, move)) bad.push(JSON.stringify(move));
    }
    if (!Value.Check(puertoRico.viewSchema, puertoRico.view(state, seat))) bad.push(`view at ${i}`);
    const result = puertoRico.apply(state, seat, puertoRico.bot.choose(state, seat, { level: 'greedy', seed: `schema:${i}` }));
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
  t.same(bad, [], `${checked} legal moves match moveSchema`);
  t.notOk(Value.Check(puertoRico.moveSchema, { type: 'steal' }));
});

t.test('every move is public: redactMove returns it unchanged (§6)', async (t) => {
  const s = newGame(3);
  const move = { type: 'chooseRole', role: 'settler' } as const;
  for (const viewer of [A, B, C, null]) t.same(puertoRico.redactMove(s, A, move, viewer), move);
});

t.test('the log tells what happened, with structured facts', async (t) => {
  let s = withPlayers(newGame(3), { [A]: { city: city('smallMarket+'), goods: goods({ tobacco: 1 }) } });
  s = inPhase(s, 'trader', A, { name: 'trader', turn: A, remaining: 3 });
  const { log } = play(s, A, { type: 'sell', good: 'tobacco' });
  t.same(log[0], { type: 'trader.sold', text: '{seat:0} sold 1 tobacco to the trading house for 5 doubloons.', seat: A, good: 'tobacco', price: 5 });
  t.same(log.slice(1), [
    { type: 'trader.pass', text: '{seat:1} has nothing to sell.', seat: B, forced: true },
    { type: 'trader.pass', text: '{seat:2} has nothing to sell.', seat: C, forced: true },
  ], "B's and C's forced passes are logged too, marked as forced");
  const built = play(withPlayers(inPhase(newGame(3), 'builder', A, { name: 'builder', turn: A, remaining: 3 }), { [A]: { doubloons: 5 } }), A, { type: 'build', building: 'indigoPlant', university: false }).log[0];
  t.equal(built?.text, '{seat:0} built an Indigo Plant for 2 doubloons.');
  const chosen = play(newGame(3), A, { type: 'chooseRole', role: 'settler' }).log;
  t.same(chosen[0], { type: 'role.chosen', text: '{seat:0} chose the Settler.', seat: A, role: 'settler', card: 'settler', doubloons: 0 });
});
