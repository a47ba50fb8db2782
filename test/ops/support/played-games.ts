/**
 * A database worth backing up, for the backup tests: games of every hosted type played to their end by
 * bots, and players' Nim games (one finished, one adjudicated, one still going), with snapshots, results,
 * ratings and an audit log; and every answer a client could read about them, as one comparable value.
 */
import type { FastifyInstance } from 'fastify';
import type { Test } from 'tap';
import { GAMES } from '../../../src/games/registry.js';
import { player, send, type Client } from '../../helper.js';

export const OPERATOR_KEY = 'operator-key-for-tests-0123456789abcdef';
const TYPES = ['nim', ...GAMES.map((g) => g.id)];

export interface PlayedGames {
  readonly gameIds: string[];
  readonly players: Client[];
  /** The game still being played. */
  readonly active: string;
}

/** Plays the games on `app` (built with `adminKey: OPERATOR_KEY`) and waits until the bots are done. */
export async function playEveryType(t: Test, app: FastifyInstance): Promise<PlayedGames> {
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const gameIds: string[] = [];
  for (const engine of GAMES) {
    const seats = Math.max(2, engine.players.min);
    const bots = Array.from({ length: seats }, (_, seat) => ({
      seat,
      level: engine.bot.levels[seat % engine.bot.levels.length]!,
    }));
    const created = await ana.request('POST', '/v1/games', { type: engine.id, seats, bots, join: false });
    t.equal(created.status, 201, created.status === 201 ? `${engine.id} created` : JSON.stringify(created.body));
    t.equal((await ana.request('POST', `/v1/games/${created.body.id}/start`)).status, 200);
    gameIds.push(created.body.id);
  }
  const nim = async () => {
    const created = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 30 } })).body;
    await ben.request('POST', `/v1/games/${created.id}/join`, {});
    await ana.request('POST', `/v1/games/${created.id}/start`);
    gameIds.push(created.id);
    return created.id as string;
  };
  const take = async (id: string, count: number) => {
    for (let i = 0; i < count; i++) {
      const res = await (i % 2 === 0 ? ana : ben).request('POST', `/v1/games/${id}/moves`, {
        move: { type: 'take', count: 3 },
      });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    }
  };
  await take(await nim(), 10); // 30 stones, 3 at a time: Ben takes the last
  const adjudicated = await nim();
  await take(adjudicated, 4);
  const judged = await send(
    app,
    'POST',
    `/v1/admin/games/${adjudicated}/adjudicate`,
    { ranking: [[0, 1]], reason: 'agreed draw' },
    { authorization: `Bearer ${OPERATOR_KEY}` },
  );
  t.equal(judged.status, 200);
  const active = await nim();
  await take(active, 7);

  for (let round = 0; round < 2_000; round++) {
    await app.bots.idle();
    const statuses = await Promise.all(
      gameIds.map(async (id) => (await send(app, 'GET', `/v1/games/${id}`)).body.status),
    );
    if (statuses.filter((s) => s === 'finished').length === gameIds.length - 1) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await app.archive.catchUp();
  return { gameIds, players: [ana, ben], active };
}

/** Every answer a client could read about the games and players, as one comparable value. */
export async function answers(app: FastifyInstance, played: PlayedGames) {
  const games: Record<string, unknown> = {};
  for (const id of played.gameIds) {
    const history: unknown[] = [];
    for (let cursor: string | null = '0'; cursor !== null;) {
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
  for (const type of TYPES)
    ratings[type] = (await send(app, 'GET', `/v1/game-types/${type}/leaderboard?limit=100`)).body;
  const players: Record<string, unknown> = {};
  for (const { id } of played.players) {
    players[id] = {
      stats: (await send(app, 'GET', `/v1/players/${id}/stats`)).body,
      archive: (await send(app, 'GET', `/v1/players/${id}/games?limit=100`)).body,
    };
  }
  return { games, ratings, players };
}
