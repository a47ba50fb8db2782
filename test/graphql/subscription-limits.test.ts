/**
 * The edges of the subscription endpoint, seen by a real graphql-ws client over a real socket (a listening
 * server on 127.0.0.1): the connection_init deadline (4408), a refused token (4403), too many connections
 * for one token (4429), too many subscriptions on one connection, and an error code on every subscription
 * error. A raw `ws` socket plays the misbehaving client a graphql-ws client never is (4401, 4406).
 * Small limits keep it quick.
 */
import t from 'tap';
import WebSocket from 'ws';
import { createClient, type Client as WsClient, type SubscribePayload } from 'graphql-ws';
import type { FastifyInstance } from 'fastify';
import { build, player, type Client } from '../helper.js';

const LIMITS = { initTimeoutMs: 400, maxPerConnection: 2, maxConnectionsPerToken: 2 };

interface Outcome {
  readonly values: any[];
  /** The `error` payload (GraphQL errors) or the close event that ended the operation. */
  readonly error: any;
  readonly completed: boolean;
}

async function listening(t: Teardown): Promise<{ app: FastifyInstance; url: string }> {
  const app = await build(t, { workers: false, subscriptions: LIMITS });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, url: `ws://127.0.0.1:${address.port}/graphql` };
}

/** A graphql-ws client that never retries and records how its socket closed. */
function client(t: Teardown, url: string, token?: string, connectionParams?: () => Promise<Record<string, unknown>>): WsClient & { closes: { code: number; reason: string }[] } {
  const closes: { code: number; reason: string }[] = [];
  const c = createClient({
    url,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => undefined,
    connectionParams: connectionParams ?? (token ? { authorization: `Bearer ${token}` } : {}),
    on: { closed: (event) => void closes.push({ code: (event as { code: number }).code, reason: String((event as { reason: unknown }).reason) }) },
  });
  t.teardown(() => c.dispose());
  return Object.assign(c, { closes });
}

/** Subscribes; `ended` settles on complete or error. */
function subscribe(c: WsClient, payload: SubscribePayload): { values: any[]; ended: Promise<Outcome>; stop: () => void } {
  const values: any[] = [];
  let stop = () => undefined as void;
  const ended = new Promise<Outcome>((resolve) => {
    stop = c.subscribe(payload, {
      next: (value) => void values.push(value),
      error: (error) => resolve({ values, error, completed: false }),
      complete: () => resolve({ values, error: null, completed: true }),
    });
  });
  return { values, ended, stop };
}

const connected = (c: WsClient) => new Promise<void>((resolve) => c.on('connected', () => resolve()));
const closedWith = (c: WsClient) => new Promise<number>((resolve) => c.on('closed', (event) => resolve((event as { code: number }).code)));

async function startedNim(ana: Client, ben: Client): Promise<string> {
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 30 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  return game.id;
}

interface Teardown {
  teardown(fn: () => unknown): void;
}

const MOVES = 'subscription($id: ID!) { gameMoves(id: $id) { seq } }';

t.test('close codes: 4408 without connection_init in time, 4403 for an unknown token, 4429 over the connections of a token', async (t) => {
  const { app, url } = await listening(t);
  const ana = await player(app, 'Ana');

  // The client sends connection_init only once its connectionParams resolve: later than the deadline.
  const late = client(t, url, undefined, () => new Promise((resolve) => setTimeout(() => resolve({}), 1_500)));
  t.equal(await closedWith(late), 4408, 'connection_init too late');

  const forged = client(t, url, 'ptk_forged');
  const refused = subscribe(forged, { query: MOVES, variables: { id: '00000000-0000-4000-8000-000000000000' } });
  const outcome = await refused.ended;
  t.equal(outcome.error.code, 4403, 'an unknown token closes with 4403, not a connection_error message');
  t.match(outcome.error.reason, /unknown or revoked token/);

  const first = client(t, url, ana.token);
  const second = client(t, url, ana.token);
  await Promise.all([connected(first), connected(second)]);
  const third = client(t, url, ana.token);
  t.equal(await closedWith(third), 4429, 'a third connection of one token is refused');
  t.match(third.closes[0]?.reason, /Too many connections for this token/);

  await first.dispose();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const again = client(t, url, ana.token);
  await connected(again);
  t.pass('a closed connection frees its slot');
  const anonymous = [client(t, url), client(t, url), client(t, url)];
  await Promise.all(anonymous.map(connected));
  t.pass('spectators without a token are not counted against any token');
});

t.test('a raw socket: 4401 for subscribing before the acknowledgement; the old subprotocol is not negotiated', async (t) => {
  const { url } = await listening(t);
  const eager = new WebSocket(url, 'graphql-transport-ws');
  t.teardown(() => eager.terminate());
  await new Promise((resolve) => eager.once('open', resolve));
  eager.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { myTurn { gameId } }' } }));
  t.equal(await new Promise<number>((resolve) => eager.once('close', (code) => resolve(code))), 4401);

  // subscriptions-transport-ws called its subprotocol "graphql-ws": the server does not accept it (and
  // closes with 4406 a socket that got through without graphql-transport-ws).
  const legacy = new WebSocket(url, 'graphql-ws');
  t.teardown(() => legacy.terminate());
  const refused = await new Promise<Error>((resolve) => legacy.once('error', resolve));
  t.match(refused.message, /no subprotocol/);
});

/** Polls until `ready` holds (a subscription registers its listener asynchronously). */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !ready(); waited += 20) {
    if (waited > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

t.test('at most maxPerConnection subscriptions at once on one connection, each refusal with its code', async (t) => {
  const { app, url } = await listening(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const id = await startedNim(ana, ben);
  const c = client(t, url, ana.token);
  const listeners = app.gameEvents.listenerCount();
  const one = subscribe(c, { query: MOVES, variables: { id } });
  const two = subscribe(c, { query: MOVES, variables: { id } });
  const three = await subscribe(c, { query: MOVES, variables: { id } }).ended;
  t.equal(three.error[0].extensions.code, 'TOO_MANY_SUBSCRIPTIONS');
  t.match(three.error[0].message, /at most 2 subscriptions per connection/);
  await until(() => app.gameEvents.listenerCount() === listeners + 2, 'two listeners');

  t.equal((await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } })).status, 200);
  await until(() => one.values.length === 1 && two.values.length === 1, 'the move on both subscriptions');
  t.pass('the two accepted subscriptions go on, on the same connection');
  t.same(c.closes, [], 'the connection stays open');

  one.stop();
  await until(() => app.gameEvents.listenerCount() === listeners + 1, 'one listener gone');
  const four = subscribe(c, { query: MOVES, variables: { id } });
  await until(() => app.gameEvents.listenerCount() === listeners + 2, 'the new listener');
  await ben.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } });
  await until(() => four.values.length === 1, 'the move on the new subscription');
  t.equal(four.values[0].data.gameMoves.seq, 2, 'completing one freed a place');
  two.stop();
  four.stop();
});

t.test('every subscription error carries extensions.code', async (t) => {
  const { app, url } = await listening(t);
  const ana = await player(app, 'Ana');
  const anonymous = client(t, url);
  const c = client(t, url, ana.token);

  const unknownGame = await subscribe(c, { query: MOVES, variables: { id: '00000000-0000-4000-8000-000000000000' } }).ended;
  t.equal(unknownGame.values[0]?.errors?.[0]?.extensions?.code, 'GAME_NOT_FOUND', 'an error of the subscribe resolver');

  const noToken = await subscribe(anonymous, { query: 'subscription { myTurn { gameId } }' }).ended;
  t.equal(noToken.values[0]?.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');

  const misspelled = await subscribe(c, { query: 'subscription { myTurn { gameIdd } }' }).ended;
  t.equal(misspelled.error[0].extensions.code, 'BAD_REQUEST', 'a validation error');
  t.match(misspelled.error[0].message, /Cannot query field "gameIdd"/, 'with its message');

  const syntax = await subscribe(c, { query: 'subscription {' }).ended;
  t.equal(syntax.error[0].extensions.code, 'BAD_REQUEST', 'a syntax error');

  const query = await subscribe(c, { query: '{ me { id } }' }).ended;
  t.equal(query.error[0].extensions.code, 'BAD_REQUEST', 'queries belong on POST /graphql');
  t.match(query.error[0].message, /only subscriptions/);

  const badVariable = await subscribe(c, { query: MOVES, variables: { id: { not: 'an id' } } }).ended;
  // Refused before anything listens (the guards coerce the variables), as an `error` message.
  t.ok(Array.isArray(badVariable.error) && badVariable.error.every((e: any) => e.extensions?.code === 'BAD_REQUEST'), JSON.stringify(badVariable));
  t.same(c.closes, [], 'none of them closed the connection');
});
