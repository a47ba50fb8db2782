/**
 * Revocation takes effect at once on every instance: two listening instances on one database; a token
 * resolved (and cached) by B, with an SSE stream and a graphql-ws websocket open on B, is revoked on A.
 * Within a second B answers 401 TOKEN_REVOKED and both connections are closed with that reason.
 * Also: revoking all of a player's tokens (as a ban would), and a token expiring under an open websocket.
 */
import t from 'tap';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { build, createTestDatabase, player, send } from '../helper.js';

/** The Done-when bound: revocation reaches every instance within a second. */
const BOUND_MS = 1_000;

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** An SSE stream read with fetch: resolves `ended` with everything received once the server closes it. */
async function openStream(url: string, token: string): Promise<{ status: number; ended: Promise<string> }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const ended = (async () => {
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of response.body ?? []) text += decoder.decode(chunk as Uint8Array, { stream: true });
    return text;
  })();
  return { status: response.status, ended };
}

/** A graphql-ws connection with one subscription; `closed` resolves with the close code and reason. */
async function openSocket(host: string, token: string): Promise<{ closed: Promise<{ code: number; reason: string }>; socket: WebSocket }> {
  const socket = new WebSocket(`ws://${host}/graphql`, 'graphql-transport-ws');
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const acked = new Promise((resolve) => socket.once('message', resolve));
  socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
  const ack = JSON.parse(String(await acked));
  if (ack.type !== 'connection_ack') throw new Error(`no ack: ${JSON.stringify(ack)}`);
  socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { myTurn { gameId } }' } }));
  return { closed, socket };
}

/** Polls until `check` holds; returns the milliseconds it took (or throws after `limitMs`). */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}

t.test('a token revoked on one instance is refused on the other within a second, its streams closed', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const a = await build(t, { databaseUrl });
  const b = await build(t, { databaseUrl });
  const hostB = await listening(b);
  const ana = await player(a, 'Ana');
  const minted = await ana.request('POST', '/v1/me/tokens', { label: 'tablet', scopes: ['play', 'read'] });
  const secret = minted.body.secret as string;
  const onB = () => send(b, 'GET', '/v1/me', undefined, { authorization: `Bearer ${secret}` });
  t.equal((await onB()).status, 200, 'B resolves (and caches) the token');

  const stream = await openStream(`http://${hostB}/v1/me/events`, secret);
  t.equal(stream.status, 200, 'an SSE stream is open on B');
  const ws = await openSocket(hostB, secret);
  t.teardown(() => ws.socket.terminate());
  let streamEndedAt = 0;
  let socketClosedAt = 0;
  void stream.ended.then(() => (streamEndedAt = performance.now()));
  void ws.closed.then(() => (socketClosedAt = performance.now()));

  const revokedAt = performance.now();
  t.equal((await ana.request('DELETE', `/v1/me/tokens/${minted.body.token.id}`)).status, 204, 'revoked on A');
  const refusedAfter = await within(BOUND_MS * 5, async () => (await onB()).status === 401);
  const refusal = await onB();
  t.equal(refusal.body.error.code, 'TOKEN_REVOKED', 'B says why');
  const text = await stream.ended;
  const closed = await ws.closed;
  t.comment(`B refused it ${refusedAfter.toFixed(0)} ms after the revocation answered; stream closed after ${(streamEndedAt - revokedAt).toFixed(0)} ms, websocket after ${(socketClosedAt - revokedAt).toFixed(0)} ms`);
  t.ok(refusedAfter < BOUND_MS, 'B refuses the revoked token within a second');
  t.match(text, /event: end\ndata: \{"error":\{"code":"TOKEN_REVOKED"/, 'the stream ends with the reason');
  t.ok(streamEndedAt - revokedAt < BOUND_MS, 'the SSE stream closed within a second');
  t.equal(closed.code, 4403, 'the websocket closed as forbidden');
  t.match(closed.reason, /^TOKEN_REVOKED/);
  t.ok(socketClosedAt - revokedAt < BOUND_MS, 'the websocket closed within a second');
  t.equal((await ana.request('GET', '/v1/me')).status, 200, "Ana's other token still works");
});

t.test('revokeAllTokensOf (a ban) reaches every instance; an expiring token closes its websocket', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const a = await build(t, { databaseUrl });
  const b = await build(t, { databaseUrl });
  const hostB = await listening(b);
  const ben = await player(a, 'Ben');
  const issued = await a.tokens.issueToken(ben.id, { label: 'site browser', scopes: ['play', 'read'], expiresAt: new Date(Date.now() + 60_000) });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  for (const token of [ben.token, issued.secret]) t.equal((await send(b, 'GET', '/v1/me', undefined, bearer(token))).status, 200);
  t.equal(await a.tokens.revokeAllTokensOf(ben.id), 2, 'both tokens revoked');
  for (const token of [ben.token, issued.secret]) {
    await within(BOUND_MS * 5, async () => (await send(b, 'GET', '/v1/me', undefined, bearer(token))).status === 401);
    t.equal((await send(b, 'GET', '/v1/me', undefined, bearer(token))).body.error.code, 'TOKEN_REVOKED');
  }

  const cleo = await player(a, 'Cleo');
  const brief = await a.tokens.issueToken(cleo.id, { label: 'brief', scopes: ['read'], expiresAt: new Date(Date.now() + 1_500) });
  const ws = await openSocket(hostB, brief.secret);
  t.teardown(() => ws.socket.terminate());
  const closed = await ws.closed;
  t.equal(closed.code, 4403, 'the websocket closes when its token expires');
  t.match(closed.reason, /^TOKEN_EXPIRED/);
});
