/**
 * Postgres unreachable: ordinary requests answer 503 UNAVAILABLE with Retry-After (REST and GraphQL, each
 * in its own shape), never 500; the process stays up and says so on /healthz, /readyz says why.
 */
import t from 'tap';
import { createServer } from 'node:net';
import { build } from '../helper.js';

/** A loopback port where nothing listens (taken, then released). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

t.test('with the database unreachable, requests are 503 UNAVAILABLE with Retry-After', async (t) => {
  const app = await build(t, { databaseUrl: `postgresql://postgres@127.0.0.1:${await closedPort()}/portolan`, workers: false });

  for (const [method, url, payload, headers] of [
    ['GET', '/v1/games', undefined, {}],
    ['GET', '/v1/games/00000000-0000-4000-8000-000000000000/moves?after=3', undefined, {}],
    ['POST', '/v1/players', { name: 'Ana' }, {}],
    ['GET', '/v1/me', undefined, { authorization: 'Bearer ptl_sometoken' }],
  ] as const) {
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    t.equal(res.statusCode, 503, `${method} ${url}: status`);
    t.same(res.json(), { error: { code: 'UNAVAILABLE', message: 'the database is unreachable; retry shortly' } }, `${method} ${url}: body`);
    t.equal(res.headers['retry-after'], '5', `${method} ${url}: Retry-After`);
  }

  const graphql = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ games { items { id } } }' } });
  t.equal(graphql.statusCode, 503);
  t.equal(graphql.headers['retry-after'], '5');
  t.equal(graphql.json().errors[0].extensions.code, 'UNAVAILABLE', 'in GraphQL shape');

  t.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200, 'the process is up');
  t.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 503, 'and not ready');
});
