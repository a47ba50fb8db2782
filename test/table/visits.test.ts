/** Since your last visit: reading the state records its version; the unseen list marks games with news. */
import t from 'tap';
import { build, gql, player } from '../helper.js';
import { waitFor } from '../webhooks/support/receiver.js';

t.test('last seen version and the games with unseen moves', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const sam = await player(app, 'Sam');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 9 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  const take = { move: { type: 'take', count: 1 } };
  const first = game.seats[0].player.id === ana.id ? ana : ben;

  t.match((await ben.request('GET', `/v1/games/${game.id}/last-seen`)).body, { version: 0, seenVersion: null, unseen: 0 });
  t.equal((await first.request('POST', `/v1/games/${game.id}/moves`, take)).status, 200);
  const second = first === ana ? ben : ana;
  t.match((await second.request('GET', '/v1/me/unseen')).body.items, [{ gameId: game.id, version: 1, seenVersion: null, unseen: 1, myTurn: true }], 'news, and it is their turn');

  await second.request('GET', `/v1/games/${game.id}/state`);
  await waitFor(async () => (await second.request('GET', `/v1/games/${game.id}/last-seen`)).body.seenVersion === 1, 15_000, 'the visit recorded');
  t.same((await second.request('GET', '/v1/me/unseen')).body.items, [], 'nothing unseen after reading');
  await second.request('POST', `/v1/games/${game.id}/moves`, take);
  await first.request('POST', `/v1/games/${game.id}/moves`, take);
  t.match((await second.request('GET', `/v1/games/${game.id}/last-seen`)).body, { version: 3, seenVersion: 1, unseen: 2 }, 'two moves since the last visit');
  t.match((await gql(app, '{ unseenGames { gameId unseen myTurn } }', {}, second.token)).data.unseenGames, [{ gameId: game.id, unseen: 2, myTurn: true }]);
  await second.request('GET', `/v1/games/${game.id}/state?at=1`);
  t.equal((await second.request('GET', `/v1/games/${game.id}/last-seen`)).body.seenVersion, 1, 'a past state is not a visit');
  t.equal((await sam.request('GET', `/v1/games/${game.id}/last-seen`)).body.error.code, 'NOT_IN_GAME');
});
