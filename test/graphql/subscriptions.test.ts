/**
 * Subscriptions over graphql-ws (graphql-transport-ws): each move arrives once, in order, redacted for
 * its subscriber; `fromVersion` replays what a reconnecting client missed; "my turn" fires for the
 * player whose turn it becomes.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { build, player, type Client } from '../helper.js';

interface Socket {
  next(): Promise<any>;
  send(message: unknown): void;
  close(): void;
}

async function connect(app: FastifyInstance, token?: string): Promise<Socket> {
  const ws = await app.injectWS('/graphql', { headers: { 'sec-websocket-protocol': 'graphql-transport-ws' } });
  const inbox: any[] = [];
  const waiters: ((m: any) => void)[] = [];
  ws.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString());
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  const socket: Socket = {
    next: () => (inbox.length > 0 ? Promise.resolve(inbox.shift()) : new Promise((resolve) => waiters.push(resolve))),
    send: (message) => ws.send(JSON.stringify(message)),
    close: () => ws.terminate(),
  };
  socket.send({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} });
  const ack = await socket.next();
  if (ack.type !== 'connection_ack') throw new Error(`no ack: ${JSON.stringify(ack)}`);
  return socket;
}

async function startedNim(ana: Client, ben: Client): Promise<string> {
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 30 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  return game.id;
}

const MOVES = 'subscription($id: ID!, $from: Int) { gameMoves(id: $id, fromVersion: $from) { seq seat move log } }';

t.test('a subscriber receives each new move once, in order, with only the log entries it may see', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const id = await startedNim(ana, ben);

  const spectator = await connect(app);
  const anaSocket = await connect(app, ana.token);
  t.teardown(() => { spectator.close(); anaSocket.close(); });
  spectator.send({ id: 's', type: 'subscribe', payload: { query: MOVES, variables: { id } } });
  anaSocket.send({ id: 'a', type: 'subscribe', payload: { query: MOVES, variables: { id } } });
  // Let both subscriptions register before the first move.
  await new Promise((resolve) => setTimeout(resolve, 100));

  t.equal((await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'swap' } })).status, 200);
  t.equal((await ben.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 2 } })).status, 200);
  t.equal((await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } })).status, 200);

  const seen = { spectator: [] as any[], ana: [] as any[] };
  for (let i = 0; i < 3; i++) {
    seen.spectator.push((await spectator.next()).payload.data.gameMoves);
    seen.ana.push((await anaSocket.next()).payload.data.gameMoves);
  }
  t.same(seen.spectator.map((m) => m.seq), [1, 2, 3], 'each move once, in order');
  t.same(seen.ana.map((m) => m.seq), [1, 2, 3]);
  const spectatorSwap = seen.spectator[0].log.map((e: { type: string }) => e.type);
  const anaSwap = seen.ana[0].log.map((e: { type: string }) => e.type);
  t.same(spectatorSwap, ['card.swapped'], 'the spectator does not see the drawn card');
  t.same(anaSwap, ['card.swapped', 'card.drawn'], 'Ana sees the card she drew');
  t.notMatch(JSON.stringify(seen.spectator), /card\.drawn/);

  // Nothing more arrives: a fourth message would be a duplicate.
  const extra = await Promise.race([spectator.next(), new Promise((resolve) => setTimeout(() => resolve('quiet'), 200))]);
  t.equal(extra, 'quiet');
});

t.test('fromVersion replays the moves a reconnecting client missed, then goes on live', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const id = await startedNim(ana, ben);
  await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } });
  await ben.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } });
  await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } });

  const socket = await connect(app, ben.token);
  t.teardown(() => socket.close());
  socket.send({ id: '1', type: 'subscribe', payload: { query: MOVES, variables: { id, from: 1 } } });
  const missed = [(await socket.next()).payload.data.gameMoves.seq, (await socket.next()).payload.data.gameMoves.seq];
  t.same(missed, [2, 3], 'moves after version 1, from the log');
  await ben.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } });
  t.equal((await socket.next()).payload.data.gameMoves.seq, 4, 'then the live one');
});

t.test('"my turn" fires for the player whose turn it becomes, and unsubscribing removes the listener', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const id = await startedNim(ana, ben);
  const listenersBefore = app.gameEvents.listenerCount();
  const socket = await connect(app, ben.token);
  t.teardown(() => socket.close());
  socket.send({ id: 't', type: 'subscribe', payload: { query: 'subscription { myTurn { gameId seat version game { toMove } } }' } });
  await new Promise((resolve) => setTimeout(resolve, 100));
  t.equal(app.gameEvents.listenerCount(), listenersBefore + 1);
  await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } });
  const event = (await socket.next()).payload.data.myTurn;
  t.same(event, { gameId: id, seat: 1, version: 1, game: { toMove: [1] } });
  socket.send({ id: 't', type: 'complete' });
  await new Promise((resolve) => setTimeout(resolve, 100));
  t.equal(app.gameEvents.listenerCount(), listenersBefore, 'the listener is gone');
});

t.test('gameUpdated gives the summary now, then on each join, bot and the start', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const game = (await ana.request('POST', '/v1/games', { type: 'puerto-rico', seats: 3 })).body;
  const socket = await connect(app);
  t.teardown(() => socket.close());
  socket.send({ id: 'g', type: 'subscribe', payload: { query: 'subscription($id: ID!) { gameUpdated(id: $id) { status seats { index player { name } bot } } }', variables: { id: game.id } } });
  const next = async () => (await socket.next()).payload.data.gameUpdated;
  t.match(await next(), { status: 'waiting', seats: [{ player: { name: 'Ana' } }, { player: null }, { player: null }] }, 'the summary as it is');
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  t.match(await next(), { status: 'waiting', seats: [{}, { player: { name: 'Ben' } }, { player: null }] }, 'a join');
  await ana.request('POST', `/v1/games/${game.id}/bots`, { seat: 2, level: 'random' });
  t.match(await next(), { status: 'waiting', seats: [{}, {}, { bot: 'random' }] }, 'a bot seated');
  await ana.request('POST', `/v1/games/${game.id}/start`);
  t.match(await next(), { status: 'active' }, 'the start');
  const unknown = await connect(app);
  t.teardown(() => unknown.close());
  unknown.send({ id: 'u', type: 'subscribe', payload: { query: 'subscription { gameUpdated(id: "00000000-0000-4000-8000-000000000000") { status } }' } });
  const refused = await unknown.next();
  t.match(JSON.stringify(refused), /NOT_FOUND/, 'an unknown game is refused with its code');
  t.notOk(refused.payload?.data?.gameUpdated, 'and no summary');
});
