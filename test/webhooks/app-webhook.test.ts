/**
 * One webhook for a whole site: an app's endpoint receives the events of all the app's players, one
 * delivery per player, each naming that player (id and external id) and carrying that player's view only;
 * signed, in order per player and game, listed in the delivery log, caught up after an outage. Players
 * who are not the app's, and other apps, get nothing through it.
 */
import t, { type Test } from 'tap';
import { Webhook } from 'standardwebhooks';
import type { FastifyInstance } from 'fastify';
import { build, player, send, type Client } from '../helper.js';
import { FAST_WEBHOOKS, Receiver, waitFor } from './support/receiver.js';

const ADMIN_KEY = 'operator-key-for-app-webhook-tests-0123';

type Event = { type: string; timestamp: string; data: any };

async function createApp(app: FastifyInstance, name: string) {
  const res = await send(app, 'POST', '/v1/admin/apps', { name }, { authorization: `Bearer ${ADMIN_KEY}` });
  const key: string = res.body.key;
  return { id: res.body.app.id as string, key, as: (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => send(app, method, url, body, { authorization: `Bearer ${key}` }) };
}

/** The player's browser: a short-lived play+read token the app mints for it. */
async function browserOf(app: FastifyInstance, appKey: string, playerId: string): Promise<Client> {
  const minted = await send(app, 'POST', `/v1/app/players/${playerId}/tokens`, { scopes: ['play', 'read'], expiresInSeconds: 600 }, { authorization: `Bearer ${appKey}` });
  if (minted.status !== 201) throw new Error(JSON.stringify(minted.body));
  const token: string = minted.body.secret;
  return { token, id: playerId, request: (method, url, body, headers = {}) => send(app, method, url, body, { authorization: `Bearer ${token}`, ...headers }) };
}

async function setUp(t: Test) {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  const app = await build(t, { webhooks: FAST_WEBHOOKS, adminKey: ADMIN_KEY });
  const site = await createApp(app, 'Site');
  const ana = (await site.as('POST', '/v1/app/players', { externalId: 'site-user-ana', name: 'Ana' })).body;
  const ben = (await site.as('POST', '/v1/app/players', { externalId: 'site-user-ben', name: 'Ben' })).body;
  const hook = await site.as('POST', '/v1/app/webhooks', { url: receiver.url, events: ['game.started', 'move.made', 'turn.started', 'game.finished'] });
  t.equal(hook.status, 201);
  return { receiver, app, site, ana, ben, hook: hook.body as { id: string; secret: string } };
}

t.test("an app's endpoint receives each of its players' events, named and redacted for that player", async (t) => {
  const { receiver, app, site, ana, ben, hook } = await setUp(t);
  const outsider = await player(app, 'Olga'); // not the app's: nothing of hers reaches the app
  const rival = await createApp(app, 'Rival');
  const rivalReceiver = await Receiver.start();
  t.teardown(() => rivalReceiver.down());
  await rival.as('POST', '/v1/app/webhooks', { url: rivalReceiver.url, events: ['move.made', 'turn.started'] });

  const anaClient = await browserOf(app, site.key, ana.id);
  const benClient = await browserOf(app, site.key, ben.id);
  // Game 1: Ana against Ben (both the app's). Game 2: Ana against Olga.
  const g1 = (await anaClient.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 5 } })).body.id;
  await benClient.request('POST', `/v1/games/${g1}/join`, {});
  await anaClient.request('POST', `/v1/games/${g1}/start`);
  const g2 = (await anaClient.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 4 } })).body.id;
  await outsider.request('POST', `/v1/games/${g2}/join`, {});
  await anaClient.request('POST', `/v1/games/${g2}/start`);
  for (const [who, game, count] of [[anaClient, g1, 1], [benClient, g1, 3], [anaClient, g2, 1], [outsider, g2, 1], [anaClient, g1, 1]] as const) {
    const res = await who.request('POST', `/v1/games/${game}/moves`, { move: { type: 'take', count } });
    t.equal(res.status, 200, JSON.stringify(res.body));
  }
  const deliveries = async () => (await site.as('GET', `/v1/app/webhooks/${hook.id}/deliveries?limit=100`)).body.items as any[];
  // g1: started(x2), turn Ana, 3 moves (x2), turn Ben, turn Ana, finished (x2) = 13; g2: started, turn Ana, 2 moves, turn Ana = 5.
  await waitFor(async () => {
    const all = await deliveries();
    return all.length >= 18 && all.every((d) => d.status === 'delivered');
  }, 30_000, 'every delivery');
  const events = receiver.accepted.map((r) => new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>) as Event);
  t.equal(events.length, 18);

  for (const e of events) {
    const who = e.data.recipient;
    t.ok(who, `${e.type} names its player`);
    t.ok(who.playerId === ana.id || who.playerId === ben.id, 'only the app\'s own players');
    t.equal(who.externalId, who.playerId === ana.id ? 'site-user-ana' : 'site-user-ben');
  }
  const of = (playerId: string, game: string) => events.filter((e) => e.data.recipient.playerId === playerId && e.data.gameId === game);
  t.same(of(ana.id, g1).map((e) => e.type), ['game.started', 'turn.started', 'move.made', 'move.made', 'turn.started', 'move.made', 'game.finished'], "Ana's events of game 1, in order");
  t.same(of(ben.id, g1).map((e) => e.type), ['game.started', 'move.made', 'turn.started', 'move.made', 'move.made', 'game.finished'], "Ben's, in order");
  t.same(of(ana.id, g2).map((e) => e.type), ['game.started', 'turn.started', 'move.made', 'move.made', 'turn.started'], "Ana's events of game 2, with Olga's move but nothing for Olga");
  t.same(of(ben.id, g2), [], 'Ben is not in game 2');
  for (const list of [of(ana.id, g1), of(ben.id, g1), of(ana.id, g2)]) {
    const versions = list.map((e) => e.data.version);
    t.same(versions, [...versions].sort((a, b) => a - b), 'versions never go back for one player and game');
  }

  // turn.started goes to the player whose turn it became, and to nobody else.
  for (const e of events.filter((x) => x.type === 'turn.started')) t.equal(e.data.player.id, e.data.recipient.playerId, 'a turn names its own player');

  // Each player's body is that player's view: Ana's card, never Ben's, and the reverse.
  const anaMove = of(ana.id, g1).find((e) => e.type === 'move.made' && e.data.version === 1)!;
  const benMove = of(ben.id, g1).find((e) => e.type === 'move.made' && e.data.version === 1)!;
  t.same(anaMove.data.view, (await anaClient.request('GET', `/v1/games/${g1}/state?at=1`)).body.view);
  t.same(benMove.data.view, (await benClient.request('GET', `/v1/games/${g1}/state?at=1`)).body.view);
  t.type(anaMove.data.view.cards[0], 'number');
  t.equal(anaMove.data.view.cards[1], null, "Ana's delivery never holds Ben's card");
  t.equal(benMove.data.view.cards[0], null, "Ben's never holds Ana's");

  // The delivery log names each delivery's player.
  const log = await deliveries();
  t.same(new Set(log.map((d) => d.playerId)), new Set([ana.id, ben.id]));
  t.equal(rivalReceiver.requests.length, 0, 'another app receives nothing of these games');
  t.equal((await site.as('GET', '/v1/app/webhooks')).body.items.length, 1);
});

t.test("an app's endpoint catches up after an outage, in order per player and game", async (t) => {
  const { receiver, app, site, ana, ben, hook } = await setUp(t);
  const anaClient = await browserOf(app, site.key, ana.id);
  const benClient = await browserOf(app, site.key, ben.id);
  const game = (await anaClient.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 30 } })).body.id;
  await benClient.request('POST', `/v1/games/${game}/join`, {});
  await anaClient.request('POST', `/v1/games/${game}/start`);
  await waitFor(() => receiver.accepted.length >= 3, 15_000, 'the start delivered');
  await receiver.down();
  for (let i = 0; i < 6; i++) {
    const res = await (i % 2 === 0 ? anaClient : benClient).request('POST', `/v1/games/${game}/moves`, { move: { type: 'take', count: 1 } });
    t.equal(res.status, 200);
  }
  const log = async () => (await site.as('GET', `/v1/app/webhooks/${hook.id}/deliveries?limit=100`)).body.items as any[];
  await waitFor(async () => (await log()).some((d) => d.attempts > 0 && d.status === 'pending'), 15_000, 'a failed attempt');
  await receiver.up();
  const retry = await site.as('POST', `/v1/app/webhooks/${hook.id}/retry`);
  t.equal(retry.status, 202);
  await waitFor(async () => (await log()).every((d) => d.status === 'delivered'), 30_000, 'caught up');
  const events = receiver.accepted.map((r) => new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>) as Event);
  for (const id of [ana.id, ben.id]) {
    const versions = events.filter((e) => e.data.recipient.playerId === id).map((e) => e.data.version);
    t.same(versions, [...versions].sort((a, b) => a - b), 'in order for each player');
    t.ok(versions.includes(6), 'up to the last move');
  }
  // Deleting the endpoint stops it; another delivery is not written for it.
  t.equal((await site.as('DELETE', `/v1/app/webhooks/${hook.id}`)).status, 204);
  await anaClient.request('POST', `/v1/games/${game}/moves`, { move: { type: 'take', count: 1 } });
  t.equal(await app.db.webhookDelivery.count(), 0, 'its delivery log went with it');
});
