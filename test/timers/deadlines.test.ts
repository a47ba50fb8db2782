/**
 * Turn deadlines: reminders, then the game's timeout policy, with an injected clock (the test moves time
 * and runs the due timers; nothing sleeps), and once with short real times through the job queue, across
 * a restart.
 */
import t from 'tap';
import { Webhook } from 'standardwebhooks';
import { build, createTestDatabase, player, send, type Client } from '../helper.js';
import { FAST_WEBHOOKS, Receiver, waitFor } from '../webhooks/support/receiver.js';

/**
 * How long to wait for what a timer job sets off: the jobs are fetched every 5 s and a delivery follows, so a
 * loaded machine needs room. The wait ends as soon as the thing happens.
 */
const TIMER_WAIT_MS = 30_000;

class TestClock {
  constructor(public ms = Date.parse('2026-01-01T12:00:00Z')) {}
  now = (): Date => new Date(this.ms);
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

async function timedGame(ana: Client, ben: Client, clock: object, stones = 9): Promise<any> {
  const created = await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones }, clock });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  await ben.request('POST', `/v1/games/${created.body.id}/join`, {});
  return (await ana.request('POST', `/v1/games/${created.body.id}/start`)).body;
}

t.test('a reminder before the deadline, then the bot plays the late move (injected clock)', async (t) => {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  const clock = new TestClock();
  const app = await build(t, { clock, webhooks: FAST_WEBHOOKS });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const hook = (await ana.request('POST', '/v1/webhooks', { url: receiver.url, events: ['turn.started', 'turn.reminder', 'move.made'] })).body;
  const start = clock.ms;
  const game = await timedGame(ana, ben, { perMove: 3600, reminderBefore: 600, onTimeout: 'bot' });
  t.same(game.clock, { perMove: 3600, reserve: 0, reminderBefore: 600, onTimeout: 'bot' });
  t.same(game.deadlines, [{ seat: 0, turnVersion: 0, deadlineAt: new Date(start + 3_600_000).toISOString(), reminderAt: new Date(start + 3_000_000).toISOString(), reserveSeconds: 0 }]);
  const turns = await ana.request('GET', '/v1/me/turns');
  t.equal(turns.body.items[0].deadlines[0].deadlineAt, new Date(start + 3_600_000).toISOString(), 'the deadline shows in my turn list');

  clock.advance(2999);
  t.equal(await app.timers.sweep(), 0, 'nothing due yet');
  clock.advance(2);
  t.equal(await app.timers.sweep(), 1, 'the reminder is due');
  t.equal(await app.timers.sweep(), 0, 'and sent once');
  await waitFor(() => receiver.accepted.some((r) => JSON.parse(r.body).type === 'turn.reminder'), TIMER_WAIT_MS, 'the reminder');
  const reminder = receiver.accepted.map((r) => new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>) as any).find((e) => e.type === 'turn.reminder');
  t.same({ seat: reminder.data.seat, version: reminder.data.version, deadlineAt: reminder.data.deadlineAt }, { seat: 0, version: 0, deadlineAt: new Date(start + 3_600_000).toISOString() });

  clock.advance(600);
  t.equal(await app.timers.sweep(), 1, 'the deadline has passed');
  const after = (await send(app, 'GET', `/v1/games/${game.id}`)).body;
  t.equal(after.version, 1, "the seat's bot made the move");
  t.same(after.toMove, [1]);
  t.equal(after.seats[0].resigned, false, 'the player keeps the seat');
  const history = (await send(app, 'GET', `/v1/games/${game.id}/moves`)).body.items;
  t.equal(history[0].seat, 0);
  t.equal(history[0].kind, 'move');
  t.same(after.deadlines.map((d: any) => [d.seat, d.turnVersion]), [[1, 1]], "now Ben's clock runs");
  await waitFor(() => receiver.accepted.some((r) => JSON.parse(r.body).type === 'move.made'), TIMER_WAIT_MS, 'the move.made of the timeout');

  // Ben moves in time: Ana's new turn gets a fresh deadline.
  clock.advance(10);
  t.equal((await ben.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } })).status, 200);
  const next = (await send(app, 'GET', `/v1/games/${game.id}`)).body;
  t.same(next.deadlines.map((d: any) => [d.seat, d.turnVersion, d.deadlineAt]), [[0, 2, new Date(clock.ms + 3_600_000).toISOString()]]);
  t.equal(await app.timers.sweep(), 0);
});

t.test('forfeit on timeout: the seat resigns and, with one player left, the game ends', async (t) => {
  const clock = new TestClock();
  const app = await build(t, { clock });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const game = await timedGame(ana, ben, { perMove: 60, reminderBefore: 0, onTimeout: 'forfeit' });
  t.equal(game.deadlines[0].reminderAt, null, 'no reminder asked');
  t.equal((await ana.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } })).status, 200);
  clock.advance(61);
  t.equal(await app.timers.sweep(), 1);
  const over = (await send(app, 'GET', `/v1/games/${game.id}`)).body;
  t.equal(over.status, 'finished');
  t.same(over.outcome.winners, [0]);
  t.same(over.outcome.resigned, [1]);
  t.same(over.deadlines, []);
  const last = (await send(app, 'GET', `/v1/games/${game.id}/moves`)).body.items.at(-1);
  t.equal(last.kind, 'resign');
  t.match(last.log[0].text, /ran out of time/);
});

t.test('the reserve: time beyond the per-move time is spent from it', async (t) => {
  const clock = new TestClock();
  const app = await build(t, { clock });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const game = await timedGame(ana, ben, { perMove: 60, reserve: 120, onTimeout: 'bot' });
  t.equal(game.deadlines[0].deadlineAt, new Date(clock.ms + 180_000).toISOString(), 'per move + reserve');
  clock.advance(100); // 40 s over the per-move time
  await ana.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } });
  clock.advance(5);
  await ben.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } });
  const g = (await send(app, 'GET', `/v1/games/${game.id}`)).body;
  t.same(g.deadlines.map((d: any) => [d.seat, d.reserveSeconds, d.deadlineAt]), [[0, 80, new Date(clock.ms + 140_000).toISOString()]]);
  // A move a moment before the deadline stands; the timer then finds nothing to do.
  clock.advance(139);
  await ana.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } });
  clock.advance(2);
  t.equal(await app.timers.sweep(), 0, "Ben's fresh turn is not due");
  t.equal((await send(app, 'GET', `/v1/games/${game.id}`)).body.version, 3);
  t.equal((await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, clock: { perMove: 0 } })).status, 400, 'perMove must be at least a second');
});

t.test('short real times through the job queue, and deadlines survive a restart', async (t) => {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  const databaseUrl = await createTestDatabase(t);
  // Sweeps are far apart here: the scheduled pg-boss jobs must do the work.
  const options = { databaseUrl, webhooks: FAST_WEBHOOKS, timers: { sweepIntervalMs: 600_000 } };
  const first = await build(t, options);
  const ana = await player(first, 'Ana');
  const ben = await player(first, 'Ben');
  await ana.request('POST', '/v1/webhooks', { url: receiver.url, events: ['turn.reminder', 'move.made'] });
  const game = await timedGame(ana, ben, { perMove: 2, reminderBefore: 1, onTimeout: 'bot' });
  await waitFor(() => receiver.accepted.some((r) => JSON.parse(r.body).type === 'turn.reminder'), TIMER_WAIT_MS, 'the reminder (real time)');
  await waitFor(async () => (await send(first, 'GET', `/v1/games/${game.id}`)).body.version === 1, TIMER_WAIT_MS, 'the timeout (real time)');
  // Ben's turn now runs on a 2 s clock; the service stops before it ends and starts again after.
  await first.close();
  const second = await build(t, options);
  await waitFor(async () => (await send(second, 'GET', `/v1/games/${game.id}`)).body.version === 2, TIMER_WAIT_MS, "Ben's timeout after the restart");
  const history = (await send(second, 'GET', `/v1/games/${game.id}/moves`)).body.items;
  t.same(history.map((m: any) => m.seat), [0, 1]);
});
