/**
 * Puerto Rico in the browser: a whole 2-player game against a bot, played by clicking the board (roles,
 * plantations, buildings, ships, the Mayor's suggestions then its confirmation...), and the board shows the player's own VP
 * chips but not the bot's.
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { launchBrowser, playToEnd, signIn, startApp, createGame } from './support/browser.js';

/** A seeded choice among the board's clickable moves, so a failure replays the same way. */
function chooser(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

const CLICKABLE = [
  '.pr-controls button', '.pr-role.playable', '.pr-tile.playable', '.pr-building.playable', '.pr-ship button', '.pr-sell button', '.pr-suggestions button', '.pr-confirm',
].map((s) => `${s}:enabled`).join(', ');

async function clickOne(page: Page, pick: (n: number) => number): Promise<void> {
  const options = page.locator(CLICKABLE);
  // The page says it is my turn only once the board with my moves is drawn: one look reads them all.
  const labels = await options.evaluateAll((els) => els.map((e: any) => (e.textContent ?? '') as string));
  if (labels.length === 0) throw new Error('my turn, but nothing on the board can be clicked');
  // Prefer acting over passing, so that the game moves on quickly.
  const active = labels.map((l, i) => [l, i] as const).filter(([l]) => !/^Pass$/.test(l.trim())).map(([, i]) => i);
  const index = active.length > 0 && pick(4) > 0 ? active[pick(active.length)]! : pick(labels.length);
  const chosen = options.nth(index);
  const suggestion = await chosen.evaluate((e: any) => e.closest('.pr-suggestions') !== null);
  const onBoard = await chosen.evaluate((e: any) => e.matches('.pr-role, .pr-tile, .pr-building'));
  await chosen.click();
  // A suggested placement only fills in the counts: it goes with the confirmation, like a composed one.
  if (suggestion) await page.locator('.pr-confirm').click();
  // A role, tile or building clicked on the board is only chosen: the confirmation naming it sends it.
  if (onBoard) await page.locator('.confirm-move-send').click();
}

t.test('a whole game of Puerto Rico, by clicking', async (t) => {
  const { base } = await startApp(t);
  const browser = await launchBrowser(t);
  const ana = await signIn(browser, base, 'Ana');
  await createGame(ana.page, 'puerto-rico', ['me', 'greedy']);
  const board = ana.page.locator('.pr-board');
  await board.waitFor();

  // Own VP chips are shown, the bot's are not (the view hides them until the end).
  await t.resolveMatch(ana.page.getByTestId('pr-player-0').getByTestId('pr-vp').count(), 1, 'my VP chips are on my mat');
  await t.resolveMatch(ana.page.getByTestId('pr-player-1').getByTestId('pr-vp').count(), 0, "the bot's VP chips are hidden");
  await t.resolveMatch(ana.page.getByTestId('pr-player-1').innerText(), /hidden/, 'the bot mat says its VP chips are hidden');

  const pick = chooser(17);
  const clicks = await playToEnd(ana.page, (page) => clickOne(page, pick), { timeoutMs: 420_000 });
  t.ok(clicks > 20, `played ${clicks} moves by clicking`);
  await ana.page.getByTestId('outcome').waitFor();
  t.match(await ana.page.getByTestId('outcome').innerText(), /Ana \(\d+ points/, 'the final result names the players');
  await t.resolveMatch(ana.page.getByTestId('pr-player-1').getByTestId('pr-vp').count(), 1, "at the end everyone's VP chips show");
  t.same(ana.problems, [], 'no script errors, no request outside this machine');
});
