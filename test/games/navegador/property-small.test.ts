/** Property test, 2-3 seats: random and greedy games to the end, with the harness checks and our invariants. */
import t from 'tap';
import { GREEDY_GAMES, RANDOM_GAMES, playMany } from './fixtures/property.js';

for (const seats of [2, 3]) {
  t.test(`${seats} seats, random moves`, async (t) => playMany(t, seats, 'random', Math.ceil(RANDOM_GAMES / 4)));
  t.test(`${seats} seats, greedy bot`, async (t) => playMany(t, seats, 'greedy', GREEDY_GAMES));
}
