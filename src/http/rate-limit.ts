/**
 * Rate limits (@fastify/rate-limit): a general budget per minute for every call, per token (per client
 * address for anonymous calls and refused tokens), and stricter hourly budgets for registration, game
 * creation and webhook changes, which REST routes and the matching GraphQL mutations share. The counters
 * live in Postgres (or Redis) so that every instance of the service counts together. Refusals are
 * `429 RATE_LIMITED` with `RateLimit-Limit/-Remaining/-Reset` and `Retry-After` (the IETF draft headers).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type pg from 'pg';
import type { Redis } from 'ioredis';
import { ServiceError } from '../service/errors.js';
import { PostgresCounterStore, RedisCounterStore, type CounterStore } from '../store/rate-limit-store.js';

export interface RateLimits {
  /** Requests per minute per token, or per client address without one. */
  readonly perMinute: number;
  readonly registrationsPerHour: number;
  readonly gamesPerHour: number;
  readonly webhookChangesPerHour: number;
  /** Record verifications per minute per client address (anonymous work off the event loop). */
  readonly verificationsPerMinute: number;
  /** Prefix of the Redis keys (tests give each app set its own). */
  readonly redisPrefix: string;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  perMinute: 600,
  registrationsPerHour: 20,
  gamesPerHour: 60,
  webhookChangesPerHour: 60,
  verificationsPerMinute: 10,
  redisPrefix: 'portolan:ratelimit:',
};

export type Bucket = 'registration' | 'game-creation' | 'webhook-change' | 'verification';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The REST routes with a stricter budget. */
function bucketOfRoute(route: Pick<RouteOptions, 'method' | 'url'>): Bucket | null {
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  if (method === 'POST' && route.url === '/v1/players') return 'registration';
  // Each sign-in issues a token, and a code guessed by brute force would be one: the same hourly budget.
  if (method === 'POST' && route.url.startsWith('/v1/sessions/')) return 'registration';
  if (method === 'POST' && route.url === '/v1/games') return 'game-creation';
  if (method !== 'GET' && method !== 'HEAD' && route.url.startsWith('/v1/webhooks')) return 'webhook-change';
  if (method === 'POST' && route.url === '/v1/records/verify') return 'verification';
  return null;
}

/** The GraphQL mutations with a stricter budget: the same buckets as their REST routes. */
export const MUTATION_BUCKETS: Readonly<Record<string, Bucket>> = {
  register: 'registration',
  createGame: 'game-creation',
  createWebhook: 'webhook-change',
  updateWebhook: 'webhook-change',
  rotateWebhookSecret: 'webhook-change',
  deleteWebhook: 'webhook-change',
  redeliverWebhook: 'webhook-change',
  retryWebhook: 'webhook-change',
  verifyRecord: 'verification', // a Query field, counted all the same
};

function bucketMax(limits: RateLimits, bucket: Bucket): number {
  switch (bucket) {
    case 'registration':
      return limits.registrationsPerHour;
    case 'game-creation':
      return limits.gamesPerHour;
    case 'webhook-change':
      return limits.webhookChangesPerHour;
    case 'verification':
      return limits.verificationsPerMinute;
  }
}

const windowOf = (bucket: Bucket): number => (bucket === 'verification' ? MINUTE : HOUR);

/**
 * Buckets counted per client address whatever token comes with the call: a new player's token would
 * otherwise be a fresh budget of registrations, and verification is anonymous work.
 */
const keyOfBucket = (bucket: Bucket) => (bucket === 'registration' || bucket === 'verification' ? addressKey : callerKey);

/** Who is counted: the player behind a valid token, the app behind an app key (its own budget), else the client address (IPv6 by /64). */
function callerKey(request: FastifyRequest): string {
  if (request.player) return `player:${request.player.id}`;
  if (request.app) return `app:${request.app.id}`;
  return addressKey(request);
}

/** The client address (IPv6 by /64). */
function addressKey(request: FastifyRequest): string {
  // A socket may have no address (an in-process websocket, a closed connection): count those together.
  return request.ip ? `ip:${rateLimit.normalizeIP(request.ip)}` : 'ip:unknown';
}

/** Health checks, API docs and CORS preflights are not counted. */
function exempt(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  return request.method === 'OPTIONS' || path === '/healthz' || path === '/readyz' || path.startsWith('/docs') || path.startsWith('/graphiql');
}

const refusal = (_request: FastifyRequest, context: { after: string }) =>
  new ServiceError('RATE_LIMITED', `too many requests; retry in ${context.after}`);

export interface RateLimiting {
  /** Counts one call of a bucket (a GraphQL mutation); over budget, sets the headers and throws RATE_LIMITED. */
  consume(request: FastifyRequest, reply: FastifyReply, bucket: Bucket): Promise<void>;
}

/**
 * Registers the limiter. Must come after the auth plugin's onRequest hook (the key needs the player)
 * and before any route.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  counters: { pool: pg.Pool; redis: Redis | null },
): Promise<RateLimiting> {
  const root: CounterStore = counters.redis ? new RedisCounterStore(counters.redis, limits.redisPrefix) : new PostgresCounterStore(counters.pool);
  // The plugin instantiates its store from a class; this one hands it the shared root store.
  const Store = function SharedStore() {
    return root;
  } as unknown as new () => CounterStore;

  // Stricter buckets go into the route's config before the plugin's own onRoute hook reads it.
  app.addHook('onRoute', (route) => {
    const bucket = bucketOfRoute(route);
    if (bucket) route.config = { ...(route.config as object), rateLimit: { max: bucketMax(limits, bucket), timeWindow: windowOf(bucket), keyGenerator: keyOfBucket(bucket), bucket } as never };
  });
  await app.register(rateLimit, {
    global: true,
    // An app's key has the app's own budget (src/service/apps.ts); everyone else the general one.
    max: (request: FastifyRequest) => request.app?.requestsPerMinute ?? limits.perMinute,
    timeWindow: MINUTE,
    store: Store as never,
    keyGenerator: callerKey,
    allowList: exempt,
    enableDraftSpec: true,
    errorResponseBuilder: refusal,
    // A counter store that fails must not take the API down with it (Postgres down fails the call anyway).
    skipOnError: true,
  });

  const limiters = new Map<Bucket, ReturnType<FastifyInstance['createRateLimit']>>();
  for (const bucket of ['registration', 'game-creation', 'webhook-change', 'verification'] as const) {
    limiters.set(bucket, app.createRateLimit({ max: bucketMax(limits, bucket), timeWindow: windowOf(bucket), keyGenerator: keyOfBucket(bucket), skipOnError: true, bucket } as never));
  }
  return {
    async consume(request, reply, bucket) {
      const result = await limiters.get(bucket)!(request);
      if (result.isAllowed || !result.isExceeded) return;
      void reply
        .header('ratelimit-limit', result.max)
        .header('ratelimit-remaining', 0)
        .header('ratelimit-reset', result.ttlInSeconds)
        .header('retry-after', result.ttlInSeconds);
      throw new ServiceError('RATE_LIMITED', `too many requests of this kind; retry in ${result.ttlInSeconds} s`);
    },
  };
}
