/**
 * Time away: a player on vacation is not timed out while their deadline passes (the deadline moved back by
 * the vacation), a turn that begins while they are away waits for them too, the allowance is spent and
 * accrues, coming back early returns the unused days.
 */
import t from 'tap';
import { build, gql, player } from '../helper.js';
import { waitFor } from '../webhooks/support/receiver.js';

class TestClock {
  ms = Date.parse('2026-12-04T12:00:00Z');
  now = (): Date => new Date(this.ms);
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

t.test('a player on vacation is not timed out while a deadline passes', async (t) => {
  const clock = new TestClock();
  const app = await build(t, { clock, table: { vacationDaysPerYear: 10 } });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const created = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 9 }, clock: { perMove: 3600, onTimeout: 'forfeit' } })).body;
  await ben.request('POST', `/v1/games/${created.id}/join`, {});
  const game = (await ana.request('POST', `/v1/games/${created.id}/start`)).body;
  const [mover, waiter] = game.toMove[0] === 0 ? [ana, ben] : [ben, ana];

  t.match((await mover.request('GET', '/v1/me/vacation')).body, { balanceDays: 10, away: false });
  const away = await mover.request('POST', '/v1/me/vacation', { days: 3 });
  t.equal(away.status, 200);
  t.match(away.body, { balanceDays: 7, away: true });
  t.equal((await mover.request('POST', '/v1/me/vacation', { days: 1 })).body.error.code, 'ALREADY_AWAY');

  clock.advance(2 * 86_400); // two days: far past the one-hour deadline
  await app.timers.sweep();
  const during = (await waiter.request('GET', `/v1/games/${game.id}`)).body;
  t.equal(during.status, 'active', 'not timed out while away');
  t.equal(during.version, 0, 'no forfeit, no move');

  clock.advance(86_400 + 3600 + 60); // the vacation and the hour that was left are over
  await app.timers.sweep();
  const after = (await waiter.request('GET', `/v1/games/${game.id}`)).body;
  t.equal(after.status, 'finished', 'the deadline applies again after the vacation');

  // A turn that begins while away waits too; coming back early returns the unused days.
  const again = (await waiter.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 9 }, clock: { perMove: 3600, onTimeout: 'forfeit' } })).body;
  await mover.request('POST', `/v1/games/${again.id}/join`, {});
  t.match((await gql(app, 'mutation { startVacation(days: 2) { away balanceDays } }', {}, mover.token)).data.startVacation, { away: true });
  const started = (await waiter.request('POST', `/v1/games/${again.id}/start`)).body;
  const moverSeat = started.seats.findIndex((s: any) => s.player.id === mover.id);
  if (started.toMove[0] !== moverSeat) await waiter.request('POST', `/v1/games/${again.id}/moves`, { move: { type: 'take', count: 1 } });
  // The deadline is pushed back just after the commit.
  await waitFor(async () => (await waiter.request('GET', `/v1/games/${again.id}`)).body.deadlines.some((d: any) => Date.parse(d.deadlineAt) > clock.ms + 86_400_000), 15_000, 'the deadline after the vacation');
  clock.advance(7200);
  await app.timers.sweep();
  t.equal((await waiter.request('GET', `/v1/games/${again.id}`)).body.status, 'active', 'a turn begun while away is not timed out');
  const back = await mover.request('DELETE', '/v1/me/vacation');
  t.equal(back.body.away, false);
  t.ok(back.body.balanceDays >= 6, 'the unused day came back');
  t.equal((await mover.request('DELETE', '/v1/me/vacation')).body.error.code, 'NOT_AWAY');
  t.equal((await mover.request('POST', '/v1/me/vacation', { days: 30 })).body.error.code, 'VACATION_EXHAUSTED');
});
