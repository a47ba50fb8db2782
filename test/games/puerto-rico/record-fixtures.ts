/**
 * Records the fixture games (greedy bot in every seat) into ./fixtures. Run only on a deliberate rules
 * change, and say so in the commit:
 *   RECORD_FIXTURES=1 npx tsx test/games/puerto-rico/record-fixtures.ts
 * Without that variable it writes nothing (test runners that load every file in the folder run it too).
 */
import { writeFileSync } from 'node:fs';
import type { RecordedMove } from '../../../src/engine/replay.js';
import type { Seat } from '../../../src/engine/types.js';
import { puertoRico } from '../../../src/games/puerto-rico/index.js';

const FIXTURES = [
  { name: '2p-official', seats: 2, options: {}, seed: 'fixture-2p-official' },
  { name: '2p-alternating5-balance', seats: 2, options: { roleOrder: 'alternating5', balance: true }, seed: 'fixture-2p-variants' },
  { name: '3p', seats: 3, options: {}, seed: 'fixture-3p' },
  { name: '4p', seats: 4, options: {}, seed: 'fixture-4p' },
  { name: '5p', seats: 5, options: {}, seed: 'fixture-5p' },
] as const;

function record(seats: number, options: object, seed: string) {
  const validated = puertoRico.validateOptions(options, seats);
  if (!validated.ok) throw new Error(validated.error.message);
  let state = puertoRico.setup({ seats, options: validated.value, seed });
  const moves: RecordedMove[] = [];
  for (let i = 0; puertoRico.outcome(state) === null; i++) {
    const seat = puertoRico.toMove(state)[0] as Seat;
    const move = puertoRico.bot.choose(state, seat, { level: 'greedy', seed: `${seed}:${i}` });
    const result = puertoRico.apply(state, seat, move);
    if (!result.ok) throw new Error(`${seed}: ${result.error.message}`);
    moves.push({ seat, move });
    state = result.state;
  }
  const outcome = puertoRico.outcome(state);
  return { seats, options, seed, moves, expected: { scores: outcome?.scores, winners: outcome?.winners } };
}

if (process.env['RECORD_FIXTURES'] === '1') {
  for (const fixture of FIXTURES) {
    const game = record(fixture.seats, fixture.options, fixture.seed);
    writeFileSync(new URL(`./fixtures/${fixture.name}.json`, import.meta.url), `${JSON.stringify(game)}\n`);
  }
}
