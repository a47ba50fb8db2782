/**
 * The whole application as one Fastify instance: REST under /v1, GraphQL at /graphql (GraphiQL at
 * /graphiql), OpenAPI at /docs, health checks. Tests build it with `buildApp` and talk to it through
 * `inject`; src/server.ts starts it for real (config, embedded Postgres, migrations, listen, shutdown).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { fastifySSE as sse } from '@fastify/sse';
import mercurius from 'mercurius';
import cors from '@fastify/cors';
import { Redis } from 'ioredis';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AnyGameDefinition } from './engine/types.js';
import { GAMES, createRegistry } from './games/registry.js';
import { openDatabase, type Database } from './store/database.js';
import { EventStore } from './store/event-store.js';
import { CommitFeed } from './store/commit-feed.js';
import { GameService } from './service/game-service.js';
import { GameEvents } from './service/game-events.js';
import { PlayerService } from './service/players.js';
import { TokenService } from './service/tokens.js';
import { RevocationFeed } from './store/revocation-feed.js';
import { tokenRoutes } from './http/routes/tokens.js';
import { AccountService } from './service/accounts.js';
import { accountRoutes, type WebauthnOptions } from './http/routes/accounts.js';
import { guardScopes, tokenResolvers, tokenSchema } from './graphql/tokens.js';
import { BotDriver } from './service/bot-driver.js';
import { CpuPool, DEFAULT_CPU_POOL_OPTIONS, type CpuPoolOptions } from './service/cpu-pool.js';
import { BotGames, DEFAULT_BOT_GAME_CAPS, DEFAULT_MAX_MOVES_PER_GAME, type BotGameCaps } from './service/bot-games.js';
import { ConnectionCaps, DEFAULT_CONNECTION_CAPS, type ConnectionCapLimits } from './http/connection-caps.js';
import { authPlugin } from './http/auth.js';
import { installErrorHandlers, sendFailure } from './http/errors.js';
import { installJsonBodyParser, installQueryJsonGuard } from './http/json-body.js';
import { cacheScope } from './http/cache-scope.js';
import { registerLocale } from './http/locale.js';
import { securityHeaders, setApiHeaders } from './http/security-headers.js';
import { refuseControlCharacters } from './http/text-guard.js';
import { DEFAULT_RATE_LIMITS, registerRateLimits, type RateLimits } from './http/rate-limit.js';
import { DEFAULT_GRAPHQL_LIMITS, RequestBudget, type GraphqlLimits } from './graphql/limits.js';
import { documentGuards } from './graphql/document.js';
import { installGraphqlGuards } from './graphql/guards.js';
import { SHARED_SCHEMAS } from './http/schemas.js';
import { TAGS, documentCommonErrors } from './http/docs.js';
import { gameRoutes } from './http/routes/games.js';
import { playerRoutes } from './http/routes/players.js';
import { gameTypeRoutes } from './http/routes/game-types.js';
import { healthRoutes } from './http/routes/health.js';
import { schema } from './graphql/schema.js';
import { createResolvers } from './graphql/resolvers.js';
import { asyncPlayLoaders, asyncPlayResolvers, asyncPlaySchema } from './graphql/webhooks.js';
import { graphqlErrorFormatter } from './graphql/errors.js';
import { DEFAULT_SUBSCRIPTION_LIMITS, graphqlSubscriptions, type SubscriptionLimits, type SubscriptionResolvers } from './graphql/subscriptions.js';
import { createAsyncPlay } from './jobs/async-play.js';
import { systemClock, type Clock } from './store/clock.js';
import type { TimerOptions, TurnTimers } from './jobs/timers.js';
import { DEFAULT_WEBHOOK_OPTIONS, type WebhookDispatcher, type WebhookOptions } from './webhooks/dispatcher.js';
import type { WebhookService } from './webhooks/service.js';
import { webhookRoutes } from './http/routes/webhooks.js';
import { DEFAULT_RETENTION_OPTIONS, type RetentionOptions } from './jobs/retention.js';
import { eventRoutes } from './http/routes/events.js';
import { graphiqlRoutes } from './http/graphiql/graphiql.js';
import { webClientRoutes } from './http/web-client.js';
import { recordRoutes } from './http/routes/records.js';
import { GameRecord } from './http/record-schemas.js';
import { ResultsStore } from './store/results-store.js';
import { ArchiveService } from './service/archive.js';
import { RecordService } from './service/records.js';
import { recordResolvers, recordSchema } from './graphql/records.js';
import { AppService, DEFAULT_APP_SETTINGS, type AppDefaults } from './service/apps.js';
import { AppPlayerService } from './service/app-players.js';
import { appAdminRoutes } from './http/routes/apps-admin.js';
import { appRoutes } from './http/routes/app.js';
import { appTokenRoutes } from './http/routes/app-tokens.js';
import { createMetrics, instrument } from './ops/instrument.js';
import { AdminService } from './service/admin.js';
import { SCOPES } from './service/tokens.js';
import { adminRoutes } from './http/routes/admin.js';
import { createTable, type Table, type TableOptions } from './table.js';
import { TABLE_SCHEMAS } from './http/table-schemas.js';
import { serverTimeouts, type HttpTimeouts } from './http/timeouts.js';

export interface AppOptions {
  readonly databaseUrl: string;
  readonly logger?: FastifyServerOptions['logger'];
  readonly games?: readonly AnyGameDefinition[];
  readonly bodyLimit?: number;
  /** Largest record POST /v1/records/verify accepts (default 8 MiB). */
  readonly recordBodyLimit?: number;
  readonly snapshotEvery?: number;
  readonly stateCacheSize?: number;
  readonly poolSize?: number;
  /** Plain moves of different games share a transaction when several wait at once (src/store/group-commit.ts); default on. */
  readonly groupCommit?: boolean;
  /** Start background work (bots, deliveries, timers). Off only for tools that never touch the database. */
  readonly workers?: boolean;
  /** Time for turn clocks, deadlines and webhook retries; tests inject one they move by hand. */
  readonly clock?: Clock;
  /** Webhook delivery settings (src/server.ts passes the WEBHOOK_* variables); default: no private hosts allowed. */
  readonly webhooks?: Partial<WebhookOptions>;
  readonly timers?: Partial<TimerOptions>;
  /** How long idempotency keys, webhook records and snapshots are kept (src/jobs/retention.ts). */
  readonly retention?: Partial<RetentionOptions>;
  /** Origins a browser app may call from (`*`: any); empty or unset: no cross-origin calls. */
  readonly corsOrigins?: readonly string[];
  /** Proxies whose X-Forwarded-For names the client (addresses or CIDR ranges); unset: none. */
  readonly trustProxy?: readonly string[];
  /** Rate-limit budgets; unset fields take the production defaults (DEFAULT_RATE_LIMITS). */
  readonly rateLimits?: Partial<RateLimits>;
  /** Redis for the rate-limit counters; unset: they live in Postgres. */
  readonly redisUrl?: string;
  /** Depth, alias, cost and time limits of one GraphQL request (DEFAULT_GRAPHQL_LIMITS). */
  readonly graphqlLimits?: Partial<GraphqlLimits>;
  /** GraphQL subscription limits (src/server.ts passes the SUBSCRIPTION_* variables). */
  readonly subscriptions?: Partial<SubscriptionLimits>;
  /** Milliseconds between heartbeat comments on Server-Sent Event streams (default 15 s). */
  readonly sseHeartbeatMs?: number;
  /** The operator's credential (ADMIN_KEY); unset: the operator routes answer 404 (src/http/operator.ts). */
  readonly adminKey?: string;
  /** Passkeys' relying party (WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN); unset: each request's own host. */
  readonly webauthn?: WebauthnOptions;
  /** Apps' default budgets and key overlap (src/server.ts passes the APP_* variables). */
  readonly apps?: Partial<AppDefaults>;
  /** The worker pool for CPU-heavy work (src/server.ts passes the CPU_* variables; docs/edge.md). */
  readonly cpu?: Partial<CpuPoolOptions>;
  /** Moves one game may have (MAX_MOVES_PER_GAME); unset: 50,000. */
  readonly maxMovesPerGame?: number;
  /** Running games with a bot in every seat, per player and in all (BOT_GAMES_*); unset: 3 and 100. */
  readonly botGames?: Partial<BotGameCaps>;
  /** Open SSE streams and anonymous websockets (SSE_MAX_*, WS_ANONYMOUS_MAX_*); src/http/connection-caps.ts. */
  readonly connectionCaps?: Partial<ConnectionCapLimits>;
  /** How long a client may take to send a request, stay idle, keep a connection alive (docs/edge.md). */
  readonly httpTimeouts?: Partial<HttpTimeouts>;
  /** Challenges' expiry, seeks' matching and chat limits (src/table.ts); unset fields take the defaults. */
  readonly table?: Partial<TableOptions>;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The pool under Prisma and the hot path's named statements (src/store/database.ts); tests read its sessions' plans. */
    pgPool: pg.Pool;
    games: GameService;
    players: PlayerService;
    /** Players' tokens: issue, list, revoke (at once on every instance); src/service/tokens.ts. */
    tokens: TokenService;
    bots: BotDriver;
    /** CPU-heavy work off the event loop (src/service/cpu-pool.ts). */
    cpu: CpuPool;
    gameEvents: GameEvents;
    webhooks: WebhookService;
    deliveries: WebhookDispatcher;
    timers: TurnTimers;
    archive: ArchiveService;
    apps: AppService;
    appPlayers: AppPlayerService;
    /** Challenges, seeks and chat (src/table.ts); tests run its sweeps by hand. */
    table: Table;
  }
}

export const API_VERSION = '0.1.0';

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 65536,
    // Starting the workers (onReady) creates pg-boss's schema on a new database: on a busy machine that
    // takes longer than Fastify's 10 s default, which would fail the start.
    pluginTimeout: 60_000,
    // A client that sends a request slowly (a byte at a time) is cut: src/http timeouts in docs/edge.md.
    ...serverTimeouts(options.httpTimeouts),
    // Honour a caller's request id (for tracing across services); otherwise make one.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: options.trustProxy && options.trustProxy.length > 0 ? [...options.trustProxy] : false,
    // Router failures (a path parameter over the length limit, a malformed URL) in our error shape too.
    frameworkErrors: (error, request, reply) => {
      setApiHeaders(reply); // the router's errors skip every hook
      sendFailure(error, request, reply);
    },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // JSON bodies are depth-limited while parsed, for every route (src/http/json-body.ts).
  installJsonBodyParser(app);
  // So are GraphQL variables sent in a GET's query string.
  installQueryJsonGuard(app, '/graphql');

  const connections = openDatabase(options.databaseUrl, options.poolSize);
  const db = connections.db;
  const registry = createRegistry(options.games ?? GAMES);
  // Commits reach the other instances through Postgres LISTEN/NOTIFY (see src/store/commit-feed.ts).
  const feed = new CommitFeed(options.databaseUrl, connections.pool, app.log);
  const events = new GameEvents(feed);
  feed.onCommit((commit) => events.receive(commit));
  const players = new PlayerService(db);
  // Token revocations reach the other instances through a LISTEN/NOTIFY channel of their own.
  const revocations = new RevocationFeed(options.databaseUrl, connections.pool, app.log);
  const tokens = new TokenService(db, connections.pool, revocations, app.log);
  // Metrics (served on METRICS_PORT only): the websocket count is read from the server once it exists.
  const metrics = createMetrics(connections.pool, () => app.websocketServer?.clients.size ?? 0);
  const store = new EventStore(db, connections.pool, { groupCommit: options.groupCommit ?? true, onGroup: (size) => metrics.groupCommitSize.observe(size) });
  // CPU-heavy work (record checks, long replays, bot turns) runs in worker threads (src/service/cpu-pool.ts).
  const cpu = new CpuPool(registry, { ...DEFAULT_CPU_POOL_OPTIONS, ...options.cpu });
  const games = new GameService(store, registry, events, {
    cpu,
    maxMovesPerGame: options.maxMovesPerGame ?? DEFAULT_MAX_MOVES_PER_GAME,
    botGames: new BotGames(connections.pool, { ...DEFAULT_BOT_GAME_CAPS, ...options.botGames }),
    snapshotEvery: options.snapshotEvery ?? 100,
    cacheSize: options.stateCacheSize ?? 1000,
    clock: options.clock ?? systemClock,
    idempotencyTtlMs: options.retention?.idempotencyTtlMs ?? DEFAULT_RETENTION_OPTIONS.idempotencyTtlMs,
  });
  feed.onResync((since) => void games.catchUp(since).catch((err: unknown) => app.log.error({ err }, 'catching up after the feed was lost failed')));
  const bots = new BotDriver(games, app.log);
  games.onCommitted(bots.onCommitted);
  const records = new RecordService(store, games);
  const archive = new ArchiveService(new ResultsStore(connections.pool), store, new Set(registry.keys()), app.log);
  // Results and ratings follow each finished game at once; a start catches up on any a stop left behind.
  games.onCommitted((game) => {
    if (game.status === 'finished') archive.kick();
  });
  app.decorate('archive', archive);
  const apps = new AppService(db, options.clock ?? systemClock, { ...DEFAULT_APP_SETTINGS, ...options.apps });
  const appPlayers = new AppPlayerService(db);
  app.decorate('apps', apps).decorate('appPlayers', appPlayers);
  app.decorate('db', db).decorate('pgPool', connections.pool).decorate('games', games).decorate('players', players).decorate('tokens', tokens).decorate('bots', bots).decorate('cpu', cpu).decorate('gameEvents', events);
  const asyncPlay = createAsyncPlay(app, {
    databaseUrl: options.databaseUrl,
    db,
    games,
    clock: options.clock ?? systemClock,
    webhooks: options.webhooks ?? {},
    timers: options.timers,
    retention: options.retention,
    bots,
  });
  // Challenges, seeks and chat (src/table.ts): their services, routes, GraphQL and workers.
  const table = createTable(app, { databaseUrl: options.databaseUrl, pool: connections.pool, db, games, clock: options.clock ?? systemClock, delivered: asyncPlay.dispatcher.nudgeGame, options: options.table });
  app.decorate('table', table);
  app.decorate('webhooks', asyncPlay.webhooks).decorate('deliveries', asyncPlay.dispatcher).decorate('timers', asyncPlay.timers);
  instrument(app, metrics, { games, dispatcher: asyncPlay.dispatcher });
  // Hooks on every request take Fastify's callback form: an async one costs a promise and a microtask.
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    done(null, payload);
  });
  const redis = options.redisUrl ? new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
  app.addHook('onClose', async () => {
    await asyncPlay.stop();
    await table.stop();
    await bots.stop();
    await feed.stop();
    await revocations.stop();
    await tokens.stop();
    await archive.stop();
    await cpu.close();
    await connections.close();
    await redis?.quit();
  });
  await redis?.connect();

  installErrorHandlers(app);
  for (const shared of [...SHARED_SCHEMAS, GameRecord, ...TABLE_SCHEMAS]) app.addSchema(shared);
  const graphqlLimits = { ...DEFAULT_GRAPHQL_LIMITS, ...options.graphqlLimits };
  // Open SSE streams and anonymous websockets, per token, per address and in all (src/http/connection-caps.ts).
  const connectionCaps = new ConnectionCaps({ ...DEFAULT_CONNECTION_CAPS, ...options.connectionCaps });
  // nosniff, no referrer and a Content-Security-Policy on every answer (src/http/security-headers.ts).
  registerLocale(app);
  await app.register(securityHeaders);
  // Answers that depend on the token: Vary: Authorization, private when a token came (src/http/cache-scope.ts).
  await app.register(cacheScope);
  // One set of GraphQL guards for HTTP and the websocket (src/graphql/document.ts).
  const graphqlGuards = documentGuards(graphqlLimits, {
    gameTypes: registry.size,
    webhookEndpoints: options.webhooks?.maxEndpointsPerPlayer ?? DEFAULT_WEBHOOK_OPTIONS.maxEndpointsPerPlayer,
  });

  // CORS first, so that every answer (a 401 or a 429 included) carries its headers and a browser can read it.
  if (options.corsOrigins && options.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: options.corsOrigins.includes('*') ? '*' : [...options.corsOrigins],
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'x-request-id'],
      exposedHeaders: ['x-request-id', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after'],
      credentials: false, // bearer tokens only, never cookies
      maxAge: 600,
      strictPreflight: false,
    });
  }

  // @fastify/websocket must be registered at the root, before mercurius, for subscriptions.
  await app.register(websocket, { preClose: closeWebsocketsGoingAway });
  await app.register(swagger, {
    hideUntagged: true, // GraphQL's own routes are documented by its schema, not here
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Portolan',
        version: API_VERSION,
        description: 'Event-sourced hosting for play-by-web board games. Every game is an append-only log of moves.',
        license: { name: 'UNLICENSED', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'this service (the origin that serves this document)' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'the token POST /v1/players returned: `Authorization: Bearer <token>`' },
          appKey: { type: 'http', scheme: 'bearer', description: "an app's key (`app_...`), server to server only: never put it in a browser" },
          adminKey: { type: 'http', scheme: 'bearer', description: 'the operator\'s credential: `Authorization: Bearer <ADMIN_KEY>` (the admin routes answer 404 when the service has none)' },
        },
      },
    },
    transform: ({ schema, url, route }) => ({ schema: documentCommonErrors(schema as never, url, route.config?.scope), url }),
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(sse, { heartbeatInterval: options.sseHeartbeatMs ?? 15_000 });
  await app.register(authPlugin, { tokens, adminKey: options.adminKey, graphqlPath: '/graphql', apps });
  const rateLimiting = await registerRateLimits(app, { ...DEFAULT_RATE_LIMITS, ...options.rateLimits }, { pool: connections.pool, redis });
  await app.register(healthRoutes, { db });
  await app.register(
    async (v1) => {
      // Free JSON (game options, moves) is checked for control characters too; typed text says so in its schema.
      v1.addHook('preValidation', (request, _reply, done) => {
        if (request.routeOptions.config.rawBody) return done();
        try {
          refuseControlCharacters(request.body, 'text');
        } catch (error) {
          return done(error as Error);
        }
        done();
      });
      await v1.register(playerRoutes, { players, games });
      await v1.register(tokenRoutes, { tokens });
      await v1.register(accountRoutes, { accounts: new AccountService(db, tokens), webauthn: options.webauthn ?? {} });
      await v1.register(gameTypeRoutes, { registry });
      await v1.register(gameRoutes, { games });
      await v1.register(webhookRoutes, { webhooks: asyncPlay.webhooks });
      await v1.register(eventRoutes, { games, events, tokens, caps: connectionCaps, onStream: (stream, delta) => metrics.sseStreams.inc({ stream }, delta), notices: table.notices });
      await v1.register(table.routes);
      const admin = new AdminService({
        db, games, revokeAllTokensOf: (playerId) => tokens.revokeAllTokensOf(playerId),
        issueToken: (playerId, label) => tokens.issueToken(playerId, { label, scopes: [...SCOPES] }), sweepDeliveries: (gameId) => asyncPlay.dispatcher.sweep(gameId),
      });
      await v1.register(adminRoutes, { admin, games });
      await v1.register(recordRoutes, { records, archive, registry, cpu, verifyBodyLimit: options.recordBodyLimit ?? 8 * 1024 * 1024 });
      await v1.register(appAdminRoutes, { apps });
      await v1.register(appRoutes, { appPlayers, webhooks: asyncPlay.webhooks });
      await v1.register(appTokenRoutes, { appPlayers, tokens });
    },
    { prefix: '/v1' },
  );
  // Subscription resolvers go to graphql-ws (below), not to Mercurius, whose subscriptions are off.
  const { Subscription: subscriptionResolvers, ...resolvers } = mergeResolvers(
    createResolvers(games, players, events),
    asyncPlayResolvers(asyncPlay.webhooks),
    recordResolvers(records, archive, cpu),
    tokenResolvers(tokens),
    table.resolvers,
  );
  await app.register(mercurius, {
    schema: schema + asyncPlaySchema + recordSchema + tokenSchema + table.schema,
    resolvers: resolvers as never,
    loaders: asyncPlayLoaders(asyncPlay.webhooks) as never,
    graphiql: false, // ours (src/http/graphiql) is served from local assets; Mercurius' loads from a CDN
    path: '/graphql',
    // The auth hook (src/http/auth.ts) has resolved the token; a refused one fails before parsing.
    context: async (request) => ({ player: request.player, grant: request.grant, budget: new RequestBudget(graphqlLimits.timeoutMs) }),
    errorFormatter: graphqlErrorFormatter,
    validationRules: [...graphqlGuards.validationRules],
    graphql: { parseOptions: graphqlGuards.parseOptions },
  });
  // Every Query and Mutation field checks the scope of the caller's token.
  guardScopes(app.graphql.schema);
  // Subscriptions: graphql-ws on the same path (see src/graphql/subscriptions.ts for limits and close codes).
  await app.register(graphqlSubscriptions, {
    tokens,
    path: '/graphql',
    resolvers: subscriptionResolvers as SubscriptionResolvers,
    guards: graphqlGuards,
    limits: { ...DEFAULT_SUBSCRIPTION_LIMITS, ...options.subscriptions },
    caps: connectionCaps,
  });

  installGraphqlGuards(app, graphqlGuards, rateLimiting);

  await app.register(graphiqlRoutes);
  // The reference web client (web/) at `/`.
  await app.register(webClientRoutes, {});

  if (options.workers ?? true) {
    app.addHook('onReady', async () => {
      // Commits of other instances on the same database, for subscriptions and caches.
      await feed.listen();
      // Revocations made on other instances.
      await revocations.listen();
      // Bots whose turn came while the service was down (or in another process) play now.
      for (const gameId of await games.gamesWithBotTurns()) bots.kick(gameId);
      // Webhook delivery and turn timers; their first sweep picks up whatever a stop left due.
      await asyncPlay.start();
      await table.start();
      archive.kick();
    });
  }
  return app;
}

/** At shutdown, before the HTTP server closes: tell every websocket client why (1001, going away). */
function closeWebsocketsGoingAway(this: FastifyInstance, done: () => void): void {
  for (const socket of this.websocketServer.clients) socket.close(1001, 'server shutting down');
  this.websocketServer.close();
  done();
}

/** Resolver maps side by side: type by type, field by field (Query and Mutation from both). */
function mergeResolvers(...maps: Record<string, unknown>[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) {
      const existing = merged[type];
      const plain = (value: unknown) => typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
      merged[type] = plain(existing) && plain(fields) ? { ...(existing as object), ...(fields as object) } : fields;
    }
  }
  return merged;
}
