/**
 * Webhooks end to end with a real local HTTP receiver: every event delivered, signed per Standard Webhooks
 * and verified with the `standardwebhooks` library, redacted for the endpoint's owner; management routes.
 */
import t from 'tap';
import { Webhook } from 'standardwebhooks';
import { build, player, send, type Client } from '../helper.js';
import { FAST_WEBHOOKS, Receiver, waitFor } from './support/receiver.js';

async function playNim(ana: Client, ben: Client, stones: number, takes: number[]): Promise<string> {
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  const started = await ana.request('POST', `/v1/games/${game.id}/start`);
  if (started.status !== 200) throw new Error(JSON.stringify(started.body));
  for (const [i, count] of takes.entries()) {
    const who = i % 2 === 0 ? ana : ben;
    const res = await who.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count } });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  }
  return game.id;
}

t.test('every event reaches its owner, signed, verified and redacted for that owner', async (t) => {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  const app = await build(t, { webhooks: FAST_WEBHOOKS });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const all = ['game.started', 'move.made', 'turn.started', 'turn.reminder', 'game.finished'];
  const anaHook = await ana.request('POST', '/v1/webhooks', { url: `${receiver.url}?who=ana`, events: all, description: 'Ana' });
  t.equal(anaHook.status, 201);
  t.match(anaHook.body.secret, /^whsec_[A-Za-z0-9+/=]+$/);
  const benHook = await ben.request('POST', '/v1/webhooks', { url: `${receiver.url}?who=ben`, events: ['move.made', 'turn.started'] });
  t.equal(benHook.status, 201);

  // The secret is shown once: never in reads.
  const listed = await ana.request('GET', '/v1/webhooks');
  t.equal(listed.body.items.length, 1);
  t.notOk('secret' in listed.body.items[0]);
  t.equal((await ben.request('GET', `/v1/webhooks/${anaHook.body.id}`)).status, 404, "another player's endpoint is invisible");

  // Nim with 5 stones: Ana 1, Ben 3, Ana 1 wins. Ana also swaps first to have a secret change hands.
  const gameId = await playNim(ana, ben, 5, [1, 3, 1]);
  const expectAna = ['game.started', 'turn.started', 'move.made', 'move.made', 'turn.started', 'move.made', 'game.finished'];
  const expectBen = ['move.made', 'turn.started', 'move.made', 'move.made'];
  const byWho = (who: string) => receiver.accepted.filter((r) => r.path.includes(`who=${who}`));
  await waitFor(() => byWho('ana').length >= expectAna.length && byWho('ben').length >= expectBen.length, 15_000, 'all deliveries');

  const verify = (secret: string, who: string) =>
    byWho(who).map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; timestamp: string; data: any });
  const anaEvents = verify(anaHook.body.secret, 'ana');
  const benEvents = verify(benHook.body.secret, 'ben');
  t.same(anaEvents.map((e) => e.type), expectAna, "Ana's events, in order");
  t.same(benEvents.map((e) => e.type), expectBen, "Ben's events (only those he asked for), in order");
  t.throws(() => new Webhook(benHook.body.secret).verify(byWho('ana')[0]!.body, byWho('ana')[0]!.headers as Record<string, string>), 'a wrong secret does not verify');

  for (const r of receiver.accepted) {
    t.match(r.headers['webhook-id'], /^msg_[0-9a-f]{32}$/);
    t.match(r.headers['webhook-signature'], /^v1,/);
    t.equal(r.headers['content-type'], 'application/json');
  }
  t.equal(new Set(receiver.accepted.map((r) => r.headers['webhook-id'])).size, receiver.accepted.length, 'one webhook-id per event');

  // Redaction: each owner sees its own card only while the game runs, exactly as GET /state?at=seq shows it.
  const anaMove1 = anaEvents.find((e) => e.type === 'move.made' && e.data.version === 1)!;
  const benMove1 = benEvents.find((e) => e.type === 'move.made' && e.data.version === 1)!;
  t.same(anaMove1.data.view, (await ana.request('GET', `/v1/games/${gameId}/state?at=1`)).body.view);
  t.same(benMove1.data.view, (await ben.request('GET', `/v1/games/${gameId}/state?at=1`)).body.view);
  t.type(anaMove1.data.view.cards[0], 'number');
  t.equal(anaMove1.data.view.cards[1], null, "Ana never sees Ben's card in a running game");
  t.equal(benMove1.data.view.cards[0], null);
  t.same(anaMove1.data.move.move, { type: 'take', count: 1 });
  const finished = anaEvents.find((e) => e.type === 'game.finished')!;
  t.same(finished.data.outcome.winners, [0]);
  const seed = (await send(app, 'GET', `/v1/games/${gameId}`)).body.seed;
  t.match(seed, /^[0-9a-f]{64}$/);
  t.notOk(receiver.requests.some((r) => r.body.includes(seed)), 'the seed is never in a webhook');
  const turn = anaEvents.find((e) => e.type === 'turn.started' && e.data.version === 2)!;
  t.equal(turn.data.seat, 0);
  t.equal(turn.data.player.id, ana.id);

  // The delivery log: every delivery, its attempts (status, latency). The receiver answers before the
  // worker records the answer, so wait for the records.
  const deliveriesOf = () => ana.request('GET', `/v1/webhooks/${anaHook.body.id}/deliveries`);
  await waitFor(async () => (await deliveriesOf()).body.items.every((d: any) => d.status !== 'pending'), 10_000, 'deliveries recorded');
  const log = await deliveriesOf();
  t.equal(log.status, 200);
  t.equal(log.body.items.length, expectAna.length);
  t.ok(log.body.items.every((d: any) => d.status === 'delivered' && d.attempts === 1 && d.lastStatus === 204));
  const one = await ana.request('GET', `/v1/webhooks/${anaHook.body.id}/deliveries/${log.body.items[0].id}`);
  t.equal(one.body.attemptLog.length, 1);
  t.equal(one.body.attemptLog[0].status, 204);
  t.type(one.body.attemptLog[0].latencyMs, 'number');

  // Re-send one on request: same id, same body, a new valid signature.
  const target = log.body.items[log.body.items.length - 1];
  const before = receiver.accepted.length;
  const again = await ana.request('POST', `/v1/webhooks/${anaHook.body.id}/deliveries/${target.id}/redeliver`);
  t.equal(again.status, 202);
  await waitFor(() => receiver.accepted.length > before, 10_000, 'the redelivery');
  const resent = receiver.accepted[receiver.accepted.length - 1]!;
  t.equal(resent.headers['webhook-id'], target.id);
  t.same(new Webhook(anaHook.body.secret).verify(resent.body, resent.headers as Record<string, string>), target.payload);
});

t.test('management: update, disable/enable, rotate, delete, validation', async (t) => {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  const app = await build(t, { webhooks: FAST_WEBHOOKS });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  t.equal((await send(app, 'POST', '/v1/webhooks', { url: receiver.url, events: ['move.made'] })).status, 401);
  t.equal((await ana.request('POST', '/v1/webhooks', { url: receiver.url, events: ['nope'] })).status, 400);
  t.equal((await ana.request('POST', '/v1/webhooks', { url: 'not a url', events: ['move.made'] })).status, 400);
  const hook = (await ana.request('POST', '/v1/webhooks', { url: receiver.url, events: ['move.made'] })).body;

  const patched = await ana.request('PATCH', `/v1/webhooks/${hook.id}`, { events: ['move.made', 'game.finished'], description: 'mine' });
  t.equal(patched.status, 200);
  t.same(patched.body.events, ['move.made', 'game.finished']);
  t.equal(patched.body.description, 'mine');

  // Disabled: nothing is sent, nothing is collected; enabled again, new events flow.
  t.equal((await ana.request('POST', `/v1/webhooks/${hook.id}/disable`)).body.enabled, false);
  const gameId = await playNim(ana, ben, 3, [1]);
  t.equal((await ana.request('GET', `/v1/webhooks/${hook.id}/deliveries`)).body.items.length, 0);
  const enabled = await ana.request('POST', `/v1/webhooks/${hook.id}/enable`);
  t.equal(enabled.body.enabled, true);
  t.equal(enabled.body.disabledReason, null);
  t.equal((await ben.request('POST', `/v1/games/${gameId}/moves`, { move: { type: 'take', count: 1 } })).status, 200);
  await waitFor(() => receiver.accepted.length >= 1, 10_000, 'a delivery after enabling');
  t.same(receiver.accepted.map((r) => JSON.parse(r.body).data.version), [2]);

  // Rotation: the new secret and, for a while, the old one both sign.
  const rotated = await ana.request('POST', `/v1/webhooks/${hook.id}/rotate-secret`);
  t.equal(rotated.status, 200);
  t.not(rotated.body.secret, hook.secret);
  t.equal((await ana.request('POST', `/v1/games/${gameId}/moves`, { move: { type: 'take', count: 1 } })).status, 200);
  await waitFor(() => receiver.accepted.length >= 3, 10_000, 'deliveries after rotation');
  t.same(receiver.accepted.map((r) => JSON.parse(r.body).type), ['move.made', 'move.made', 'game.finished']);
  const last = receiver.accepted[receiver.accepted.length - 1]!;
  t.equal(String(last.headers['webhook-signature']).split(' ').length, 2);
  t.ok(new Webhook(rotated.body.secret).verify(last.body, last.headers as Record<string, string>));
  t.ok(new Webhook(hook.secret).verify(last.body, last.headers as Record<string, string>));

  t.equal((await ana.request('DELETE', `/v1/webhooks/${hook.id}`)).status, 204);
  t.equal((await ana.request('GET', `/v1/webhooks/${hook.id}`)).status, 404);
});

t.test('a body over the size cap goes out without the view and the move, marked truncated', async (t) => {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  const app = await build(t, { webhooks: { ...FAST_WEBHOOKS, maxPayloadBytes: 200 } });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const hook = (await ana.request('POST', '/v1/webhooks', { url: receiver.url, events: ['move.made'] })).body;
  await playNim(ana, ben, 9, [2]);
  await waitFor(() => receiver.accepted.length >= 1, 10_000, 'the delivery');
  const event = new Webhook(hook.secret).verify(receiver.accepted[0]!.body, receiver.accepted[0]!.headers as Record<string, string>) as any;
  t.equal(event.type, 'move.made');
  t.equal(event.data.truncated, true);
  t.notOk('view' in event.data);
  t.notOk('move' in event.data);
  t.equal(event.data.version, 1);
  t.ok(Buffer.byteLength(receiver.accepted[0]!.body) <= 200);
});
