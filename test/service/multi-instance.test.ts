/**
 * Two instances on one database behave as one (docs/architecture.md, "Several instances, one database"): caches never change an answer,
 * subscriptions and "my turn" on one instance see the moves made on the other (Postgres LISTEN/NOTIFY),
 * webhooks go out promptly whoever committed, and a bot game played through both plays each bot move once.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { build, createTestDatabase, player, send, type Client } from '../helper.js';
import { FAST_WEBHOOKS, Receiver, waitFor } from '../webhooks/support/receiver.js';

/** The same player, through each instance (tokens are rows in the shared database). */
function through(app: FastifyInstance, client: Client): Client {
  return { ...client, request: (method, url, body, headers = {}) => send(app, method, url, body, { authorization: `Bearer ${client.token}`, ...headers }) };
}

async function startedNim(app: FastifyInstance, ana: Client, ben: Client, stones: number): Promise<string> {
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  return game.id;
}

async function seqs(app: FastifyInstance, id: string): Promise<{ seq: number; seat: number }[]> {
  return app.db.move.findMany({ where: { gameId: id }, orderBy: { seq: 'asc' }, select: { seq: true, seat: true } });
}

const take = { move: { type: 'take', count: 1 } };

t.test('caches are only an optimisation: no legal move is refused, a stale expectedVersion is STALE_VERSION', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  // B runs no workers, so it does not listen to the commit feed either: its cached rows and states go stale
  // and only the check against the database keeps its answers right.
  const a = await build(t, { databaseUrl });
  const b = await build(t, { databaseUrl, workers: false });
  const ana = await player(a, 'Ana');
  const ben = await player(a, 'Ben');
  const id = await startedNim(a, ana, ben, 200);
  const at = { a: { ana: through(a, ana), ben: through(a, ben) }, b: { ana: through(b, ana), ben: through(b, ben) } };

  // Each player keeps to one instance (so each instance's cache is one move behind), then they swap.
  const refused: string[] = [];
  for (let v = 0; v < 40; v++) {
    const who = v % 2 === 0 ? 'ana' : 'ben';
    const where = (v < 20) === (who === 'ana') ? 'a' : 'b';
    const res = await at[where][who].request('POST', `/v1/games/${id}/moves`, take);
    if (res.status !== 200) refused.push(`v${v} ${who}@${where}: ${res.status} ${res.body.error.code}`);
  }
  t.same(refused, [], 'every legal move without expectedVersion was accepted');

  // Stale versions, through the instance that did not see the last move: by the player who is to move
  // now (legal at the current version) and by the one who just moved (illegal now, legal at the stale one).
  const codes = new Set<string>();
  for (let v = 40; v < 60; v++) {
    const [mover, other] = v % 2 === 0 ? (['ana', 'ben'] as const) : (['ben', 'ana'] as const);
    const [here, there] = v % 4 < 2 ? (['a', 'b'] as const) : (['b', 'a'] as const);
    t.equal((await at[here][mover].request('POST', `/v1/games/${id}/moves`, { ...take, expectedVersion: v })).status, 200);
    for (const who of [mover, other]) {
      const stale = await at[there][who].request('POST', `/v1/games/${id}/moves`, { ...take, expectedVersion: v });
      codes.add(`${stale.status} ${stale.body.error?.code}`);
    }
  }
  t.same([...codes], ['409 STALE_VERSION'], 'every stale expectedVersion, legal move or not, is STALE_VERSION');
  t.same((await seqs(a, id)).map((m) => m.seq), Array.from({ length: 60 }, (_, i) => i + 1), 'the log: 60 moves, no gap, nothing refused appended');
});

interface Socket {
  next(timeoutMs?: number): Promise<any>;
  send(message: unknown): void;
  close(): void;
}

/** A graphql-ws (graphql-transport-ws) connection to `app`, as test/graphql/subscriptions.test.ts makes. */
async function connect(app: FastifyInstance, token: string): Promise<Socket> {
  const ws = await app.injectWS('/graphql', { headers: { 'sec-websocket-protocol': 'graphql-transport-ws' } });
  const inbox: any[] = [];
  const waiters: ((m: any) => void)[] = [];
  ws.on('message', (data: Buffer) => {
    const message = { ...JSON.parse(data.toString()), receivedAt: Date.now() };
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  const socket: Socket = {
    next: (timeoutMs = 10_000) =>
      inbox.length > 0
        ? Promise.resolve(inbox.shift())
        : new Promise((resolve) => {
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(waiter), 1);
              resolve('quiet');
            }, timeoutMs);
            const waiter = (m: any) => {
              clearTimeout(timer);
              resolve(m);
            };
            waiters.push(waiter);
          }),
    send: (message) => ws.send(JSON.stringify(message)),
    close: () => ws.terminate(),
  };
  socket.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
  const ack = await socket.next();
  if (ack.type !== 'connection_ack') throw new Error(`no ack: ${JSON.stringify(ack)}`);
  return socket;
}

t.test('subscriptions on one instance receive the moves made on either, once, in order, within a second', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const a = await build(t, { databaseUrl });
  const b = await build(t, { databaseUrl });
  const ana = await player(a, 'Ana');
  const ben = await player(a, 'Ben');
  const id = await startedNim(a, ana, ben, 100);

  const moves = await connect(a, ana.token);
  const turns = await connect(a, ben.token);
  t.teardown(() => {
    moves.close();
    turns.close();
  });
  const listening = a.gameEvents.listenerCount();
  moves.send({ id: 'm', type: 'subscribe', payload: { query: 'subscription($id: ID!) { gameMoves(id: $id) { seq seat } }', variables: { id } } });
  turns.send({ id: 't', type: 'subscribe', payload: { query: 'subscription { myTurn { gameId seat version } }' } });
  await waitFor(() => a.gameEvents.listenerCount() === listening + 2, 10_000, 'both subscriptions to listen');

  // Moves 1-10 through B, then 11-14 alternately through A and B (A's own moves must not arrive twice).
  const answered: number[] = [];
  for (let v = 0; v < 14; v++) {
    const app = v < 10 || v % 2 === 0 ? b : a;
    const who = through(app, v % 2 === 0 ? ana : ben);
    t.equal((await who.request('POST', `/v1/games/${id}/moves`, take)).status, 200);
    answered.push(Date.now());
  }
  const received = [];
  for (let i = 0; i < 14; i++) received.push(await moves.next());
  t.same(received.map((m) => m.payload?.data?.gameMoves.seq), Array.from({ length: 14 }, (_, i) => i + 1), 'every move, in order');
  const lateMoves = received.filter((m, i) => m.receivedAt - answered[i]! > 1_000).map((m) => m.payload.data.gameMoves.seq);
  t.same(lateMoves, [], 'each within a second of its answer');
  t.equal(await moves.next(300), 'quiet', 'and each once');

  // Ben's turn began with each of Ana's moves (versions 1, 3, ..., 13).
  const benTurns = [];
  for (let i = 0; i < 7; i++) benTurns.push(await turns.next());
  t.same(benTurns.map((m) => m.payload?.data?.myTurn), Array.from({ length: 7 }, (_, i) => ({ gameId: id, seat: 1, version: 2 * i + 1 })));
  const lateTurns = benTurns.filter((m) => m.receivedAt - answered[m.payload.data.myTurn.version - 1]! > 1_000);
  t.same(lateTurns, [], 'each turn within a second');
  t.equal(await turns.next(300), 'quiet', 'each turn once');
});

t.test('webhooks go out within a second whichever instance committed the move', async (t) => {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  const databaseUrl = await createTestDatabase(t);
  // A minute between sweeps: promptness must come from the commit, not from a sweep.
  const webhooks = { ...FAST_WEBHOOKS, sweepIntervalMs: 60_000 };
  // Both instances start before any endpoint exists.
  const a = await build(t, { databaseUrl, webhooks });
  const b = await build(t, { databaseUrl, webhooks });
  const ana = await player(a, 'Ana');
  const ben = await player(a, 'Ben');
  t.equal((await ana.request('POST', '/v1/webhooks', { url: receiver.url, events: ['move.made'] })).status, 201);
  const id = await startedNim(a, ana, ben, 100);

  const delays: number[] = [];
  for (let v = 0; v < 8; v++) {
    const app = v % 2 === 0 ? b : a;
    const who = through(app, v % 2 === 0 ? ana : ben);
    t.equal((await who.request('POST', `/v1/games/${id}/moves`, take)).status, 200);
    const answered = Date.now();
    await waitFor(() => receiver.accepted.length === v + 1, 10_000, `the delivery of move ${v + 1}`);
    delays.push(Date.now() - answered);
  }
  const versions = receiver.accepted.map((r) => JSON.parse(r.body).data.version);
  t.same(versions, [1, 2, 3, 4, 5, 6, 7, 8], 'each move once, in order');
  t.same(delays.filter((d) => d > 1_000), [], `each delivered within a second (${delays.join(', ')} ms)`);
});

t.test('a bot game played through both instances plays each bot move once and never stalls', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const a = await build(t, { databaseUrl });
  const b = await build(t, { databaseUrl });
  const ana = await player(a, 'Ana');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 60 }, bots: [{ seat: 1, level: 'random' }] })).body;
  await ana.request('POST', `/v1/games/${game.id}/start`);
  const version = async () => (await send(a, 'GET', `/v1/games/${game.id}`)).body;

  for (let turn = 0; turn < 12; turn++) {
    const current = await waitFor(async () => {
      const g = await version();
      return g.status !== 'active' || g.toMove[0] === 0 ? g : null;
    }, 10_000, 'the bot to answer');
    if (current.status !== 'active') break;
    const app = turn % 2 === 0 ? a : b;
    t.equal((await through(app, ana).request('POST', `/v1/games/${game.id}/moves`, take)).status, 200);
    // Both instances' drivers look at the game at once, as their sweeps would.
    a.bots.kick(game.id);
    b.bots.kick(game.id);
  }
  await waitFor(async () => (await version()).toMove[0] !== 1, 10_000, 'the last bot move');
  await Promise.all([a.bots.idle(), b.bots.idle()]);
  const log = await seqs(a, game.id);
  t.equal(log.length, 24, 'twelve moves each');
  t.same(log.map((m) => m.seat), log.map((_, i) => i % 2), 'seats alternate: each bot move was played once');
  t.same(log.map((m) => m.seq), log.map((_, i) => i + 1), 'no gap');
});
