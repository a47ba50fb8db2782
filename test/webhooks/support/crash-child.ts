/**
 * A Portolan process for the crash test: builds the app on the given database, registers a player and a
 * webhook endpoint to the given URL, plays one move, prints what the parent needs, and waits to be killed.
 */
import { buildApp } from '../../../src/app.js';
import { nim } from '../../support/nim.js';

const [databaseUrl, url] = process.argv.slice(2);
const app = await buildApp({
  databaseUrl: databaseUrl as string,
  games: [nim],
  poolSize: 4,
  webhooks: { allowedHosts: ['127.0.0.1'], timeoutMs: 1_000, retryScheduleMs: [200, 400, 800], jitter: 0, sweepIntervalMs: 300 },
});
await app.ready();
const post = async (path: string, token: string | null, payload?: object) => {
  const res = await app.inject({ method: 'POST', url: path, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${path}: ${res.body}`);
  return res.json();
};
const ana = await post('/v1/players', null, { name: 'Ana' });
const ben = await post('/v1/players', null, { name: 'Ben' });
const hook = await post('/v1/webhooks', ana.token, { url, events: ['move.made'] });
const game = await post('/v1/games', ana.token, { type: 'nim', seats: 2, options: { stones: 5 } });
await post(`/v1/games/${game.id}/join`, ben.token, {});
await post(`/v1/games/${game.id}/start`, ana.token);
await post(`/v1/games/${game.id}/moves`, ana.token, { move: { type: 'take', count: 2 } });
process.stdout.write(`${JSON.stringify({ secret: hook.secret, endpointId: hook.id, gameId: game.id, token: ana.token })}\n`);
setInterval(() => undefined, 60_000);
