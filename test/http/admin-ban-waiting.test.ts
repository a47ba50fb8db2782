/**
 * A ban and the banned player's games that have not started: a game it created is cancelled (nobody else
 * may start it), in another's game its seat is freed for someone else and the game can still start; an
 * active game goes on as before (its seat to a bot). The audit log records what happened to each game.
 */
import t from 'tap';
import { build, player, send } from '../helper.js';

const KEY = 'operator-key-for-tests-0123456789abcdef';
const asOperator = { authorization: `Bearer ${KEY}`, 'x-operator': 'Olga' };

t.test("a banned player's waiting games: its own cancelled, its seats in others' freed", async (t) => {
  const app = await build(t, { adminKey: KEY });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const cyd = await player(app, 'Cyd');
  const dan = await player(app, 'Dan');

  // Ben's own game, full and waiting for Ben to start it.
  const own = (await ben.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 5 } })).body.id;
  t.equal((await ana.request('POST', `/v1/games/${own}/join`, {})).status, 200);
  // Ana's game, where Ben took seat 1 and Cyd seat 2.
  const anas = (await ana.request('POST', '/v1/games', { type: 'puerto-rico', seats: 3 })).body.id;
  t.equal((await ben.request('POST', `/v1/games/${anas}/join`, { seat: 1 })).status, 200);
  t.equal((await cyd.request('POST', `/v1/games/${anas}/join`, { seat: 2 })).status, 200);
  // A game of Cyd's that Ben is not in is left alone.
  const other = (await cyd.request('POST', '/v1/games', { type: 'nim', seats: 2 })).body.id;
  // And an active one, where Ben's seat passes to a bot as before.
  const active = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 9 } })).body.id;
  await ben.request('POST', `/v1/games/${active}/join`, {});
  t.equal((await ana.request('POST', `/v1/games/${active}/start`)).status, 200);

  const banned = await send(
    app,
    'POST',
    `/v1/admin/players/${ben.id}/ban`,
    { reason: 'cheating', seats: 'bots' },
    asOperator,
  );
  t.equal(banned.status, 200, JSON.stringify(banned.body));
  const byGame = new Map((banned.body.games as { gameId: string; action: string }[]).map((g) => [g.gameId, g.action]));
  t.same(
    Object.fromEntries(byGame),
    { [own]: 'cancelled', [anas]: 'seat-freed', [active]: 'seats-to-bots' },
    'each game and what the ban did to it',
  );

  // Ben's own game is over for everyone in it.
  const ownNow = (await ana.request('GET', `/v1/games/${own}`)).body;
  t.equal(ownNow.status, 'aborted');
  t.equal((await ana.request('POST', `/v1/games/${own}/join`, {})).status, 409, 'nobody joins a cancelled game');

  // Ana's game: Ben's seat is free, Cyd keeps hers, Dan takes Ben's, and Ana starts it.
  const anasNow = (await ana.request('GET', `/v1/games/${anas}`)).body;
  t.equal(anasNow.status, 'waiting');
  t.equal(anasNow.seats[1].player, null, "Ben's seat is empty");
  t.equal(anasNow.seats[2].player?.id, cyd.id);
  t.equal(
    (await dan.request('POST', `/v1/games/${anas}/join`, { seat: 1 })).status,
    200,
    'someone else takes the seat',
  );
  const started = await ana.request('POST', `/v1/games/${anas}/start`);
  t.equal(started.status, 200, JSON.stringify(started.body));
  t.notOk(
    started.body.seats.some((s: { player: { id: string } | null }) => s.player?.id === ben.id),
    'Ben is in no seat of it',
  );

  t.equal((await cyd.request('GET', `/v1/games/${other}`)).body.status, 'waiting', 'a game without Ben is untouched');
  t.equal(
    (await ana.request('GET', `/v1/games/${active}`)).body.seats[1].resigned,
    true,
    "Ben's active seat went to the bot",
  );

  // The audit log says it, game by game.
  const log = await send(app, 'GET', `/v1/admin/audit-log?targetId=${ben.id}`, undefined, asOperator);
  t.equal(log.status, 200);
  const ban = log.body.items.find((e: { action: string }) => e.action === 'player.ban');
  t.equal(ban.actor, 'Olga');
  t.equal(ban.reason, 'cheating');
  t.same(
    Object.fromEntries(ban.details.games.map((g: { gameId: string; action: string }) => [g.gameId, g.action])),
    Object.fromEntries(byGame),
  );

  // Banning again finds nothing left to do in them.
  const again = await send(
    app,
    'POST',
    `/v1/admin/players/${ben.id}/ban`,
    { reason: 'still', seats: 'bots' },
    asOperator,
  );
  t.same(again.body.games, []);
});
