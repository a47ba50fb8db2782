/**
 * Accounts a person keeps, in a real browser with Chromium's virtual authenticator (CDP `WebAuthn.*`):
 * signing out first warns that there is no way back; a passkey is added; signing out revokes the token;
 * signing in with the passkey finds the same player and games; a one-time code adds a second browser
 * context as the same player; a token handed over in the URL (as a site would) signs the client in.
 * The page is opened as `localhost`: WebAuthn refuses an IP address as a relying party id.
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { launchBrowser, signIn, startApp } from './support/browser.js';

const stored = (page: Page) => page.evaluate(() => JSON.parse((globalThis as any).localStorage.getItem('portolan.token') ?? 'null'));

t.test('passkeys, one-time codes and handed tokens in the web client', async (t) => {
  const { app, base: loopback } = await startApp(t);
  const base = loopback.replace('127.0.0.1', 'localhost');
  const browser = await launchBrowser(t);

  const ana = await signIn(browser, base, 'Ana');
  const { page } = ana;
  const first = await stored(page);
  const game = await app.inject({ method: 'POST', url: '/v1/games', headers: { authorization: `Bearer ${first.token}` }, payload: { type: 'nim', seats: 2 } });
  t.equal(game.statusCode, 201);
  const gameId = game.json().id as string;

  // Chromium's virtual authenticator: a platform authenticator that holds discoverable credentials.
  const cdp = await ana.context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  // Without a passkey or another device, signing out warns first.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('alertdialog').getByText('loses this player').waitFor();
  t.pass('signing out warns when it would lose the only way back');
  await page.getByRole('link', { name: 'Add a passkey first' }).click();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByTestId('passkeys').locator('li').first().waitFor();
  t.equal((await app.db.passkey.count({ where: { playerId: first.playerId } })), 1, 'the passkey is kept on the service');

  // Now signing out goes at once, and the token it held is revoked on the service.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
  t.equal(await stored(page), null, 'the browser forgot its token');
  const old = await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${first.token}` } });
  t.equal(old.json().error.code, 'TOKEN_REVOKED', 'signing out revoked the token');

  // Back with the passkey: the same player, the same games.
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.getByTestId('me').filter({ hasText: 'Ana' }).waitFor();
  const again = await stored(page);
  t.equal(again.playerId, first.playerId, 'the same player');
  t.not(again.token, first.token, 'with a new token');
  await page.getByTestId('my-games').locator(`a[href="#/games/${gameId}"]`).first().waitFor();
  t.pass('the same games');

  // A second browser context through a one-time code.
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Show a one-time code' }).click();
  const code = (await page.getByTestId('device-code').textContent())!.trim();
  t.match(code, /^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
  const second = await browser.newContext();
  t.teardown(() => second.close());
  const other = await second.newPage();
  other.setDefaultTimeout(20_000);
  await other.goto(base);
  await other.getByLabel('One-time code from a signed-in device').fill(code);
  await other.getByRole('button', { name: 'Sign in with the code' }).click();
  await other.getByTestId('me').filter({ hasText: 'Ana' }).waitFor();
  t.equal((await stored(other)).playerId, first.playerId, 'the second device is the same player');
  await other.getByTestId('my-games').locator(`a[href="#/games/${gameId}"]`).first().waitFor();
  t.pass('and sees the same games');

  // A token handed over by a site, in the URL's fragment.
  const handed = await app.tokens.issueToken(first.playerId, { label: 'site session', scopes: ['play', 'read'], expiresAt: new Date(Date.now() + 3_600_000) });
  const third = await browser.newContext();
  t.teardown(() => third.close());
  const site = await third.newPage();
  site.setDefaultTimeout(20_000);
  await site.goto(`${base}/#token=${handed.secret}`);
  await site.getByTestId('me').filter({ hasText: 'Ana' }).waitFor();
  t.notMatch(site.url(), /token=/, 'the token left the address bar');
  t.equal((await stored(site)).token, handed.secret, 'the handed token is the session');
  t.same(ana.problems, [], 'no page errors, no requests elsewhere');
});
