/**
 * Matchmaking: two instances on one database, 50 players seeking at once, every player in exactly one
 * game, no game with a player twice, no compatible pair left waiting; the matching rule itself; cancel,
 * one seek at a time, bots after a wait, expiry.
 */
import t from 'tap';
import { build, createTestDatabase, player, send, type Client } from '../helper.js';
import { matchSeeks, type WaitingSeek } from '../../src/service/seek-matching.js';
import type { FastifyInstance } from 'fastify';

function through(app: FastifyInstance, client: Client): Client {
  return { ...client, request: (method, url, body, headers = {}) => send(app, method, url, body, { authorization: `Bearer ${client.token}`, ...headers }) };
}

t.test('50 players seeking at once through two instances all land in exactly one game', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const a = await build(t, { databaseUrl });
  const b = await build(t, { databaseUrl });
  const players = await Promise.all(Array.from({ length: 50 }, (_, i) => player(a, `P${i}`)));
  const answers = await Promise.all(players.map((p, i) => through(i % 2 === 0 ? a : b, p).request('POST', '/v1/seeks', { type: 'nim', seats: 2, options: { stones: 7 } })));
  t.same([...new Set(answers.map((r) => r.status))], [201], 'every seek accepted');

  const seeks = await a.db.seek.findMany();
  t.equal(seeks.length, 50);
  t.same(seeks.filter((s) => s.status !== 'matched' || !s.gameId), [], 'no seek left waiting: every compatible pair was matched');
  const byGame = new Map<string, string[]>();
  for (const s of seeks) byGame.set(s.gameId!, [...(byGame.get(s.gameId!) ?? []), s.playerId]);
  t.equal(byGame.size, 25, '25 games');
  const seated = new Set<string>();
  for (const [gameId, seekers] of byGame) {
    const game = (await players[0]!.request('GET', `/v1/games/${gameId}`)).body;
    const ids = game.seats.map((s: any) => s.player?.id);
    t.equal(game.status, 'active');
    t.equal(new Set(ids).size, 2, 'no game has a player twice');
    t.same([...ids].sort(), [...seekers].sort(), 'the game seats exactly its matched seekers');
    for (const id of ids) {
      t.notOk(seated.has(id), 'a player is in one game only');
      seated.add(id);
    }
  }
  t.equal(seated.size, 50, 'every player landed in a game');
  const mine = await players[3]!.request('GET', '/v1/seeks');
  t.equal(mine.body.items[0].status, 'matched');
});

const seek = (id: string, at: number, extra: Partial<WaitingSeek> = {}): WaitingSeek => ({
  id, playerId: `p-${id}`, key: 'k', minSeats: 2, maxSeats: 2, rating: 0, minRating: null, maxRating: null, botsAfterSeconds: null, createdAt: new Date(at * 1000), ...extra,
});

t.test('the matching rule: longest-waiting first, options, seat ranges, ratings, bots after a wait', async (t) => {
  const now = new Date(100_000);
  const ids = (list: WaitingSeek[]) => matchSeeks(list, now).map((m) => [m.seeks.map((s) => s.id).join('+'), m.seats, m.bots]);
  t.same(ids([seek('a', 1), seek('b', 2), seek('c', 3)]), [['a+b', 2, 0]], 'the two longest-waiting');
  t.same(ids([seek('a', 1, { key: 'x' }), seek('b', 2), seek('c', 3)]), [['b+c', 2, 0]], 'other options do not mix');
  t.same(ids([seek('a', 1, { maxSeats: 4 }), seek('b', 2, { maxSeats: 3 }), seek('c', 3, { minSeats: 3, maxSeats: 4 }), seek('d', 4, { maxSeats: 4 })]), [['a+b+c', 3, 0]], 'ranges meet at three seats');
  t.same(ids([seek('a', 1, { minRating: 10 }), seek('b', 2), seek('c', 3, { rating: 12 })]), [['a+c', 2, 0]], "a's range skips b");
  t.same(ids([seek('a', 1, { rating: 50 }), seek('b', 2, { maxRating: 20 })]), [], 'both ranges must hold');
  t.same(ids([seek('a', 1, { botsAfterSeconds: 30 })]), [['a', 2, 1]], 'bots fill after the wait');
  t.same(ids([seek('a', 99, { botsAfterSeconds: 30 })]), [], 'not before');
  t.same(ids([seek('a', 1, { playerId: 'same' }), seek('b', 2, { playerId: 'same' })]), [], 'never a player against themselves');
});

t.test('cancel, one waiting seek each, bots after a wait, expiry', async (t) => {
  let now = new Date('2026-12-04T12:00:00Z');
  const app = await build(t, { clock: { now: () => now } });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const first = await ana.request('POST', '/v1/seeks', { type: 'nim', seats: 2, botsAfterSeconds: 60 });
  t.equal(first.body.status, 'waiting');
  t.equal((await ana.request('POST', '/v1/seeks', { type: 'nim', seats: 2 })).body.error.code, 'ALREADY_SEEKING');
  t.equal((await ben.request('POST', `/v1/seeks/${first.body.id}/cancel`)).status, 404, "not Ben's");
  t.equal((await ana.request('POST', `/v1/seeks/${first.body.id}/cancel`)).body.status, 'cancelled');
  t.equal((await ana.request('POST', `/v1/seeks/${first.body.id}/cancel`)).body.error.code, 'SEEK_CLOSED');

  const again = (await ana.request('POST', '/v1/seeks', { type: 'nim', seats: 2, botsAfterSeconds: 60 })).body;
  await app.table.seeks.sweep();
  t.equal((await ana.request('GET', `/v1/seeks/${again.id}`)).body.status, 'waiting', 'no bot before the wait');
  now = new Date(now.getTime() + 61_000);
  t.equal(await app.table.seeks.sweep(), 1);
  const matched = (await ana.request('GET', `/v1/seeks/${again.id}`)).body;
  t.equal(matched.status, 'matched');
  const game = (await ana.request('GET', `/v1/games/${matched.gameId}`)).body;
  t.same(game.seats.map((s: any) => [s.player?.name ?? null, s.bot !== null]), [['Ana', false], [null, true]], 'a bot took the missing seat');

  const brief = (await ben.request('POST', '/v1/seeks', { type: 'nim', seats: 2, expiresInSeconds: 30 })).body;
  now = new Date(now.getTime() + 31_000);
  await app.table.seeks.sweep();
  t.equal((await ben.request('GET', `/v1/seeks/${brief.id}`)).body.status, 'expired');
  const bad = [
    await ben.request('POST', '/v1/seeks', { type: 'nim', seats: 1 }),
    await ben.request('POST', '/v1/seeks', { type: 'nope', seats: 2 }),
    await ben.request('POST', '/v1/seeks', { type: 'nim', seats: 2, minRating: 5, maxRating: 1 }),
    await ben.request('GET', '/v1/seeks/nope'),
  ];
  t.same(bad.map((r) => `${r.status} ${r.body.error.code}`), ['400 INVALID_SEAT_COUNT', '400 UNKNOWN_GAME_TYPE', '400 BAD_REQUEST', '400 BAD_REQUEST']);
});
