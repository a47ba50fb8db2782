/**
 * The Voyages board in a browser: a solo game on map 1 (16 rounds, the shortest complete game the rules
 * allow: a multi-player game runs until someone has 3 stars), played to the end by clicking the board —
 * a die in the tray, a heading or a destination on the hex map, a duty box on the sheet, then the buttons
 * the step asks for. Voyages hides nothing (rules §8): the check is that the sheet shown is the player's
 * own, as the API's view has it. The map data the board draws must be the engine's own maps.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import type { Page } from 'playwright-core';
import { createGame, launchBrowser, playToEnd, signIn, startApp, version } from './support/browser.js';

const root = new URL('../../', import.meta.url);

t.test("the board's map files are the engine's", async (t) => {
  for (const n of [1, 2, 3, 4]) {
    const web = readFileSync(new URL(`web/src/boards/voyages-maps/map${n}.json`, root), 'utf8');
    const engine = readFileSync(new URL(`src/games/voyages/maps/map${n}.json`, root), 'utf8');
    t.equal(web, engine, `map ${n}`);
  }
});

async function myView(page: Page, base: string, id: string): Promise<any> {
  // A function, not a string: the client's Content-Security-Policy forbids eval.
  const token = await page.evaluate(() => JSON.parse((globalThis as any).localStorage.getItem('portolan.token') ?? '{}').token as string);
  const res = await fetch(`${base}/v1/games/${id}/state`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { view: unknown }).view;
}

/** What to click, in the order a player reads the board: confirm, dice, the map, the sheet, the step's buttons. */
const CLICKABLE: [string, string][] = [
  ['confirm', 'button.vy-confirm:not([disabled])'],
  ['die', '.vy-dice button:not([disabled])'],
  ['map', '.vy-map [role=button][aria-disabled="false"]'],
  ['sheet', 'button.vy-box-target:not([disabled])'],
  ['button', '.vy-choices button:not([disabled])'],
];

/** One click on the board; returns what was clicked. One look finds the target and notes the step panel. */
async function clickSomething(page: Page): Promise<{ what: string; panel: string }> {
  const found = await page.evaluate((selectors) => {
    const doc = (globalThis as any).document;
    const board = doc.querySelector('.vy-board');
    return { index: selectors.findIndex((s: string) => board?.querySelector(s) !== null), panel: String(doc.querySelector('.vy-actions')?.innerHTML ?? '') };
  }, CLICKABLE.map(([, s]) => s));
  const pick = CLICKABLE[found.index];
  if (!pick) throw new Error('nothing to click on the Voyages board');
  await page.locator('.vy-board').locator(pick[1]).first().click();
  return { what: pick[0], panel: found.panel };
}

t.test('a whole solo Voyages game on map 1, by clicking the board', async (t) => {
  const { base } = await startApp(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await signIn(browser, base, 'Vasco');
  const id = await createGame(page, 'voyages', ['me']);
  await page.locator('.vy-board').waitFor();

  const view = await myView(page, base, id);
  t.equal(view.viewer, 0, 'my view');
  t.notOk('rng' in view, 'the dice to come are not in the view');
  const crew = await page.locator('.vy-crew h4').innerText();
  t.match(crew, new RegExp(`${view.players[0].crew.normal} normal`), 'my sheet shows my crew');

  const used = new Map<string, number>();
  const moves = await playToEnd(page, async (page) => {
    const before = await version(page);
    for (let i = 0; i < 8; i++) {
      const { what, panel: shown } = await clickSomething(page);
      used.set(what, (used.get(what) ?? 0) + 1);
      // A click either sends the move (busy, then a new version) or narrows the choice (the step redraws,
      // listing the picks so far); a redraw without picks is the board clearing them as it sends.
      await page.waitForFunction(
        ({ v, html }) => {
          const doc = (globalThis as any).document;
          const el = doc.querySelector('.game');
          const panel = doc.querySelector('.vy-actions');
          return el === null || el.getAttribute('data-busy') === 'true' || Number(el.getAttribute('data-version')) > v || panel?.innerHTML !== html;
        },
        { v: before, html: shown },
        { timeout: 10_000 },
      );
      if ((await page.locator('.vy-actions .vy-picked').count()) === 0) return;
    }
    await page.screenshot({ path: '/tmp/voyages-stuck.png', fullPage: true });
    throw new Error('eight clicks and no move sent (screenshot: /tmp/voyages-stuck.png)');
  }, { timeoutMs: 120_000 });

  const end = await myView(page, base, id);
  t.ok(end.over, 'the game is over');
  t.match(await page.locator('.vy-crew h4').innerText(), new RegExp(`${end.players[0].crew.normal} normal, ${end.players[0].crew.heroic} heroic`), 'the sheet shows my crew at the end');
  t.match(await page.locator('.vy-status').innerText(), /Round 16 of 16/, 'after sixteen rounds');
  t.ok(moves >= 32, `played ${moves} moves by clicking`);
  for (const what of ['die', 'map', 'sheet']) t.ok((used.get(what) ?? 0) > 0, `clicked the ${what} (${used.get(what) ?? 0} times)`);
  t.same(problems, [], 'no page errors, no requests off this machine');
});
