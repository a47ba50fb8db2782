/**
 * Recorded full games (greedy bot, every player count and both 2-player variants) replayed move by move:
 * they pin the rules. Regenerate with record-fixtures.ts only on a deliberate rules change.
 */
import { readFileSync, readdirSync } from 'node:fs';
import t from 'tap';
import { replay, type GameRecord } from '../../../src/engine/replay.js';
import { puertoRico } from '../../../src/games/puerto-rico/index.js';
import type { PuertoRicoState } from '../../../src/games/puerto-rico/types.js';
import { checkInvariants } from './invariants.js';

interface Fixture extends GameRecord {
  readonly expected: { readonly scores: number[]; readonly winners: number[] };
}

const dir = new URL('./fixtures/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

t.test('there is a fixture for every player count and for the 2-player variants', async (t) => {
  t.same(files.sort(), ['2p-alternating5-balance.json', '2p-official.json', '3p.json', '4p.json', '5p.json']);
});

for (const file of files) {
  t.test(`fixture ${file} replays to its recorded outcome`, async (t) => {
    const fixture = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Fixture;
    const result = replay<PuertoRicoState>(puertoRico, fixture, true);
    if (!result.ok) {
      t.fail(`refused at move ${result.atIndex}: ${result.error.code} ${result.error.message}`);
      return;
    }
    const outcome = puertoRico.outcome(result.state);
    t.same(outcome?.scores, fixture.expected.scores);
    t.same(outcome?.winners, fixture.expected.winners);
    t.same(puertoRico.toMove(result.state), []);
    checkInvariants(result.state, file);
    t.equal(result.log.filter((e) => e.type === 'game.over').length, 1, 'the log ends the game once');
    const again = replay<PuertoRicoState>(puertoRico, fixture);
    t.same(again.ok && again.state, result.state, 'a replay is deterministic');
  });
}
