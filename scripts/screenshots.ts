/**
 * `npm run screenshots [-- game ...]`: pictures of each game at a mid-game position, shown in docs/web-client.md:
 * the board on a laptop (docs/boards/<game>.png) and the page as a phone opens it, 390 px wide
 * (docs/boards/<game>-phone.png). It builds the web client, starts the service on a free
 * port (DATABASE_URL's server in a fresh database, or an embedded Postgres in a temporary folder), plays
 * one human seat with seeded random legal moves through the REST API against bots until the game is well
 * under way, then opens the board in headless Chromium (CHROMIUM_PATH, the system's, or the npm-packaged
 * one: see scripts/browser.ts).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/app.js';
import { chromiumLaunchOptions } from './browser.js';
import { buildWebClient } from './build-web.js';
import { scratchDatabase } from './scratch-database.js';

/** Per game: the seats (the human in seat 0, bots elsewhere), its options, and how far to play. */
const GAMES: Record<string, { bots: string[]; options?: Record<string, unknown>; moves: number }> = {
  'puerto-rico': { bots: ['greedy', 'greedy'], moves: 45 },
  navegador: { bots: ['greedy', 'greedy'], moves: 30 },
  meuterer: { bots: ['greedy', 'greedy'], moves: 14 },
  voyages: { bots: ['greedy'], moves: 20 },
};
const OUT = fileURLToPath(new URL('../docs/boards/', import.meta.url));

function random(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(GAMES);

await buildWebClient({ quiet: true });
const db = await scratchDatabase('portolan-screens', process.env.DATABASE_URL);
const app = await buildApp({ databaseUrl: db.url, rateLimits: { perMinute: 1_000_000, registrationsPerHour: 1_000_000, gamesPerHour: 1_000_000 } });
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const browser = await chromium.launch(await chromiumLaunchOptions());
await mkdir(OUT, { recursive: true });
try {
  for (const type of wanted) {
    const setup = GAMES[type];
    if (!setup) throw new Error(`unknown game ${type}; one of ${Object.keys(GAMES).join(', ')}`);
    const call = async (method: 'GET' | 'POST', url: string, token?: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<any>;
    };
    const { token, player } = await call('POST', '/v1/players', undefined, { name: 'Ana' });
    const game = await call('POST', '/v1/games', token, {
      type, seats: setup.bots.length + 1, options: setup.options ?? {}, bots: setup.bots.map((level, i) => ({ seat: i + 1, level })),
    });
    await call('POST', `/v1/games/${game.id}/start`, token);
    const pick = random(7);
    for (let played = 0; ; ) {
      const now = await call('GET', `/v1/games/${game.id}`, token);
      if (now.status !== 'active') break;
      if (!now.toMove.includes(0)) {
        await sleep(50);
        continue;
      }
      if (played >= setup.moves) break;
      const legal = await call('GET', `/v1/games/${game.id}/legal-moves`, token);
      if (legal.moves.length === 0) {
        await sleep(50);
        continue;
      }
      await call('POST', `/v1/games/${game.id}/moves`, token, { move: legal.moves[pick(legal.moves.length)], expectedVersion: legal.version }).catch(() => undefined);
      played += 1;
    }
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
    await context.addInitScript((session) => (globalThis as any).localStorage.setItem('portolan.token', session), JSON.stringify({ token, name: 'Ana', playerId: player.id }));
    const page = await context.newPage();
    await page.goto(`${base}/#/games/${game.id}`);
    await page.locator('.game[data-status="active"] .board-area').waitFor({ timeout: 30_000 });
    await sleep(300);
    const file = join(OUT, `${type}.png`);
    await page.locator('.board-area').screenshot({ path: file });
    console.log(`wrote ${file}`);
    await context.close();
    // The same game as a phone opens it: what the first screen shows, no scrolling.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    await phone.addInitScript((session) => {
      (globalThis as any).localStorage.setItem('portolan.token', session);
      (globalThis as any).localStorage.setItem('portolan.notifications-asked', 'yes');
    }, JSON.stringify({ token, name: 'Ana', playerId: player.id }));
    const small = await phone.newPage();
    await small.goto(`${base}/#/games/${game.id}`);
    await small.locator('.game[data-status="active"] .board-area').waitFor({ timeout: 30_000 });
    await sleep(300);
    const phoneFile = join(OUT, `${type}-phone.png`);
    await small.screenshot({ path: phoneFile });
    console.log(`wrote ${phoneFile}`);
    await phone.close();
  }
} finally {
  await browser.close();
  await app.close();
  await db.cleanup();
}
