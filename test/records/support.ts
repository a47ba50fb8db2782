/** Helpers of the records tests: quick finished games through the API, and all-bot games. */
import type { FastifyInstance } from 'fastify';
import type { Client } from '../helper.js';
import { send } from '../helper.js';

/** A finished two-seat Nim game between `a` (seat 0) and `b`: `a` takes the only stone and wins. */
export async function quickNim(a: Client, b: Client, winner: 'a' | 'b' = 'a'): Promise<string> {
  const stones = winner === 'a' ? 1 : 4;
  const game = await a.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones } });
  if (game.status !== 201) throw new Error(JSON.stringify(game.body));
  await b.request('POST', `/v1/games/${game.body.id}/join`, {});
  await a.request('POST', `/v1/games/${game.body.id}/start`);
  if (winner === 'a') {
    await a.request('POST', `/v1/games/${game.body.id}/moves`, { move: { type: 'take', count: 1 } });
  } else {
    // 4 stones: whatever a takes, b takes the rest.
    await a.request('POST', `/v1/games/${game.body.id}/moves`, { move: { type: 'take', count: 1 } });
    await b.request('POST', `/v1/games/${game.body.id}/moves`, { move: { type: 'take', count: 3 } });
  }
  return game.body.id;
}

/** A game with bots in every seat, created by `owner` (who sits out), played to its end. */
export async function botGame(app: FastifyInstance, owner: Client, type: string, seats: number, levels: readonly string[]): Promise<string> {
  const bots = Array.from({ length: seats }, (_, seat) => ({ seat, level: levels[seat % levels.length] as string }));
  const created = await owner.request('POST', '/v1/games', { type, seats, bots, join: false });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  await owner.request('POST', `/v1/games/${created.body.id}/start`);
  for (;;) {
    await app.bots.idle();
    const game = (await send(app, 'GET', `/v1/games/${created.body.id}`)).body;
    if (game.status !== 'active') return created.body.id;
  }
}
