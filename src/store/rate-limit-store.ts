/**
 * Counter stores for @fastify/rate-limit that every instance of the service shares: Postgres by default,
 * or the plugin's own Redis store when REDIS_URL is set. Each store counts one bucket (the general budget,
 * registrations, game creations, webhook changes); `child()` names the bucket, so REST routes and GraphQL
 * mutations of one kind share one counter.
 *
 * The Postgres store leases counts instead of counting each request there (issue 16: the per-request
 * upsert was the second most expensive statement of a move). An instance claims a block of up to 64 hits
 * of a key's window in one statement and serves the key's next calls from memory (./rate-limit-leases.ts)
 * until the block is spent or the window ends. Postgres never grants more than the budget left, so all
 * instances together never admit more than a budget per window. The price: hits leased by one instance
 * and not yet used are spent for the others, so a client whose calls move between instances may be
 * refused up to about 1/16 of its budget early per other instance (a lease takes at most 1/16 of what is
 * left); with small budgets (up to 31) a lease is one hit and counting is exact.
 */
import type pg from 'pg';
import type { Redis } from 'ioredis';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { prepared } from './prepared.js';
import { LeaseBook, knownHits, leaseFrom, leaseSize, serve, type Counted, type Lease } from './rate-limit-leases.js';

export type { Counted };
type Done = (error: Error | null, result?: Counted) => void;

/** What the plugin hands `child()`: the merged options of a route or limiter, with our bucket name. */
export interface BucketOptions {
  readonly bucket?: string;
}

export interface CounterStore {
  incr(key: string, done: Done, timeWindow: number, max: number): void;
  child(options: BucketOptions): CounterStore;
}

/**
 * A lease: adds `least($4 wanted, greatest($3 max - hits, 0))` hits to the key's fixed window (the first
 * lease opens it, the first one after it ended opens the next; times are Postgres' clock) and answers the
 * total after the grant, the grant and the ms left of the window.
 *
 * The key's row is locked first (`locked`), and the count the grant adds to is read from that locked
 * row, so concurrent leases of any instance queue up and each sees the one before it: grants never add
 * up to more than the budget. (An upsert cannot answer the grant: RETURNING sees only the new row before
 * Postgres 18.) Without a row, the lease inserts one; if another instance inserted it meanwhile, the
 * insert does nothing, the answer is empty and the caller asks again (then the row is there).
 * A lease that gets nothing (grant 0) does not count: `hits` stays the number of hits granted.
 */
const LEASE = `
  WITH locked AS MATERIALIZED (
    SELECT key, hits, window_ends_at FROM rate_limits WHERE key = $1::text FOR UPDATE
  ), current AS MATERIALIZED (
    SELECT key,
           CASE WHEN window_ends_at > now THEN hits ELSE 0 END AS hits,
           CASE WHEN window_ends_at > now THEN window_ends_at ELSE now + make_interval(secs => $2::int / 1000.0) END AS window_ends_at
    FROM (SELECT key, hits, window_ends_at, clock_timestamp() AS now FROM locked) l
  ), leased AS (
    UPDATE rate_limits r SET hits = c.hits + least($4::int, greatest($3::int - c.hits, 0)), window_ends_at = c.window_ends_at
    FROM current c WHERE r.key = c.key
    RETURNING r.hits, r.hits - c.hits AS granted, r.window_ends_at
  ), opened AS (
    INSERT INTO rate_limits (key, hits, window_ends_at)
    SELECT $1::text, least($4::int, greatest($3::int, 0)), clock_timestamp() + make_interval(secs => $2::int / 1000.0)
    WHERE NOT EXISTS (SELECT FROM locked)
    ON CONFLICT (key) DO NOTHING
    RETURNING hits, hits AS granted, window_ends_at
  )
  SELECT hits, granted, extract(epoch FROM window_ends_at - clock_timestamp())::float8 * 1000 AS ttl
  FROM (SELECT * FROM leased UNION ALL SELECT * FROM opened) l`;

type Answer = { hits: number; granted: number; ttl: number };

/** Tries of a lease whose row another instance keeps creating (or pruning) under it. */
const LEASE_TRIES = 3;

/** Claims `wanted` hits of `key`'s window: one statement, again only after a race to create the row. */
async function claim(pool: pg.Pool, key: string, windowMs: number, max: number, wanted: number): Promise<Lease> {
  for (let tries = 1; ; tries++) {
    const sentAt = performance.now();
    const { rows } = await pool.query<Answer>(prepared(LEASE, [key, windowMs, max, wanted]));
    if (rows[0]) return leaseFrom(rows[0], sentAt);
    if (tries === LEASE_TRIES) throw new Error(`rate limit: no lease for ${key} after ${tries} tries`);
  }
}

/** Old windows are deleted now and then (every this many leases of a process), not on every lease. */
const PRUNE_EVERY = 1000;
const PRUNE = `DELETE FROM rate_limits WHERE window_ends_at < clock_timestamp() - interval '1 minute'`;

/** What a store and its children (the buckets) share: one book of leases, the leases in flight. */
interface Shared {
  readonly book: LeaseBook;
  /** One lease in flight per bucket and key; concurrent calls of that key wait for it. */
  readonly inFlight: Map<string, Promise<void>>;
  leases: number;
}

export class PostgresCounterStore implements CounterStore {
  private readonly shared: Shared;

  constructor(
    private readonly pool: pg.Pool,
    private readonly prefix = 'general:',
    shared?: Shared,
  ) {
    this.shared = shared ?? { book: new LeaseBook(), inFlight: new Map(), leases: 0 };
  }

  incr(key: string, done: Done, timeWindow: number, max: number): void {
    const bookKey = this.prefix + key;
    // Most calls are served from a lease at hand, without a promise.
    const counted = this.shared.inFlight.has(bookKey) ? null : this.serveFromBook(bookKey, max);
    if (counted) return done(null, counted);
    this.count(bookKey, Math.ceil(timeWindow), max).then(
      (result) => done(null, result),
      (error: Error) => done(error),
    );
  }

  child(options: BucketOptions): CounterStore {
    return new PostgresCounterStore(this.pool, `${options.bucket ?? 'general'}:`, this.shared);
  }

  private serveFromBook(bookKey: string, max: number): Counted | null {
    const lease = this.shared.book.get(bookKey);
    return lease ? serve(lease, max, performance.now()) : null;
  }

  /** Waits for the key's lease in flight, or sends one, until a lease serves this call. */
  private async count(bookKey: string, windowMs: number, max: number): Promise<Counted> {
    for (;;) {
      const inFlight = this.shared.inFlight.get(bookKey);
      if (inFlight) {
        await inFlight;
        continue;
      }
      const counted = this.serveFromBook(bookKey, max);
      if (counted) return counted;
      await this.lease(bookKey, windowMs, max);
    }
  }

  private lease(bookKey: string, windowMs: number, max: number): Promise<void> {
    if (++this.shared.leases % PRUNE_EVERY === 0) this.pool.query(prepared(PRUNE, [])).catch(() => undefined);
    const { book, inFlight } = this.shared;
    const wanted = leaseSize(max, knownHits(book.get(bookKey), performance.now()));
    const leasing = claim(this.pool, bookKey, windowMs, max, wanted)
      .then((lease) => book.set(bookKey, lease, performance.now()))
      .finally(() => inFlight.delete(bookKey));
    inFlight.set(bookKey, leasing);
    return leasing;
  }
}

/** The plugin's Redis store (an atomic Lua INCR + PEXPIRE), one key prefix per bucket. */
export class RedisCounterStore implements CounterStore {
  private readonly store: CounterStore;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    bucket = 'general',
  ) {
    this.store = new RedisStore(false, false, redis, `${prefix}${bucket}:`);
  }

  incr(key: string, done: Done, timeWindow: number, max: number): void {
    this.store.incr(key, done, timeWindow, max);
  }

  child(options: BucketOptions): CounterStore {
    return new RedisCounterStore(this.redis, this.prefix, options.bucket);
  }
}
