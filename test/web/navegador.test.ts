/**
 * Navegador in the browser: a whole 3-player game against two bots, played by clicking the rondel's fields
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

/** How often the choosers built from the move families were offered and used. */
const chosen = { sailOffered: 0, sailUsed: 0, payOffered: 0, payUsed: 0, emptyRefused: 0, confirmed: 0 };

/** Sails one ship along the first route without exploring (or explores the first region offered), through the route chooser. */
async function sailOwnRoute(page: Page): Promise<boolean> {
  const form = page.locator('.nv-custom-sail');
  const send = form.getByRole('button');
  if (await send.isEnabled()) throw new Error('the route chooser offers a sail with no ship chosen');
  chosen.emptyRefused += 1;
  const plans = await form.getByLabel('Sailing plan').locator('option').allTextContents();
  const quiet = plans.findIndex((p) => /sail without exploring/.test(p));
  await form.getByLabel('Sailing plan').selectOption(String(Math.max(quiet, 0)));
  if (quiet >= 0) {
    await form.locator('input[type=number]').first().fill('1');
  } else {
    // Only exploring plans: enough ships must end in the region explored.
    const need = Number(await form.getAttribute('data-need'));
    const route = form.locator('input[data-explores=true]').first();
    if (Number(await route.getAttribute('max')) < need) return false;
    await route.fill(String(need));
  }
  if (!(await send.isEnabled())) return false;
  await send.click();
  return true;
}

/** Pays for the first field offered with ships taken region by region, through the payment chooser. */
async function payOwnShips(page: Page): Promise<boolean> {
  const form = page.locator('.nv-custom-pay');
  // Nothing is chosen before the player chooses: no cost, no ship inputs, no send button.
  if ((await form.getAttribute('data-cost')) !== null || (await form.getByRole('button').count()) > 0) {
    throw new Error('the payment form came with a field already chosen');
  }
  const instruction = await page.getByTestId('nv-instruction').innerText();
  if (!/click a field on the rondel/.test(instruction)) throw new Error(`the turn's instruction is missing: ${instruction}`);
  await form.getByLabel('Field to pay for').selectOption({ index: 1 });
  let left = Number(await form.getAttribute('data-cost'));
  const inputs = form.locator('input[type=number]');
  for (let i = 0; i < (await inputs.count()) && left > 0; i++) {
    const n = Math.min(left, Number(await inputs.nth(i).getAttribute('max')));
    await inputs.nth(i).fill(String(n));
    left -= n;
  }
  const send = form.getByRole('button');
  if (left > 0 || !(await send.isEnabled())) return false;
  await send.click();
  return true;
}

async function clickOne(page: Page, pick: (n: number) => number): Promise<void> {
  // The first few times the choosers show, use them (the families' controls), then the board's clicks.
  if (await page.locator('.nv-custom-sail').count()) {
    chosen.sailOffered += 1;
    if (chosen.sailUsed < 2 && (await sailOwnRoute(page))) {
      chosen.sailUsed += 1;
      return;
    }
  }
  if (await page.locator('.nv-custom-pay').count()) {
    chosen.payOffered += 1;
    if (chosen.payUsed < 1 && (await payOwnShips(page))) {
      chosen.payUsed += 1;
      return;
    }
  }
  const options = page.locator(CLICKABLE);
  // The page says it is my turn only once the board with my moves is drawn: one look reads them all.
  const labels = await options.evaluateAll((els) => els.map((e: any) => (e.getAttribute('aria-label') ?? e.textContent ?? '') as string));
  // Sail when a sail is offered (exploring ends the game sooner); otherwise any move. Heading for the Sailing
  // field every time as well made games of many hundred moves: the ships it costs are never rebuilt.
  const sails = labels.map((l, i) => [l, i] as const).filter(([l]) => /^(Navegador: s|S)ail \d/.test(l)).map(([, i]) => i);
  if (labels.length === 0) throw new Error('my turn, but nothing on the board can be clicked');
  const index = sails.length > 0 && pick(3) > 0 ? sails[pick(sails.length)]! : pick(labels.length);
  const onBoard = await options.nth(index).evaluate((e: any) => e.matches('.nv-rondel [role=button], .nv-priv.playable'));
  await options.nth(index).click();
  if (!onBoard) return;
  // A rondel field or a privilege clicked on the board is only chosen; the confirmation naming it sends it.
  const confirm = page.locator('.confirm-move-send');
  await confirm.waitFor({ timeout: 5000 });
  chosen.confirmed += 1;
  await confirm.click();
}

t.test('a whole game of Navegador, by clicking', async (t) => {
  const { base } = await startApp(t);
  const browser = await launchBrowser(t);
  const ana = await signIn(browser, base, 'Ana');
  // Two greedy bots: they head for Nagasaki, so the game ends in a few dozen of her turns whatever the deal.
  await createGame(ana.page, 'navegador', ['me', 'greedy', 'greedy']);
  await ana.page.locator('.nv-board').waitFor();
  t.match(await ana.page.getByTestId('nv-region-0').getAttribute('aria-label'), /Portugal: home port; ships: .*Ana 2/, 'the map shows my ships in Portugal');
  t.match(await ana.page.getByTestId('nv-sheet-0').innerText(), /Ana \(you\)/, 'my sheet is marked as mine');

  const pick = chooser(5);
  const clicks = await playToEnd(ana.page, (page) => clickOne(page, pick), { timeoutMs: 420_000 });
  t.ok(clicks > 10, `played ${clicks} moves by clicking`);
  t.match(await ana.page.getByTestId('outcome').innerText(), /Ana \(\d+ points/);
  t.ok(chosen.sailUsed > 0, `sailed routes of my own choosing (${JSON.stringify(chosen)})`);
  t.ok(chosen.emptyRefused > 0, 'the route chooser sends nothing while no ship is chosen');
  t.ok(chosen.confirmed > 0, 'a move chosen on the rondel or the gallery was sent by its confirmation');
  t.ok(chosen.payOffered === 0 || chosen.payUsed > 0, 'paid a field with ships of my own choosing whenever that was offered');
  t.same(ana.problems, [], 'no script errors, no request outside this machine');
});
