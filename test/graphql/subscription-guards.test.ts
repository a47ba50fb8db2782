/**
 * A `subscribe` message over graphql-ws passes the same guards as a document sent over HTTP: the bombs of
 * the issue (records and histories aliased under `myTurn { game }`) are refused with QUERY_TOO_COMPLEX
 * before anything listens, arguments are bounded, and each event executes within a time budget of its
 * own. Seen by a real graphql-ws client over a real socket.
 */
import t from 'tap';
import WebSocket from 'ws';
import { createClient, type Client as WsClient, type SubscribePayload } from 'graphql-ws';
import type { FastifyInstance } from 'fastify';
import { build, player, type Client } from '../helper.js';
import type { AppOptions } from '../../src/app.js';

interface Teardown {
  teardown(fn: () => unknown): void;
}

async function listening(t: Teardown, options: Partial<AppOptions> = {}): Promise<{ app: FastifyInstance; url: string }> {
  const app = await build(t, { workers: false, ...options });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, url: `ws://127.0.0.1:${address.port}/graphql` };
}

function client(t: Teardown, url: string, token: string): WsClient {
  const c = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, lazy: false, onNonLazyError: () => undefined, connectionParams: { authorization: `Bearer ${token}` } });
  t.teardown(() => c.dispose());
  return c;
}

/** Subscribes; `first` settles with the first event, or with the error that ended the subscription. */
function subscribe(c: WsClient, payload: SubscribePayload): { first: Promise<{ value?: any; error?: any }>; stop: () => void } {
  let stop = () => undefined as void;
  const first = new Promise<{ value?: any; error?: any }>((resolve) => {
    stop = c.subscribe(payload, { next: (value) => resolve({ value }), error: (error) => resolve({ error }), complete: () => resolve({}) });
  });
  return { first, stop };
}

const codesOf = (error: any): string[] => (Array.isArray(error) ? error.map((e: any) => e.extensions?.code) : [`closed ${error?.code}`]);

async function startedNim(ana: Client, ben: Client): Promise<string> {
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 30 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  return game.id;
}

t.test('the subscription bombs are refused with QUERY_TOO_COMPLEX before anything listens', async (t) => {
  const { app, url } = await listening(t);
  const ana = await player(app, 'Ana');
  const c = client(t, url, ana.token);
  const listeners = app.gameEvents.listenerCount();
  const aliased = (n: number, field: string) => Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ');

  // The document: a thousand records under myTurn { game } (over the token and alias limits).
  const thousand = await subscribe(c, { query: `subscription { myTurn { game { ${aliased(1000, 'record')} } } }` }).first;
  t.same(codesOf(thousand.error), ['QUERY_TOO_COMPLEX'], JSON.stringify(thousand.error));

  // Within the alias and token limits, the cost refuses five records (TurnEvent.game costs as any Game).
  const records = await subscribe(c, { query: `subscription { myTurn { game { ${aliased(5, 'record')} } } }` }).first;
  t.same(codesOf(records.error), ['QUERY_TOO_COMPLEX'], JSON.stringify(records.error));
  t.match(records.error[0].message, /costs \d+, more than the limit of 1000/);

  // Histories priced by `limit` (not only the deprecated `first`).
  const histories = await subscribe(c, { query: `subscription { myTurn { game { ${aliased(8, 'history(limit: 200) { items { seq move log } }')} } } }` }).first;
  t.same(codesOf(histories.error), ['QUERY_TOO_COMPLEX'], JSON.stringify(histories.error));

  // Depth, aliases and control characters: the validation rules of HTTP.
  // An ordinary document is accepted: no error comes, it listens (counted below).
  const ordinary = subscribe(c, { query: 'subscription { myTurn { game { seats { player { id } } outcome { scores } view { version } } } }' }).first;
  const settled = await Promise.race([ordinary, new Promise((resolve) => setTimeout(() => resolve('listening'), 500))]);
  t.equal(settled, 'listening', 'an ordinary document is accepted');
  const nul = await subscribe(c, { query: 'subscription { gameMoves(id: "a\\u0000b") { seq } }' }).first;
  t.same(codesOf(nul.error), ['BAD_REQUEST']);

  // Arguments bounded as over HTTP (a malformed id is the client's error, not INTERNAL).
  const badId = await subscribe(c, { query: 'subscription($id: ID!) { gameMoves(id: $id) { seq } }', variables: { id: 'abc' } }).first;
  t.same(codesOf(badId.error), ['BAD_REQUEST'], JSON.stringify(badId.error));
  await new Promise((resolve) => setTimeout(resolve, 50));
  t.equal(app.gameEvents.listenerCount(), listeners + 1, 'only the ordinary subscription listens');

  // Deep JSON in a message is refused before it is parsed, as graphql-ws refuses a malformed message: the
  // socket is closed with 4400 (on a socket of its own here, so the one above keeps listening).
  const deepVariables = await subscribe(client(t, url, ana.token), {
    query: 'subscription($id: ID!, $v: Int) { gameMoves(id: $id, fromVersion: $v) { seq } }',
    variables: { id: crypto.randomUUID(), v: 1, extra: JSON.parse('['.repeat(1000) + ']'.repeat(1000)) },
  }).first;
  t.same(codesOf(deepVariables.error), ['closed 4400'], 'deep JSON in variables');
});

t.test('each subscription event executes within a time budget of its own', async (t) => {
  // A budget of 0 ms: every expensive field of an event is refused instead of being done.
  const { app, url } = await listening(t, { graphqlLimits: { timeoutMs: 0 } });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const id = await startedNim(ana, ben);
  const c = client(t, url, ben.token);
  const views = app.games.view.bind(app.games);
  let rebuilt = 0;
  app.games.view = (...args: Parameters<typeof views>) => {
    rebuilt++;
    return views(...args);
  };
  const { first } = subscribe(c, { query: 'subscription { myTurn { gameId game { id view(at: 0) { version } record } } }' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } });
  const { value } = await first;
  t.ok(value, 'the event arrives (its non-null fields refused, so its data is null)');
  t.same(new Set(value?.errors?.map((e: any) => e.extensions?.code)), new Set(['QUERY_TIMEOUT']), JSON.stringify(value?.errors));
  t.equal(rebuilt, 0, 'no past state was rebuilt out of time');
});
