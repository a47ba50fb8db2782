/**
 * A player's archive: filters (type, status, result, opponent, since/until), cursor pagination to the
 * end, the ndjson stream of their finished games' records, and statistics per game type.
 */
import t from 'tap';
import { build, gql, player, send } from '../helper.js';
import { quickNim } from './support.js';

async function walk(app: Parameters<typeof send>[0], url: string): Promise<any[]> {
  const items: any[] = [];
  for (let cursor: string | null = null; ; ) {
    const page: { status: number; body: any } = await send(app, 'GET', `${url}${url.includes('?') ? '&' : '?'}limit=4${cursor ? `&cursor=${cursor}` : ''}`);
    if (page.status !== 200) throw new Error(JSON.stringify(page.body));
    items.push(...page.body.items);
    cursor = page.body.nextCursor;
    if (!cursor) return items;
  }
}

t.test('archive filters and pagination', async (t) => {
  const app = await build(t);
  const [ana, ben, cy] = [await player(app, 'Ana'), await player(app, 'Ben'), await player(app, 'Cy')];
  const won = [await quickNim(ana, ben, 'a'), await quickNim(ana, ben, 'a'), await quickNim(ana, cy, 'a')];
  await new Promise((resolve) => setTimeout(resolve, 20));
  const since = new Date().toISOString();
  const lost = [await quickNim(ana, ben, 'b'), await quickNim(ana, cy, 'b'), await quickNim(ana, cy, 'b')];
  const waiting = (await ana.request('POST', '/v1/games', { type: 'meuterer', seats: 3 })).body.id;
  await app.archive.catchUp();

  const all = await walk(app, `/v1/players/${ana.id}/games`);
  t.same(all.map((i) => i.game.id), [...lost.reverse(), ...won.reverse()], 'finished games, newest first, across pages');
  t.ok(all.every((i) => i.seat === 0 && i.game.status === 'finished'));
  t.same(new Set(all.map((i) => i.result.result)), new Set(['win', 'loss']));
  t.same(all.find((i) => i.game.id === won[0])?.result, { rank: 1, score: 1, result: 'win' });

  t.same((await walk(app, `/v1/players/${ana.id}/games?result=win`)).map((i) => i.game.id).sort(), [...won].sort(), 'result=win');
  t.same((await walk(app, `/v1/players/${ana.id}/games?result=loss`)).length, 3, 'result=loss');
  t.same((await walk(app, `/v1/players/${ana.id}/games?opponent=${cy.id}`)).length, 3, 'opponent');
  t.same((await walk(app, `/v1/players/${ana.id}/games?opponent=${cy.id}&result=loss`)).length, 2, 'opponent and result');
  t.same((await walk(app, `/v1/players/${ana.id}/games?since=${since}`)).map((i) => i.game.id).sort(), [...lost].sort(), 'since');
  t.same((await walk(app, `/v1/players/${ana.id}/games?until=${since}`)).map((i) => i.game.id).sort(), [...won].sort(), 'until');
  t.same((await walk(app, `/v1/players/${ana.id}/games?type=meuterer`)).length, 0, 'type');
  const open = await walk(app, `/v1/players/${ana.id}/games?status=waiting`);
  t.same(open.map((i) => [i.game.id, i.result]), [[waiting, null]], 'status=waiting lists the open game');
  t.same((await walk(app, `/v1/players/${ben.id}/games`)).length, 3, "Ben's own archive");

  const bad = async (query: string) => (await send(app, 'GET', `/v1/players/${ana.id}/games?${query}`)).body.error?.code;
  t.equal(await bad('result=maybe'), 'BAD_REQUEST');
  t.equal(await bad('since=yesterday'), 'BAD_REQUEST');
  t.equal(await bad('cursor=bm9wZQ'), 'BAD_REQUEST');
  t.equal(await bad('limit=1000'), 'BAD_REQUEST');
  t.equal((await send(app, 'GET', '/v1/players/2b1c3f52-3c1e-4d59-9d8a-4a3a0c1f9a11/games')).body.error.code, 'PLAYER_NOT_FOUND');

  const stats = (await send(app, 'GET', `/v1/players/${ana.id}/stats`)).body.items;
  t.equal(stats.length, 1);
  t.match(stats[0], { gameType: 'nim', games: 6, wins: 3, draws: 0, averageScore: 0.5, averageRank: 1.5 });
  t.ok(stats[0].rating.games === 6 && stats[0].rating.sigma < 25 / 3, 'rated after six games');

  const graphql = await gql(app, `query($p: ID!, $o: ID) {
    playerGames(playerId: $p, opponent: $o, limit: 2) { items { seat result { result rank } game { id } } nextCursor }
    playerStats(playerId: $p) { gameType games wins averageRank rating { games } }
  }`, { p: ana.id, o: cy.id });
  t.equal(graphql.data?.playerGames.items.length, 2);
  t.ok(graphql.data?.playerGames.nextCursor, 'GraphQL pages too');
  t.same(graphql.data?.playerStats, [{ gameType: 'nim', games: 6, wins: 3, averageRank: 1.5, rating: { games: 6 } }]);
});

t.test("the ndjson stream of a player's records", async (t) => {
  const app = await build(t);
  const [ana, ben] = [await player(app, 'Ana'), await player(app, 'Ben')];
  const count = 57; // more than one page of the stream (50)
  const ids = new Set<string>();
  for (let i = 0; i < count; i++) ids.add(await quickNim(ana, ben, i % 3 === 0 ? 'b' : 'a'));
  await app.archive.catchUp();

  const res = await app.inject({ method: 'GET', url: `/v1/players/${ana.id}/games.ndjson` });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /application\/x-ndjson/);
  const lines = res.body.trimEnd().split('\n').map((line) => JSON.parse(line));
  t.equal(lines.length, count, 'one record per finished game');
  t.same(new Set(lines.map((r) => r.id)), ids);
  t.ok(lines.every((r) => r.format === 'portolan.game-record' && r.visibility === 'full' && r.seed && r.moves.length > 0));
  const verified = await send(app, 'POST', '/v1/records/verify', lines[0]);
  t.equal(verified.body.valid, true, 'a streamed record verifies');

  const negotiated = await app.inject({ method: 'GET', url: `/v1/players/${ana.id}/games?result=loss`, headers: { accept: 'application/x-ndjson' } });
  t.equal(negotiated.body.trimEnd().split('\n').length, 19, 'Accept: application/x-ndjson streams the filtered records');
  t.equal((await app.inject({ method: 'GET', url: '/v1/players/2b1c3f52-3c1e-4d59-9d8a-4a3a0c1f9a11/games.ndjson' })).statusCode, 404);
});
