/**
 * The web client's shell, in a real browser: sign in (the token kept in localStorage), create a game from
 * its options form with bots, see and join an open game from a second browser context, "your turn" in
 * the lobby, a move made in one context appearing live in the other (no reload), the history slider
 * showing an earlier position, own secrets shown and other seats' hidden, and a phone-width layout.
 * Also: with the client served at `/`, GraphiQL, the OpenAPI page and the API's 404s are unchanged.
 */
import t from 'tap';
import { launchBrowser, signIn, startApp, createGame, gameRoot, version } from './support/browser.js';

t.test('the web client shell', async (t) => {
  const { app, base } = await startApp(t);
  const browser = await launchBrowser(t);

  t.test('the client is served at / without breaking the other routes', async (t) => {
    const page = await app.inject({ method: 'GET', url: '/' });
    t.equal(page.statusCode, 200);
    t.match(page.headers['content-security-policy'], /script-src 'self'/);
    t.match(page.body, /<div id="root">/);
    for (const url of ['/graphiql', '/docs/', '/healthz']) t.equal((await app.inject({ method: 'GET', url })).statusCode, 200, `${url} still answers`);
    const missing = await app.inject({ method: 'GET', url: '/v1/nothing-here' });
    t.equal(missing.statusCode, 404);
    t.equal(missing.json().error.code, 'NOT_FOUND', 'unknown API routes keep the JSON error');
    t.equal((await app.inject({ method: 'GET', url: '/no-such-file.js' })).json().error.code, 'NOT_FOUND');
  });

  const ana = await signIn(browser, base, 'Ana');
  const ben = await signIn(browser, base, 'Ben');

  t.test('the token stays in the browser', async (t) => {
    const stored = await ana.page.evaluate(() => (globalThis as any).localStorage.getItem('portolan.token'));
    t.match(JSON.parse(stored), { name: 'Ana', token: String });
    await ana.page.reload();
    await ana.page.getByTestId('me').filter({ hasText: 'Ana' }).waitFor();
    t.pass('still signed in after a reload');
  });

  t.test('a game created from its options form, with bots', async (t) => {
    const id = await createGame(ana.page, 'voyages', ['me', 'random', 'greedy'], async (page) => {
      await page.getByLabel('Map', { exact: true }).selectOption('2');
      await page.getByLabel('Set max rounds').check();
      await page.getByLabel('Max rounds', { exact: true }).fill('3');
    });
    const game = (await app.inject({ method: 'GET', url: `/v1/games/${id}` })).json();
    t.same(game.options, { map: 2, maxRounds: 3 }, 'the options chosen in the form');
    t.same(game.seats.map((s: any) => s.bot), [null, 'random', 'greedy'], 'bots in the seats chosen');
    t.equal(game.status, 'active', 'no open seat: started at once');
    await gameRoot(ana.page).waitFor();
  });

  let gameId = '';
  t.test('an open game is listed, joined from another browser, and started', async (t) => {
    gameId = await createGame(ana.page, 'puerto-rico', ['me', 'open', 'greedy']);
    await ana.page.getByText('Waiting for players: 1 open seat.').waitFor();
    await ben.page.goto(`${base}/#/`);
    const open = ben.page.getByTestId('open-games');
    await open.getByRole('button', { name: `Join puerto-rico game ${gameId.slice(0, 8)}` }).click();
    await ben.page.waitForURL(new RegExp(gameId));
    // Ana's page learns of the join by itself and offers the start.
    await ana.page.getByRole('button', { name: 'Start the game' }).click();
    await gameRoot(ana.page).and(ana.page.locator('[data-status="active"]')).waitFor();
    await gameRoot(ben.page).and(ben.page.locator('[data-status="active"]')).waitFor();
    t.pass('both pages show the game started');
  });

  t.test('your turn, live updates, history and secrets', async (t) => {
    // The governor is drawn from the seed and may be the bot: wait for one of the humans to be on turn.
    let toMove: number[] = [];
    for (let i = 0; i < 200; i++) {
      toMove = (await app.inject({ method: 'GET', url: `/v1/games/${gameId}` })).json().toMove;
      if (toMove[0] === 0 || toMove[0] === 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const [mover, watcher] = toMove[0] === 0 ? [ana, ben] : [ben, ana];

    // The lobby lists the game under "Your turn" for the mover only.
    const lobby = await mover.context.newPage();
    await lobby.goto(`${base}/#/`);
    await lobby.getByTestId('my-turn').getByRole('link').filter({ hasText: gameId.slice(0, 8) }).waitFor();
    await lobby.close();
    t.pass('the game is in the mover\'s "Your turn" list');

    // Own VP chips shown, the others' hidden, in both seats' boards.
    for (const [p, mine, other] of [[ana, 0, 1], [ben, 1, 0]] as const) {
      await p.page.getByTestId(`pr-player-${mine}`).getByTestId('pr-vp').waitFor();
      t.equal(await p.page.getByTestId(`pr-player-${other}`).getByTestId('pr-vp').count(), 0, `seat ${mine} does not see seat ${other}'s VP chips`);
    }

    // A move in one context appears in the other without a reload.
    await watcher.page.evaluate(() => { (globalThis as any).notReloaded = true; });
    await gameRoot(mover.page).and(mover.page.locator('[data-my-turn="true"]')).waitFor();
    const before = await version(watcher.page);
    await mover.page.locator('.pr-role.playable').first().click();
    await mover.page.locator('.confirm-move-send').click(); // a role clicked on the board is only chosen
    await watcher.page.waitForFunction((v) => Number((globalThis as any).document.querySelector('.game')?.getAttribute('data-version')) > v, before);
    t.ok(await watcher.page.evaluate(() => (globalThis as any).notReloaded === true), 'the watcher saw the move without a reload');
    await watcher.page.locator('.log li').filter({ hasText: /Ana|Ben/ }).first().waitFor();
    t.ok((await watcher.page.locator('.pr-role.taken').count()) > 0, 'a role is taken on the watcher\'s board');

    // The history slider: back to the start, where no role is taken yet.
    const slider = watcher.page.getByLabel(/Position after move/);
    await slider.focus();
    await watcher.page.keyboard.press('Home');
    await watcher.page.getByText('Viewing the position after move 0').waitFor();
    t.equal(await watcher.page.getByTestId('history-at').innerText(), '0');
    await watcher.page.waitForFunction(() => (globalThis as any).document.querySelectorAll('.pr-role.taken').length === 0);
    t.pass('the board shows the position before any role was chosen');
    t.equal(await watcher.page.locator('.pr-role.playable').count(), 0, 'nothing can be played in the past');
    await watcher.page.getByRole('button', { name: 'Back to the present' }).click();
    await watcher.page.waitForFunction(() => (globalThis as any).document.querySelectorAll('.pr-role.taken').length > 0);
  });

  t.test('usable at phone width', async (t) => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.goto(`${base}/#/games/${gameId}`);
    await page.getByLabel('Your name').fill('Cyd');
    await page.getByRole('button', { name: 'Start playing' }).click();
    await page.locator('.pr-board').waitFor();
    const width = await page.evaluate(() => (globalThis as any).document.scrollingElement.scrollWidth);
    t.ok(width <= 392, `no sideways scrolling at 390 px (page is ${width} px wide)`);
    await page.screenshot({ path: '/tmp/phone.png', fullPage: true });
    await phone.close();
  });

  t.test('no script errors and nothing fetched from elsewhere', async (t) => {
    t.same(ana.problems, []);
    t.same(ben.problems, []);
  });
});
