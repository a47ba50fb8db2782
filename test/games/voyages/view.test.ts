/** §8: nothing is hidden but the PRNG. No view, history entry or log entry carries the rng state or a seed. */
import t from 'tap';
import { Random, createRng } from '../../../src/engine/random.js';
import type { LogEntry } from '../../../src/engine/types.js';
import { voyages } from '../../../src/games/voyages/index.js';
import type { VoyagesState } from '../../../src/games/voyages/types.js';
import { Value } from 'typebox/value';
import { MAP_IDS } from '../../../src/games/voyages/data.js';

for (const map of MAP_IDS) t.test(`map ${map}: views, redacted moves and log entries never expose the PRNG, in every step of a game`, async (t) => {
  const seed = `leak-check-seed-${map}`;
  const options = voyages.validateOptions({ map }, 3);
  if (!options.ok) throw new Error('options');
  let state: VoyagesState = voyages.setup({ seats: 3, options: options.value, seed });
  const chooser = new Random(createRng('leak'));
  const steps = new Set<string>();
  const log: LogEntry[] = [];
  for (let i = 0; !state.over; i++) {
    const secrets = [JSON.stringify(state.rng), ...state.rng.map(String), seed];
    for (const viewer of [null, 0, 1, 2]) {
      const view = voyages.view(state, viewer) as Record<string, unknown>;
      const text = JSON.stringify(view);
      t.notOk('rng' in view, 'no rng field');
      for (const secret of secrets) if (text.includes(secret)) t.fail(`view for ${viewer} leaks ${secret}`);
      if (i % 25 === 0) t.ok(Value.Check(voyages.viewSchema, view), 'view matches its schema');
    }
    const seat = chooser.pick(voyages.toMove(state));
    const s = state.players[seat];
    if (s) steps.add(s.step === 'resolve' ? `resolve:${s.queue[0]?.k}` : s.step);
    const move = voyages.bot.choose(state, seat, { level: 'greedy', seed: `${i}` });
    for (const viewer of [null, 0, 1, 2]) t.same(voyages.redactMove(state, seat, move, viewer), move, 'moves are public (§8)');
    const r = voyages.apply(state, seat, move);
    if (!r.ok) throw new Error(r.error.message);
    log.push(...r.log);
    for (const entry of r.log) {
      const text = JSON.stringify(entry);
      for (const secret of secrets) if (text.includes(secret)) t.fail(`log leaks ${secret}`);
      t.equal(entry.visibleTo, undefined, 'every log entry is public');
    }
    state = r.state;
  }
  t.ok(steps.has('direction') && steps.has('distance') && steps.has('duty'), `steps seen: ${[...steps].join(', ')}`);
  t.ok(log.length > 0);
  const final = JSON.stringify(voyages.view(state, null));
  t.notOk(final.includes(JSON.stringify(state.rng)), 'the finished game hides the rng too');
});
