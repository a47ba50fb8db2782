/**
 * A waiting game's page, in a real browser: it makes a handful of requests while nobody joins (no refresh
 * loop), shows a joiner to the creator within a second (pushed by the `gameUpdated` subscription, not
 * polled), and after a 429 sends nothing more until the server's Retry-After has passed.
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { createGame, launchBrowser, signIn, startApp } from './support/browser.js';

const requests = (n: number) => `${n} request${n === 1 ? '' : 's'}`;

/** Records the REST calls a page makes (the websocket is one connection, not counted). */
function countCalls(page: Page): { calls: { at: number; path: string }[] } {
  const record = { calls: [] as { at: number; path: string }[] };
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/v1/')) record.calls.push({ at: Date.now(), path });
  });
  return record;
}

t.test('a waiting game page', async (t) => {
  const { app, base } = await startApp(t);
  const browser = await launchBrowser(t);
  const register = async (name: string) => (await app.inject({ method: 'POST', url: '/v1/players', payload: { name } })).json().token as string;
  const join = (id: string, token: string) => app.inject({ method: 'POST', url: `/v1/games/${id}/join`, headers: { authorization: `Bearer ${token}` }, payload: {} });

  const ana = await signIn(browser, base, 'Ana');
  const id = await createGame(ana.page, 'puerto-rico', ['me', 'open', 'open', 'open']);
  await ana.page.getByText('Waiting for players: 3 open seats.').waitFor();
  const anaCalls = countCalls(ana.page);

  await t.test('the creator sees a joiner within a second', async (t) => {
    const seen = ana.page.getByText('Seat 2: Ben').waitFor({ timeout: 10_000 }).then(() => Date.now());
    const joined = await join(id, await register('Ben'));
    const answered = Date.now();
    t.equal(joined.statusCode, 200, 'Ben joined');
    const latency = (await seen) - answered;
    t.ok(latency <= 1000, `the creator saw Ben ${latency} ms after the join was answered`);
    await ana.page.getByText('Waiting for players: 2 open seats.').waitFor();
  });

  await t.test('a handful of requests in 10 s while nobody else acts', async (t) => {
    const cyd = await signIn(browser, base, 'Cyd');
    const cydCalls = countCalls(cyd.page);
    await cyd.page.goto(`${base}/#/games/${id}`);
    await cyd.page.getByText('Seat 1: Ana').waitFor();
    const from = Date.now();
    const before = anaCalls.calls.length;
    await new Promise((r) => setTimeout(r, 10_000));
    const creator = anaCalls.calls.slice(before).filter((c) => c.at >= from).length;
    const watcher = cydCalls.calls.filter((c) => c.at >= from).length;
    t.ok(creator <= 3, `the creator's page made ${requests(creator)} in 10 s`);
    t.ok(cydCalls.calls.length <= 8, `the watcher's page made ${requests(cydCalls.calls.length)} from opening to the end (${watcher} in the 10 s)`);
    t.ok(watcher <= 3, `the watcher's page made ${requests(watcher)} in 10 s`);
    await cyd.context.close();
  });

  await t.test('after a 429 nothing is sent before Retry-After has passed, then the page catches up', async (t) => {
    let refusedAt = 0;
    const afterRefusal: number[] = [];
    await ana.page.route(`**/v1/games/${id}`, async (route) => {
      if (refusedAt === 0) {
        refusedAt = Date.now();
        return route.fulfill({ status: 429, headers: { 'retry-after': '2', 'content-type': 'application/json' }, body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'slow down' } }) });
      }
      afterRefusal.push(Date.now());
      return route.continue();
    });
    // Two changes of seats in a row: the first read is refused, the second must wait out the Retry-After.
    const token = await ana.page.evaluate(() => JSON.parse((globalThis as any).localStorage.getItem('portolan.token')).token as string);
    const seated = await app.inject({ method: 'POST', url: `/v1/games/${id}/bots`, headers: { authorization: `Bearer ${token}` }, payload: { seat: 2, level: 'greedy' } });
    t.equal(seated.statusCode, 200, 'a bot seated');
        for (let i = 0; i < 50 && refusedAt === 0; i++) await new Promise((r) => setTimeout(r, 20));
    t.ok(refusedAt > 0, 'the page read the game after the signal and was refused');
    t.equal((await join(id, await register('Dee'))).statusCode, 200, 'Dee joined');
    await ana.page.getByText('Seat 4: Dee').waitFor();
    t.ok(afterRefusal.length > 0 && afterRefusal.length <= 3, `the page read again ${afterRefusal.length} times`);
    t.ok(afterRefusal.every((at) => at - refusedAt >= 1900), `the reads after the refusal waited ${afterRefusal.map((at) => at - refusedAt).join(', ')} ms`);
    await ana.page.getByRole('button', { name: 'Start the game' }).waitFor();
    await ana.page.unroute(`**/v1/games/${id}`);
  });

  t.same(ana.problems, [], 'no script errors, no request outside this machine');
});
