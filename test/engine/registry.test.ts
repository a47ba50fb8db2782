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

  t.test(`${game.id}: no view ever carries the PRNG state`, async (t) => {
    const seats = game.players.min;
    const options = game.validateOptions({}, seats);
    if (!options.ok) throw new Error('default options refused');
    let state = game.setup({ seats, options: options.value, seed: 'no-rng-leak' });
    for (let i = 0; i < 60 && game.outcome(state) === null; i++) {
      const rng = JSON.stringify((state as { rng?: unknown }).rng);
      t.ok(rng, 'the state keeps its PRNG state (as the contract asks)');
      for (const viewer of [null, ...Array.from({ length: seats }, (_, s) => s)]) {
        t.notOk(JSON.stringify(game.view(state, viewer)).includes(rng.slice(1, -1)), `move ${i}, viewer ${viewer}`);
      }
      const seat = game.toMove(state)[0]!;
      const next = game.apply(state, seat, game.bot.choose(state, seat, { level: game.bot.levels[0]!, seed: `s${i}` }));
      if (!next.ok) throw new Error(next.error.message);
      state = next.state;
    }
  });
}
