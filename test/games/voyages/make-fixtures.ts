/**
 * Regenerates the recorded games in fixtures/ with the greedy bot (run only on a deliberate rules
 * change: `npx tsx test/games/voyages/make-fixtures.ts`). Each fixture pins the rules through its outcome.
 */
import { writeFileSync } from 'node:fs';
import { voyages } from '../../../src/games/voyages/index.js';
import type { VoyagesState } from '../../../src/games/voyages/types.js';
import { playGame } from '../../support/engine-harness.js';

const GAMES = [
  { name: 'map1-solo', seats: 1, options: { map: 1 }, seed: 'fixture-map1-solo' },
  { name: 'map1-4p', seats: 4, options: { map: 1 }, seed: 'fixture-map1-4p' },
  { name: 'map1-12p', seats: 12, options: { map: 1 }, seed: 'fixture-map1-12p' },
  { name: 'map2-solo', seats: 1, options: { map: 2 }, seed: 'fixture-map2-solo' },
  { name: 'map2-4p', seats: 4, options: { map: 2 }, seed: 'fixture-map2-4p' },
  { name: 'map3-solo', seats: 1, options: { map: 3 }, seed: 'fixture-map3-solo' },
  { name: 'map3-4p', seats: 4, options: { map: 3 }, seed: 'fixture-map3-4p' },
  { name: 'map4-solo', seats: 1, options: { map: 4 }, seed: 'fixture-map4-solo' },
  { name: 'map4-4p', seats: 4, options: { map: 4 }, seed: 'fixture-map4-4p' },
];

// `npx tap test/games/voyages` also loads this file: only a direct run writes fixtures.
const selected = process.env.TAP ? [] : process.argv.length > 2 ? GAMES.filter((g) => process.argv.includes(g.name)) : GAMES;
for (const game of selected) {
  const played = playGame(voyages, { ...game, policy: 'greedy', maxMoves: 5000, deepEvery: 50 });
  const outcome = voyages.outcome(played.state as VoyagesState);
  if (!outcome) throw new Error('unfinished');
  const record = { seats: game.seats, options: played.options, seed: game.seed, moves: played.moves, expected: { scores: outcome.scores, winners: outcome.winners } };
  writeFileSync(new URL(`./fixtures/${game.name}.json`, import.meta.url), JSON.stringify(record) + '\n');
  console.log(game.name, played.moves.length, 'moves', outcome.scores, outcome.winners);
}
