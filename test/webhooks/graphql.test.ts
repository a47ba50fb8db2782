/** The GraphQL side of asynchronous play: webhook management, a timed game's clock and deadlines. */
import t from 'tap';
import { build, gql, player } from '../helper.js';
import { FAST_WEBHOOKS, Receiver, waitFor } from './support/receiver.js';

t.test('GraphQL: webhooks and deadlines', async (t) => {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  const app = await build(t, { webhooks: FAST_WEBHOOKS });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');

  const created = await gql(app, `mutation($url: String!) { createWebhook(url: $url, events: ["move.made", "turn.started"]) { secret endpoint { id url events enabled } } }`, { url: receiver.url }, ana.token);
  t.notOk(created.errors, JSON.stringify(created.errors));
  const endpoint = created.data.createWebhook.endpoint;
  t.match(created.data.createWebhook.secret, /^whsec_/);
  t.same(endpoint.events, ['move.made', 'turn.started']);
  const refused = await gql(app, `mutation { createWebhook(url: "https://10.0.0.1/x", events: ["move.made"]) { secret } }`, {}, ana.token);
  t.equal(refused.errors?.[0]?.extensions?.code, 'WEBHOOK_URL_FORBIDDEN');

  const game = await gql(app, `mutation { createGame(type: "nim", seats: 2, clock: { perMove: 86400, reminderBefore: 3600, onTimeout: "forfeit" }) { id clock { perMove reserve reminderBefore onTimeout } } }`, {}, ana.token);
  t.notOk(game.errors, JSON.stringify(game.errors));
  const id = game.data.createGame.id;
  t.same(game.data.createGame.clock, { perMove: 86400, reserve: 0, reminderBefore: 3600, onTimeout: 'forfeit' });
  await gql(app, `mutation($id: ID!) { joinGame(id: $id) { id } }`, { id }, ben.token);
  await gql(app, `mutation($id: ID!) { startGame(id: $id) { id } }`, { id }, ana.token);
  const mine = await gql(app, `{ myTurn { items { id deadlines { seat turnVersion deadlineAt reminderAt } } } }`, {}, ana.token);
  t.equal(mine.data.myTurn.items[0].id, id);
  t.equal(mine.data.myTurn.items[0].deadlines[0].seat, 0);
  await gql(app, `mutation($id: ID!) { move(id: $id, move: { type: "take", count: 1 }) { version } }`, { id }, ana.token);
  await waitFor(() => receiver.accepted.length >= 2, 10_000, 'deliveries');

  const listDeliveries = () => gql(app, `{ webhooks { id enabled deliveries(first: 10) { items { id event status attempts attemptLog { status latencyMs } } } } }`, {}, ana.token);
  // The receiver answers before the worker records the answer: wait for the records.
  await waitFor(async () => (await listDeliveries()).data?.webhooks[0].deliveries.items.every((d: any) => d.status !== 'pending'), 10_000, 'deliveries recorded');
  const list = await listDeliveries();
  t.notOk(list.errors, JSON.stringify(list.errors));
  const items = list.data.webhooks[0].deliveries.items;
  t.same(items.map((d: any) => d.event).sort(), ['move.made', 'turn.started']);
  t.ok(items.every((d: any) => d.status === 'delivered' && d.attemptLog[0].status === 204));

  const updated = await gql(app, `mutation($id: ID!) { updateWebhook(id: $id, enabled: false) { enabled disabledReason } }`, { id: endpoint.id }, ana.token);
  t.same(updated.data.updateWebhook, { enabled: false, disabledReason: 'disabled by its owner' });
  const rotated = await gql(app, `mutation($id: ID!) { rotateWebhookSecret(id: $id) { secret } }`, { id: endpoint.id }, ana.token);
  t.match(rotated.data.rotateWebhookSecret.secret, /^whsec_/);
  const redone = await gql(app, `mutation($e: ID!, $d: ID!) { redeliverWebhook(endpointId: $e, deliveryId: $d) { id } }`, { e: endpoint.id, d: items[0].id }, ana.token);
  t.equal(redone.errors?.[0]?.extensions?.code, 'WEBHOOK_DISABLED');
  const retry = `mutation($id: ID!) { retryWebhook(id: $id) { endpointId pending } }`;
  t.equal((await gql(app, retry, { id: endpoint.id }, ana.token)).errors?.[0]?.extensions?.code, 'WEBHOOK_DISABLED');
  t.equal((await gql(app, retry, { id: endpoint.id }, ben.token)).errors?.[0]?.extensions?.code, 'NOT_FOUND', "another player's endpoint cannot be retried");
  await gql(app, `mutation($id: ID!) { updateWebhook(id: $id, enabled: true) { enabled } }`, { id: endpoint.id }, ana.token);
  t.same((await gql(app, retry, { id: endpoint.id }, ana.token)).data?.retryWebhook, { endpointId: endpoint.id, pending: 0 }, 'nothing pending: every delivery went out');
  t.equal((await gql(app, `query($id: ID!) { webhook(id: $id) { id } }`, { id: endpoint.id }, ben.token)).data.webhook, null, "another player's endpoint is invisible");
  t.equal((await gql(app, `mutation($id: ID!) { deleteWebhook(id: $id) }`, { id: endpoint.id }, ana.token)).data.deleteWebhook, true);
  t.same((await gql(app, `{ webhooks { id } }`, {}, ana.token)).data.webhooks, []);
});
