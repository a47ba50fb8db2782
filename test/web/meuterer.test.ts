/**
 * The Meuterer board in a browser: a 3-player game (the shortest: 9 rounds) against two bots, played to
 * the end by clicking the board — a hand card to offer, the Pass button, an action card, conflict cards,
 * a sales allocation, the loading clerk's keeps. On every turn the board must show the player's own hand
 * (as the API's view has it) and, of the other seats, only what the table sees: hand sizes, offered cards,
 * face-down counts, action cards once revealed.
 */
import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { createGame, launchBrowser, playToEnd, signIn, startApp } from './support/browser.js';

const sorted = (cards: readonly string[]) => [...cards].sort();

async function myView(page: Page, base: string, id: string): Promise<any> {
  // A function, not a string: the client's Content-Security-Policy forbids eval.
  const token = await page.evaluate(() => JSON.parse((globalThis as any).localStorage.getItem('portolan.token') ?? '{}').token as string);
  const res = await fetch(`${base}/v1/games/${id}/state`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { view: unknown }).view;
}

/** What the board shows must be the caller's view: own cards in full, the others' only as the table sees them. */
async function checkSecrets(t: Test, page: Page, view: any, seat: number): Promise<void> {
  const board = page.locator('.mt-board');
  const hand = await board.locator('.mt-hand ul[aria-label="Your hand"] [data-card]').evaluateAll((els: any[]) => els.map((e) => String(e.getAttribute('data-card'))));
  t.same(sorted(hand), sorted(view.players[seat].hand), 'the board shows my hand as my view has it');
  t.equal(await board.locator('.mt-hand').count(), 1, 'one hand on the board: mine');
  for (const p of view.players as any[]) {
    t.notOk('hand' in p && p.seat !== seat, `the view holds no hand of seat ${p.seat}`);
    if (p.seat === seat) continue;
    const area = board.locator(`.mt-player[data-seat="${p.seat}"]`);
    // Every card drawn in another seat's area is one of its face-up (offered) cards.
    t.equal(await area.locator('.mt-card').count(), p.faceUp.length, `seat ${p.seat}: only its offered cards are drawn`);
    t.match(await area.innerText(), new RegExp(`${p.handSize} cards?`), `seat ${p.seat}: its hand size is shown`);
    if (p.hasRole && p.role === null) t.match(await area.innerText(), /face down/, `seat ${p.seat}: its action card stays hidden`);
  }
}

t.test('a whole 3-player Meuterer game against two bots, by clicking the board', async (t) => {
  const { base } = await startApp(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await signIn(browser, base, 'Marla');
  const id = await createGame(page, 'meuterer', ['me', 'greedy', 'greedy']);
  await page.locator('.mt-board').waitFor();

  // The secrets are checked on a few turns in different phases (each check costs a view fetch).
  const checkedIn = new Map<string, number>();
  let offered = false;
  const moves = await playToEnd(page, async (page) => {
    const board = page.locator('.mt-board');
    const phase = (await board.getAttribute('data-phase')) ?? '';
    if ((checkedIn.get(phase) ?? 0) < 2) {
      await checkSecrets(t, page, await myView(page, base, id), 0);
      checkedIn.set(phase, (checkedIn.get(phase) ?? 0) + 1);
    }
    if (phase === 'loadingClerk') {
      // Pick drawn cards until the Keep button is live (it only is for a legal keep).
      const keep = board.getByRole('button', { name: /^Keep / });
      const picks = board.locator('.mt-clerk [aria-pressed="false"]:not([disabled])');
      while (await keep.isDisabled()) await picks.first().click();
      await keep.click();
      return;
    }
    if (phase === 'offer') {
      // Offer a card by clicking it in the hand once, then pass at once (short rounds keep the test quick).
      const card = board.locator('.mt-hand button.mt-handcard:not([disabled])');
      if (!offered && (await card.count()) > 0) {
        // A card clicked in the hand is only chosen; the confirmation naming it sends it.
        await card.first().click();
        const confirm = board.locator('.confirm-move-send');
        t.match(await confirm.innerText(), /^Offer /, 'the confirmation names the offer');
        await confirm.click();
        offered = true;
      } else await board.getByRole('button', { name: /^Pass/ }).click();
      return;
    }
    await board.locator('.mt-controls button:not([disabled])').first().click();
  }, { timeoutMs: 120_000 });

  t.ok(moves >= 18, `played ${moves} moves by clicking (two or more a round)`);
  t.ok(checkedIn.has('offer') && checkedIn.size >= 2, `phases checked: ${[...checkedIn.keys()].join(', ')}`);
  t.match(await page.locator('.mt-board').innerText(), /Game over/, 'the board says the game is over');
  t.match(await page.locator('.mt-board').innerText(), /Round 9 of 9/, 'after the ninth round');
  t.same(problems, [], 'no page errors, no requests off this machine');
});
