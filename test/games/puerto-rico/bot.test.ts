/** The bot: levels, determinism, legality, and the greedy level beating random play. */
import t from 'tap';

import type { Seat } from '../../../src/engine/types.js';
import { puertoRico } from '../../../src/games/puerto-rico/index.js';
import type { PuertoRicoState } from '../../../src/games/puerto-rico/types.js';

function playMixed(seats: number, seed: string, greedySeat: Seat): PuertoRicoState {
  let state = puertoRico.setup({ seats, options: { roleOrder: 'official6', balance: false }, seed });
  for (let i = 0; puertoRico.outcome(state) === null; i++) {
    const seat = puertoRico.toMove(state)[0] as Seat;
    const move =
      seat === greedySeat
        ? puertoRico.bot.choose(state, seat, { level: 'greedy', seed: `${seed}:${i}` })
        : puertoRico.bot.choose(state, seat, { level: 'random', seed: `${seed}:${i}` });
    const result = puertoRico.apply(state, seat, move);
    if (!result.ok) throw new Error(`${seed}: ${result.error.message}`);
    state = result.state;
  }
  return state;
}

t.test('the bot offers the random, greedy and two search levels', async (t) => {
  t.same(puertoRico.bot.levels, ['random', 'greedy', 'medium', 'strong']);
});

t.test('a bot move is legal and reproducible from its seed', async (t) => {
  const state = puertoRico.setup({ seats: 4, options: { roleOrder: 'official6', balance: false }, seed: 'bot-determinism' });
  const seat = puertoRico.toMove(state)[0] as Seat;
  for (const level of puertoRico.bot.levels) {
    const a = puertoRico.bot.choose(state, seat, { level, seed: 'x' });
    t.same(puertoRico.bot.choose(state, seat, { level, seed: 'x' }), a, `${level} is deterministic`);
    t.ok(puertoRico.apply(state, seat, a).ok, `${level} plays a legal move`);
  }
});

t.test('greedy beats random play (one greedy seat against random seats)', async (t) => {
  for (const seats of [2, 4]) {
    let wins = 0;
    const games = 12;
    for (let g = 0; g < games; g++) {
      const greedySeat = g % seats;
      const outcome = puertoRico.outcome(playMixed(seats, `greedy-vs-random-${seats}-${g}`, greedySeat));
      if (outcome?.winners.includes(greedySeat)) wins++;
    }
    t.ok(wins >= games * 0.75, `${seats} players: greedy won ${wins} of ${games} (random would win about ${Math.round(games / seats)})`);
  }
});
