/**
 * The second pass on GraphQL's edge over HTTP: every field that reads or rebuilds is priced (records,
 * pages by `limit` as by `first`, nested lists multiplied, game type schemas); the attempt logs of a page
 * of deliveries are read in one statement (a loader), not one per delivery; arguments are bounded as
 * their REST twins; and only Portolan's own error codes reach a client.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { build, createTestDatabase, gql, player, type Client } from '../helper.js';
import { PgCounter } from '../support/pg-counter.js';

async function post(app: FastifyInstance, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const res = await app.inject({ method: 'POST', url: '/graphql', headers: token ? { authorization: `Bearer ${token}` } : {}, payload: { query, variables } });
  return { status: res.statusCode, body: res.json() as { data: any; errors?: { message: string; extensions: { code: string } }[] } };
}

async function finishedNim(app: FastifyInstance): Promise<{ id: string; ana: Client; ben: Client }> {
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 6 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  for (let i = 0; i < 6; i++) await (i % 2 === 0 ? ana : ben).request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } });
  return { id: game.id, ana, ben };
}

/** An endpoint of `owner` with `n` deliveries of two attempts each, written as the dispatcher would. */
async function endpointWithDeliveries(app: FastifyInstance, owner: Client, gameId: string, n: number): Promise<string> {
  const endpoint = await app.db.webhookEndpoint.create({
    data: { id: crypto.randomUUID(), ownerId: owner.id, url: 'https://hooks.example/x', eventTypes: ['move.made'], secret: 'whsec_test' },
  });
  const at = new Date();
  for (let i = 0; i < n; i++) {
    await app.db.webhookDelivery.create({
      data: {
        id: `msg_${i}`, endpointId: endpoint.id, eventType: 'move.made', gameId, seq: i + 1, ordinal: 0, status: 'failed', createdAt: at, nextAttemptAt: at,
        attemptLog: { create: [{ attempt: 1, at, status: 500, latencyMs: 5 }, { attempt: 2, at, status: 502, latencyMs: 7 }] },
      },
    });
  }
  return endpoint.id;
}

const refusedAsComplex = (t: { equal(a: unknown, b: unknown, m: string): unknown }, res: Awaited<ReturnType<typeof post>>, what: string) => {
  t.equal(res.status, 400, what);
  t.equal(res.body.errors?.[0]?.extensions.code, 'QUERY_TOO_COMPLEX', `${what}: ${JSON.stringify(res.body.errors)}`);
};

t.test('every field that reads or rebuilds is priced', async (t) => {
  const app = await build(t, { workers: false });
  const { id, ana } = await finishedNim(app);
  const endpoint = await endpointWithDeliveries(app, ana, id, 2);
  const aliased = (n: number, field: string) => Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ');

  refusedAsComplex(t, await post(app, `{ game(id: "${id}") { ${aliased(5, 'record')} } }`), 'five records');
  refusedAsComplex(t, await post(app, '{ games(limit: 100) { items { record } } }'), 'a page of records');
  const one = await post(app, `{ game(id: "${id}") { record } }`);
  t.same(one.body.errors, undefined, 'one record is fine');
  t.equal(one.body.data.game.record.moves.length, 6);

  // Pages priced by `limit` as by the deprecated `first`.
  const histories = `query($id: ID!, $n: Int) { ${aliased(5, 'game(id: $id) { history(limit: $n) { items { seq } } }')} }`;
  refusedAsComplex(t, await post(app, histories, { id, n: 200 }), 'five histories of 200 by limit');
  t.same((await post(app, histories, { id, n: 10 })).body.errors, undefined, 'five histories of 10 by limit');
  refusedAsComplex(t, await post(app, '{ games(limit: 100) { items { legalMoveFamilies } } }'), 'legal move families of a page of games');

  // Nested lists multiplied.
  refusedAsComplex(t, await post(app, `{ playerGames(playerId: "${ana.id}", limit: 100) { items { game { history(limit: 50) { items { seq } } } } } }`), 'histories of an archive page');
  refusedAsComplex(t, await post(app, '{ webhooks { deliveries(limit: 100) { items { attemptLog { status } } } } }', {}, ana.token), 'deliveries of every endpoint');
  const deliveries = await post(app, `{ webhook(id: "${endpoint}") { deliveries(limit: 100) { items { id attemptLog { status } } } } }`, {}, ana.token);
  t.same(deliveries.body.errors, undefined, "one endpoint's deliveries with their attempts");
  t.equal(deliveries.body.data.webhook.deliveries.items.length, 2);

  // Game type schemas are tens of kilobytes: their cost is counted.
  t.same((await post(app, '{ gameTypes { optionsSchema moveSchema viewSchema } }')).body.errors, undefined, 'every schema once');
  refusedAsComplex(t, await post(app, `{ ${aliased(2, 'gameTypes { optionsSchema moveSchema viewSchema }')} }`), 'every schema twice');
});

t.test("a page of deliveries with their attempt logs takes a bounded number of statements", async (t) => {
  const counter = await PgCounter.start(await createTestDatabase(t));
  t.teardown(() => counter.close());
  const app = await build(t, { workers: false, databaseUrl: counter.url });
  const { id, ana } = await finishedNim(app);
  const endpoint = await endpointWithDeliveries(app, ana, id, 40);
  const query = `{ webhook(id: "${endpoint}") { deliveries(limit: 40) { items { id attemptLog { attempt status latencyMs } } } } }`;
  await post(app, query, {}, ana.token); // warm caches (the token's player)
  const before = counter.total();
  const res = await post(app, query, {}, ana.token);
  const statements = counter.total() - before;
  t.same(res.body.errors, undefined);
  const items = res.body.data.webhook.deliveries.items;
  t.equal(items.length, 40);
  t.ok(items.every((d: any) => d.attemptLog.length === 2 && d.attemptLog[0].attempt === 1 && d.attemptLog[1].status === 502), 'each delivery has its own attempts');
  t.ok(statements <= 8, `${statements} statements for 40 deliveries`);

  // Another player's delivery ids give no attempts through the loader (it reads only the caller's).
  const eve = await player(app, 'Eve');
  const foreign = await post(app, `{ webhook(id: "${endpoint}") { id } }`, {}, eve.token);
  t.equal(foreign.body.data.webhook, null);
});

t.test('arguments are bounded as their REST twins', async (t) => {
  const app = await build(t, { workers: false });
  const { id, ana } = await finishedNim(app);
  const endpoint = await endpointWithDeliveries(app, ana, id, 0);
  const refused = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await post(app, query, variables, ana.token);
    t.equal(res.status, 400, query);
    t.equal(res.body.errors?.[0]?.extensions.code, 'BAD_REQUEST', `${query}: ${JSON.stringify(res.body.errors)}`);
    t.equal(res.body.data, null, 'nothing executed');
    return res.body.errors?.[0]?.message ?? '';
  };
  t.match(await refused('{ games(player: "abc") { items { id } } }'), /player must match format "uuid"/);
  await refused('{ game(id: "abc") { id } }');
  await refused('{ games(limit: 500) { items { id } } }');
  await refused('{ games(first: 0) { items { id } } }');
  await refused('query($id: ID!) { game(id: $id) { history(limit: 201) { items { seq } } } }', { id });
  await refused('query($id: ID!) { game(id: $id) { view(at: -1) { version } } }', { id });
  await refused(`{ playerGames(playerId: "${ana.id}", since: "yesterday") { items { seat } } }`);
  await refused('mutation($name: String!) { register(name: $name) { token } }', { name: 'n'.repeat(65) });
  await refused('mutation($url: String!) { createWebhook(url: $url, events: ["move.made"]) { secret } }', { url: `https://hooks.example/${'x'.repeat(2100)}` });
  t.match(
    await refused('mutation($id: ID!, $d: String) { updateWebhook(id: $id, description: $d) { id } }', { id: endpoint, d: 'd'.repeat(201) }),
    /description must not have more than 200 characters|description/,
  );
  t.equal((await app.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint } })).description, null, 'the description was not stored');
  // At the bounds, the same arguments run.
  const fine = await post(app, 'mutation($id: ID!, $d: String) { updateWebhook(id: $id, description: $d) { description } }', { id: endpoint, d: 'd'.repeat(200) }, ana.token);
  t.equal(fine.body.data?.updateWebhook?.description, 'd'.repeat(200));
  const listed = await post(app, `{ games(player: "${ana.id}", limit: 100) { items { id } } }`);
  t.same(listed.body.data.games.items.map((g: any) => g.id), [id]);
});

t.test('only Portolan codes pass the error mapper; anything else is INTERNAL with a generic message', async (t) => {
  const app = await build(t, { workers: false });
  const { id, ana } = await finishedNim(app);
  const getGame = app.games.getGame.bind(app.games);
  const failures: Record<string, Error> = {
    'library code': Object.assign(new Error('ECONNRESET at /srv/portolan/internal.js: secret=hunter2'), { code: 'SOME_LIBRARY_FAILURE' }),
    'a known code, not ours': Object.assign(new Error('raw message of a dependency'), { code: 'FORBIDDEN' }),
  };
  for (const [what, failure] of Object.entries(failures)) {
    app.games.getGame = async () => {
      throw failure;
    };
    const res = await post(app, `{ game(id: "${id}") { id } }`);
    t.equal(res.body.errors?.[0]?.extensions.code, 'INTERNAL', what);
    t.equal(res.body.errors?.[0]?.message, 'internal error', `${what}: the raw message stays in the log`);
  }
  app.games.getGame = getGame;
  // A ServiceError (and so an engine's rule code) keeps its code and message.
  const over = await gql(app, `mutation { move(id: "${id}", move: { type: "take", count: 1 }) { seq } }`, {}, ana.token);
  t.equal(over.errors?.[0]?.extensions?.code, 'GAME_OVER', JSON.stringify(over.errors));
  // GraphQL validation keeps its message.
  const misspelled = await post(app, '{ gamez { id } }');
  t.equal(misspelled.body.errors?.[0]?.extensions.code, 'BAD_REQUEST');
  t.match(misspelled.body.errors?.[0]?.message, /Cannot query field "gamez"/);
});
