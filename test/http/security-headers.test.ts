/**
 * Security headers on everything the service serves: `nosniff` on every answer (pages, API, errors,
 * streams), and on every HTML page (the web client, GraphiQL, the OpenAPI viewer) a Content-Security-
 * Policy that forbids framing and lets the page connect only to its own origin, websockets included.
 */
import t from 'tap';
import type { AddressInfo } from 'node:net';
import { build, player } from '../helper.js';
import { fillPath, operationsOf } from '../support/operations.js';

/** The directives of a Content-Security-Policy, by name. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map((policy ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name!, values]));
}

t.test('every page: CSP with frame-ancestors and connect-src limited to its own origin; nosniff everywhere', async (t) => {
  const app = await build(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const base = `http://${host}`;

  for (const path of ['/', '/graphiql', '/docs', '/docs/', '/docs/static/index.html']) {
    const res = await fetch(base + path);
    const body = await res.text();
    t.equal(res.status, 200, `${path}: served`);
    t.match(res.headers.get('content-type'), /^text\/html/, `${path}: a page`);
    t.match(body, /<html/i);
    t.equal(res.headers.get('x-content-type-options'), 'nosniff', `${path}: nosniff`);
    const csp = directives(res.headers.get('content-security-policy'));
    t.same(csp.get('frame-ancestors'), ["'none'"], `${path}: never framed`);
    t.same(csp.get('default-src'), ["'none'"], `${path}: nothing by default`);
    t.same(csp.get('script-src'), ["'self'"], `${path}: scripts from this origin only`);
    t.same(csp.get('connect-src'), ["'self'", `ws://${host}`], `${path}: calls and websockets to this origin only`);
  }

  // A forged Host is not written into the policy.
  const forged = await app.inject({ url: '/graphiql', headers: { host: 'evil.example;script-src *' } });
  t.same(directives(forged.headers['content-security-policy'] as string).get('connect-src'), ["'self'"], 'a malformed Host adds nothing');

  // API answers (JSON, errors, assets, streams): nosniff, and a policy that loads nothing and is framed nowhere.
  const answers = ['/healthz', '/v1/games', '/v1/nothing-here', '/docs/json', '/graphiql/assets/start.js'];
  for (const op of operationsOf(app).filter((o) => o.method === 'GET' && !o.spec.responses['200']?.content?.['text/event-stream'])) {
    answers.push(fillPath(op.path, (name) => (name === 'type' ? 'nim' : '00000000-0000-4000-8000-000000000000')));
  }
  for (const path of answers) {
    const res = await app.inject({ url: path });
    t.equal(res.headers['x-content-type-options'], 'nosniff', `${path} (${res.statusCode}): nosniff`);
    if (!String(res.headers['content-type']).startsWith('text/html')) {
      t.same(directives(res.headers['content-security-policy'] as string).get('frame-ancestors'), ["'none'"], `${path}: framed nowhere`);
    }
  }
  const graphql = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' } });
  t.equal(graphql.headers['x-content-type-options'], 'nosniff', 'GraphQL: nosniff');

  // A stream writes its own headers: they are there too.
  const ana = await player(app, 'Ana');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2 })).body;
  const abort = new AbortController();
  const res = await fetch(`${base}/v1/games/${game.id}/events`, { signal: abort.signal });
  t.match(res.headers.get('content-type'), /^text\/event-stream/);
  t.equal(res.headers.get('x-content-type-options'), 'nosniff', 'a stream: nosniff');
  t.same(directives(res.headers.get('content-security-policy')).get('frame-ancestors'), ["'none'"], 'a stream: framed nowhere');
  abort.abort();
});

t.test('a page asked for again (304) keeps the page policy: the browser takes the 304\'s headers for its kept copy', async (t) => {
  const app = await build(t, { workers: false });
  const first = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html,application/xhtml+xml' } });
  t.equal(first.statusCode, 200);
  const etag = first.headers.etag;
  t.ok(etag, 'the page has an ETag');
  const again = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html,application/xhtml+xml', 'if-none-match': String(etag) } });
  t.equal(again.statusCode, 304);
  t.match(String(again.headers['content-security-policy']), /script-src 'self'/, 'scripts still allowed on the kept page');
});
