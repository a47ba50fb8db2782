/**
 * Connections no client may hold or multiply (docs/edge.md), over a real listening server: SSE streams
 * capped per token, per address and in all, their headers sent at once; anonymous websockets capped per
 * address; a slow body cut by the request timeout; registrations counted per address whatever token comes;
 * deep JSON refused in GraphQL over GET and in graphql-ws messages before anything walks it.
 */
import t from 'tap';
import http from 'node:http';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import { build, player, send } from '../helper.js';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Opens a GET and resolves at its response head (status and headers), keeping the body open. */
function head(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string | undefined; body: () => Promise<string>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      let text = '';
      const done = new Promise<string>((r) =>
        response
          .on('data', (c: Buffer) => (text += c.toString()))
          .on('end', () => r(text))
          .on('close', () => r(text)),
      );
      resolve({
        status: response.statusCode ?? 0,
        type: response.headers['content-type'],
        body: () => done,
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

t.test('SSE streams: capped per token, per address and in all; headers flushed before any heartbeat', async (t) => {
  const app = await build(t, {
    sseHeartbeatMs: 3_600_000,
    connectionCaps: { ssePerToken: 2, ssePerAddress: 3, sseTotal: 100 },
  });
  const url = await listen(app);
  const ana = await player(app, 'Ana');
  const auth = { authorization: `Bearer ${ana.token}` };
  // No heartbeat comes for an hour: the response head arrives because the headers are flushed at once.
  const first = await head(`${url}/v1/me/events`, auth);
  t.equal(first.status, 200, 'the stream answers 200 at once');
  t.match(first.type, /text\/event-stream/);
  const second = await head(`${url}/v1/me/events`, auth);
  const third = await head(`${url}/v1/me/events`, auth);
  t.equal(third.status, 429, 'a third stream of one token is refused');
  t.match(JSON.parse(await third.body()), { error: { code: 'TOO_MANY_STREAMS' } }, "in Portolan's error shape");
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2 })).body;
  const anonymous = await head(`${url}/v1/games/${game.id}/events`);
  t.equal(anonymous.status, 200, 'the address has one place left');
  const over = await head(`${url}/v1/games/${game.id}/events`);
  t.equal(over.status, 429, 'a fourth stream from one address is refused');
  first.close();
  await first.body();
  let again = await head(`${url}/v1/games/${game.id}/events`);
  for (let i = 0; i < 50 && again.status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 100)); // the server sees the close a moment later
    again = await head(`${url}/v1/games/${game.id}/events`);
  }
  t.equal(again.status, 200, 'a closed stream frees its place');
  for (const s of [second, anonymous, again]) s.close();
});

t.test('SSE streams: the instance cap is a 503', async (t) => {
  const app = await build(t, { sseHeartbeatMs: 3_600_000, connectionCaps: { sseTotal: 1 } });
  const url = await listen(app);
  const ana = await player(app, 'Ana');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2 })).body;
  const one = await head(`${url}/v1/games/${game.id}/events`);
  const two = await head(`${url}/v1/games/${game.id}/events`);
  t.equal(one.status, 200);
  t.equal(two.status, 503);
  t.match(JSON.parse(await two.body()), { error: { code: 'SERVER_BUSY' } });
  one.close();
});

/** Opens a graphql-ws socket and resolves with its close code, or 'open' once it is acknowledged or idle. */
function socket(url: string, init?: Record<string, unknown>): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url.replace('http', 'ws') + '/graphql', 'graphql-transport-ws');
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('error', reject);
    ws.on('open', () => {
      if (init) ws.send(JSON.stringify({ type: 'connection_init', payload: init }));
      resolve({ ws, closed });
    });
  });
}

t.test('anonymous websockets are capped per address; a token moves a socket out of that count', async (t) => {
  const app = await build(t, {
    connectionCaps: { anonymousSocketsPerAddress: 2 },
    subscriptions: { initTimeoutMs: 60_000 },
  });
  const url = await listen(app);
  const ana = await player(app, 'Ana');
  const a = await socket(url);
  const b = await socket(url);
  const c = await socket(url);
  t.equal(await c.closed, 4429, 'a third anonymous socket from one address is closed with 4429');
  const acked = new Promise((r) => a.ws.once('message', r));
  a.ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${ana.token}` } }));
  await acked;
  const d = await socket(url);
  const pong = new Promise((r) => d.ws.once('message', r));
  d.ws.send(JSON.stringify({ type: 'connection_init', payload: {} }));
  t.match(JSON.parse(String(await pong)), { type: 'connection_ack' }, 'the place a token freed is taken');
  // A message nested too deep is refused before graphql-ws parses it.
  d.ws.send(
    `{"id":"1","type":"subscribe","payload":{"query":"subscription { myTurn { gameId } }","variables":{"v":${deep(5_000)}}}}`,
  );
  t.equal(await d.closed, 4400, 'a deeply nested message closes with 4400');
  for (const s of [a, b]) s.ws.close();
});

t.test('a body sent a byte at a time is cut by the request timeout', async (t) => {
  const app = await build(t, { httpTimeouts: { requestTimeoutMs: 1_000 } });
  const url = new URL(await listen(app));
  const body = '{"name":"' + 'x'.repeat(990) + '"}';
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise((r) => socket.once('connect', r));
  socket.write(
    `POST /v1/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  let sent = 0;
  let open = true;
  void closed.then(() => (open = false));
  // One byte every 200 ms would take over three minutes; the server must cut it long before.
  while (open && sent < body.length) {
    socket.write(body[sent]!);
    sent++;
    await new Promise((r) => setTimeout(r, 200));
  }
  await closed;
  t.ok(sent < body.length, `the connection was cut after ${sent} of ${body.length} bytes`);
  t.match(answer, /^(HTTP\/1\.1 408|$)/, 'with 408 Request Timeout, or simply closed');
  t.equal((await send(app, 'GET', '/v1/players?limit=1')).status < 500, true);
});

t.test('registrations count per address whatever token comes with them', async (t) => {
  const app = await build(t, { rateLimits: { registrationsPerHour: 2 } });
  const register = (token?: string) =>
    app.inject({
      method: 'POST',
      url: '/v1/players',
      payload: { name: `p${randomBytes(3).toString('hex')}` },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const first = await register();
  t.equal(first.statusCode, 201);
  const second = await register(first.json().token);
  t.equal(second.statusCode, 201);
  const third = await register(second.json().token);
  t.equal(third.statusCode, 429, "a new player's token is no fresh budget");
  t.equal(third.json().error.code, 'RATE_LIMITED');
});

t.test('GraphQL over GET: variables nested too deep are refused before they are parsed', async (t) => {
  const app = await build(t);
  const query = encodeURIComponent('query($v: JSON) { __typename }');
  const res = await app.inject({
    method: 'GET',
    url: `/graphql?query=${query}&variables=${encodeURIComponent(`{"v":${deep(5_000)}}`)}`,
  });
  t.equal(res.statusCode, 400);
  const body = res.json();
  t.equal(body.error?.code ?? body.errors?.[0]?.extensions?.code, 'INVALID_JSON');
});
