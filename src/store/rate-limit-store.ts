/**
 * Counter stores for @fastify/rate-limit that every instance of the service shares: Postgres by default
 * (one prepared upsert per request on an UNLOGGED table), or the plugin's own Redis store when REDIS_URL is set.
 * Each store counts one bucket (the general budget, registrations, game creations, webhook changes);
 * `child()` names the bucket, so REST routes and GraphQL mutations of one kind share one counter.
 */
import type pg from 'pg';
import type { Redis } from 'ioredis';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { prepared } from './prepared.js';

export type Counted = { current: number; ttl: number };
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
 * A fixed window per key: the first hit opens it, later hits count until it ends, and the first hit
 * after it ended opens the next one. One statement, so concurrent instances never lose a hit.
 */
const INCREMENT = `
  INSERT INTO rate_limits AS r (key, hits, window_ends_at)
  VALUES ($1, 1, clock_timestamp() + make_interval(secs => $2::int / 1000.0))
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.window_ends_at <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
    window_ends_at = CASE WHEN r.window_ends_at <= clock_timestamp() THEN excluded.window_ends_at ELSE r.window_ends_at END
  RETURNING hits, greatest(0, ceil(extract(epoch FROM r.window_ends_at - clock_timestamp()) * 1000))::int AS ttl`;

/** Old windows are deleted now and then (every this many increments of a process), not on every hit. */
const PRUNE_EVERY = 1000;
const PRUNE = `DELETE FROM rate_limits WHERE window_ends_at < clock_timestamp() - interval '1 minute'`;

export class PostgresCounterStore implements CounterStore {
  private readonly shared: { increments: number };

  constructor(
    private readonly pool: pg.Pool,
    private readonly prefix = 'general:',
    shared?: { increments: number },
  ) {
    this.shared = shared ?? { increments: 0 };
  }

  incr(key: string, done: Done, timeWindow: number): void {
    if (++this.shared.increments % PRUNE_EVERY === 0) this.pool.query(prepared(PRUNE, [])).catch(() => undefined);
    this.pool.query<Counted & { hits: number }>(prepared(INCREMENT, [this.prefix + key, Math.ceil(timeWindow)])).then(
      ({ rows: [row] }) => done(null, { current: row!.hits, ttl: row!.ttl }),
      (error: Error) => done(error),
    );
  }

  child(options: BucketOptions): CounterStore {
    return new PostgresCounterStore(this.pool, `${options.bucket ?? 'general'}:`, this.shared);
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
