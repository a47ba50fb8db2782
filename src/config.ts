/**
 * Configuration from environment variables, validated once at start with messages that say what to fix.
 * Nothing else reads process.env.
 */
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

const ConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  /** When unset, an embedded Postgres is started with its data under DATA_DIR. */
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATA_DIR: Type.String({ minLength: 1, default: '.data' }),
  EMBEDDED_PG_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 54329 }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  /**
   * Processes serving on this machine (node:cluster, see src/cluster.ts): 1 = this process alone; 0 = one
   * per CPU core.
   */
  WORKERS: Type.Integer({ minimum: 0, maximum: 64, default: 1 }),
  /** Largest accepted request body, in bytes. */
  BODY_LIMIT: Type.Integer({ minimum: 1024, default: 65536 }),
  RECORD_BODY_LIMIT: Type.Integer({ minimum: 1024, default: 8388608 }),
  /** Moves between two snapshots of a game's state. */
  SNAPSHOT_EVERY: Type.Integer({ minimum: 1, default: 100 }),
  /** Games whose state is kept in memory (least recently used are dropped). */
  STATE_CACHE_SIZE: Type.Integer({ minimum: 0, default: 1000 }),
  /**
   * `on`: plain moves of different games that wait for the database together share one transaction
   * (src/store/group-commit.ts); `off`: one transaction per move (for a store sharded by game, where a
   * transaction must not span two games).
   */
  GROUP_COMMIT: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  /**
   * Comma-separated hosts, IP addresses or CIDR ranges that webhook endpoints may use although they are
   * private, loopback or link-local (e.g. `127.0.0.1,hooks.internal,10.1.0.0/16`); plain http is allowed
   * only for these. Empty: only public https endpoints.
   */
  WEBHOOK_ALLOWED_HOSTS: Type.String({ default: '' }),
  /** Time limit of one webhook delivery attempt (connect, send, answer), in milliseconds. */
  WEBHOOK_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 15_000 }),
  /** Largest webhook body; a larger one is sent without the view and the move (`truncated: true`). */
  WEBHOOK_MAX_PAYLOAD_BYTES: Type.Integer({ minimum: 1024, default: 262_144 }),
  /**
   * After SIGTERM/SIGINT: how long in-flight requests and webhook deliveries may take to finish before
   * their connections are cut (and the process exits 1 instead of 0). Above WEBHOOK_TIMEOUT_MS, so a
   * delivery under way can finish; below the orchestrator's kill timeout (Kubernetes: 30 s; Docker: 10 s
   * unless `docker stop -t` or compose's `stop_grace_period` says more).
   */
  SHUTDOWN_GRACE_MS: Type.Integer({ minimum: 0, maximum: 600_000, default: 20_000 }),
  /** An idempotency key replays its first answer for this long; then it is forgotten and purged. */
  IDEMPOTENCY_TTL_HOURS: Type.Integer({ minimum: 1, maximum: 8_760, default: 24 }),
  /** Finished webhook deliveries (delivered or failed) and their attempt records are kept this long. */
  WEBHOOK_RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 3_650, default: 30 }),
  /** Snapshots kept per game (the newest); older ones are pruned. 0 keeps them all. */
  SNAPSHOTS_KEPT: Type.Integer({ minimum: 0, default: 3 }),
  /**
   * Besides the newest, one snapshot per this many moves is kept for good (the first of each span), so that
   * any past position replays from a snapshot at most about this many moves before it. 0: none kept.
   */
  SNAPSHOT_CHECKPOINT_EVERY: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 1_000 }),
  /** When the retention purge runs (cron, UTC, on the job queue: one instance runs each occurrence). */
  RETENTION_CRON: Type.String({ minLength: 9, default: '17 * * * *' }),
  /**
   * Comma-separated origins a browser app may call from (`https://app.example,https://other.example`),
   * or `*` for any origin (safe: tokens are bearer headers, never cookies). Empty: no cross-origin calls.
   */
  CORS_ORIGINS: Type.String({ default: '' }),
  /** Requests per minute per token (per client address without a token). */
  RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 600 }),
  /** Registrations per hour per client address. */
  RATE_LIMIT_REGISTRATIONS_PER_HOUR: Type.Integer({ minimum: 1, default: 20 }),
  /** Game creations per hour per token. */
  RATE_LIMIT_GAMES_PER_HOUR: Type.Integer({ minimum: 1, default: 60 }),
  /** Webhook endpoint changes (create, change, enable, rotate, delete, redeliver) per hour per token. */
  RATE_LIMIT_WEBHOOK_CHANGES_PER_HOUR: Type.Integer({ minimum: 1, default: 60 }),
  /** Redis URL (`redis://...`) for the rate-limit counters; unset: they live in Postgres. */
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  /**
   * Proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDR ranges), so that limits
   * apply per client and not per proxy. Empty: the socket's address is the client.
   */
  TRUST_PROXY: Type.String({ default: '' }),
  /** Deepest GraphQL selection accepted. */
  GRAPHQL_MAX_DEPTH: Type.Integer({ minimum: 1, default: 8 }),
  /** Most aliases in one GraphQL operation. */
  GRAPHQL_MAX_ALIASES: Type.Integer({ minimum: 0, default: 10 }),
  /** Highest computed cost of one GraphQL request (see docs/operations/index.md, "Running it in public"). */
  GRAPHQL_MAX_COST: Type.Integer({ minimum: 1, default: 1000 }),
  /** Wall-clock budget of one GraphQL request; work left after it is refused with QUERY_TIMEOUT. */
  GRAPHQL_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 500 }),
  /** Time a subscription socket has to send `connection_init` before it is closed with 4408, in milliseconds. */
  SUBSCRIPTION_INIT_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 5_000 }),
  /** Subscriptions one websocket connection may run at once (more are refused with TOO_MANY_SUBSCRIPTIONS). */
  SUBSCRIPTION_MAX_PER_CONNECTION: Type.Integer({ minimum: 1, maximum: 1000, default: 20 }),
  /** Subscription connections one token may hold open on one instance (more are closed with 4429). */
  SUBSCRIPTION_MAX_CONNECTIONS_PER_TOKEN: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
  /**
   * The operator's credential (`Authorization: Bearer <ADMIN_KEY>`, at least 32 characters) for the
   * operator-only routes under /v1/admin. Unset: those routes do not exist (404).
   */
  ADMIN_KEY: Type.Optional(Type.String({ minLength: 32 })),
  /**
   * Passkeys (WebAuthn): the relying party's id, the site's domain (`games.example.org`), and the origins
   * sign-ins may come from (comma-separated, `https://games.example.org`). Unset: the host of each request
   * (right when the web client is served by this service; set both when it is hosted elsewhere).
   */
  WEBAUTHN_RP_ID: Type.Optional(Type.String({ minLength: 1, pattern: '^[a-z0-9.-]+$' })),
  WEBAUTHN_ORIGIN: Type.Optional(Type.String({ minLength: 1 })),
  /** Webhook endpoints one player may register. */
  WEBHOOK_MAX_ENDPOINTS: Type.Integer({ minimum: 1, maximum: 1000, default: 20 }),
  // Apps (a site's community; src/service/apps.ts). The operator may set an app's own budgets.
  /** Requests per minute with one app's key, for apps without a budget of their own. */
  APP_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 6000 }),
  /** New players one app may create per hour, for apps without a budget of their own. */
  APP_PLAYERS_PER_HOUR: Type.Integer({ minimum: 1, default: 10000 }),
  /** After an app's key is rotated, how long the previous key keeps working, in seconds (unless the rotation says). */
  APP_KEY_OVERLAP_SECONDS: Type.Integer({ minimum: 0, maximum: 2_592_000, default: 86400 }),
  // ---- the edge: work off the event loop, caps on games, streams and sockets, timeouts (docs/edge.md) ----
  /** Worker threads for CPU-heavy work (record checks, long replays, bot turns). Unset: half the cores; 0: none (all inline). */
  CPU_THREADS: Type.Optional(Type.Integer({ minimum: 0, maximum: 64 })),
  /** Hard limit of one such task, waiting included; its thread is stopped after it, in milliseconds. */
  CPU_TASK_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 10_000 }),
  /** Tasks that may wait for a worker thread; more are refused with 503 SERVER_BUSY. */
  CPU_MAX_QUEUE: Type.Integer({ minimum: 1, maximum: 100_000, default: 64 }),
  /** Bot turns computed at once on one instance (the others wait their turn). */
  BOT_TURNS_IN_FLIGHT: Type.Integer({ minimum: 1, maximum: 1000, default: 2 }),
  /** A past state that replays at least this many stored moves is rebuilt in a worker thread. */
  REPLAY_OFFLOAD_MIN_MOVES: Type.Integer({ minimum: 1, default: 200 }),
  /** Record verifications per minute per client address. */
  RATE_LIMIT_VERIFICATIONS_PER_MINUTE: Type.Integer({ minimum: 1, default: 10 }),
  /** Moves one game may have; the next is refused with MOVE_LIMIT_REACHED (resignations still end it). */
  MAX_MOVES_PER_GAME: Type.Integer({ minimum: 1, default: 50_000 }),
  /** Running games with a bot in every seat that one player may have started; more: 429 TOO_MANY_BOT_GAMES. */
  BOT_GAMES_PER_PLAYER: Type.Integer({ minimum: 0, default: 3 }),
  /** Running games with a bot in every seat, all players together; more: 429 TOO_MANY_BOT_GAMES. */
  BOT_GAMES_MAX: Type.Integer({ minimum: 0, default: 100 }),
  /** Server-Sent Event streams open at once per token, per client address and in all (per instance); more: 429 / 503. */
  SSE_MAX_PER_TOKEN: Type.Integer({ minimum: 1, default: 10 }),
  SSE_MAX_PER_ADDRESS: Type.Integer({ minimum: 1, default: 50 }),
  SSE_MAX_TOTAL: Type.Integer({ minimum: 1, default: 5_000 }),
  /** Websockets without a token (before or without one) per client address and in all (per instance); more are closed with 4429. */
  WS_ANONYMOUS_MAX_PER_ADDRESS: Type.Integer({ minimum: 1, default: 10 }),
  WS_ANONYMOUS_MAX_TOTAL: Type.Integer({ minimum: 1, default: 1_000 }),
  /** Time a client has to send a whole request (headers and body); a slower one is cut (408). 0: no limit. */
  REQUEST_TIMEOUT_MS: Type.Integer({ minimum: 0, maximum: 3_600_000, default: 30_000 }),
  /** A socket with nothing sent either way for this long is closed. 0: never. */
  CONNECTION_TIMEOUT_MS: Type.Integer({ minimum: 0, maximum: 3_600_000, default: 120_000 }),
  /** An idle keep-alive connection is closed after this long. */
  KEEP_ALIVE_TIMEOUT_MS: Type.Integer({ minimum: 1, maximum: 3_600_000, default: 72_000 }),
  // At the table (docs/table.md): challenges, seeks, chat.
  /** How long a challenge waits when its creator says nothing, in hours. */
  CHALLENGE_EXPIRY_HOURS: Type.Integer({ minimum: 1, maximum: 8760, default: 168 }),
  /** The longest a creator may let a challenge wait, in hours. */
  CHALLENGE_MAX_EXPIRY_HOURS: Type.Integer({ minimum: 1, maximum: 8760, default: 720 }),
  /** How long a seek waits when its player says nothing, in minutes. */
  SEEK_EXPIRY_MINUTES: Type.Integer({ minimum: 1, maximum: 10080, default: 60 }),
  /** Longest table chat message, in characters. */
  CHAT_MAX_LENGTH: Type.Integer({ minimum: 1, maximum: 2000, default: 500 }),
  /** Chat messages one player may post per minute. */
  CHAT_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 10000, default: 10 }),
  /** Vacation days a player may take per year (accruing day by day). */
  VACATION_DAYS_PER_YEAR: Type.Integer({ minimum: 0, maximum: 366, default: 21 }),
  // ---- operations (metrics) ----
  /** Port of the metrics listener (`GET /metrics`, Prometheus text format). Unset: no metrics listener. */
  METRICS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  /** Interface of the metrics listener; keep it reachable by the scraper only. Default: HOST. */
  METRICS_HOST: Type.Optional(Type.String({ minLength: 1 })),
});

export type Config = Static<typeof ConfigSchema>;

// Variables whose schema is an integer are read as numbers (the rest stay strings for the schema to check).
const INTEGER_KEYS = new Set(
  Object.entries(ConfigSchema.properties).filter(([, schema]) => (schema as { type?: unknown }).type === 'integer').map(([key]) => key),
);

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads and checks the configuration; throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key];
    if (value === undefined || value === '') continue;
    raw[key] = INTEGER_KEYS.has(key) && /^-?\d+$/.test(value) ? Number(value) : value;
  }
  const withDefaults = Value.Default(ConfigSchema, raw);
  if (Value.Check(ConfigSchema, withDefaults)) return withDefaults;
  const problems = Value.Errors(ConfigSchema, withDefaults).map(
    (e) => `${e.instancePath.slice(1) || 'config'}=${JSON.stringify(env[e.instancePath.slice(1)] ?? '')}: ${e.message}`,
  );
  throw new ConfigError(`invalid configuration:\n  ${[...new Set(problems)].join('\n  ')}`);
}

/** The webhook settings of a configuration, as the app takes them. */
export function webhookSettings(config: Pick<Config, 'WEBHOOK_ALLOWED_HOSTS' | 'WEBHOOK_TIMEOUT_MS' | 'WEBHOOK_MAX_PAYLOAD_BYTES' | 'WEBHOOK_MAX_ENDPOINTS'>) {
  return {
    allowedHosts: config.WEBHOOK_ALLOWED_HOSTS.split(',').map((h) => h.trim()).filter((h) => h.length > 0),
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    maxPayloadBytes: config.WEBHOOK_MAX_PAYLOAD_BYTES,
    maxEndpointsPerPlayer: config.WEBHOOK_MAX_ENDPOINTS,
  };
}

/** The subscription limits of a configuration, as the app takes them. */
export function subscriptionSettings(config: Pick<Config, 'SUBSCRIPTION_INIT_TIMEOUT_MS' | 'SUBSCRIPTION_MAX_PER_CONNECTION' | 'SUBSCRIPTION_MAX_CONNECTIONS_PER_TOKEN' | 'BODY_LIMIT'>) {
  return {
    initTimeoutMs: config.SUBSCRIPTION_INIT_TIMEOUT_MS,
    maxPerConnection: config.SUBSCRIPTION_MAX_PER_CONNECTION,
    maxConnectionsPerToken: config.SUBSCRIPTION_MAX_CONNECTIONS_PER_TOKEN,
    maxMessageBytes: config.BODY_LIMIT,
  };
}

/** The app defaults of a configuration, as the app takes them (src/service/apps.ts). */
export function appSettings(config: Pick<Config, 'APP_RATE_LIMIT_PER_MINUTE' | 'APP_PLAYERS_PER_HOUR' | 'APP_KEY_OVERLAP_SECONDS'>) {
  return {
    requestsPerMinute: config.APP_RATE_LIMIT_PER_MINUTE,
    playersPerHour: config.APP_PLAYERS_PER_HOUR,
    keyOverlapMs: config.APP_KEY_OVERLAP_SECONDS * 1000,
  };
}

/** The retention settings of a configuration, as the app takes them (src/jobs/retention.ts). */
export function retentionSettings(config: Pick<Config, 'IDEMPOTENCY_TTL_HOURS' | 'WEBHOOK_RETENTION_DAYS' | 'SNAPSHOTS_KEPT' | 'SNAPSHOT_CHECKPOINT_EVERY' | 'RETENTION_CRON'>) {
  return {
    idempotencyTtlMs: config.IDEMPOTENCY_TTL_HOURS * 3_600_000,
    webhookRetentionMs: config.WEBHOOK_RETENTION_DAYS * 86_400_000,
    snapshotsKept: config.SNAPSHOTS_KEPT,
    snapshotCheckpointEvery: config.SNAPSHOT_CHECKPOINT_EVERY,
    cron: config.RETENTION_CRON,
  };
}

const list = (value: string) => value.split(',').map((item) => item.trim()).filter((item) => item.length > 0);

/** The public-edge settings of a configuration (CORS, rate limits, GraphQL limits), as the app takes them. */
export function edgeSettings(config: Config) {
  return {
    corsOrigins: list(config.CORS_ORIGINS),
    trustProxy: list(config.TRUST_PROXY),
    redisUrl: config.REDIS_URL,
    rateLimits: {
      perMinute: config.RATE_LIMIT_PER_MINUTE,
      registrationsPerHour: config.RATE_LIMIT_REGISTRATIONS_PER_HOUR,
      gamesPerHour: config.RATE_LIMIT_GAMES_PER_HOUR,
      webhookChangesPerHour: config.RATE_LIMIT_WEBHOOK_CHANGES_PER_HOUR,
      verificationsPerMinute: config.RATE_LIMIT_VERIFICATIONS_PER_MINUTE,
    },
    graphqlLimits: {
      maxDepth: config.GRAPHQL_MAX_DEPTH,
      maxAliases: config.GRAPHQL_MAX_ALIASES,
      maxCost: config.GRAPHQL_MAX_COST,
      timeoutMs: config.GRAPHQL_TIMEOUT_MS,
    },
    ...workSettings(config),
  };
}

/** The work and connection budgets of a configuration (docs/edge.md), as the app takes them. */
export function workSettings(config: Config) {
  return {
    cpu: {
      ...(config.CPU_THREADS !== undefined ? { threads: config.CPU_THREADS } : {}),
      taskTimeoutMs: config.CPU_TASK_TIMEOUT_MS,
      maxQueue: config.CPU_MAX_QUEUE,
      botsInFlight: config.BOT_TURNS_IN_FLIGHT,
      replayMinMoves: config.REPLAY_OFFLOAD_MIN_MOVES,
    },
    maxMovesPerGame: config.MAX_MOVES_PER_GAME,
    botGames: { perPlayer: config.BOT_GAMES_PER_PLAYER, total: config.BOT_GAMES_MAX },
    connectionCaps: {
      ssePerToken: config.SSE_MAX_PER_TOKEN,
      ssePerAddress: config.SSE_MAX_PER_ADDRESS,
      sseTotal: config.SSE_MAX_TOTAL,
      anonymousSocketsPerAddress: config.WS_ANONYMOUS_MAX_PER_ADDRESS,
      anonymousSocketsTotal: config.WS_ANONYMOUS_MAX_TOTAL,
    },
    httpTimeouts: {
      requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
      connectionTimeoutMs: config.CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_MS,
    },
  };
}

/** The table's settings of a configuration (src/table.ts). */
export function tableSettings(config: Pick<Config, 'CHALLENGE_EXPIRY_HOURS' | 'CHALLENGE_MAX_EXPIRY_HOURS' | 'SEEK_EXPIRY_MINUTES' | 'CHAT_MAX_LENGTH' | 'CHAT_PER_MINUTE' | 'VACATION_DAYS_PER_YEAR'>) {
  return {
    defaultExpirySeconds: Math.min(config.CHALLENGE_EXPIRY_HOURS, config.CHALLENGE_MAX_EXPIRY_HOURS) * 3600,
    maxExpirySeconds: config.CHALLENGE_MAX_EXPIRY_HOURS * 3600,
    defaultSeekSeconds: config.SEEK_EXPIRY_MINUTES * 60,
    chatMaxLength: config.CHAT_MAX_LENGTH,
    chatPerMinute: config.CHAT_PER_MINUTE,
    vacationDaysPerYear: config.VACATION_DAYS_PER_YEAR,
  };
}
