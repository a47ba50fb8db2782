/** Recorded full games (greedy bot, fixtures/*.json) replayed move by move; the outcome must not change. */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { Value } from 'typebox/value';
import { replay, type GameRecord } from '../../../src/engine/replay.js';
import { navegador } from '../../../src/games/navegador/index.js';
import type { NavegadorState } from '../../../src/games/navegador/types.js';
import { FIXTURES } from './fixtures/record.js';

interface Fixture extends GameRecord {
  readonly expected: { readonly scores: number[]; readonly winners: number[]; readonly ranking: number[][] };
}

for (const { name, seats } of FIXTURES) {
  t.test(`fixture ${name} replays to the recorded outcome`, async (t) => {
    const fixture = JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Fixture;
    t.equal(fixture.seats, seats);
    t.ok(fixture.moves.every(({ move }) => Value.Check(navegador.moveSchema, move)), 'every recorded move matches moveSchema');
    const result = replay<NavegadorState>(navegador, fixture, true);
    if (!result.ok) {
      t.fail(`move ${result.atIndex} refused: ${result.error.code}`);
      return;
    }
    t.equal(result.state.finished, true);
    const outcome = navegador.outcome(result.state)!;
    t.same(outcome.scores, fixture.expected.scores);
    t.same(outcome.winners, fixture.expected.winners);
    t.same(outcome.ranking, fixture.expected.ranking);
    t.ok(result.log.every((e) => typeof e.type === 'string' && typeof e.text === 'string'), 'structured log entries');
    t.ok(result.log.some((e) => e.type === 'game.ended'));
  });
}
