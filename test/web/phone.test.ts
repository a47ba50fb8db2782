/**
 * Each game at phone width (390 px): the page opens at the top (not scrolled to the history), the
 * player's controls are in view on arrival without scrolling, nothing spills sideways, and a move can be
 * played from there. With WEB_SHOTS=dir, saves a screenshot of each arrival.
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { createGame, gameRoot, launchBrowser, signIn, startApp, version } from './support/browser.js';

const PHONE = { width: 390, height: 844 };

/** Per game: the seats, and what stands for "the player's controls" (the first of them on the page). */
const GAMES: { type: string; seats: string[]; controls: string }[] = [
  { type: 'puerto-rico', seats: ['me', 'random'], controls: '.pr-controls button:enabled, .pr-role.playable, .pr-tile.playable, .pr-mayor, .pr-building.playable, .pr-ship button, .pr-sell button' },
  { type: 'meuterer', seats: ['me', 'random', 'random'], controls: '.mt-controls button:enabled, .mt-clerk button:enabled, .mt-hand button.mt-handcard:enabled' },
  { type: 'navegador', seats: ['me', 'random'], controls: '.nv-controls button:enabled, .nv-rondel [role=button], .nv-priv.playable' },
  { type: 'voyages', seats: ['me', 'random'], controls: '.vy-actions button:enabled' },
];

async function inView(page: Page, selector: string): Promise<{ top: number; bottom: number; scrollY: number; scrollWidth: number } | null> {
  return page.evaluate((selector) => {
    const doc = (globalThis as any).document;
    const el = doc.querySelector(selector);
    if (!el) return null;
    const box = el.getBoundingClientRect();
    return { top: Math.round(box.top), bottom: Math.round(box.bottom), scrollY: Math.round((globalThis as any).scrollY), scrollWidth: doc.scrollingElement.scrollWidth };
  }, selector);
}

t.test('every game at phone width', async (t) => {
  const { base } = await startApp(t);
  const browser = await launchBrowser(t);
  const ana = await signIn(browser, base, 'Ana', PHONE);
  for (const game of GAMES) {
    await t.test(game.type, async (t) => {
      const page = ana.page;
      const id = await createGame(page, game.type, game.seats);
      // Arrive as a player does: the game's address opened afresh, once it is this player's turn.
      await gameRoot(page).and(page.locator('[data-my-turn="true"][data-busy="false"]')).waitFor({ timeout: 60_000 });
      await page.goto(`${base}/#/`);
      await page.goto(`${base}/#/games/${id}`);
      await gameRoot(page).and(page.locator('[data-my-turn="true"][data-busy="false"]')).waitFor({ timeout: 60_000 });
      await page.locator(game.controls).first().waitFor();
      await new Promise((r) => setTimeout(r, 300)); // the history has arrived and had its chance to scroll
      if (process.env.WEB_SHOTS) await page.screenshot({ path: `${process.env.WEB_SHOTS}/phone-${game.type}.png` });
      t.match(await page.title(), /^▶ Your turn · /, 'the tab\'s title says it is my turn');
      const where = await inView(page, game.controls);
      t.ok(where, 'the controls are drawn');
      t.equal(where!.scrollY, 0, 'the page opens at its top');
      t.ok(where!.top >= 0 && where!.top < PHONE.height - 40, `the controls start in view (at ${where!.top} px of ${PHONE.height})`);
      t.ok(where!.scrollWidth <= PHONE.width + 2, `nothing spills sideways (page ${where!.scrollWidth} px wide)`);
      // And the game can be played from there: one move by the controls in view.
      const before = await version(page);
      const first = page.locator(game.controls).first();
      if (await first.evaluate((e: any) => e.matches('.pr-mayor'))) await page.locator('.pr-confirm').click();
      else await first.click();
      // A move picked on the board itself (a rondel field, a hand card) is sent by the confirmation naming it.
      const confirm = page.locator('.confirm-move-send');
      await confirm.waitFor({ timeout: 1000 }).then(() => confirm.click(), () => undefined);
      if (game.type === 'voyages') {
        // Voyages composes a move facet by facet, then confirms it.
        for (let i = 0; i < 8 && (await page.locator('.vy-confirm').count()) === 0; i++) await page.locator('.vy-actions .vy-choices button:enabled').first().click();
        await page.locator('.vy-confirm').click();
      }
      await page.waitForFunction((v) => Number((globalThis as any).document.querySelector('.game')?.getAttribute('data-version')) > v, before);
      t.pass('a move played from the controls in view');
    });
  }
  t.same(ana.problems, [], 'no script errors, no request outside this machine');
});
