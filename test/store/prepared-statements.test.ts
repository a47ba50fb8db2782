/**
 * The move path at the database's cost (issue 16): every statement a move sends is a named, prepared
 * statement, and Postgres keeps one generic plan for it instead of planning it on every move. The app
 * gets pools of one connection, so every hot-path statement of the moves below went through the one
 * connection this test then asks for its prepared statements (pg_prepared_statements is per session).
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { build, player, type Client } from '../helper.js';

interface Prepared {
  statement: string;
  from_sql: boolean;
  generic_plans: bigint;
  custom_plans: bigint;
}

async function prepared(app: FastifyInstance): Promise<Prepared[]> {
  const { rows } = await app.pgPool.query<Prepared>('SELECT statement, from_sql, generic_plans::int8, custom_plans::int8 FROM pg_prepared_statements');
  return rows.map((r) => ({ ...r, generic_plans: BigInt(r.generic_plans), custom_plans: BigInt(r.custom_plans) }));
}

const isFunctionAppend = (p: Prepared) => p.statement.includes('FROM portolan_append(');
const isPlainAppend = (p: Prepared) => p.statement.includes('INSERT INTO moves') && p.statement.includes('watched');
const executions = (p: Prepared | undefined) => (p ? Number(p.generic_plans + p.custom_plans) : 0);

async function startedNim(ana: Client, ben: Client, stones: number): Promise<string> {
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  return game.id;
}

t.test('a move is one named statement with a generic plan, whatever it writes besides', async (t) => {
  // Snapshots every 4 moves, so the snapshot variant runs too; the workers stay off so that nothing
  // else shares the one connection.
  const app = await build(t, { poolSize: 1, snapshotEvery: 4, workers: false });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const id = await startedNim(ana, ben, 100);
  const moves = 24;
  for (let v = 0; v < moves; v++) {
    const mover = v % 2 === 0 ? ana : ben;
    // Every third move carries an idempotency key: the variant that also records the answer.
    const headers: Record<string, string> = v % 3 === 0 ? { 'idempotency-key': `move-${v}` } : {};
    const res = await mover.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 1 }, expectedVersion: v }, headers);
    t.equal(res.status, 200, `move ${v + 1} accepted`);
  }

  const statements = await prepared(app);
  const plain = statements.filter(isPlainAppend);
  const call = statements.filter(isFunctionAppend);
  t.equal(plain.length, 1, 'plain moves: one prepared statement');
  t.equal(call.length, 1, 'the rest (a snapshot, an idempotency record): one prepared call of portolan_append');
  t.ok([...plain, ...call].every((p) => !p.from_sql), 'prepared through the protocol (named by the driver), not by SQL PREPARE');
  // Every third move has a key, every fourth a snapshot: 12 moves have either.
  t.equal(executions(call[0]), 12, 'the moves that write more went through the function');
  t.equal(executions(plain[0]), moves - 12, 'the plain ones through the plain statement');
  // Postgres plans a prepared statement afresh for its first five executions at most, then keeps the
  // generic plan when it costs no more (a fixed shape makes sure it does).
  for (const p of [...plain, ...call]) t.ok(p.generic_plans >= BigInt(executions(p) - 5), `the generic plan reused (${p.generic_plans} of ${executions(p)} executions)`);
});
