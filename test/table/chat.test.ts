/**
 * Table chat: a players' message reaches the other player's subscription and SSE stream within a second
 * and never a spectator's stream; spectators have their own channel; bounds, control characters and the
 * rate limit; deletion by the author and by the operator (audited); mutes; the chat.message webhook; the
 * game's record is untouched.
 */
import t from 'tap';
import type { AddressInfo } from 'node:net';
import { build, player, send } from '../helper.js';
import { FAST_WEBHOOKS, Receiver, waitFor } from '../webhooks/support/receiver.js';
import { connect, openStream } from './support.js';

t.test('players and spectators: each message reaches exactly who may read it, at once', async (t) => {
  const app = await build(t, { webhooks: FAST_WEBHOOKS, sseHeartbeatMs: 200, adminKey: 'admin-key-for-tests-0123456789', table: { chatPerMinute: 5 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const sam = await player(app, 'Sam'); // a spectator with a token
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 9 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  await ben.request('POST', '/v1/webhooks', { url: receiver.url, events: ['chat.message'] });

  const benStream = await openStream(`${base}/v1/games/${game.id}/chat/events`, { authorization: `Bearer ${ben.token}` });
  const samStream = await openStream(`${base}/v1/games/${game.id}/chat/events`, { authorization: `Bearer ${sam.token}` });
  const anonStream = await openStream(`${base}/v1/games/${game.id}/chat/events`);
  const benSocket = await connect(app, ben.token);
  const samSocket = await connect(app, sam.token);
  t.teardown(() => [benStream, samStream, anonStream, benSocket, samSocket].forEach((s) => s.close()));
  const subscribe = `subscription($g: ID!) { chatMessages(gameId: $g) { id channel body author { name } } }`;
  benSocket.send({ id: '1', type: 'subscribe', payload: { query: subscribe, variables: { g: game.id } } });
  samSocket.send({ id: '1', type: 'subscribe', payload: { query: subscribe, variables: { g: game.id } } });
  t.equal(await benSocket.next(300), 'quiet');
  t.equal(await samSocket.next(300), 'quiet');

  const said = await ana.request('POST', `/v1/games/${game.id}/chat`, { body: '  good luck  ' });
  t.equal(said.status, 201);
  t.match(said.body, { channel: 'players', body: 'good luck', author: { name: 'Ana' }, deleted: false });
  const viaSse = await benStream.next();
  const viaWs = await benSocket.next();
  t.equal(JSON.parse(viaSse.data).body, 'good luck', "the other player's SSE stream has it");
  t.same(viaWs.payload.data.chatMessages, { id: said.body.id, channel: 'players', body: 'good luck', author: { name: 'Ana' } }, "and their subscription");

  // A spectators' message reaches everyone; the players' one never reached the spectators.
  const aside = await sam.request('POST', `/v1/games/${game.id}/chat`, { body: 'nice opening' });
  t.equal(aside.body.channel, 'spectators');
  t.equal(JSON.parse((await samStream.next()).data).body, 'nice opening');
  t.equal(JSON.parse((await anonStream.next()).data).body, 'nice opening');
  t.equal(JSON.parse((await benStream.next()).data).body, 'nice opening', 'players read the spectators too');
  t.equal((await samSocket.next()).payload.data.chatMessages.body, 'nice opening');
  t.notMatch(samStream.raw(), /good luck/, "the players' message never reached a spectator's stream");
  t.notMatch(anonStream.raw(), /good luck/);

  // Reading: players both channels, spectators theirs only.
  t.same((await ben.request('GET', `/v1/games/${game.id}/chat`)).body.items.map((m: any) => m.body), ['good luck']);
  t.same((await ben.request('GET', `/v1/games/${game.id}/chat?channel=spectators`)).body.items.map((m: any) => m.body), ['nice opening']);
  t.equal((await sam.request('GET', `/v1/games/${game.id}/chat?channel=players`)).status, 403);
  t.equal((await send(app, 'GET', `/v1/games/${game.id}/chat?channel=players`)).status, 403);
  t.equal((await sam.request('POST', `/v1/games/${game.id}/chat`, { body: 'hi', channel: 'players' })).status, 403);

  // The webhook carries the message to Ben's endpoint, and the game's log knows nothing of chat.
  const hook = await waitFor(() => receiver.accepted.find((r) => JSON.parse(r.body).type === 'chat.message'), 20_000, 'chat.message');
  t.equal(JSON.parse(hook.body).data.message.body, 'good luck');
  t.equal((await ana.request('GET', `/v1/games/${game.id}`)).body.version, 0, 'chat is not a move');

  // Deletion: by its author (not by another), by the operator with an audit entry.
  t.equal((await ben.request('DELETE', `/v1/games/${game.id}/chat/${said.body.id}`)).status, 403);
  const gone = await ana.request('DELETE', `/v1/games/${game.id}/chat/${said.body.id}`);
  t.match(gone.body, { deleted: true, body: null });
  t.match(JSON.parse((await benStream.next()).data), { id: said.body.id, deleted: true, body: null }, 'readers learn of the deletion');
  const admin = { authorization: 'Bearer admin-key-for-tests-0123456789', 'x-operator': 'mod' };
  t.equal((await send(app, 'POST', `/v1/admin/chat/${aside.body.id}/delete`, { reason: 'spoilers' }, admin)).body.deleted, true);
  const audit = (await send(app, 'GET', `/v1/admin/audit-log?targetId=${game.id}`, undefined, admin)).body;
  t.match(audit.items[0], { action: 'chat.delete', actor: 'mod', reason: 'spoilers' });

  // Mutes: Ben mutes Ana, and no longer receives her messages.
  t.equal((await ben.request('PUT', `/v1/me/mutes/${ana.id}`)).status, 204);
  await ana.request('POST', `/v1/games/${game.id}/chat`, { body: 'are you there?' });
  t.equal((await ben.request('GET', `/v1/games/${game.id}/chat`)).body.items.filter((m: any) => !m.deleted).length, 0, 'muted');
  await ben.request('DELETE', `/v1/me/mutes/${ana.id}`);
  t.same((await ben.request('GET', `/v1/games/${game.id}/chat`)).body.items.filter((m: any) => !m.deleted).map((m: any) => m.body), ['are you there?']);

  // Bad input and the rate limit (5 a minute here: Ana has posted 2).
  const bad = [
    await ana.request('POST', `/v1/games/${game.id}/chat`, { body: 'ring\u0007' }),
    await ana.request('POST', `/v1/games/${game.id}/chat`, { body: 'x'.repeat(501) }),
    await ana.request('POST', `/v1/games/${game.id}/chat`, { body: '   ' }),
    await ana.request('POST', '/v1/games/00000000-0000-4000-8000-000000000000/chat', { body: 'hi' }),
  ];
  t.same(bad.map((r) => `${r.status} ${r.body.error.code}`), ['400 BAD_REQUEST', '400 BAD_REQUEST', '400 BAD_REQUEST', '404 GAME_NOT_FOUND']);
  const burst = [];
  for (let i = 0; i < 4; i++) burst.push((await ana.request('POST', `/v1/games/${game.id}/chat`, { body: `m${i}` })).status);
  t.same(burst, [201, 201, 201, 429], 'rate-limited');
});
