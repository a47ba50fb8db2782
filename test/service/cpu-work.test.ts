/**
 * CPU-heavy work leaves the event loop (src/service/cpu-pool.ts), and bot work has budgets (docs/edge.md):
 * a long record is verified on a worker thread while /healthz is answered; every bot level of every game
 * plays through the pool by game type and level name; games only bots play are capped per player; a game's
 * moves are capped with MOVE_LIMIT_REACHED. No duration is asserted: the machine running the suite is loaded.
 */
import t from 'tap';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { GAMES, createRegistry } from '../../src/games/registry.js';
import { navegador } from '../../src/games/navegador/index.js';
import { CpuPool } from '../../src/service/cpu-pool.js';
import { build, player } from '../helper.js';
import { longRecord } from '../support/long-record.js';

t.test('a long record is verified on a worker thread while /healthz is answered', async (t) => {
  const app = await build(t, { cpu: { threads: 1, taskTimeoutMs: 600_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const record = longRecord(30_000);
  const events: string[] = [];
  const verified = fetch(`${url}/v1/records/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(record),
  }).then(async (res) => {
    events.push('verified');
    return { status: res.status, body: (await res.json()) as { valid: boolean; moves: number } };
  });
  // Wait until a worker thread has taken the verification, then ask for /healthz.
  while (app.cpu.running === 0 && events.length === 0) await new Promise((r) => setTimeout(r, 5));
  t.equal(events.length, 0, 'the verification is still running on its thread');
  const health = await fetch(`${url}/healthz`);
  events.push('healthz');
  t.equal(health.status, 200);
  const answer = await verified;
  t.same(answer, { status: 200, body: { valid: true, moves: 30_000, outcome: null } }, 'the record verifies');
  t.same(events, ['healthz', 'verified'], '/healthz was answered while the record was being replayed');
  t.ok(app.cpu.lastThreadId > 0, `the replay ran on worker thread ${app.cpu.lastThreadId}, not the main thread (0)`);
});

t.test('every bot level of every game plays through the pool, by game type and level name', async (t) => {
  const registry = createRegistry(GAMES);
  const pool = new CpuPool(registry, {
    threads: 1,
    taskTimeoutMs: 600_000,
    maxQueue: 64,
    botsInFlight: 2,
    replayMinMoves: 200,
  });
  t.teardown(() => pool.close());
  for (const engine of GAMES) {
    const seats = engine.players.min === 1 ? 2 : engine.players.min;
    const options = engine.validateOptions({}, Math.max(seats, engine.players.min));
    if (!options.ok) throw new Error(engine.id);
    const state = engine.setup({ seats: Math.max(seats, engine.players.min), options: options.value, seed: 's' });
    const seat = engine.toMove(state)[0]!;
    for (const level of engine.bot.levels) {
      const move = await pool.botMove(engine, state, seat, { level, seed: 'b' });
      t.ok(engine.apply(state, seat, move).ok, `${engine.id} ${level}: a legal move`);
      t.ok(pool.lastThreadId > 0, `${engine.id} ${level}: chosen on a worker thread`);
    }
  }
  // A long replay goes to the pool too.
  const record = longRecord(300);
  const start = navegador.setup({ seats: 2, options: record.options as never, seed: record.seed });
  await pool.fold(
    navegador,
    randomUUID(),
    start,
    record.moves.map((m) => ({ ...m, payload: m.move })),
  );
  t.ok(pool.lastThreadId > 0, 'a replay of 300 moves ran on a worker thread');
});

t.test('games only bots play are capped per player; a game stops at its move limit', async (t) => {
  const app = await build(t, { botGames: { perPlayer: 1, total: 10 }, maxMovesPerGame: 6 });
  const ana = await player(app, 'Ana');
  const botGame = async () => {
    const created = await ana.request('POST', '/v1/games', {
      type: 'navegador',
      seats: 2,
      join: false,
      bots: [
        { seat: 0, level: navegador.bot.levels[0] },
        { seat: 1, level: navegador.bot.levels[0] },
      ],
    });
    t.equal(created.status, 201, created.body?.error?.message ?? 'created');
    return ana.request('POST', `/v1/games/${created.body.id}/start`);
  };
  const first = await botGame();
  t.equal(first.status, 200, 'the first bot-only game starts');
  await app.bots.idle();
  const played = await ana.request('GET', `/v1/games/${first.body.id}`);
  t.equal(played.body.version, 6, 'the bots stop at the move limit');
  t.equal(played.body.status, 'active');
  const second = await botGame();
  t.equal(second.status, 429, 'a second running bot-only game is refused');
  t.equal(second.body.error.code, 'TOO_MANY_BOT_GAMES');
  // A human's game stops at the limit too, with a clear code.
  const bob = await player(app, 'Bob');
  const nim = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 100 } })).body;
  await bob.request('POST', `/v1/games/${nim.id}/join`, {});
  await ana.request('POST', `/v1/games/${nim.id}/start`);
  let last = { status: 0, body: null as any };
  for (let i = 0; i < 7; i++)
    last = await (i % 2 === 0 ? ana : bob).request('POST', `/v1/games/${nim.id}/moves`, {
      move: { type: 'take', count: 1 },
    });
  t.equal(last.status, 409, 'the seventh move is refused');
  t.equal(last.body.error.code, 'MOVE_LIMIT_REACHED');
  t.equal((await bob.request('POST', `/v1/games/${nim.id}/resign`, {})).status, 200, 'resigning still ends the game');
});
