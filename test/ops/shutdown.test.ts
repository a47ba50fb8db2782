/**
 * Clean stops: SIGTERM to a real service process under load (moves on several games, a webhook delivery
 * under way, a websocket open). It stops accepting, answers what it accepted, lets the delivery finish and
 * records it, closes the websocket with 1001 (going away), and exits 0.
 */
import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import WebSocket from 'ws';
import { createTestDatabase } from '../helper.js';
import { ok, playOne, startGame, startProcess, type Answer } from './support/service-process.js';

/** A webhook receiver that takes its time (so a delivery is under way when the signal comes). */
async function slowReceiver(delayMs: number) {
  const received: { id: string; at: number; answeredAt?: number }[] = [];
  const server = createServer((req, res) => {
    const entry = { id: String(req.headers['webhook-id']), at: Date.now() } as (typeof received)[number];
    received.push(entry);
    req.resume();
    setTimeout(() => {
      entry.answeredAt = Date.now();
      res.statusCode = 204;
      res.end();
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

t.test('SIGTERM under load: exit 0, nothing accepted is lost or cut, no webhook sent twice', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const receiver = await slowReceiver(1_500);
  t.teardown(() => receiver.close());
  const service = await startProcess(['--import', 'tsx', 'src/server.ts'], {
    DATABASE_URL: databaseUrl,
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_TIMEOUT_MS: '10000',
    SHUTDOWN_GRACE_MS: '20000',
  }, t);
  const base = service.url;

  const games = await Promise.all([startGame(base), startGame(base), startGame(base)]);
  await ok(base, 'POST', '/v1/webhooks', { url: receiver.url, events: ['move.made'] }, games[0]!.tokens[0]);

  const socket = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));

  // Load: each game plays move after move until the service refuses connections.
  const answers: { gameId: string; answer: Answer }[] = [];
  const failures: { code: string; message: string }[] = [];
  let signalled = false;
  const load = games.map(async (game) => {
    for (;;) {
      try {
        answers.push({ gameId: game.gameId, answer: await playOne(base, game) });
      } catch (error) {
        // Refused: the listening socket is closed. Reset: the kernel had queued the connection, but the
        // service never accepted it (the service's own log, checked below, shows nothing it read was left).
        // A 503 is the answer "shutting down" to a request read after the stop began.
        const err = error as NodeJS.ErrnoException & { status?: number };
        const fine = err.code === 'ECONNREFUSED' || (signalled && (err.code === 'ECONNRESET' || err.status === 503));
        if (!fine) failures.push({ code: String(err.code ?? err.status), message: err.message });
        if (signalled || !fine) return;
      }
    }
  });

  // The signal comes while a webhook delivery waits for its answer and moves are being played.
  await waitUntil(() => receiver.received.some((r) => r.answeredAt === undefined) && answers.length >= 6);
  const inFlight = receiver.received.find((r) => r.answeredAt === undefined)!;
  const signalledAt = Date.now();
  signalled = true;
  service.child.kill('SIGTERM');
  const exit = await service.exited;
  await Promise.all(load);

  t.same(exit, { code: 0, signal: null }, 'a clean exit');
  t.same(failures, [], 'every request was answered or never accepted');
  // The service's side: every request it read was completed (the websocket upgrade is not a request/response).
  const completed = new Set(service.log.filter((l) => l.msg === 'request completed').map((l) => l.reqId));
  const started = service.log.filter((l) => l.msg === 'incoming request').map((l) => ({ id: l.reqId, url: (l.req as { url: string }).url }));
  t.same(started.filter((r) => !completed.has(r.id) && r.url !== '/graphql'), [], 'no request the service read was cut mid-way');
  t.equal(await closed, 1001, 'the websocket was closed as "going away"');
  t.ok(inFlight.answeredAt! > signalledAt, 'the delivery under way at the signal finished');

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  t.teardown(() => client.end());
  const accepted = answers.filter((a) => a.answer.status === 200);
  t.ok(accepted.length >= 6, `moves were accepted (${accepted.length})`);
  const { rows: logged } = await client.query<{ game_id: string; seq: number }>('SELECT game_id, seq FROM moves');
  const inLog = new Set(logged.map((m) => `${m.game_id}/${m.seq}`));
  t.same(accepted.filter((a) => !inLog.has(`${a.gameId}/${a.answer.body.seq}`)), [], 'every accepted move is in the log');
  t.same(answers.filter((a) => a.answer.status !== 200 && a.answer.status !== 503).map((a) => a.answer), [],
    'the other answers are only "shutting down" (503)');

  const ids = receiver.received.map((r) => r.id);
  t.equal(new Set(ids).size, ids.length, 'no webhook was sent twice');
  const { rows: records } = await client.query<{ id: string; status: string }>('SELECT id, status FROM webhook_deliveries WHERE id = ANY($1)', [ids]);
  t.same(records.filter((r) => r.status !== 'delivered'), [], 'every webhook sent is recorded as delivered: a restart will not send it again');
  t.equal(records.length, ids.length);
  t.ok(service.log.some((l) => l.msg === 'stopped' && l.inTime === true), 'the service logged a stop within the grace period');
});

async function waitUntil(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
