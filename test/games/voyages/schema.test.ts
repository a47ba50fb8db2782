/**
 * The service validates moves against `moveSchema` before `apply` (docs/architecture.md, "The engine contract"): every move the engine
 * lists, on every map and in every step, must pass that schema, and junk must not.
 */
import t from 'tap';
import { Value } from 'typebox/value';
import { Random, createRng } from '../../../src/engine/random.js';
import { MAP_IDS } from '../../../src/games/voyages/data.js';
import { voyages } from '../../../src/games/voyages/index.js';
import type { VoyagesState } from '../../../src/games/voyages/types.js';

for (const map of MAP_IDS) {
  t.test(`map ${map}: every listed move matches moveSchema`, async (t) => {
    const types = new Set<string>();
    let checked = 0;
    for (let game = 0; game < 6; game++) {
      const options = voyages.validateOptions({ map }, 2);
      if (!options.ok) throw new Error('options');
      let state: VoyagesState = voyages.setup({ seats: 2, options: options.value, seed: `schema-${map}-${game}` });
      const rng = new Random(createRng(`schema-${map}-${game}`));
      while (!state.over) {
        const seat = rng.pick(voyages.toMove(state));
        const legal = voyages.legalMoves(state, seat);
        for (const move of legal) {
          types.add(move.type);
          checked++;
          if (!Value.Check(voyages.moveSchema, move)) t.fail(`listed move fails the schema: ${JSON.stringify(move)}`);
        }
        const move = game % 2 === 0 ? rng.pick(legal) : voyages.bot.choose(state, seat, { level: 'greedy', seed: `${game}` });
        const r = voyages.apply(state, seat, move);
        if (!r.ok) throw new Error(r.error.message);
        state = r.state;
      }
    }
    t.ok(checked > 0 && types.has('steer') && types.has('sail') && types.has('duty'), `move types seen: ${[...types].sort().join(', ')}`);
  });
}

t.test('moveSchema refuses junk; optionsSchema documents the options', async (t) => {
  for (const junk of [null, {}, { type: 'fly' }, { type: 'steer', die: 4, value: 1, heroic: false }, { type: 'duty', box: 99, heroic: false }]) {
    t.notOk(Value.Check(voyages.moveSchema, junk), JSON.stringify(junk));
  }
  const rare = [
    { type: 'dread', sailor: 'heroic' },
    { type: 'write', value: 3 },
    { type: 'cargo', cargo: 'furs' },
    { type: 'light', space: null },
  ];
  for (const move of rare) t.ok(Value.Check(voyages.moveSchema, move), `accepts ${JSON.stringify(move)}`);
  t.ok(Value.Check(voyages.optionsSchema, { map: 3, maxRounds: 30 }));
  t.notOk(Value.Check(voyages.optionsSchema, { map: 5, maxRounds: 30 }));
});
