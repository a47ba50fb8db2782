/**
 * One pagination style: every list, REST and GraphQL, pages with `cursor` + `limit` and answers
 * `{ items, nextCursor }`. Each list is walked to its end through its cursors: every item once, in
 * order, and the last page says so with a null nextCursor.
 */
import t from 'tap';
import { build, gql, player, send, type Client } from '../helper.js';

interface Page {
  items: { id?: string; seq?: number }[];
  nextCursor: string | null;
}

/** Follows nextCursor from the first page to the last; returns the pages' items in order. */
async function walk(fetchPage: (cursor: string | null) => Promise<Page>): Promise<{ items: Page['items']; pages: number }> {
  const items: Page['items'] = [];
  let cursor: string | null = null;
  for (let pages = 1; pages <= 50; pages++) {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    if (page.nextCursor === null) return { items, pages };
    cursor = page.nextCursor;
  }
  throw new Error('the cursor never reached the end');
}

const rest = (client: Client, url: string) => async (cursor: string | null) => {
  const sep = url.includes('?') ? '&' : '?';
  const res = await client.request('GET', cursor === null ? url : `${url}${sep}cursor=${encodeURIComponent(cursor)}`);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Page;
};

t.test('every REST and GraphQL list walks to its end through cursors', async (t) => {
  const app = await build(t, { webhooks: { allowedHosts: ['127.0.0.1'] } });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');

  // Five started games, Ana to move in each; then a few moves in the first one.
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const id = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 30 } })).body.id;
    await ben.request('POST', `/v1/games/${id}/join`, {});
    await ana.request('POST', `/v1/games/${id}/start`);
    ids.push(id);
  }
  // Three endpoints hear the first game's moves (their receiver is not there: the deliveries stay listed).
  const hooks: string[] = [];
  for (let i = 0; i < 3; i++) {
    const hook = (await ana.request('POST', '/v1/webhooks', { url: `http://127.0.0.1:9/${i}`, events: ['move.made'], gameId: ids[0] })).body;
    hooks.push(hook.id);
  }
  const first = ids[0]!;
  for (let v = 0; v < 5; v++) {
    const mover = v % 2 === 0 ? ana : ben;
    t.equal((await mover.request('POST', `/v1/games/${first}/moves`, { move: { type: 'take', count: 1 }, expectedVersion: v })).status, 200);
  }

  const games = await walk(rest(ana, '/v1/games?type=nim&limit=2'));
  t.same(games.items.map((g) => g.id), [...ids].reverse(), 'GET /v1/games: every game once, newest first');
  t.equal(games.pages, 3);

  const moves = await walk(rest(ana, `/v1/games/${first}/moves?limit=2`));
  t.same(moves.items.map((m) => m.seq), [1, 2, 3, 4, 5], 'GET /v1/games/:id/moves: every move once, oldest first');
  t.equal(moves.pages, 3);
  const legacy = await ana.request('GET', `/v1/games/${first}/moves?after=2&limit=2`);
  t.same(legacy.body.items.map((m: { seq: number }) => m.seq), [3, 4], 'the deprecated integer `after` still works');

  // After five moves in the first game it is Ben's turn there; Ana waits in the other four.
  const turns = await walk(rest(ana, '/v1/me/turns?limit=3'));
  t.same(turns.items.map((g) => g.id), ids.slice(1), 'GET /v1/me/turns: longest-waiting first');
  t.equal(turns.pages, 2);

  const endpoints = await walk(rest(ana, '/v1/webhooks?limit=2'));
  t.same(endpoints.items.map((e) => e.id), hooks, 'GET /v1/webhooks: oldest first');
  const deliveries = await walk(rest(ana, `/v1/webhooks/${hooks[0]}/deliveries?limit=2`));
  t.equal(deliveries.items.length, 5, 'GET /v1/webhooks/:id/deliveries: one per move');
  t.equal(new Set(deliveries.items.map((d) => d.id)).size, 5);

  const graphql = (query: string, pick: (data: any) => Page, token?: string) => async (cursor: string | null) => {
    const res = await gql(app, query, { cursor }, token);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return pick(res.data);
  };
  const gqlGames = await walk(graphql('query($cursor: String) { games(type: "nim", cursor: $cursor, limit: 2) { items { id } nextCursor } }', (d) => d.games));
  t.same(gqlGames.items.map((g) => g.id), [...ids].reverse(), 'GraphQL games');
  const gqlMoves = await walk(graphql(
    `query($cursor: String) { game(id: "${first}") { history(cursor: $cursor, limit: 2) { items { seq } nextCursor } } }`,
    (d) => d.game.history,
  ));
  t.same(gqlMoves.items.map((m) => m.seq), [1, 2, 3, 4, 5], 'GraphQL history');
  const gqlTurns = await walk(graphql('query($cursor: String) { myTurn(cursor: $cursor, limit: 3) { items { id } nextCursor } }', (d) => d.myTurn, ana.token));
  t.same(gqlTurns.items.map((g) => g.id), ids.slice(1), 'GraphQL myTurn');
  const gqlDeliveries = await walk(graphql(
    'query($cursor: String) { webhooks { deliveries(cursor: $cursor, limit: 2) { items { id } nextCursor } } }',
    (d) => d.webhooks[0].deliveries,
    ana.token,
  ));
  t.equal(gqlDeliveries.items.length, 5, 'GraphQL webhook deliveries');

  // A cursor the service did not make is refused, never a 500.
  for (const url of ['/v1/games?cursor=bogus', `/v1/games/${first}/moves?cursor=x1`, '/v1/me/turns?cursor=bogus', '/v1/webhooks?cursor=bogus']) {
    const res = await ana.request('GET', url);
    t.equal(res.status, 400, url);
    t.equal(res.body.error.code, 'BAD_REQUEST');
  }
  t.equal((await send(app, 'GET', '/v1/games?limit=0')).status, 400, 'limit must be at least 1');
});
