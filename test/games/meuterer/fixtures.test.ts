/**
 * Recorded full games (greedy bot) replayed from their seed and moves; the outcome must not change.
 * These pin the rules: regenerate them (record-fixtures.ts) only on a deliberate rules change.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { replay, type GameRecord } from '../../../src/engine/replay.js';
import { meuterer } from '../../../src/games/meuterer/index.js';
import type { MeutererState } from '../../../src/games/meuterer/types.js';

interface Fixture extends GameRecord {
  readonly expected: { readonly scores: number[]; readonly winners: number[] };
}

const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

t.test('fixtures cover both player counts and both variants', async (t) => {
  const fixtures = files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Fixture);
  t.same([...new Set(fixtures.map((f) => `${f.seats}:${String((f.options as { pirates: boolean }).pirates)}`))].sort(), ['3:false', '3:true', '4:false', '4:true']);
});

for (const file of files) {
  t.test(`fixture ${file} replays to its recorded outcome`, async (t) => {
    const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture;
    const result = replay<MeutererState>(meuterer, fixture);
    t.ok(result.ok, 'every recorded move is accepted');
    if (!result.ok) return;
    const outcome = meuterer.outcome(result.state);
    t.same(outcome?.scores, fixture.expected.scores);
    t.same(outcome?.winners, fixture.expected.winners);
    t.equal(result.state.round, fixture.seats === 3 ? 9 : 8);
    const again = replay<MeutererState>(meuterer, fixture);
    t.same(again.ok && again.state, result.state, 'replay is deterministic');
  });
}
