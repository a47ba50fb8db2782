/**
 * GraphQL cost control: depth, aliases, tokens and a computed cost are bounded and refused before anything
 * executes (QUERY_TOO_COMPLEX, 400); a request out of time stops doing expensive work (QUERY_TIMEOUT);
 * validation errors keep their message. "Nothing executed" is observed on the service itself.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { build, gql, player } from '../helper.js';

/** Counts calls of the service's expensive reads (what view, history and legalMoves rebuild). */
function countExpensiveCalls(app: FastifyInstance): { calls: number } {
  const counter = { calls: 0 };
  for (const name of ['view', 'history', 'legalMoves'] as const) {
    const original = app.games[name].bind(app.games) as (...args: unknown[]) => unknown;
    (app.games as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      counter.calls++;
      return original(...args);
    };
  }
  return counter;
}

async function startedNimWithMoves(app: FastifyInstance): Promise<{ id: string; token: string }> {
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 30 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  for (let i = 0; i < 4; i++) await (i % 2 === 0 ? ana : ben).request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } });
  return { id: game.id, token: ana.token };
}

async function post(app: FastifyInstance, query: string, variables: Record<string, unknown> = {}) {
  const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } });
  return { status: res.statusCode, body: res.json() as { data: unknown; errors?: { message: string; extensions: { code: string } }[] } };
}

t.test("the issue's alias bomb is refused before execution while the server keeps answering", async (t) => {
  const app = await build(t, { workers: false });
  const { id } = await startedNimWithMoves(app);
  const counter = countExpensiveCalls(app);
  const part = (i: number) => `g${i}: game(id: "${id}") { history(first: 200) { items { seq move log } } view(at: ${i % 4}) { view } }`;
  const bomb = `{ ${Array.from({ length: 480 }, (_, i) => part(i)).join(' ')} }`;
  t.ok(bomb.length > 60_000, 'as large as the reported query');

  const refused = await post(app, bomb);
  t.equal(refused.status, 400);
  t.equal(refused.body.data, null);
  t.equal(refused.body.errors?.[0]?.extensions.code, 'QUERY_TOO_COMPLEX');
  t.equal(counter.calls, 0, 'nothing was rebuilt');
  t.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);

  // Under the alias and token limits, the computed cost refuses it: 5 histories and 5 past views.
  const smaller = `{ ${Array.from({ length: 5 }, (_, i) => part(i)).join(' ')} }`;
  const costly = await post(app, smaller);
  t.equal(costly.status, 400);
  t.equal(costly.body.errors?.[0]?.extensions.code, 'QUERY_TOO_COMPLEX');
  t.match(costly.body.errors?.[0]?.message, /costs \d+, more than the limit of 1000/);
  t.equal(counter.calls, 0, 'still nothing rebuilt');

  // A page of games, each asking for its history, multiplies: refused too.
  const nested = await post(app, '{ games(first: 100) { items { history(first: 200) { items { seq } } } } }');
  t.equal(nested.body.errors?.[0]?.extensions.code, 'QUERY_TOO_COMPLEX');

  // A reasonable query runs.
  const fine = await post(app, `{ game(id: "${id}") { history(first: 50) { items { seq } } view(at: 2) { version } } }`);
  t.same(fine.body.errors, undefined);
  t.equal((fine.body.data as any).game.history.items.length, 4);
  t.ok(counter.calls > 0);
});

t.test('the cost counts variables: the same document is cheap or refused by its page size', async (t) => {
  const app = await build(t, { workers: false });
  const { id } = await startedNimWithMoves(app);
  const query = `query($id: ID!, $n: Int) { ${[1, 2, 3, 4, 5].map((i) => `h${i}: game(id: $id) { history(first: $n) { items { seq } } }`).join(' ')} }`;
  const small = await post(app, query, { id, n: 10 });
  t.same(small.body.errors, undefined, 'five histories of ten moves');
  const large = await post(app, query, { id, n: 200 });
  t.equal(large.body.errors?.[0]?.extensions.code, 'QUERY_TOO_COMPLEX', 'five histories of 200 moves');
});

t.test('depth, aliases and tokens are bounded', async (t) => {
  const app = await build(t, { workers: false, graphqlLimits: { maxDepth: 4, maxAliases: 3, maxTokens: 300 } });
  const deep = await post(app, '{ games { items { seats { player { name } } } } }');
  t.equal(deep.status, 400);
  t.equal(deep.body.errors?.[0]?.extensions.code, 'QUERY_TOO_COMPLEX');
  t.match(deep.body.errors?.[0]?.message, /Query depth limit of 4 exceeded/);
  t.same((await post(app, '{ games { items { seats { index } } } }')).body.errors, undefined, 'depth 4 is fine');

  const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `t${i}: gameTypes { id }`).join(' ')} }`;
  t.same((await post(app, aliases(3))).body.errors, undefined, 'three aliases are fine');
  const tooMany = await post(app, aliases(4));
  t.equal(tooMany.body.errors?.[0]?.extensions.code, 'QUERY_TOO_COMPLEX');
  t.match(tooMany.body.errors?.[0]?.message, /Aliases limit of 3 exceeded, found 4/);

  // Introspection (what GraphiQL asks) is not cut by the depth limit.
  const introspection = await post(app, '{ __schema { queryType { fields { type { ofType { ofType { name } } } } } } }');
  t.same(introspection.body.errors, undefined);

  const tokens = await post(app, `{ ${'gameTypes { id } '.repeat(100)} }`);
  t.equal(tokens.status, 400);
  t.equal(tokens.body.errors?.[0]?.extensions.code, 'QUERY_TOO_COMPLEX');
});

t.test('out of time, a request stops rebuilding state and says so', async (t) => {
  const app = await build(t, { workers: false, graphqlLimits: { timeoutMs: 0 } });
  const { id } = await startedNimWithMoves(app);
  const counter = countExpensiveCalls(app);
  const res = await post(app, `{ gameTypes { id } game(id: "${id}") { id a: view(at: 1) { version } b: view(at: 2) { version } history { items { seq } } } }`);
  t.equal(res.status, 200, 'the cheap fields are answered');
  t.ok((res.body.data as any).gameTypes.length > 0);
  t.same(new Set(res.body.errors?.map((e) => e.extensions.code)), new Set(['QUERY_TIMEOUT']));
  t.equal(counter.calls, 0, 'no state was rebuilt after the deadline');
});

t.test('validation errors keep their message and a stable code', async (t) => {
  const app = await build(t, { workers: false });
  const misspelled = await post(app, '{ gamez { items { id } } }');
  t.equal(misspelled.status, 400);
  t.equal(misspelled.body.errors?.[0]?.extensions.code, 'BAD_REQUEST');
  t.match(misspelled.body.errors?.[0]?.message, /Cannot query field "gamez" on type "Query"/);
  const syntax = await post(app, '{ games { ');
  t.equal(syntax.status, 400);
  t.match(syntax.body.errors?.[0]?.message, /Syntax Error/);
  const wrongType = await gql(app, 'query($n: Int) { games(first: $n) { items { id } } }', { n: 'many' });
  t.equal(wrongType.errors?.[0]?.extensions?.code, 'BAD_REQUEST');
  t.match(wrongType.errors?.[0]?.message, /\$n/);
});
