/**
 * The whole application as one Fastify instance: REST under /v1, GraphQL at /graphql (GraphiQL at
 * /graphiql), OpenAPI at /docs, health checks. Tests build it with `buildApp` and talk to it through
 * `inject`; src/server.ts starts it for real (config, embedded Postgres, migrations, listen, shutdown).
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import mercurius from 'mercurius';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AnyGameDefinition } from './engine/types.js';
import { GAMES, createRegistry } from './games/registry.js';
import { openDatabase, type Database } from './store/database.js';
import { EventStore } from './store/event-store.js';
import { GameService } from './service/game-service.js';
import { GameEvents } from './service/game-events.js';
import { PlayerService } from './service/players.js';
import { BotDriver } from './service/bot-driver.js';
import { authPlugin, playerFromHeader } from './http/auth.js';
import { installErrorHandlers } from './http/errors.js';
import { SHARED_SCHEMAS } from './http/schemas.js';
import { gameRoutes } from './http/routes/games.js';
import { playerRoutes } from './http/routes/players.js';
import { gameTypeRoutes } from './http/routes/game-types.js';
import { healthRoutes } from './http/routes/health.js';
import { schema } from './graphql/schema.js';
import { createResolvers } from './graphql/resolvers.js';
import { asyncPlayResolvers, asyncPlaySchema } from './graphql/webhooks.js';
import { graphqlErrorFormatter } from './graphql/errors.js';
import { createAsyncPlay } from './jobs/async-play.js';
import { systemClock, type Clock } from './timers/clock.js';
import type { TimerOptions, TurnTimers } from './timers/timers.js';
import type { WebhookDispatcher, WebhookOptions } from './webhooks/dispatcher.js';
import type { WebhookService } from './webhooks/service.js';
import { webhookRoutes } from './http/routes/webhooks.js';
import { recordRoutes } from './http/routes/records.js';
import { GameRecord } from './http/record-schemas.js';
import { ResultsStore } from './store/results-store.js';
import { ArchiveService } from './service/archive.js';
import { RecordService } from './service/records.js';
import { recordResolvers, recordSchema } from './graphql/records.js';

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
  /** Start background work (bots, deliveries, timers). Off only for tools that never touch the database. */
  readonly workers?: boolean;
  /** Time for turn clocks, deadlines and webhook retries; tests inject one they move by hand. */
  readonly clock?: Clock;
  /** Webhook delivery settings (src/server.ts passes the WEBHOOK_* variables); default: no private hosts allowed. */
  readonly webhooks?: Partial<WebhookOptions>;
  readonly timers?: Partial<TimerOptions>;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    games: GameService;
    players: PlayerService;
    bots: BotDriver;
    gameEvents: GameEvents;
    webhooks: WebhookService;
    deliveries: WebhookDispatcher;
    timers: TurnTimers;
    archive: ArchiveService;
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
    // Honour a caller's request id (for tracing across services); otherwise make one.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const connections = openDatabase(options.databaseUrl, options.poolSize);
  const db = connections.db;
  const registry = createRegistry(options.games ?? GAMES);
  const events = new GameEvents();
  const players = new PlayerService(db);
  const games = new GameService(new EventStore(db, connections.pool), registry, events, {
    snapshotEvery: options.snapshotEvery ?? 100,
    cacheSize: options.stateCacheSize ?? 1000,
    clock: options.clock ?? systemClock,
  });
  const bots = new BotDriver(games, app.log);
  games.onCommitted(bots.onCommitted);
  const store = new EventStore(db, connections.pool);
  const records = new RecordService(store, games);
  const archive = new ArchiveService(new ResultsStore(connections.pool), store, new Set(registry.keys()), app.log);
  // Results and ratings follow each finished game at once; a start catches up on any a stop left behind.
  games.onCommitted((game) => {
    if (game.status === 'finished') archive.kick();
  });
  app.decorate('archive', archive);
  app.decorate('db', db).decorate('games', games).decorate('players', players).decorate('bots', bots).decorate('gameEvents', events);
  const asyncPlay = createAsyncPlay(app, {
    databaseUrl: options.databaseUrl,
    db,
    games,
    clock: options.clock ?? systemClock,
    webhooks: options.webhooks ?? {},
    timers: options.timers,
    bots,
  });
  app.decorate('webhooks', asyncPlay.webhooks).decorate('deliveries', asyncPlay.dispatcher).decorate('timers', asyncPlay.timers);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  app.addHook('onClose', async () => {
    await asyncPlay.stop();
    await bots.stop();
    await archive.stop();
    await connections.close();
  });

  installErrorHandlers(app);
  for (const shared of [...SHARED_SCHEMAS, GameRecord]) app.addSchema(shared);

  // @fastify/websocket must be registered at the root, before mercurius, for subscriptions.
  await app.register(websocket);
  await app.register(swagger, {
    hideUntagged: true, // GraphQL's own routes are documented by its schema, not here
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Portolan',
        version: API_VERSION,
        description: 'Event-sourced hosting for play-by-web board games. Every game is an append-only log of moves.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(authPlugin, { players });
  await app.register(healthRoutes, { db });
  await app.register(
    async (v1) => {
      await v1.register(playerRoutes, { players, games });
      await v1.register(gameTypeRoutes, { registry });
      await v1.register(gameRoutes, { games });
      await v1.register(webhookRoutes, { webhooks: asyncPlay.webhooks });
      await v1.register(recordRoutes, { records, archive, registry, verifyBodyLimit: options.recordBodyLimit ?? 8 * 1024 * 1024 });
    },
    { prefix: '/v1' },
  );
  await app.register(mercurius, {
    schema: schema + asyncPlaySchema + recordSchema,
    resolvers: mergeResolvers(createResolvers(games, players, events), asyncPlayResolvers(asyncPlay.webhooks), recordResolvers(records, archive, registry)) as never,
    graphiql: true,
    path: '/graphql',
    context: async (request) => ({ player: await playerFromHeader(players, request.headers.authorization) }),
    errorFormatter: graphqlErrorFormatter,
    subscription: {
      // graphql-ws: the token travels in the connection_init payload ({ "authorization": "Bearer ..." }).
      onConnect: async ({ payload }) => {
        const header = (payload as Record<string, unknown> | undefined)?.authorization;
        return { player: await playerFromHeader(players, typeof header === 'string' ? header : undefined) };
      },
    },
  });

  if (options.workers ?? true) {
    app.addHook('onReady', async () => {
      // Bots whose turn came while the service was down (or in another process) play now.
      for (const gameId of await games.gamesWithBotTurns()) bots.kick(gameId);
      // Webhook delivery and turn timers; their first sweep picks up whatever a stop left due.
      await asyncPlay.start();
      archive.kick();
    });
  }
  return app;
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
