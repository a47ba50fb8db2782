/**
 * HTTP caching of game reads: strong ETags that change with the version and differ per viewer,
 * If-None-Match answered with 304 (empty body), Cache-Control private for a token's view, and
 * immutable for what can no longer change (a past version's state, a finished game's history).
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { build, player, type Client } from '../helper.js';

async function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, etag: res.headers.etag as string, control: res.headers['cache-control'], vary: res.headers.vary, body: res.body };
}

const as = (c: Client, more: Record<string, string> = {}) => ({ authorization: `Bearer ${c.token}`, ...more });

t.test('ETags, 304 and Cache-Control on game, state and history reads', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const id = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 4 } })).body.id;
  await ben.request('POST', `/v1/games/${id}/join`, {});
  await ana.request('POST', `/v1/games/${id}/start`);

  // The game itself: the same for everyone, revalidated each time.
  const game = await get(app, `/v1/games/${id}`);
  t.match(game.etag, /^"[\w-]+"$/, 'a strong ETag');
  t.equal(game.control, 'public, no-cache');
  const again = await get(app, `/v1/games/${id}`, { 'if-none-match': game.etag });
  t.equal(again.status, 304);
  t.equal(again.body, '', 'a 304 has no body');
  t.equal((await get(app, `/v1/games/${id}`, { 'if-none-match': `"other", ${game.etag}` })).status, 304, 'a list of ETags matches too');

  // The state: one ETag per viewer, since each seat sees its own hidden card.
  const anaState = await get(app, `/v1/games/${id}/state`, as(ana));
  const benState = await get(app, `/v1/games/${id}/state`, as(ben));
  const spectatorState = await get(app, `/v1/games/${id}/state`);
  t.equal(anaState.status, 200);
  t.equal(new Set([anaState.etag, benState.etag, spectatorState.etag]).size, 3, 'views that differ have different ETags');
  t.equal(anaState.control, 'private, no-cache', "a player's view is private");
  t.match(anaState.vary, /(^|, *)Authorization(,|$)/, 'the answer varies with the token (and the language: Accept-Language)');
  t.equal(spectatorState.control, 'public, no-cache');
  t.equal((await get(app, `/v1/games/${id}/state`, as(ana, { 'if-none-match': anaState.etag }))).status, 304);
  t.equal((await get(app, `/v1/games/${id}/state`, as(ben, { 'if-none-match': anaState.etag }))).status, 200, "Ana's ETag does not match Ben's view");

  const history = await get(app, `/v1/games/${id}/moves`);
  t.equal(history.control, 'public, no-cache', 'the history of a running game can still grow');

  // A move changes the version: the old ETags no longer match.
  await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 3 } });
  t.equal((await get(app, `/v1/games/${id}`, { 'if-none-match': game.etag })).status, 200);
  t.equal((await get(app, `/v1/games/${id}/state`, as(ana, { 'if-none-match': anaState.etag }))).status, 200);
  t.equal((await get(app, `/v1/games/${id}/moves`, { 'if-none-match': history.etag })).status, 200);

  // A past version never changes.
  const past = await get(app, `/v1/games/${id}/state?at=0`, as(ana));
  t.equal(past.control, 'private, max-age=31536000, immutable');
  t.equal(past.etag, anaState.etag, 'the state at version 0 is the one read at version 0');
  t.equal((await get(app, `/v1/games/${id}/state?at=0`, as(ana, { 'if-none-match': anaState.etag }))).status, 304);
  t.equal((await get(app, `/v1/games/${id}/state`, as(ana))).control, 'private, no-cache', 'the current state of a running game is not immutable');

  // Once the game is over, its history and final state are immutable.
  t.equal((await ben.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } })).body.status, 'finished');
  const final = await get(app, `/v1/games/${id}/moves`);
  t.equal(final.status, 200);
  t.equal(final.control, 'public, max-age=31536000, immutable');
  t.equal((await get(app, `/v1/games/${id}/moves`, { 'if-none-match': final.etag })).status, 304);
  t.equal((await get(app, `/v1/games/${id}/state`, as(ben))).control, 'private, max-age=31536000, immutable');
});
