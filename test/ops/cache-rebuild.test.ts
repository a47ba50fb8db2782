/**
 * What a backup may leave out: a database with games of every hosted type (finished by bots, one
 * adjudicated, one still active, with snapshots) has every cache table (snapshots, results, ratings)
 * emptied, and a new service answers exactly as before: every game's summary, state, history, record and
 * its verification, the ratings and statistics.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import t from 'tap';
import { GAMES } from '../../src/games/registry.js';
import { build, createTestDatabase, player, send } from '../helper.js';

const KEY = 'operator-key-for-tests-0123456789abcdef';
const TYPES = ['nim', ...GAMES.map((g) => g.id)];

/** Every answer a client could read about the games and players, as one comparable value. */
async function answers(app: FastifyInstance, gameIds: readonly string[], playerIds: readonly string[]) {
  const games: Record<string, unknown> = {};
  for (const id of gameIds) {
    const history: unknown[] = [];
    for (let cursor: string | null = '0'; cursor !== null; ) {
      const page = await send(app, 'GET', `/v1/games/${id}/moves?limit=200&cursor=${cursor}`);
      history.push(...page.body.items);
      cursor = page.body.nextCursor;
    }
    const record = (await send(app, 'GET', `/v1/games/${id}/record`)).body;
    games[id] = {
      summary: (await send(app, 'GET', `/v1/games/${id}`)).body,
      state: (await send(app, 'GET', `/v1/games/${id}/state`)).body,
      pastState: (await send(app, 'GET', `/v1/games/${id}/state?at=1`)).body,
      history,
      record,
      verified: (await send(app, 'POST', '/v1/records/verify', record)).body,
    };
  }
  const ratings: Record<string, unknown> = {};
  for (const type of TYPES) ratings[type] = (await send(app, 'GET', `/v1/game-types/${type}/leaderboard?limit=100`)).body;
  const players: Record<string, unknown> = {};
  for (const id of playerIds) {
    players[id] = { stats: (await send(app, 'GET', `/v1/players/${id}/stats`)).body, archive: (await send(app, 'GET', `/v1/players/${id}/games?limit=100`)).body };
  }
  return { games, ratings, players };
}

t.test('emptied caches (snapshots, results, ratings) are rebuilt with the same answers', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const app = await build(t, { databaseUrl, snapshotEvery: 10, adminKey: KEY });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const gameIds: string[] = [];
  // Every hosted type, played to its end by bots (the seats rated as bots).
  for (const engine of GAMES) {
    const seats = Math.max(2, engine.players.min);
    const bots = Array.from({ length: seats }, (_, seat) => ({ seat, level: engine.bot.levels[seat % engine.bot.levels.length]! }));
    const created = await ana.request('POST', '/v1/games', { type: engine.id, seats, bots, join: false });
    t.equal(created.status, 201, created.status === 201 ? `${engine.id} created` : JSON.stringify(created.body));
    t.equal((await ana.request('POST', `/v1/games/${created.body.id}/start`)).status, 200);
    gameIds.push(created.body.id);
  }
  // Players: one finished Nim game, one adjudicated, one still going.
  const nim = async () => {
    const created = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 30 } })).body;
    await ben.request('POST', `/v1/games/${created.id}/join`, {});
    await ana.request('POST', `/v1/games/${created.id}/start`);
    gameIds.push(created.id);
    return created.id as string;
  };
  const take = async (id: string, count: number) => {
    for (let i = 0; i < count; i++) {
      const res = await (i % 2 === 0 ? ana : ben).request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 3 } });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    }
  };
  await take(await nim(), 10); // 30 stones, 3 at a time: Ben takes the last
  const adjudicated = await nim();
  await take(adjudicated, 4);
  t.equal((await send(app, 'POST', `/v1/admin/games/${adjudicated}/adjudicate`, { ranking: [[0, 1]], reason: 'agreed draw' }, { authorization: `Bearer ${KEY}` })).status, 200);
  await take(await nim(), 7);

  for (let round = 0; round < 2_000; round++) {
    await app.bots.idle();
    const statuses = await Promise.all(gameIds.map(async (id) => (await send(app, 'GET', `/v1/games/${id}`)).body.status));
    if (statuses.filter((s) => s === 'finished').length === gameIds.length - 1) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await app.archive.catchUp();
  const before = await answers(app, gameIds, [ana.id, ben.id]);
  const finished = Object.values(before.games).filter((g: any) => g.summary.status === 'finished');
  t.equal(finished.length, gameIds.length - 1, 'every game but one finished');
  for (const game of finished as any[]) t.equal(game.verified.valid, true, `${game.summary.type}: its record verifies`);
  t.ok((before.ratings['puerto-rico'] as any).items.length > 0, 'ratings were projected');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  t.teardown(() => client.end());
  t.ok((await client.query('SELECT count(*)::int AS n FROM snapshots')).rows[0].n > 0, 'snapshots exist');

  t.test('every cache table emptied: a new service rebuilds the same answers', async (t) => {
    await client.query('DELETE FROM snapshots');
    await client.query('DELETE FROM game_results');
    await client.query('DELETE FROM ratings');
    await client.query('UPDATE games SET results_at = NULL');
    const fresh = await build(t, { databaseUrl, snapshotEvery: 10 });
    await fresh.archive.catchUp();
    t.same(await answers(fresh, gameIds, [ana.id, ben.id]), before, 'every answer is the same');
  });
});
