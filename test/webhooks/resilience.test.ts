/**
 * Delivery under trouble, with a real local receiver: a receiver down for a while gets every event exactly
 * once per id and in order per game once it recovers; 410 disables the endpoint; redirects are not
 * followed; private addresses are refused without the allowlist.
 */
import t from 'tap';
import { build, player, type Client } from '../helper.js';
import { FAST_WEBHOOKS, Receiver, waitFor } from './support/receiver.js';

async function newGame(ana: Client, ben: Client, stones: number): Promise<string> {
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  return game.id;
}

async function move(who: Client, gameId: string, count: number): Promise<void> {
  const res = await who.request('POST', `/v1/games/${gameId}/moves`, { move: { type: 'take', count } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
}

t.test('a receiver down for a while, then back: every event once per id, in order per game', async (t) => {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  const app = await build(t, { webhooks: FAST_WEBHOOKS });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const hook = (await ana.request('POST', '/v1/webhooks', { url: receiver.url, events: ['game.started', 'move.made', 'turn.started', 'game.finished'] })).body;

  await receiver.down();
  // Two games played while the receiver is away (connections refused).
  const g1 = await newGame(ana, ben, 7);
  const g2 = await newGame(ana, ben, 6);
  for (const [a, b] of [[1, 1], [2, 1], [1, 1]] as const) {
    await move(ana, g1, a);
    await move(ana, g2, b);
    await move(ben, g1, 1);
    await move(ben, g2, 1);
  }
  // Both games are over (7 = 1+1+2+1+1+1; 6 = 1+1+1+1+1+1).
  const deliveries = async () => (await ana.request('GET', `/v1/webhooks/${hook.id}/deliveries?limit=100`)).body.items as any[];
  await waitFor(async () => (await deliveries()).some((d) => d.attempts >= 2), 10_000, 'failed attempts being retried');
  const failing = (await deliveries()).find((d) => d.attempts >= 1)!;
  const detail = await ana.request('GET', `/v1/webhooks/${hook.id}/deliveries/${failing.id}`);
  t.equal(detail.body.attemptLog[0].status, null, 'no HTTP status when the connection is refused');
  t.match(detail.body.attemptLog[0].error, /ECONNREFUSED|connect/);
  t.equal(receiver.requests.length, 0);

  await receiver.up(); // same port
  const total = (await deliveries()).length;
  t.ok(total >= 20, `${total} events queued`);
  await waitFor(() => receiver.accepted.length >= total, 30_000, 'every event after the recovery');
  // A little longer, to catch a duplicate if one were coming.
  await waitFor(async () => (await deliveries()).every((d) => d.status === 'delivered'), 10_000, 'every delivery marked delivered');

  const ids = receiver.accepted.map((r) => String(r.headers['webhook-id']));
  t.equal(new Set(ids).size, ids.length, 'each webhook-id received exactly once');
  t.equal(ids.length, total, 'and every one of them');
  for (const gameId of [g1, g2]) {
    const order = receiver.accepted
      .map((r) => JSON.parse(r.body))
      .filter((e) => e.data.gameId === gameId)
      .map((e) => [e.data.version, ['game.started', 'move.made', 'turn.started', 'game.finished'].indexOf(e.type)]);
    const sorted = [...order].sort((x, y) => x[0]! - y[0]! || x[1]! - y[1]!);
    t.same(order, sorted, `game ${gameId === g1 ? 1 : 2}: events arrive in game order`);
    t.equal(JSON.parse(receiver.accepted.filter((r) => JSON.parse(r.body).data.gameId === gameId).at(-1)!.body).type, 'game.finished');
  }
});

t.test('410 Gone disables the endpoint; a redirect is a failure, not followed', async (t) => {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  const app = await build(t, { webhooks: FAST_WEBHOOKS });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const hook = (await ana.request('POST', '/v1/webhooks', { url: receiver.url, events: ['move.made'] })).body;

  receiver.mode = 302;
  const gameId = await newGame(ana, ben, 9);
  await move(ana, gameId, 1);
  await waitFor(() => receiver.requests.length >= 1, 10_000, 'the first attempt');
  const first = (await ana.request('GET', `/v1/webhooks/${hook.id}/deliveries`)).body.items[0];
  await waitFor(async () => (await ana.request('GET', `/v1/webhooks/${hook.id}/deliveries/${first.id}`)).body.attempts >= 1, 5_000, 'attempt recorded');
  const afterRedirect = await ana.request('GET', `/v1/webhooks/${hook.id}/deliveries/${first.id}`);
  t.equal(afterRedirect.body.lastStatus, 302);
  t.match(afterRedirect.body.lastError, /redirect/);
  t.equal(afterRedirect.body.status, 'pending', 'retried later');
  t.notOk(receiver.requests.some((r) => r.path.includes('elsewhere')), 'the Location was not followed');

  receiver.mode = 410;
  await waitFor(async () => !(await ana.request('GET', `/v1/webhooks/${hook.id}`)).body.enabled, 10_000, 'the endpoint disabled');
  const disabled = (await ana.request('GET', `/v1/webhooks/${hook.id}`)).body;
  t.match(disabled.disabledReason, /410/);
  const gone = (await ana.request('GET', `/v1/webhooks/${hook.id}/deliveries/${first.id}`)).body;
  t.equal(gone.status, 'failed');
  t.equal(gone.lastStatus, 410);
  const attempts = receiver.requests.length;
  await move(ben, gameId, 1);
  t.equal((await ana.request('GET', `/v1/webhooks/${hook.id}/deliveries`)).body.items.length, 1, 'a disabled endpoint collects nothing');
  t.equal(receiver.requests.length, attempts);
});

t.test('private, loopback and link-local addresses are refused without the allowlist', async (t) => {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  const app = await build(t, { webhooks: { ...FAST_WEBHOOKS, allowedHosts: [] } });
  const ana = await player(app, 'Ana');
  for (const url of [
    receiver.url,
    'https://127.0.0.1/hook',
    'https://localhost/hook',
    'https://[::1]/hook',
    'https://10.1.2.3/hook',
    'https://192.168.1.10/hook',
    'https://172.20.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[fd00::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://0.0.0.0/hook',
    'ftp://example.com/hook',
    'https://user:pass@example.com/hook',
  ]) {
    const res = await ana.request('POST', '/v1/webhooks', { url, events: ['move.made'] });
    t.equal(res.status, 400, `${url} refused`);
    t.match(res.body.error.code, /^WEBHOOK_URL_FORBIDDEN$|^BAD_REQUEST$/);
  }
  t.equal((await ana.request('POST', '/v1/webhooks', { url: 'http://example.com/hook', events: ['move.made'] })).body.error.code, 'WEBHOOK_URL_FORBIDDEN', 'plain http only for allowlisted hosts');

  // With the allowlist, the same local receiver is accepted (and a CIDR entry works too).
  const allowed = await build(t, { webhooks: { ...FAST_WEBHOOKS, allowedHosts: ['127.0.0.0/8'] } });
  const ben = await player(allowed, 'Ben');
  t.equal((await ben.request('POST', '/v1/webhooks', { url: receiver.url, events: ['move.made'] })).status, 201);
  t.equal((await ben.request('POST', '/v1/webhooks', { url: 'https://10.1.2.3/hook', events: ['move.made'] })).status, 400);
});
