/**
 * CORS: a browser app on an allowed origin can call every REST route and /graphql with a bearer token.
 * Real preflights (OPTIONS with Origin and Access-Control-Request-*), as a browser sends them.
 */
import t from 'tap';
import { build, player } from '../helper.js';
import { fillPath, operationsOf } from '../support/operations.js';

const APP = 'https://app.example';

function preflight(method: string, headers = 'authorization,content-type,idempotency-key', origin = APP) {
  return { origin, 'access-control-request-method': method, 'access-control-request-headers': headers };
}

t.test('an allowed origin gets preflights answered and every answer readable', async (t) => {
  const app = await build(t, { workers: false, corsOrigins: [APP, 'https://other.example'] });
  const ana = await player(app, 'Ana');
  // Every documented REST operation, and /graphql.
  const operations = [
    ...operationsOf(app).map(({ method, path }) => ({ method, url: fillPath(path, () => '00000000-0000-4000-8000-000000000000') })),
    { method: 'POST', url: '/graphql' },
  ];
  t.ok(operations.length > 20, 'the route list is not empty');
  for (const { method, url } of operations) {
    const res = await app.inject({ method: 'OPTIONS', url, headers: preflight(method) });
    t.equal(res.statusCode, 204, `${method} ${url}: preflight`);
    t.equal(res.headers['access-control-allow-origin'], APP, `${method} ${url}: origin allowed`);
    t.match(String(res.headers['access-control-allow-methods']), method, `${method} ${url}: method allowed`);
    t.match(String(res.headers['access-control-allow-headers']), /authorization/, `${method} ${url}: bearer header allowed`);
    t.notOk(res.headers['access-control-allow-credentials'], 'no cookies');
  }

  // The actual calls carry the headers, errors included, and expose what a client needs to read.
  const rest = await app.inject({ method: 'GET', url: '/v1/me', headers: { origin: APP, authorization: `Bearer ${ana.token}` } });
  t.equal(rest.statusCode, 200);
  t.equal(rest.headers['access-control-allow-origin'], APP);
  t.match(String(rest.headers['access-control-expose-headers']), /retry-after/i);
  const refused = await app.inject({ method: 'GET', url: '/v1/me', headers: { origin: APP, authorization: 'Bearer forged' } });
  t.equal(refused.statusCode, 401);
  t.equal(refused.headers['access-control-allow-origin'], APP, 'a 401 is readable by the browser app');
  const graphql = await app.inject({ method: 'POST', url: '/graphql', headers: { origin: APP, authorization: `Bearer ${ana.token}` }, payload: { query: '{ me { name } }' } });
  t.same(graphql.json().data, { me: { name: 'Ana' } });
  t.equal(graphql.headers['access-control-allow-origin'], APP);
});

t.test('an origin not in the list gets no CORS headers', async (t) => {
  const app = await build(t, { workers: false, corsOrigins: [APP] });
  const res = await app.inject({ method: 'OPTIONS', url: '/graphql', headers: preflight('POST', 'authorization', 'https://evil.example') });
  t.notOk(res.headers['access-control-allow-origin'], 'the browser will refuse the call');
  const call = await app.inject({ method: 'GET', url: '/v1/game-types', headers: { origin: 'https://evil.example' } });
  t.equal(call.statusCode, 200, 'the server still answers (CORS is the browser’s guard)');
  t.notOk(call.headers['access-control-allow-origin']);
});

t.test('`*` allows any origin (bearer tokens, never cookies)', async (t) => {
  const app = await build(t, { workers: false, corsOrigins: ['*'] });
  const res = await app.inject({ method: 'OPTIONS', url: '/v1/games', headers: preflight('POST', 'authorization,content-type', 'https://anyone.example') });
  t.equal(res.statusCode, 204);
  t.equal(res.headers['access-control-allow-origin'], '*');
  t.notOk(res.headers['access-control-allow-credentials']);
});

t.test('without CORS_ORIGINS there is no cross-origin access', async (t) => {
  const app = await build(t, { workers: false });
  const res = await app.inject({ method: 'OPTIONS', url: '/v1/games', headers: preflight('POST') });
  t.equal(res.statusCode, 404);
  t.equal(res.json().error.code, 'NOT_FOUND');
  t.notOk(res.headers['access-control-allow-origin']);
});
