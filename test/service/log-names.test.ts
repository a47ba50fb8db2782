/**
 * Engines write seats as `{seat:N}`; every path that serves a log names the seat holders instead: the
 * move answer, the history over REST and GraphQL, a webhook body, and the service's own resignation entry.
 */
import t from 'tap';
import { Webhook } from 'standardwebhooks';
import { seatNames } from '../../src/service/log-text.js';
import { build, gql, player } from '../helper.js';
import { FAST_WEBHOOKS, Receiver, waitFor } from '../webhooks/support/receiver.js';

const texts = (log: { text: string }[]) => log.map((e) => e.text);

t.test('seat names: players by name, bots by level, repeated names numbered', async (t) => {
  const seat = (index: number, playerName: string | null, botLevel: string | null) => ({ index, playerName, botLevel });
  t.same(seatNames([seat(0, 'Ana', null), seat(1, null, 'greedy')]), ['Ana', 'Greedy bot']);
  t.same(seatNames([seat(0, 'Ana', null), seat(1, null, 'random'), seat(2, null, 'random'), seat(3, 'Ana', null)]), [
    'Ana 1',
    'Random bot 1',
    'Random bot 2',
    'Ana 2',
  ]);
  t.same(seatNames([seat(0, null, null)]), ['Seat 0'], 'an empty seat (not started) keeps its number');
});

t.test('logs are served with names over REST, GraphQL and webhooks', async (t) => {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  const app = await build(t, { webhooks: FAST_WEBHOOKS });
  const ana = await player(app, 'Ana');
  const hook = (await ana.request('POST', '/v1/webhooks', { url: receiver.url, events: ['move.made'] })).body;
  const id = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 21 }, bots: [{ seat: 1, level: 'perfect' }] })).body.id;
  await ana.request('POST', `/v1/games/${id}/start`);

  const moved = await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 2 } });
  t.equal(moved.status, 200);
  t.same(texts(moved.body.log), ['Ana took 2.'], 'the move answer names the player');
  await app.bots.idle();

  const rest = (await ana.request('GET', `/v1/games/${id}/moves`)).body.items;
  t.same(rest.map((m: { log: { text: string }[] }) => texts(m.log)), [['Ana took 2.'], ['Perfect bot took 3.']], 'REST history');
  t.equal(rest[1].log[0].seat, 1, 'the structured seat stays');

  const query = `query($id: ID!) { game(id: $id) { history { items { seq log } } } }`;
  const graph = (await gql(app, query, { id }, ana.token)).data.game.history.items;
  t.same(graph.map((m: { log: { text: string }[] }) => texts(m.log)), [['Ana took 2.'], ['Perfect bot took 3.']], 'GraphQL history');

  const resigned = await ana.request('POST', `/v1/games/${id}/resign`, {});
  t.equal(resigned.status, 200, JSON.stringify(resigned.body));
  t.same(texts(resigned.body.log), ['Ana resigned.'], "the service's own entry names the player");
  const last = (await ana.request('GET', `/v1/games/${id}/moves?after=2`)).body.items[0];
  t.same(texts(last.log), ['Ana resigned.']);

  await waitFor(() => receiver.accepted.length >= 2, 30_000, 'two move.made deliveries');
  const bodies = receiver.accepted.map((r) => new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>) as any);
  const bySeq = new Map(bodies.map((b) => [b.data.version, b.data.move.log]));
  t.same(texts(bySeq.get(1)), ['Ana took 2.'], 'webhook body, a player');
  t.same(texts(bySeq.get(2)), ['Perfect bot took 3.'], 'webhook body, a bot');
  for (const r of receiver.accepted) t.notMatch(r.body, /\{seat:\d+\}|Seat \d/, 'no placeholder or seat number reaches a webhook');
});
