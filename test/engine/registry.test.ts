/** Every hosted game honours the contract's basics, checked the same way for all of them. */
import t from 'tap';
import { GAMES, createRegistry } from '../../src/games/registry.js';
import { playGame } from '../support/engine-harness.js';

t.test('the registry lists the four hosted games under kebab-case ids', async (t) => {
  t.same(GAMES.map((g) => g.id).sort(), ['meuterer', 'navegador', 'puerto-rico', 'voyages']);
  for (const game of GAMES) t.match(game.id, /^[a-z]+(-[a-z]+)*$/);
  t.throws(() => createRegistry([GAMES[0]!, GAMES[0]!]), /two games share the id/);
});

for (const game of GAMES) {
  t.test(`${game.id}: options, seats and a seeded game at each player count`, async (t) => {
    t.ok(game.players.min >= 1 && game.players.min <= game.players.max);
    t.ok(game.bot.levels.length >= 2, 'a bot with at least two levels');
    t.equal(game.validateOptions({ noSuchOption: true }, game.players.min).ok, false, 'unknown options are refused');
    for (let seats = game.players.min; seats <= game.players.max; seats++) {
      const played = playGame(game, { seats, seed: `registry-${seats}`, policy: game.bot.levels[1], maxMoves: 20_000, deepEvery: 25 });
      const outcome = game.outcome(played.state);
      t.ok(outcome, `${seats} seats: the bot game ends`);
      t.equal(outcome!.scores.length, seats);
      t.same(outcome!.ranking.flat().sort((a, b) => a - b), Array.from({ length: seats }, (_, i) => i), 'every seat ranked once');
      t.same(game.view(played.state, null), game.view(played.state, null), 'views are deterministic');
    }
  });
}
