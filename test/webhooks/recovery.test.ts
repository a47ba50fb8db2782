/**
 * A receiver back after an outage catches up at once, with retries minutes away: its first successful
 * attempt releases everything of that endpoint that waited (in order per game), and "retry now" (REST)
 * does the same on request. Real local receiver; the retry schedule is far longer than any wait here, so
 * a delivery seen in time was not sent by the schedule.
 */
import t, { type Test } from 'tap';
import { build, player, type Client } from '../helper.js';
import { FAST_WEBHOOKS, Receiver, waitFor } from './support/receiver.js';

/** Retries 10 minutes apart: nothing here may wait for them. */
const SLOW_RETRIES = { ...FAST_WEBHOOKS, retryScheduleMs: [600_000, 600_000], sweepIntervalMs: 600_000 };

async function newGame(ana: Client, ben: Client): Promise<string> {
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 50 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  return game.id;
}

async function move(who: Client, gameId: string): Promise<void> {
  const res = await who.request('POST', `/v1/games/${gameId}/moves`, { move: { type: 'take', count: 1 } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
}

/** Versions of each game's move.made, in the order the receiver accepted them. */
function versionsByGame(receiver: Receiver): Map<string, number[]> {
  const byGame = new Map<string, number[]>();
  for (const r of receiver.accepted) {
    const event = JSON.parse(r.body);
    byGame.set(event.data.gameId, [...(byGame.get(event.data.gameId) ?? []), event.data.version]);
  }
  return byGame;
}

async function setUp(t: Test) {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  const app = await build(t, { webhooks: SLOW_RETRIES });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const hook = (await ana.request('POST', '/v1/webhooks', { url: receiver.url, events: ['move.made'] })).body;
  // Two games played while the receiver fails: each game's first event fails, the rest queue behind it.
  receiver.mode = 503;
  const games = [await newGame(ana, ben), await newGame(ana, ben)];
  for (const id of games) for (let i = 0; i < 3; i++) await move(i % 2 === 0 ? ana : ben, id);
  const pending = async () => (await ana.request('GET', `/v1/webhooks/${hook.id}/deliveries?status=pending&limit=100`)).body.items as any[];
  await waitFor(async () => (await pending()).filter((d) => d.attempts === 1).length === 2, 10_000, 'both games failing');
  t.equal((await pending()).length, 6, 'six events wait');
  t.equal(receiver.requests.length, 2, 'one failed attempt per game; the rest wait behind it');
  receiver.mode = 'ok';
  return { receiver, ana, ben, hook, games, pending };
}

t.test('the first success after an outage releases every waiting event of the endpoint, in order per game', async (t) => {
  const { receiver, ana, ben, games, pending } = await setUp(t);
  // A third game's first move: a fresh stream, so its attempt goes now, and succeeds.
  const third = await newGame(ana, ben);
  await move(ana, third);
  await waitFor(() => receiver.accepted.length === 7, 10_000, 'the third game and then every waiting event');
  // The receiver has answered the last one; its delivery is recorded when the answer reaches the sender.
  await waitFor(async () => (await pending()).length === 0, 10_000, 'nothing waits any more');
  t.equal(receiver.accepted.length, 7, 'and nothing was sent twice');
  const byGame = versionsByGame(receiver);
  for (const id of games) t.same(byGame.get(id), [1, 2, 3], 'in order, each once');
  t.same(byGame.get(third), [1]);
});

t.test('"retry now" sends the waiting events at once; owner only', async (t) => {
  const { receiver, ana, ben, hook, games, pending } = await setUp(t);
  t.equal((await ben.request('POST', `/v1/webhooks/${hook.id}/retry`)).status, 404, "another player's endpoint is invisible");
  const retried = await ana.request('POST', `/v1/webhooks/${hook.id}/retry`);
  t.equal(retried.status, 202);
  t.same(retried.body, { endpointId: hook.id, pending: 6 });
  await waitFor(() => receiver.accepted.length === 6, 10_000, 'every waiting event');
  await waitFor(async () => (await pending()).length === 0, 10_000, 'every delivery recorded');
  const byGame = versionsByGame(receiver);
  for (const id of games) t.same(byGame.get(id), [1, 2, 3], 'in order, each once');
});
