/**
 * In the browser: a move picked on the board itself is sent only by the confirmation naming it (every
 * board: a Puerto Rico role, a Navegador rondel field, a Meuterer hand card, a Voyages pick), and the
 * "Take back my last move" button shows only when the server says the move may be taken back, and does.
 * Also Navegador's turn instruction comes before its optional payment form, which has nothing chosen.
 */
import t from 'tap';
import { gameRoot, launchBrowser, signIn, startApp, version } from './support/browser.js';

t.test('a board click only chooses; the confirmation sends; the undo button takes it back', async (t) => {
  const { app, base } = await startApp(t);
  const browser = await launchBrowser(t);
  const ana = await signIn(browser, base, 'Ana');
  const page = ana.page;
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
  });
  // Ana holds both seats (a hot-seat game, set up through the API): nobody else acts between her move and its undo.
  const token = await page.evaluate(() => JSON.parse((globalThis as any).localStorage.getItem('portolan.token')).token as string);
  const call = async (url: string, payload: unknown) =>
    (await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: payload as object })).json();
  const id = (await call('/v1/games', { type: 'navegador', seats: 2 })).id as string;
  await call(`/v1/games/${id}/join`, { seat: 1 });
  await call(`/v1/games/${id}/start`, {});
  // The page plays seat 0: when the deal starts with seat 1, seat 1 takes its turn through the API first.
  for (let i = 0; i < 10; i++) {
    const game = (await app.inject({ method: 'GET', url: `/v1/games/${id}` })).json();
    if (game.toMove.includes(0)) break;
    const legal = (await app.inject({ method: 'GET', url: `/v1/games/${id}/legal-moves?seat=1`, headers: { authorization: `Bearer ${token}` } })).json();
    await call(`/v1/games/${id}/moves`, { move: legal.moves[0], seat: 1 });
  }
  await page.goto(`${base}/#/games/${id}`);
  const ready = gameRoot(page).and(page.locator('[data-my-turn="true"][data-busy="false"]'));
  await ready.waitFor({ timeout: 60_000 });

  const instruction = page.getByTestId('nv-instruction');
  t.match(await instruction.innerText(), /click a field on the rondel/, 'the turn says what to do');
  const pay = page.locator('.nv-custom-pay');
  if (await pay.count()) {
    t.equal(await pay.getAttribute('data-cost'), null, 'the payment form has no field chosen');
    t.ok(
      await instruction.evaluate(
        (el: any, form: any) => Boolean(el.compareDocumentPosition(form) & 4),
        await pay.elementHandle(),
      ),
      'the instruction comes before the payment form',
    );
  }
  t.equal(await page.locator('button.undo').count(), 0, 'no undo button before any move');

  const before = await version(page);
  await page.locator('.nv-rondel [role=button]').first().click();
  const confirm = page.locator('.confirm-move-send');
  await confirm.waitFor();
  t.match(await confirm.innerText(), /^Move to /, 'the confirmation names the move');
  await new Promise((r) => setTimeout(r, 500));
  t.same(
    posts.filter((p) => p.endsWith('/moves')),
    [],
    "nothing was sent on the board's click",
  );
  t.equal(await version(page), before, 'the game did not move');
  await confirm.click();
  await page.waitForFunction(
    (v) => Number((globalThis as any).document.querySelector('.game')?.getAttribute('data-version')) > v,
    before,
  );
  t.same(
    posts.filter((p) => p.endsWith('/moves')),
    [`/v1/games/${id}/moves`],
    'the confirmation sent the move',
  );

  // A rondel move reveals nothing and Ana acts next: the server offers the undo.
  const undo = page.locator('button.undo');
  await undo.waitFor();
  const moved = await version(page);
  await undo.click();
  await page.waitForFunction(
    (v) => Number((globalThis as any).document.querySelector('.game')?.getAttribute('data-version')) > v,
    moved,
  );
  t.same(
    posts.filter((p) => p.endsWith('/undo')),
    [`/v1/games/${id}/undo`],
    'the undo was asked for',
  );
  await ready.waitFor();
  t.match(
    await page.getByTestId('nv-instruction').innerText(),
    /click a field on the rondel/,
    'the rondel move is to make again',
  );
  t.equal(await page.locator('button.undo').count(), 0, 'an undo is not taken back');
  await page.locator('.log').getByText('took back their last move').first().waitFor();
  t.same(ana.problems, [], 'no script errors, no request outside this machine');
});
