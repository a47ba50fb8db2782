/**
 * Server-Sent Events over a real listening server, read with fetch (undici) as a client without
 * WebSockets would: a move made on the service arrives, Last-Event-ID resumes from any version,
 * each reader sees only what its seat may see, turn notifications arrive, shutdown ends the streams.
 */
import t from 'tap';
import type { AddressInfo } from 'node:net';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { build, player, type Client } from '../helper.js';

interface Stream {
  readonly status: number;
  readonly headers: Headers;
  /** Everything received so far, as sent (for "never appears" checks). */
  readonly raw: () => string;
  readonly comments: string[];
  next(): Promise<EventSourceMessage>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

async function open(url: string, headers: Record<string, string> = {}): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const inbox: EventSourceMessage[] = [];
  const waiters: ((m: EventSourceMessage) => void)[] = [];
  const comments: string[] = [];
  let raw = '';
  const parser = createParser({
    onEvent: (message) => {
      const waiter = waiters.shift();
      if (waiter) waiter(message);
      else inbox.push(message);
    },
    onComment: (comment) => comments.push(comment),
  });
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        const text = decoder.decode(chunk as Uint8Array, { stream: true });
        raw += text;
        parser.feed(text);
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    raw: () => raw,
    comments,
    ended,
    next: () => {
      const queued = inbox.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no event within 20 s from ${url}`)), 20_000);
        waiters.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
    },
    close: () => abort.abort(),
  };
}

const auth = (c: Client) => ({ authorization: `Bearer ${c.token}` });

t.test('SSE: moves arrive redacted per reader, resume from any version, turns notify, shutdown ends streams', async (t) => {
  const app = await build(t, { sseHeartbeatMs: 100 });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1`;
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 20 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  const events = `${base}/games/${game.id}/events`;

  const spectator = await open(events);
  const anaStream = await open(events, auth(ana));
  const benStream = await open(events, auth(ben));
  const benTurns = await open(`${base}/me/events`, auth(ben));
  t.teardown(() => [spectator, anaStream, benStream, benTurns].forEach((s) => s.close()));
  t.equal(spectator.status, 200);
  t.match(spectator.headers.get('content-type'), /^text\/event-stream/);
  t.equal(spectator.headers.get('cache-control'), 'no-store', 'a stream is never stored (src/http/cache-scope.ts)');
  t.equal(spectator.headers.get('x-accel-buffering'), 'no', 'proxies are told not to buffer');

  // Ana swaps her hidden card: everyone sees the swap, only Ana the card she drew.
  t.equal((await ana.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'swap' } })).status, 200);
  const seen = await Promise.all([spectator.next(), anaStream.next(), benStream.next()]);
  for (const message of seen) {
    t.equal(message.event, 'move');
    t.equal(message.id, '1', 'the event id is the version after the move');
    t.same(JSON.parse(message.data).move, { type: 'swap' });
  }
  const drawn = (message: EventSourceMessage) => JSON.parse(message.data).log.filter((e: { type: string }) => e.type === 'card.drawn');
  t.equal(drawn(seen[1]!).length, 1, 'Ana sees the card she drew');
  t.type(drawn(seen[1]!)[0].card, 'number');
  t.same(drawn(seen[0]!), [], 'a spectator does not');
  t.same(drawn(seen[2]!), [], 'nor does Ben');

  const turn = await benTurns.next();
  t.equal(turn.event, 'turn');
  t.match(JSON.parse(turn.data), { gameId: game.id, seat: 1, version: 1, game: { id: game.id, toMove: [1] } }, 'Ben hears that it is his turn');

  await ben.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 2 } });
  await ana.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } });
  t.same([(await benStream.next()).id, (await benStream.next()).id], ['2', '3']);

  // A reader that missed everything resumes from version 0; another from 2 by the query parameter.
  const resumed = await open(events, { ...auth(ben), 'last-event-id': '0' });
  const byQuery = await open(`${events}?lastEventId=2`);
  t.teardown(() => [resumed, byQuery].forEach((s) => s.close()));
  t.same([(await resumed.next()).id, (await resumed.next()).id, (await resumed.next()).id], ['1', '2', '3'], 'missed moves are replayed');
  t.same((await byQuery.next()).id, '3');
  await ben.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } });
  t.equal((await resumed.next()).id, '4', 'then live moves follow, once');
  t.equal((await byQuery.next()).id, '4');
  t.equal((await spectator.next()).id, '2');

  for (const [who, stream] of [['Ben', benStream], ['Ben resumed', resumed], ['a spectator', spectator], ['a spectator by query', byQuery]] as const) {
    t.notMatch(stream.raw(), /card\.drawn/, `${who} never receives Ana's hidden card`);
  }
  t.ok(spectator.comments.includes('heartbeat') || benStream.comments.includes('heartbeat'), 'heartbeat comments keep the connection alive');

  // Refusals come before the stream opens, in the error shape.
  const unknown = await fetch(`${base}/games/00000000-0000-4000-8000-000000000000/events`);
  t.equal(unknown.status, 404);
  t.equal(((await unknown.json()) as { error: { code: string } }).error.code, 'GAME_NOT_FOUND');
  const ahead = await fetch(events, { headers: { 'last-event-id': '99' } });
  t.equal(ahead.status, 400);
  t.equal(((await ahead.json()) as { error: { code: string } }).error.code, 'BAD_REQUEST');
  const anonymous = await fetch(`${base}/me/events`);
  t.equal(anonymous.status, 401);

  // Shutdown ends every open stream instead of waiting for the clients to leave.
  await app.close();
  await Promise.all([spectator.ended, anaStream.ended, benTurns.ended, resumed.ended]);
  t.pass('the streams ended with the service');
});
