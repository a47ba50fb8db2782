/**
 * Navegador in the browser: a whole 2-player game against a bot, played by clicking the rondel's fields
 * and the controls built from the legal moves (sails, colonies, buildings, the market, privileges).
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { launchBrowser, playToEnd, signIn, startApp, createGame } from './support/browser.js';

function chooser(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

const CLICKABLE = '.nv-controls button:enabled, .nv-priv.playable:enabled, .nv-rondel [role=button]';

async function clickOne(page: Page, pick: (n: number) => number): Promise<void> {
  const options = page.locator(CLICKABLE);
  // The page says it is my turn only once the board with my moves is drawn: one look reads them all.
  const labels = await options.evaluateAll((els) => els.map((e: any) => (e.getAttribute('aria-label') ?? e.textContent ?? '') as string));
  // Head for the far east (exploring Nagasaki ends the game): prefer sailing, and the Sailing field.
  const sails = labels.map((l, i) => [l, i] as const).filter(([l]) => /^(Navegador: s|S)ail \d/.test(l) || /^Move to Sailing/.test(l)).map(([, i]) => i);
  if (labels.length === 0) throw new Error('my turn, but nothing on the board can be clicked');
  const index = sails.length > 0 && pick(3) > 0 ? sails[pick(sails.length)]! : pick(labels.length);
  await options.nth(index).click();
}

t.test('a whole game of Navegador, by clicking', async (t) => {
  const { base } = await startApp(t);
  const browser = await launchBrowser(t);
  const ana = await signIn(browser, base, 'Ana');
  await createGame(ana.page, 'navegador', ['me', 'greedy']);
  await ana.page.locator('.nv-board').waitFor();
  t.match(await ana.page.getByTestId('nv-region-0').getAttribute('aria-label'), /Portugal: home port; ships: .*Ana 2/, 'the map shows my ships in Portugal');
  t.match(await ana.page.getByTestId('nv-sheet-0').innerText(), /Ana \(you\)/, 'my sheet is marked as mine');

  const pick = chooser(5);
  const clicks = await playToEnd(ana.page, (page) => clickOne(page, pick), { timeoutMs: 420_000 });
  t.ok(clicks > 10, `played ${clicks} moves by clicking`);
  t.match(await ana.page.getByTestId('outcome').innerText(), /Ana \(\d+ points/);
  t.same(ana.problems, [], 'no script errors, no request outside this machine');
});
