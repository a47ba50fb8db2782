/**
 * The browser tests' harness: the built web client (built here when missing or older than its sources),
 * the real app listening on a free port, Debian's Chromium driven by playwright-core (one browser per test
 * file; a context per player), and helpers to sign in and to play a game to its end by clicking.
 */
import { mkdir, rm, stat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { build } from '../../helper.js';
import { buildWebClient } from '../../../scripts/build-web.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without these, Chromium on a machine with no network floods it with refused connections (STACK.md).
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const WEB = fileURLToPath(new URL('../../../web/', import.meta.url));

interface Teardown {
  teardown(fn: () => unknown): void;
}

async function newest(dir: string): Promise<number> {
  let latest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? await newest(path) : (await stat(path)).mtimeMs);
  }
  return latest;
}

async function builtAt(): Promise<number> {
  return stat(join(WEB, 'dist', 'index.html')).then((s) => s.mtimeMs, () => 0);
}

/**
 * Builds web/dist unless it is newer than every source (postinstall normally built it). Test files run in
 * parallel: a lock directory lets one build while the others wait for it.
 */
export async function ensureWebBuilt(): Promise<void> {
  const sources = Math.max(await newest(join(WEB, 'src')), (await stat(join(WEB, 'index.html'))).mtimeMs);
  if ((await builtAt()) > sources) return;
  const lock = join(WEB, '.build-lock');
  for (let waited = 0; ; waited += 200) {
    try {
      await mkdir(lock);
      break;
    } catch {
      if (waited > 120_000) await rm(lock, { recursive: true, force: true }); // a crashed builder's lock
      await new Promise((r) => setTimeout(r, 200));
      if ((await builtAt()) > sources) return;
    }
  }
  try {
    if ((await builtAt()) <= sources) await buildWebClient({ quiet: true });
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** The app (with its web client) listening on a free loopback port; closed at teardown. */
export async function startApp(t: Teardown): Promise<{ app: FastifyInstance; base: string }> {
  await ensureWebBuilt();
  const app = await build(t);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base };
}

/** One Chromium for a test file, with a fresh profile (playwright gives each launch a new user-data-dir). */
export async function launchBrowser(t: Teardown): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  t.teardown(() => browser.close());
  return browser;
}

export interface PlayerPage {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly problems: string[];
}

/** A new browser context (its own localStorage) signed in through the login form. */
export async function signIn(browser: Browser, base: string, name: string, viewport = { width: 1280, height: 900 }): Promise<PlayerPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  // Only this machine: a request anywhere else is a bug (the client must work offline).
  await page.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    if (host === '127.0.0.1' || host === 'localhost') return route.continue();
    problems.push(`request to ${route.request().url()}`);
    return route.abort();
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.setDefaultTimeout(20_000);
  await page.goto(base);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Start playing' }).click();
  await page.getByTestId('me').filter({ hasText: name }).waitFor();
  return { context, page, problems };
}

/**
 * Creates a game through the lobby's form: the game type, the seat count, and per seat 'me', 'open' or a
 * bot level. Returns the game id once its page shows.
 */
export async function createGame(page: Page, type: string, seats: string[], setOptions?: (page: Page) => Promise<void>): Promise<string> {
  await page.goto(new URL('#/', page.url()).toString());
  await page.getByLabel('Game', { exact: true }).selectOption(type);
  await page.getByLabel('Players', { exact: true }).fill(String(seats.length));
  for (const [i, seat] of seats.entries()) {
    await page.getByLabel(`Seat ${i + 1}`, { exact: true }).selectOption(seat === 'me' || seat === 'open' ? seat : `bot:${seat}`);
  }
  await setOptions?.(page);
  await page.getByRole('button', { name: /^Create/ }).click();
  await page.waitForURL(/#\/games\/[0-9a-f-]{36}$/);
  return /#\/games\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
}

export const gameRoot = (page: Page) => page.locator('.game');

export async function version(page: Page): Promise<number> {
  return Number(await gameRoot(page).getAttribute('data-version'));
}

/**
 * Plays to the end: whenever it is this player's turn, `move` clicks one move on the board; then waits
 * for the game to move on. Returns the number of moves clicked.
 */
export async function playToEnd(page: Page, move: (page: Page) => Promise<void>, { maxMoves = 2000, timeoutMs = 240_000 } = {}): Promise<number> {
  const root = gameRoot(page);
  const started = Date.now();
  let clicks = 0;
  for (;;) {
    if (Date.now() - started > timeoutMs) throw new Error(`the game did not end within ${timeoutMs} ms (${clicks} moves clicked)`);
    await page.locator('.game[data-status="finished"], .game[data-status="active"][data-my-turn="true"][data-busy="false"]').first().waitFor({ timeout: 60_000 });
    if ((await root.getAttribute('data-status')) === 'finished') return clicks;
    if (clicks >= maxMoves) throw new Error(`still playing after ${clicks} moves`);
    const before = await version(page);
    await move(page);
    clicks += 1;
    // The move is sent, and the page refreshed from the answer: the version moved on (or it was refused).
    // A function, not a string: the page's Content-Security-Policy forbids eval.
    await page.waitForFunction(
      (v) => {
        const el = (globalThis as any).document.querySelector('.game');
        if (!el || el.getAttribute('data-busy') !== 'false') return false;
        return Number(el.getAttribute('data-version')) > v || el.getAttribute('data-status') === 'finished' || el.querySelector('[role=alert]') !== null;
      },
      before,
      { timeout: 30_000 },
    );
    const alert = page.locator('.game [role=alert]');
    if (await alert.count()) throw new Error(`a move was refused: ${await alert.first().innerText()}`);
  }
}
