/**
 * Records full games played by the greedy bot as fixtures (test/games/meuterer/fixtures/*.json).
 * Run only on a deliberate rules change: `npx tsx test/games/meuterer/record-fixtures.ts --write`
 * (without `--write`, e.g. when tap loads every file of this folder, it does nothing).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RecordedMove } from '../../../src/engine/replay.js';
import { meuterer } from '../../../src/games/meuterer/index.js';

const FIXTURES = [
  { name: 'four-players-base', seats: 4, options: { pirates: false, layout: 'random' } },
  { name: 'four-players-pirates', seats: 4, options: { pirates: true, layout: 'random' } },
  { name: 'three-players-base', seats: 3, options: { pirates: false, layout: 'standard' } },
  { name: 'three-players-pirates', seats: 3, options: { pirates: true, layout: 'random' } },
] as const;

function record(fixture: (typeof FIXTURES)[number]): object {
  const seed = `fixture-${fixture.name}`;
  const options = meuterer.validateOptions(fixture.options, fixture.seats);
  if (!options.ok) throw new Error(options.error.message);
  let state = meuterer.setup({ seats: fixture.seats, options: options.value, seed });
  const moves: RecordedMove[] = [];
  while (meuterer.outcome(state) === null) {
    const seat = state.turn;
    const move = meuterer.bot.choose(state, seat, { level: 'greedy', seed: `${seed}:${moves.length}` });
    const result = meuterer.apply(state, seat, move);
    if (!result.ok) throw new Error(`${seed}: ${result.error.message}`);
    moves.push({ seat, move });
    state = result.state;
  }
  const outcome = meuterer.outcome(state);
  return { seats: fixture.seats, options: options.value, seed, moves, expected: { scores: outcome?.scores, winners: outcome?.winners } };
}

if (process.argv.includes('--write')) {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const fixture of FIXTURES) {
    writeFileSync(join(here, 'fixtures', `${fixture.name}.json`), `${JSON.stringify(record(fixture), null, 1)}\n`);
  }
}
