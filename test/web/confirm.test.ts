/**
 * Moves that end a turn are confirmed the same way however they were composed: in Puerto Rico, a
 * suggested Mayor placement only fills in the counts, and nothing is sent until "Place these colonists".
 */
import t from 'tap';
import { createGame, gameRoot, launchBrowser, signIn, startApp, version } from './support/browser.js';

t.test('a suggested Mayor placement needs the confirmation', async (t) => {
  const { app, base } = await startApp(t);
  const browser = await launchBrowser(t);
  const ana = await signIn(browser, base, 'Ana');
  const id = await createGame(ana.page, 'puerto-rico', ['me', 'greedy']);
  const token = await ana.page.evaluate(() => JSON.parse((globalThis as any).localStorage.getItem('portolan.token')).token as string);
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    (await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) })).json();

  // Through the API: Ana takes the Mayor when she can, else makes her first legal move, until she has
  // colonists to place (the bot plays its own turns meanwhile).
  let arranging = false;
  for (let i = 0; i < 400 && !arranging; i++) {
    const game = await call('GET', `/v1/games/${id}`);
    if (!game.toMove.includes(0)) {
      await new Promise((r) => setTimeout(r, 25));
      continue;
    }
    const legal = await call('GET', `/v1/games/${id}/legal-moves`);
    if (legal.moves.some((m: any) => m.type === 'arrange')) {
      arranging = true;
      break;
    }
    const move = legal.moves.find((m: any) => m.type === 'chooseRole' && m.role === 'mayor') ?? legal.moves[0];
    await call('POST', `/v1/games/${id}/moves`, { move, expectedVersion: legal.version });
  }
  t.ok(arranging, 'Ana has colonists to place');

  const page = ana.page;
  const suggestion = page.locator('.pr-suggestions button').first();
  await suggestion.waitFor();
  await gameRoot(page).and(page.locator('[data-my-turn="true"][data-busy="false"]')).waitFor();
  const before = await version(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
  });
  const text = (await suggestion.innerText()).trim();
  await suggestion.click();
  t.equal(await suggestion.getAttribute('aria-pressed'), 'true', 'the suggestion is shown as chosen');
  const confirm = page.locator('.pr-confirm');
  t.match(await confirm.innerText(), `Place these colonists: ${text}`, 'the confirmation names the placement');
  await new Promise((r) => setTimeout(r, 500));
  t.same(posts, [], 'nothing was sent on the suggestion\'s click');
  t.equal(await version(page), before, 'the game did not move');
  await confirm.click();
  await page.waitForFunction((v) => Number((globalThis as any).document.querySelector('.game')?.getAttribute('data-version')) > v, before);
  t.same(posts.filter((p) => p.endsWith('/moves')), [`/v1/games/${id}/moves`], 'the confirmation sent the move');
  t.same(ana.problems, [], 'no script errors, no request outside this machine');
});
