/**
 * GraphiQL works offline: a real headless Chromium (see scripts/browser.ts; driven by playwright-core) opens
 * /graphiql on a listening service with every non-loopback request blocked, runs a query as a player
 * (token in the Headers tab) and reads the answer from the result pane.
 */
import t from 'tap';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/browser.js';
import { build, player } from '../helper.js';

/** Sets the text of one of GraphiQL's CodeMirror editors (typing would fight its auto-closing brackets). */
async function setEditor(page: Page, selector: string, text: string): Promise<void> {
  const editor = page.locator(`${selector} .CodeMirror >> visible=true`).first();
  await editor.waitFor();
  await editor.evaluate((host, value) => (host as unknown as CodeMirrorHost).CodeMirror.setValue(value), text);
}

/** CodeMirror 5 keeps its instance on its host element. */
interface CodeMirrorHost {
  CodeMirror: { setValue(value: string): void; getValue(): string };
}

t.test('GraphiQL runs a query with no network but loopback', async (t) => {
  const app = await build(t);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const ana = await player(app, 'Ana');

  const browser = await chromium.launch(await chromiumLaunchOptions());
  t.teardown(() => browser.close());
  const page = await browser.newPage();
  const blocked: string[] = [];
  const problems: string[] = [];
  await page.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    if (host === '127.0.0.1' || host === 'localhost') return route.continue();
    blocked.push(route.request().url());
    return route.abort();
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });

  const response = await page.goto(`${base}/graphiql`);
  t.equal(response?.status(), 200);
  t.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self'/, 'scripts only from this origin');
  await page.locator('.graphiql-container').waitFor({ timeout: 30_000 });

  await setEditor(page, '.graphiql-query-editor', 'query Mine { myTurn { items { id } } gameTypes { id } }');
  await page.getByRole('button', { name: /headers/i }).click();
  await setEditor(page, '.graphiql-editor-tool', JSON.stringify({ authorization: `Bearer ${ana.token}` }));
  await page.locator('.graphiql-execute-button').click();

  const result = page.locator('.graphiql-response .CodeMirror');
  await page.locator('.graphiql-response', { hasText: 'puerto-rico' }).waitFor({ timeout: 30_000 });
  const answer = JSON.parse(await result.evaluate((host) => (host as unknown as CodeMirrorHost).CodeMirror.getValue()));
  t.same(answer.data.myTurn.items, [], 'the token from the Headers tab reached the server (myTurn needs it)');
  t.same(answer.data.gameTypes.map((g: { id: string }) => g.id).sort(), ['meuterer', 'navegador', 'nim', 'puerto-rico', 'voyages']);
  t.same(blocked, [], 'the page asked for nothing outside this machine');
  t.same(problems, [], 'no script errors');
});

t.test('an unknown GraphiQL asset is a 404 in the error shape', async (t) => {
  const app = await build(t);
  const res = await app.inject({ method: 'GET', url: '/graphiql/assets/..%2Fpackage.json' });
  t.equal(res.statusCode, 404);
  t.equal(res.json().error.code, 'NOT_FOUND');
  const css = await app.inject({ method: 'GET', url: '/graphiql/assets/graphiql.min.css' });
  t.equal(css.statusCode, 200);
  t.match(css.headers['content-type'], /text\/css/);
});
