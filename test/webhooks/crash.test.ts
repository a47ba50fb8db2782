/**
 * Durability: an accepted move's notifications are written with the move, so a process that dies between
 * the commit and the delivery loses nothing; the next process (or instance) delivers them.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { build, createTestDatabase, player } from '../helper.js';
import { FAST_WEBHOOKS, Receiver, waitFor } from './support/receiver.js';

t.test('no worker ran between the commit and now: a restarted service delivers', async (t) => {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  const databaseUrl = await createTestDatabase(t);
  // The first process commits moves and dies before any delivery (its worker never ran).
  const first = await build(t, { databaseUrl, webhooks: FAST_WEBHOOKS, workers: false });
  const ana = await player(first, 'Ana');
  const ben = await player(first, 'Ben');
  const hook = (await ana.request('POST', '/v1/webhooks', { url: receiver.url, events: ['move.made', 'game.finished'] })).body;
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 3 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  await ana.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } });
  await ben.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 2 } });
  const pending = await first.db.webhookDelivery.count({ where: { status: 'pending' } });
  t.equal(pending, 3, 'the outbox rows committed with the moves');
  await first.close();
  t.equal(receiver.requests.length, 0);

  // The restarted service finds them at start.
  await build(t, { databaseUrl, webhooks: FAST_WEBHOOKS });
  await waitFor(() => receiver.accepted.length >= 3, 15_000, 'deliveries after the restart');
  const events = receiver.accepted.map((r) => new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>) as any);
  t.same(events.map((e) => [e.type, e.data.version]), [['move.made', 1], ['move.made', 2], ['game.finished', 2]]);
});

t.test('the service is killed (SIGKILL) in the middle of a delivery: the next one delivers it', async (t) => {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  receiver.mode = 'hang'; // the first process's attempt never gets an answer
  const databaseUrl = await createTestDatabase(t);
  const script = fileURLToPath(new URL('./support/crash-child.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, databaseUrl, receiver.url], { stdio: ['ignore', 'pipe', 'inherit'] });
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the child exited early (${code})`)));
  });
  const info = JSON.parse(line) as { secret: string; endpointId: string; gameId: string };
  await waitFor(() => receiver.requests.length >= 1, 15_000, 'the first attempt to be in flight');
  const inFlight = String(receiver.requests[0]!.headers['webhook-id']);
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  t.equal(receiver.accepted.length, 0, 'nothing was acknowledged before the kill');

  receiver.mode = 'ok';
  const app = await build(t, { databaseUrl, webhooks: { ...FAST_WEBHOOKS, timeoutMs: 1_000 } });
  await waitFor(() => receiver.accepted.length >= 1, 20_000, 'the delivery after the restart');
  const delivered = receiver.accepted[0]!;
  t.equal(delivered.headers['webhook-id'], inFlight, 'the same webhook-id: receivers can dedupe');
  const event = new Webhook(info.secret).verify(delivered.body, delivered.headers as Record<string, string>) as any;
  t.equal(event.type, 'move.made');
  t.equal(event.data.gameId, info.gameId);
  // The receiver answers before the worker records the answer: wait for the record, not just the request.
  const row = await waitFor(async () => {
    const found = await app.db.webhookDelivery.findUniqueOrThrow({ where: { id: inFlight }, include: { attemptLog: true } });
    return found.status === 'pending' ? null : found;
  }, 10_000, 'the delivery to be recorded');
  t.equal(row.status, 'delivered');
  t.equal(row.attemptLog.at(-1)?.status, 204);
});
