/**
 * GET /v1/games/:id/updates: the GraphQL `gameUpdated` signal as Server-Sent Events, for a frontend
 * without WebSockets: the summary at once, then one per join, bot and start, read over a real server.
 */
import t from 'tap';
import type { AddressInfo } from 'node:net';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { build, player } from '../helper.js';

t.test('SSE updates: the summary first, then each seat change and the start', async (t) => {
  const app = await build(t);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1`;
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const game = (await ana.request('POST', '/v1/games', { type: 'puerto-rico', seats: 3 })).body;

  const abort = new AbortController();
  t.teardown(() => abort.abort());
  const response = await fetch(`${base}/games/${game.id}/updates`, { signal: abort.signal });
  t.equal(response.status, 200);
  t.match(response.headers.get('content-type'), /^text\/event-stream/);
  const inbox: EventSourceMessage[] = [];
  let wake: () => void = () => undefined;
  const parser = createParser({
    onEvent: (message) => {
      inbox.push(message);
      wake();
    },
  });
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      // aborted at the end of the test
    }
  })();
  const next = async (): Promise<any> => {
    const deadline = Date.now() + 20_000;
    while (inbox.length === 0) {
      if (Date.now() > deadline) throw new Error('no event within 20 s');
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 200);
      });
    }
    const message = inbox.shift()!;
    t.equal(message.event, 'game');
    return JSON.parse(message.data);
  };

  const first = await next();
  t.equal(first.id, game.id);
  t.equal(first.status, 'waiting', 'the summary as it is now comes first');
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  t.equal((await next()).seats[1].player.name, 'Ben', 'a join arrives');
  await ana.request('POST', `/v1/games/${game.id}/bots`, { seat: 2, level: 'random' });
  t.equal((await next()).seats[2].bot !== null, true, 'a bot seated arrives');
  await ana.request('POST', `/v1/games/${game.id}/start`);
  t.equal((await next()).status, 'active', 'the start arrives');

  const unknown = await fetch(`${base}/games/00000000-0000-4000-8000-000000000000/updates`);
  t.equal(unknown.status, 404, 'an unknown game is a 404 before any stream');
});
