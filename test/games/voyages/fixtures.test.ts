/** Recorded full games (fixtures/*.json, made by make-fixtures.ts with the greedy bot) replay to their recorded outcome. */
import { readdirSync, readFileSync } from 'node:fs';
import t from 'tap';
import { replay } from '../../../src/engine/replay.js';
import { voyages } from '../../../src/games/voyages/index.js';
import type { VoyagesState } from '../../../src/games/voyages/types.js';

const dir = new URL('./fixtures/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

t.ok(files.length >= 3, 'fixtures are present');
for (const file of files) {
  t.test(`fixture ${file} replays to its recorded outcome`, async (t) => {
    const record = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
    const result = replay<VoyagesState>(voyages, record);
    t.ok(result.ok, 'every recorded move is accepted');
    if (!result.ok) return;
    const outcome = voyages.outcome(result.state);
    t.same(outcome?.scores, record.expected.scores);
    t.same(outcome?.winners, record.expected.winners);
    t.same(voyages.toMove(result.state), []);
  });
}
