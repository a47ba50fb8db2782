/**
 * The engine-generic undo rule (src/service/undo-rule.ts) on each hosted game, in process: random legal
 * play meets moves that revealed nothing (taken back) and moves that drew, rolled, turned something up
 * or showed something to one seat only (refused), each for the reason expected.
 */
import t from 'tap';
import { GAMES } from '../../src/games/registry.js';
import { sampleFamily } from '../../src/engine/families.js';
import { Random, createRng } from '../../src/engine/random.js';
import type { AnyGameDefinition } from '../../src/engine/types.js';
import { undoRefusal } from '../../src/service/undo-rule.js';

/** Every (move type, refusal or 'ok') met in random legal games of `engine`. */
function survey(engine: AnyGameDefinition, seats: number, games: number): Set<string> {
  const seen = new Set<string>();
  for (let g = 0; g < games; g++) {
    const rng = new Random(createRng(`survey:${engine.id}:${g}`));
    const options = engine.validateOptions({}, seats);
    if (!options.ok) throw new Error(options.error.message);
    let state = engine.setup({ seats, options: options.value, seed: `seed:${g}` });
    for (let i = 0; i < 5000 && engine.outcome(state) === null; i++) {
      const seat = engine.toMove(state)[0]!;
      const families = engine.moveFamilies?.(state, seat) ?? [];
      const listed = engine.legalMoves(state, seat);
      const move =
        families.length > 0 && (listed.length === 0 || rng.int(2) === 0)
          ? (sampleFamily(rng.pick(families), rng) ?? rng.pick(listed))
          : rng.pick(listed);
      const applied = engine.apply(state, seat, move);
      if (!applied.ok) throw new Error(`${engine.id}: ${applied.error.message}`);
      seen.add(`${(move as { type: string }).type}: ${undoRefusal(engine, state, applied.state, seats) ?? 'ok'}`);
      state = applied.state;
    }
  }
  return seen;
}

const CHANCE = 'the move used chance (a roll or a draw)';
const TURNED_UP = 'the move turned up something face down';
const SHOWN = 'the move showed something to some players only';

const EXPECTED: Record<string, readonly string[]> = {
  // Roles and the Mayor's arrangement are public; the last settler's pick refills the plantations from the
  // face-down stack; shipping gives victory points only the shipper sees.
  'puerto-rico': ['chooseRole: ok', 'arrange: ok', `takePlantation: ${TURNED_UP}`, `load: ${SHOWN}`],
  // Every choice is public; sailing into an unexplored region turns its tokens face up.
  navegador: ['rondel: ok', 'market: ok', `sail: ${TURNED_UP}`],
  // The captain's card is public; offers come from a hidden hand.
  meuterer: ['setCaptainCard: ok', `offer: ${SHOWN}`],
  // No secrets but the dice: a move that ends the round rolls the next one's.
  voyages: ['steer: ok', `sail: ${CHANCE}`],
};

for (const engine of GAMES) {
  t.test(`${engine.id}: what may be taken back`, async (t) => {
    const seen = survey(engine, Math.max(3, engine.players.min), 4);
    for (const expected of EXPECTED[engine.id] ?? []) t.ok(seen.has(expected), expected, { seen: [...seen].sort() });
  });
}

t.test('a move that ends the game is never taken back', async (t) => {
  for (const engine of GAMES) {
    const seats = Math.max(3, engine.players.min);
    const options = engine.validateOptions({}, seats);
    if (!options.ok) continue;
    let state = engine.setup({ seats, options: options.value, seed: 'end' });
    for (let i = 0; i < 20_000 && engine.outcome(state) === null; i++) {
      const seat = engine.toMove(state)[0]!;
      const move = engine.bot.choose(state, seat, { level: engine.bot.levels[0]!, seed: `b${i}` });
      const applied = engine.apply(state, seat, move);
      if (!applied.ok) throw new Error(applied.error.message);
      if (engine.outcome(applied.state) !== null)
        t.equal(undoRefusal(engine, state, applied.state, seats), 'the move ended the game', engine.id);
      state = applied.state;
    }
  }
});
