/**
 * Challenges: a named player hears of one on their SSE stream, their GraphQL subscription and their
 * webhook, accepts, and the game starts; an open challenge's link code seats a stranger; decline with a
 * reason, cancel, expiry; reserved seats cannot be taken by a plain join.
 */
import t from 'tap';
import type { AddressInfo } from 'node:net';
import { build, gql, player } from '../helper.js';
import { FAST_WEBHOOKS, Receiver, waitFor } from '../webhooks/support/receiver.js';
import { connect, openStream } from './support.js';

t.test('a challenge to a named player: notices on SSE, subscription and webhook; accept starts the game', async (t) => {
  const app = await build(t, { webhooks: FAST_WEBHOOKS, sseHeartbeatMs: 200 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const cid = await player(app, 'Cid');
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  t.equal((await ben.request('POST', '/v1/webhooks', { url: receiver.url, events: ['challenge.received'] })).status, 201);

  const stream = await openStream(`${base}/v1/me/events`, { authorization: `Bearer ${ben.token}` });
  const socket = await connect(app, ben.token);
  t.teardown(() => {
    stream.close();
    socket.close();
  });
  socket.send({ id: '1', type: 'subscribe', payload: { query: 'subscription { tableNotices { kind id challenge { status createdBy { name } } } }' } });
  // The subscription is registered once the server has processed the subscribe message: a quiet moment.
  t.equal(await socket.next(300), 'quiet');

  const created = await ana.request('POST', '/v1/challenges', { type: 'nim', invite: [{ playerId: ben.id }], options: { stones: 5 } });
  t.equal(created.status, 201, JSON.stringify(created.body));
  const challenge = created.body;
  t.equal(challenge.seatCount, 2);
  t.equal(challenge.code, null, 'every seat named: no link code');
  t.same(challenge.seats.map((s: any) => [s.seat, s.player?.id ?? null, s.status]), [[0, ana.id, 'accepted'], [1, ben.id, 'invited']]);

  const event = await stream.next();
  t.equal(event.event, 'challenge');
  t.equal(JSON.parse(event.data).id, challenge.id, 'the SSE stream names the challenge');
  const notice = await socket.next();
  t.equal(notice.type, 'next');
  t.same(notice.payload.data.tableNotices, { kind: 'challenge', id: challenge.id, challenge: { status: 'pending', createdBy: { name: 'Ana' } } });
  const hook = await waitFor(() => receiver.accepted.find((r) => JSON.parse(r.body).type === 'challenge.received'), 20_000, 'the challenge.received webhook');
  const body = JSON.parse(hook.body);
  t.equal(body.data.challengeId, challenge.id);
  t.equal(body.data.seat, 1);

  // Reserved seats are not for anyone else, through a plain join or through the challenge.
  t.equal((await cid.request('POST', `/v1/games/${challenge.id}/join`, {})).body.error.code, 'CHALLENGE_SEAT');
  t.equal((await cid.request('POST', `/v1/challenges/${challenge.id}/accept`)).body.error.code, 'NOT_INVITED');
  t.equal((await cid.request('GET', `/v1/challenges/${challenge.id}`)).status, 404, 'a stranger does not see a named challenge');
  t.equal((await ana.request('POST', `/v1/games/${challenge.id}/bots`, { seat: 1, level: 'random' })).body.error.code, 'CHALLENGE_SEAT');

  const listed = await ben.request('GET', '/v1/challenges');
  t.same(listed.body.items.map((c: any) => c.id), [challenge.id], 'waiting for Ben');
  const accepted = await ben.request('POST', `/v1/challenges/${challenge.id}/accept`);
  t.equal(accepted.status, 200);
  t.equal(accepted.body.status, 'accepted');
  const game = (await ana.request('GET', `/v1/games/${challenge.id}`)).body;
  t.equal(game.status, 'active', 'the last seat taken starts the game');
  t.same(game.seats.map((s: any) => s.player.id), [ana.id, ben.id]);
  t.equal((await ben.request('POST', `/v1/challenges/${challenge.id}/accept`)).status, 409, 'a closed challenge refuses');
});

t.test('an open challenge: the link code seats strangers, and the full game starts', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const cid = await player(app, 'Cid');
  const created = (await gql(app, 'mutation { createChallenge(type: "nim", seats: 2, options: { stones: 5 }) { id code status } }', {}, ana.token)).data.createChallenge;
  t.match(created.code, /^[\w-]{16}$/, 'a link code to share');
  const seen = await ben.request('GET', `/v1/challenges/${created.code}`);
  t.equal(seen.status, 200, 'anyone with the code sees it');
  t.equal(seen.body.code, null, 'but not the code itself');
  t.equal((await ben.request('POST', `/v1/challenges/${created.id}/accept`)).body.error.code, 'NOT_INVITED', 'the id alone does not open a seat');
  const taken = await gql(app, 'mutation($ref: String!) { acceptChallenge(ref: $ref) { status seats { player { name } open } } }', { ref: created.code }, ben.token);
  t.same(taken.data.acceptChallenge, { status: 'accepted', seats: [{ player: { name: 'Ana' }, open: false }, { player: { name: 'Ben' }, open: true }] });
  t.equal((await cid.request('POST', `/v1/challenges/${created.code}/accept`)).body.error.code, 'CHALLENGE_CLOSED', 'too late');
  const moved = await ben.request('POST', `/v1/games/${created.id}/moves`, { move: { type: 'take', count: 1 } });
  const first = (await ana.request('GET', `/v1/games/${created.id}`)).body;
  t.equal(first.status, 'active');
  t.ok(moved.status === 200 || moved.body.error.code === 'NOT_YOUR_TURN', 'they play');
});

t.test('decline with a reason, cancel, expiry and bad input', async (t) => {
  let now = new Date('2026-12-04T12:00:00Z');
  const app = await build(t, { clock: { now: () => now } });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');

  const one = (await ana.request('POST', '/v1/challenges', { type: 'nim', invite: [{ playerId: ben.id }] })).body;
  const declined = await ben.request('POST', `/v1/challenges/${one.id}/decline`, { reason: 'not today' });
  t.equal(declined.body.status, 'declined');
  t.equal(declined.body.reason, 'not today');
  t.equal((await ana.request('GET', `/v1/games/${one.id}`)).body.status, 'aborted', 'its game is aborted');

  const two = (await ana.request('POST', '/v1/challenges', { type: 'nim', invite: [{ playerId: ben.id }] })).body;
  t.equal((await ben.request('POST', `/v1/challenges/${two.id}/cancel`)).body.error.code, 'FORBIDDEN', 'only the creator cancels');
  t.equal((await ana.request('POST', `/v1/challenges/${two.id}/cancel`)).body.status, 'cancelled');
  t.equal((await ben.request('POST', `/v1/challenges/${two.id}/accept`)).body.error.code, 'CHALLENGE_CLOSED');

  const three = (await ana.request('POST', '/v1/challenges', { type: 'nim', invite: [{ playerId: ben.id }], expiresInSeconds: 3600 })).body;
  now = new Date(now.getTime() + 3601_000);
  const late = await ben.request('POST', `/v1/challenges/${three.id}/accept`);
  t.equal(late.status, 409);
  t.equal(late.body.error.code, 'CHALLENGE_CLOSED');
  t.equal((await ana.request('GET', `/v1/challenges/${three.id}`)).body.status, 'expired');
  t.equal((await ana.request('GET', `/v1/games/${three.id}`)).body.status, 'aborted');

  const bad = [
    await ana.request('POST', '/v1/challenges', { type: 'nim', invite: [{ playerId: ana.id }] }),
    await ana.request('POST', '/v1/challenges', { type: 'nim', invite: [{ playerId: '00000000-0000-4000-8000-000000000000' }] }),
    await ana.request('POST', '/v1/challenges', { type: 'nim', invite: [{ externalId: 'x' }] }),
    await ana.request('POST', '/v1/challenges', { type: 'nim', expiresInSeconds: 99_999_999 }),
    await ana.request('POST', '/v1/challenges/not-a-code/accept'),
    await ben.request('POST', `/v1/challenges/${three.id}/decline`, { reason: 'bad\u0007' }),
  ];
  t.same(bad.map((r) => `${r.status} ${r.body.error.code}`), ['400 BAD_REQUEST', '404 PLAYER_NOT_FOUND', '400 BAD_REQUEST', '400 BAD_REQUEST', '404 CHALLENGE_NOT_FOUND', '400 BAD_REQUEST']);
});
