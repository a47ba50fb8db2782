/**
 * The Postgres rate-limit store on its own, against a real database (issue 16): it leases blocks of hits
 * instead of counting every call in Postgres, one lease in flight per key, refusals once the budget is
 * spent cost no statement, windows end (a 200 ms window here) and leases of an ended window are not
 * served, and two stores (two instances) racing for a new key's first window share its budget exactly.
 * The pool handed to the store counts the statements it is given.
 */
import t, { type Test } from 'tap';
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase } from '../helper.js';
import { PostgresCounterStore, type Counted, type CounterStore } from '../../src/store/rate-limit-store.js';
import { LeaseBook, leaseSize, serve } from '../../src/store/rate-limit-leases.js';

interface CountingPool {
  pool: pg.Pool;
  /** Statements sent through the pool so far. */
  statements(): number;
}

/** A pool on `url` that counts what goes through `query` (the store's only way to Postgres). */
function countingPool(t: Test, url: string): CountingPool {
  const pool = new pg.Pool({ connectionString: url, max: 5 });
  pool.on('error', () => undefined); // the database is dropped at teardown, maybe before the pool ends
  t.teardown(() => pool.end());
  let sent = 0;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    sent++;
    return query(...args);
  };
  return { pool, statements: () => sent };
}

function incr(store: CounterStore, key: string, windowMs: number, max: number): Promise<Counted> {
  return new Promise((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, max));
}

async function hitsInPostgres(pool: pg.Pool, key: string): Promise<number> {
  const { rows } = await pool.query<{ hits: number }>('SELECT hits FROM rate_limits WHERE key = $1', [key]);
  return rows[0]?.hits ?? 0;
}

const MINUTE = 60_000;

t.test('a large budget is leased in blocks: far fewer statements than calls, each call counted in order', async (t) => {
  const { pool, statements } = countingPool(t, await createTestDatabase(t));
  const store = new PostgresCounterStore(pool);
  const currents: number[] = [];
  for (let i = 0; i < 200; i++) currents.push((await incr(store, 'player:ana', MINUTE, 10_000)).current);
  t.same(currents, Array.from({ length: 200 }, (_, i) => i + 1), 'one instance counts 1, 2, 3, ... exactly');
  t.ok(statements() <= Math.ceil(200 / 64) + 1, `${statements()} statements for 200 calls`);
  const hits = await hitsInPostgres(pool, 'general:player:ana');
  t.ok(hits >= 200 && hits <= 200 + 64, `Postgres holds the leased total (${hits}): the calls and at most one unspent block`);
});

t.test('concurrent calls of one key wait for the one lease in flight', async (t) => {
  const { pool, statements } = countingPool(t, await createTestDatabase(t));
  const store = new PostgresCounterStore(pool);
  const counted = await Promise.all(Array.from({ length: 200 }, () => incr(store, 'player:ana', MINUTE, 10_000)));
  t.same(
    counted.map((c) => c.current).sort((a, b) => a - b),
    Array.from({ length: 200 }, (_, i) => i + 1),
    'every call gets its own count',
  );
  t.ok(statements() <= Math.ceil(200 / 64) + 1, `${statements()} statements for 200 concurrent calls`);
  // Buckets are counted apart, under their own names.
  await incr(store.child({ bucket: 'registration' }), 'player:ana', MINUTE, 10_000);
  t.equal(await hitsInPostgres(pool, 'registration:player:ana'), 64);
});

t.test('once the budget is spent, refusals are answered from memory until the window ends', async (t) => {
  const { pool, statements } = countingPool(t, await createTestDatabase(t));
  const store = new PostgresCounterStore(pool);
  for (let i = 1; i <= 5; i++) t.equal((await incr(store, 'ip:1', 200, 5)).current, i, `call ${i} counted (small budget: one hit per lease)`);
  t.equal(statements(), 5);
  const refused = await incr(store, 'ip:1', 200, 5);
  t.ok(refused.current > 5, 'the sixth call is over the budget');
  t.ok(refused.ttl > 0 && refused.ttl <= 200, `with the rest of the window (${refused.ttl} ms)`);
  const sent = statements();
  for (let i = 0; i < 20; i++) t.ok((await incr(store, 'ip:1', 200, 5)).current > 5);
  t.equal(statements(), sent, 'no statement for the refusals');
  t.equal(await hitsInPostgres(pool, 'general:ip:1'), 5, 'refusals are not counted in Postgres');

  await sleep(250);
  t.same((await incr(store, 'ip:1', 200, 5)).current, 1, 'after the window, a new one opens');
  t.equal(await hitsInPostgres(pool, 'general:ip:1'), 1);
});

t.test('a lease is not served after its window ended: its unspent hits go with it', async (t) => {
  const { pool } = countingPool(t, await createTestDatabase(t));
  const store = new PostgresCounterStore(pool);
  t.equal((await incr(store, 'ip:1', 200, 1000)).current, 1);
  t.equal(await hitsInPostgres(pool, 'general:ip:1'), 62, 'a block of 1000/16 hits leased');
  await sleep(250);
  const next = await incr(store, 'ip:1', 200, 1000);
  t.equal(next.current, 1, 'the next call opens a new window instead of using the old block');
  t.ok(next.ttl > 100 && next.ttl <= 200, `the new window's ttl (${next.ttl} ms)`);
});

t.test('two instances racing for a new key never admit more than the budget between them', async (t) => {
  const url = await createTestDatabase(t);
  const stores = [new PostgresCounterStore(countingPool(t, url).pool), new PostgresCounterStore(countingPool(t, url).pool)];
  for (const max of [100, 7]) {
    const key = `player:race-${max}`;
    // Keys of their own, so that each instance's first lease races the other's to create the row.
    const counted = await Promise.all(Array.from({ length: 3 * max }, (_, i) => incr(stores[i % 2]!, key, MINUTE, max)));
    const admitted = counted.filter((c) => c.current <= max);
    t.equal(admitted.length, max, `exactly the budget of ${max} admitted out of ${3 * max} calls`);
    t.same(
      admitted.map((c) => c.current).sort((a, b) => a - b),
      Array.from({ length: max }, (_, i) => i + 1),
      'each admitted call has a count of its own',
    );
    t.ok(
      counted.every((c) => c.ttl > 0 && c.ttl <= MINUTE),
      'every answer has the window ttl',
    );
  }
});

t.test('lease sizes and the book (no database)', async (t) => {
  t.equal(leaseSize(5, 0), 1, 'a small budget: one hit per lease');
  t.equal(leaseSize(600, 0), 37, 'the default budget: 1/16 of it');
  t.equal(leaseSize(600, 590), 1, 'near the end of the budget: one hit');
  t.equal(leaseSize(1e9, 0), 64, 'at most 64');
  t.equal(leaseSize(5, 9), 1, 'past the budget: still one (Postgres grants nothing)');

  const lease = { total: 40, granted: 3, deadline: 1000, served: 0 };
  t.same(serve(lease, 100, 0), { current: 38, ttl: 1000 });
  t.same(serve(lease, 100, 400), { current: 39, ttl: 600 });
  t.same(serve(lease, 100, 999.5), { current: 40, ttl: 1 });
  t.equal(serve(lease, 100, 999.5), null, 'spent, budget left in Postgres: lease again');
  t.same(serve(lease, 40, 500), { current: 41, ttl: 500 }, 'spent with the budget: refused without asking');
  t.equal(serve({ total: 1, granted: 1, deadline: 1000, served: 0 }, 100, 1000), null, 'the window ended');

  const book = new LeaseBook(3000);
  for (let i = 0; i < 2000; i++) book.set(`k${i}`, { total: 1, granted: 1, deadline: i < 1500 ? 10 : 100, served: 0 }, 20);
  t.ok(book.size < 2000, `keys whose window ended were swept (${book.size} left)`);
  t.ok(book.get('k1999'), 'live leases stay');
  const bounded = new LeaseBook(10);
  for (let i = 0; i < 25; i++) bounded.set(`k${i}`, { total: 1, granted: 1, deadline: 100, served: 0 }, 0);
  t.equal(bounded.size, 10, 'never more than the limit');
  t.ok(bounded.get('k24') && !bounded.get('k0'), 'the oldest leases go first');
});
