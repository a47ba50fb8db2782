/**
 * The browser tests' harness: the built web client (built here when missing or older than its sources),
 * the real app listening on a free port, a headless Chromium driven by playwright-core (one browser per test
 * file; a context per player; scripts/browser.ts finds or unpacks it), and helpers to sign in and to play a
 * game to its end by clicking.
 */
import { mkdir, rm, stat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { build } from '../../helper.js';
import { buildWebClient } from '../../../scripts/build-web.js';
import { chromiumLaunchOptions } from '../../../scripts/browser.js';

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
  const browser = await chromium.launch(await chromiumLaunchOptions());
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

interface Turn {
  status: string | null;
  version: number;
  alert: string | null;
}

/**
 * Waits until the game page is settled (no move in flight) and `ready` holds for it; reads the game's
 * status, version and any alert in the same look (one round trip to the browser, not one per attribute).
 * A function, not a string: the page's Content-Security-Policy forbids eval.
 */
async function settled(page: Page, after: number | null, timeout: number): Promise<Turn> {
  const handle = await page.waitForFunction(
    (after) => {
      const el = (globalThis as any).document.querySelector('.game');
      if (!el || el.getAttribute('data-busy') !== 'false') return false;
      const status = el.getAttribute('data-status');
      const version = Number(el.getAttribute('data-version'));
      const alert = el.querySelector('[role=alert]')?.textContent ?? null;
      const turn = { status, version, alert };
      if (after === null) return status === 'finished' || (status === 'active' && el.getAttribute('data-my-turn') === 'true') ? turn : false;
      return version > after || status === 'finished' || alert !== null ? turn : false;
    },
    after,
    { timeout },
  );
  return (await handle.jsonValue()) as Turn;
}

/**
 * Plays to the end: whenever it is this player's turn, `move` clicks one move on the board; then waits
 * for the page to show the position after it (its data-version moves on). Returns the number of moves
 * clicked. With WEB_TEST_PROFILE set, prints where the time went (waiting for the turn, choosing and
 * clicking, waiting for the answer) and the requests the page made.
 */
export async function playToEnd(page: Page, move: (page: Page) => Promise<void>, { maxMoves = 2000, timeoutMs = 240_000 } = {}): Promise<number> {
  const started = Date.now();
  let clicks = 0;
  const spent = { turn: 0, click: 0, answer: 0 };
  const requests = new Map<string, number>();
  const profile = process.env.WEB_TEST_PROFILE ? (r: { method(): string; url(): string }) => {
    const key = `${r.method()} ${new URL(r.url()).pathname.replace(/[0-9a-f-]{36}/, ':id')}`;
    requests.set(key, (requests.get(key) ?? 0) + 1);
  } : null;
  if (profile) page.on('requestfinished', profile);
  try {
    for (;;) {
      if (Date.now() - started > timeoutMs) throw new Error(`the game did not end within ${timeoutMs} ms (${clicks} moves clicked)`);
      let mark = Date.now();
      const turn = await settled(page, null, 60_000);
      spent.turn += Date.now() - mark;
      if (turn.status === 'finished') return clicks;
      if (clicks >= maxMoves) throw new Error(`still playing after ${clicks} moves`);
      mark = Date.now();
      await move(page);
      clicks += 1;
      spent.click += Date.now() - mark;
      mark = Date.now();
      // The move is sent and the page shows the position after it (or the refusal).
      const answer = await settled(page, turn.version, 30_000);
      spent.answer += Date.now() - mark;
      if (answer.alert !== null) throw new Error(`a move was refused: ${answer.alert}`);
    }
  } finally {
    if (profile) {
      page.off('requestfinished', profile);
      const per = (ms: number) => Math.round(ms / Math.max(clicks, 1));
      console.error(`# profile: ${clicks} moves in ${Date.now() - started} ms; per move: turn ${per(spent.turn)} ms, click ${per(spent.click)} ms, answer ${per(spent.answer)} ms; requests: ${JSON.stringify(Object.fromEntries(requests))}`);
    }
  }
}
