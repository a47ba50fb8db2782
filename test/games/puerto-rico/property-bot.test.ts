/**
 * Property test, bot play (the greedy level in every seat): seeded games (thousands with PROPERTY_GAMES) for every player count and variant, played to
 * the end through the engine harness (legalMoves/apply agreement, no mutation, plain JSON, replay) with
 * Puerto Rico's invariants after every move. PROPERTY_GAMES sets the number of games per policy.
 */
import t from 'tap';
import { puertoRico } from '../../../src/games/puerto-rico/index.js';
import type { PuertoRicoState } from '../../../src/games/puerto-rico/types.js';
import { playGame } from '../../support/engine-harness.js';
import { PROPERTY_GAMES, VARIANTS, makeCheck } from './property-support.js';

t.test('bot games end, conserve every piece and agree with legalMoves (END-1..END-4)', async (t) => {
  let played = 0;
  let moves = 0;
  for (let i = 0; i < PROPERTY_GAMES; i++) {
    const variant = VARIANTS[i % VARIANTS.length]!;
    const seed = `bot-${i}`;
    const game = playGame(puertoRico, {
      seats: variant.seats,
      options: variant.options,
      seed,
      policy: 'greedy',
      maxMoves: 3000,
      deepEvery: 20,
      check: makeCheck(seed, 12),
    });
    if (puertoRico.outcome(game.state as PuertoRicoState)) played++;
    moves += game.moves.length;
  }
  t.equal(played, PROPERTY_GAMES, `${played} bot games ended (${moves} moves)`);
});
