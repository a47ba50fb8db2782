/**
 * Who may watch a game through webhooks, and how many deliveries one move can make: an endpoint watches
 * only games its owner plays or played in (a stranger's game is refused over REST and GraphQL, and a
 * stranger's endpoint gets nothing from it even when bound to it behind the service's back), a player has
 * at most WEBHOOK_MAX_ENDPOINTS endpoints, and at most MAX_ENDPOINTS_PER_GAME of them receive one event.
 * Workers are off: the outbox rows written with each move are what is checked, nothing is sent.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { build, gql, player, type Client } from '../helper.js';
import { MAX_ENDPOINTS_PER_GAME } from '../../src/store/outbox.js';

const URL = 'http://127.0.0.1:9/hook';
const OPTIONS = { workers: false, webhooks: { allowedHosts: ['127.0.0.1'] } } as const;

async function startedNim(ana: Client, ben: Client): Promise<string> {
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 30 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  return game.id;
}

async function endpoint(who: Client, body: Record<string, unknown> = {}): Promise<{ status: number; body: any }> {
  return who.request('POST', '/v1/webhooks', { url: URL, events: ['move.made', 'turn.started'], ...body });
}

async function deliveriesOf(app: FastifyInstance, endpointIds: string[], gameId: string): Promise<{ endpointId: string; eventType: string }[]> {
  return app.db.webhookDelivery.findMany({ where: { endpointId: { in: endpointIds }, gameId }, select: { endpointId: true, eventType: true } });
}

t.test("a stranger's game cannot be watched, over REST or GraphQL; a player's (also a resigned one's) can", async (t) => {
  const app = await build(t, OPTIONS);
  const [ana, ben, cleo] = [await player(app, 'Ana'), await player(app, 'Ben'), await player(app, 'Cleo')];
  const id = await startedNim(ana, ben);

  const refused = await endpoint(cleo, { gameId: id });
  t.equal(refused.status, 403);
  t.equal(refused.body.error.code, 'NOT_IN_GAME');
  const viaGraphql = await gql(app, `mutation($url: String!, $id: ID!) { createWebhook(url: $url, events: ["move.made"], gameId: $id) { secret } }`, { url: URL, id }, cleo.token);
  t.equal(viaGraphql.errors?.[0]?.extensions?.code, 'NOT_IN_GAME');
  t.equal(await app.db.webhookEndpoint.count({ where: { ownerId: cleo.id } }), 0, 'nothing was stored');

  const unknown = await endpoint(cleo, { gameId: '00000000-0000-4000-8000-000000000000' });
  t.equal(unknown.status, 404);
  t.equal(unknown.body.error.code, 'GAME_NOT_FOUND');

  t.equal((await endpoint(ana, { gameId: id })).status, 201, 'a seated player may');
  t.equal((await ben.request('POST', `/v1/games/${id}/resign`, { seat: 1 })).status, 200);
  t.equal((await endpoint(ben, { gameId: id })).status, 201, 'a player who resigned held a seat: still allowed');
});

t.test("a stranger's endpoints get nothing from a game, even one bound to it behind the service's back", async (t) => {
  const app = await build(t, OPTIONS);
  const [ana, ben, cleo] = [await player(app, 'Ana'), await player(app, 'Ben'), await player(app, 'Cleo')];
  const id = await startedNim(ana, ben);
  const unbound = (await endpoint(cleo)).body.id;
  const smuggled = (await endpoint(cleo)).body.id;
  // An endpoint bound before the ownership rule existed.
  await app.db.webhookEndpoint.update({ where: { id: smuggled }, data: { gameId: id } });
  const anas = (await endpoint(ana)).body.id;

  t.equal((await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } })).status, 200);
  t.same(await deliveriesOf(app, [unbound, smuggled], id), [], "none for Cleo's endpoints");
  t.same((await deliveriesOf(app, [anas], id)).map((d) => d.eventType), ['move.made'], 'Ana gets the move (the turn is Ben\'s)');
});

t.test('WEBHOOK_MAX_ENDPOINTS caps the endpoints of one player', async (t) => {
  const app = await build(t, { ...OPTIONS, webhooks: { ...OPTIONS.webhooks, maxEndpointsPerPlayer: 2 } });
  const ana = await player(app, 'Ana');
  t.equal((await endpoint(ana)).status, 201);
  t.equal((await endpoint(ana)).status, 201);
  const third = await endpoint(ana);
  t.equal(third.status, 409);
  t.equal(third.body.error.code, 'TOO_MANY_WEBHOOKS');
  t.match(third.body.error.message, /at most 2 endpoints/);
  t.equal(await app.db.webhookEndpoint.count(), 2);
});

t.test('one event reaches at most MAX_ENDPOINTS_PER_GAME of a player\'s endpoints, those bound to the game first', async (t) => {
  const app = await build(t, OPTIONS);
  const [ana, ben] = [await player(app, 'Ana'), await player(app, 'Ben')];
  const id = await startedNim(ana, ben);
  const unbound: string[] = [];
  for (let i = 0; i < MAX_ENDPOINTS_PER_GAME + 2; i++) unbound.push((await endpoint(ana)).body.id);
  const bound = (await endpoint(ana, { gameId: id })).body.id;
  // Creation times a second apart, so "oldest" does not depend on how fast the machine registered them.
  for (const [i, e] of unbound.entries()) await app.db.webhookEndpoint.update({ where: { id: e }, data: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) } });

  t.equal((await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } })).status, 200);
  const rows = await deliveriesOf(app, [...unbound, bound], id);
  t.equal(rows.length, MAX_ENDPOINTS_PER_GAME, 'one move.made row per endpoint, capped');
  const receivers = new Set(rows.map((r) => r.endpointId));
  t.ok(receivers.has(bound), 'the endpoint bound to this game is served first');
  t.same([...receivers].filter((e) => e !== bound).sort(), unbound.slice(0, MAX_ENDPOINTS_PER_GAME - 1).sort(), 'then the oldest');
});
