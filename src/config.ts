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
  /** Largest accepted request body, in bytes. */
  BODY_LIMIT: Type.Integer({ minimum: 1024, default: 65536 }),
  RECORD_BODY_LIMIT: Type.Integer({ minimum: 1024, default: 8388608 }),
  /** Moves between two snapshots of a game's state. */
  SNAPSHOT_EVERY: Type.Integer({ minimum: 1, default: 100 }),
  /** Games whose state is kept in memory (least recently used are dropped). */
  STATE_CACHE_SIZE: Type.Integer({ minimum: 0, default: 1000 }),
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
});

export type Config = Static<typeof ConfigSchema>;

const INTEGER_KEYS = new Set(['PORT', 'EMBEDDED_PG_PORT', 'BODY_LIMIT', 'RECORD_BODY_LIMIT', 'SNAPSHOT_EVERY', 'STATE_CACHE_SIZE', 'WEBHOOK_TIMEOUT_MS', 'WEBHOOK_MAX_PAYLOAD_BYTES']);

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
export function webhookSettings(config: Pick<Config, 'WEBHOOK_ALLOWED_HOSTS' | 'WEBHOOK_TIMEOUT_MS' | 'WEBHOOK_MAX_PAYLOAD_BYTES'>) {
  return {
    allowedHosts: config.WEBHOOK_ALLOWED_HOSTS.split(',').map((h) => h.trim()).filter((h) => h.length > 0),
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    maxPayloadBytes: config.WEBHOOK_MAX_PAYLOAD_BYTES,
  };
}
