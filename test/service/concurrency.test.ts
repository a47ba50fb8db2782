/**
 * The log under contention: racing writers never produce a duplicate or a gap, a lost race with an
 * expected version is a clean 409 STALE_VERSION, and idempotent retries append nothing.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { build, player, send, type Client } from '../helper.js';

async function startedNim(ana: Client, ben: Client, stones: number): Promise<string> {
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  return game.id;
}

async function seqs(app: FastifyInstance, id: string): Promise<number[]> {
  const rows = await app.db.move.findMany({ where: { gameId: id }, orderBy: { seq: 'asc' }, select: { seq: true } });
  return rows.map((r) => r.seq);
}

t.test('50 concurrent moves with the same expected version: one accepted, 49 STALE_VERSION', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const id = await startedNim(ana, ben, 100);
  // Forget the cached state so that every request reads the game from Postgres, as separate instances would.
  app.games.clearCache();
  const results = await Promise.all(
    Array.from({ length: 50 }, () => ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 }, expectedVersion: 0 })),
  );
  const accepted = results.filter((r) => r.status === 200);
  const stale = results.filter((r) => r.status === 409 && r.body.error.code === 'STALE_VERSION');
  t.equal(accepted.length, 1);
  t.equal(stale.length, 49);
  t.same(await seqs(app, id), [1], 'exactly one row, at seq 1');
  t.equal((await send(app, 'GET', `/v1/games/${id}`)).body.version, 1);
});

t.test('without an expected version, racing moves are re-applied to the new state or refused by the rules', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const id = await startedNim(ana, ben, 100);
  // Ana and Ben alternate: of ten racing requests from Ana, only the first can be her turn.
  const results = await Promise.all(
    Array.from({ length: 10 }, () => ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } })),
  );
  t.equal(results.filter((r) => r.status === 200).length, 1);
  t.ok(results.filter((r) => r.status !== 200).every((r) => r.body.error.code === 'NOT_YOUR_TURN'));
  t.same(await seqs(app, id), [1]);
});

t.test('many games at once, each with interleaved players: every log is gap-free', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const ids = await Promise.all(Array.from({ length: 8 }, () => startedNim(ana, ben, 12)));
  await Promise.all(
    ids.map(async (id) => {
      for (let turn = 0; turn < 12; turn++) {
        const who = turn % 2 === 0 ? ana : ben;
        const res = await who.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 }, expectedVersion: turn });
        t.equal(res.status, 200);
      }
    }),
  );
  for (const id of ids) {
    t.same(await seqs(app, id), Array.from({ length: 12 }, (_, i) => i + 1));
    t.equal((await send(app, 'GET', `/v1/games/${id}`)).body.status, 'finished');
  }
});

t.test('idempotency keys: a retry returns the first answer and appends nothing', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const id = await startedNim(ana, ben, 20);
  const body = { move: { type: 'take', count: 2 } };
  const key = { 'idempotency-key': 'move-1' };
  const first = await ana.request('POST', `/v1/games/${id}/moves`, body, key);
  t.equal(first.status, 200);
  const retry = await ana.request('POST', `/v1/games/${id}/moves`, body, key);
  t.equal(retry.status, 200);
  t.same(retry.body, first.body, 'the same answer');
  t.same(await seqs(app, id), [1], 'nothing appended');

  const reused = await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } }, key);
  t.equal(reused.status, 422);
  t.equal(reused.body.error.code, 'IDEMPOTENCY_KEY_REUSED');

  // Concurrent retries of one request (a client timing out and resending): one move, one answer.
  await ben.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 } });
  const burst = await Promise.all(
    Array.from({ length: 10 }, () => ana.request('POST', `/v1/games/${id}/moves`, body, { 'idempotency-key': 'burst' })),
  );
  t.ok(burst.every((r) => r.status === 200), 'every retry answers 200');
  t.equal(new Set(burst.map((r) => JSON.stringify(r.body))).size, 1, 'with the same body');
  t.same(await seqs(app, id), [1, 2, 3]);
});
