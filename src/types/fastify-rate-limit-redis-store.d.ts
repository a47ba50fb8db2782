/** The Redis store shipped inside @fastify/rate-limit (no typings of its own). */
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';
  type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;
  export default class RedisStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
    incr(key: string, done: Done, timeWindow: number, max: number): void;
    child(options: unknown): RedisStore;
  }
}
