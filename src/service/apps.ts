/**
 * Apps: sites that host their community on Portolan. The operator creates an app and receives its key
 * once (`app_` + 32 random bytes); only the key's SHA-256 is stored. A rotation issues a new key and keeps
 * the previous one working for an overlap period, so the site can deploy the new key without downtime.
 * A disabled app's key is refused (APP_DISABLED) until it is enabled again.
 *
 * The HTTP API (src/http/routes/apps-admin.ts) and the command line (scripts/app.ts) both use this class.
 * A key's app is kept in memory for at most KEY_CACHE_MS, so a disable or the end of an overlap reaches
 * every instance within that time without a database read per request.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../store/database.js';
import type { Clock } from '../store/clock.js';
import { ServiceError } from './errors.js';
import { LruCache } from './game-state.js';
import { clampLimit, decodeKeyset, encodeKeyset, isUuid, pageOf } from './pagination.js';

export const APP_KEY_PREFIX = 'app_';

/** The app a request's key belongs to, with its budgets in effect (its own, or the defaults). */
export interface AppPrincipal {
  readonly id: string;
  readonly name: string;
  readonly requestsPerMinute: number;
  readonly playersPerHour: number;
}

export interface AppView {
  readonly id: string;
  readonly name: string;
  readonly enabled: boolean;
  readonly disabledAt: string | null;
  /** The app's own budgets; null: the service's defaults apply. */
  readonly requestsPerMinute: number | null;
  readonly playersPerHour: number | null;
  /** Until when the key before the last rotation is still accepted (null: it is not). */
  readonly previousKeyValidUntil: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface AppBudgets {
  readonly requestsPerMinute?: number | null | undefined;
  readonly playersPerHour?: number | null | undefined;
}

export interface AppDefaults {
  readonly requestsPerMinute: number;
  readonly playersPerHour: number;
  /** How long the previous key keeps working after a rotation, unless the rotation says otherwise. */
  readonly keyOverlapMs: number;
}

export const DEFAULT_APP_SETTINGS: AppDefaults = { requestsPerMinute: 6000, playersPerHour: 10_000, keyOverlapMs: 24 * 3_600_000 };

type AppRow = {
  id: string; name: string; keyHash: string; previousKeyHash: string | null; previousKeyUntil: Date | null; disabledAt: Date | null;
  requestsPerMinute: number | null; playersPerHour: number | null; createdAt: Date; updatedAt: Date;
};

/** How long a key's app is believed without asking the database again. */
const KEY_CACHE_MS = 1000;
const KEY_CACHE_SIZE = 1000;
/** The longest overlap a rotation may ask for. */
export const MAX_KEY_OVERLAP_SECONDS = 30 * 86_400;

const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');
const newKey = (): string => APP_KEY_PREFIX + randomBytes(32).toString('base64url');
const notFound = (id: string) => new ServiceError('APP_NOT_FOUND', `no app ${id}`);

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 100) throw new ServiceError('BAD_REQUEST', 'an app name has 1 to 100 characters');
  if (/\p{Cc}/u.test(trimmed)) throw new ServiceError('BAD_REQUEST', 'an app name may not contain control characters');
  return trimmed;
}

function checkBudget(value: number | null | undefined, what: string): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (!Number.isInteger(value) || value < 1 || value > 1_000_000) throw new ServiceError('BAD_REQUEST', `${what} is an integer from 1 to 1000000 (or null for the default)`);
  return value;
}

export class AppService {
  private readonly byKey = new LruCache<{ app: AppPrincipal | ServiceError; until: number }>(KEY_CACHE_SIZE);

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly defaults: AppDefaults = DEFAULT_APP_SETTINGS,
  ) {}

  /** A new app and its key, which is shown only now. */
  async create(name: string, budgets: AppBudgets = {}): Promise<{ app: AppView; key: string }> {
    const key = newKey();
    const now = this.clock.now();
    const row = await this.db.app.create({
      data: {
        id: randomUUID(), name: checkName(name), keyHash: hashKey(key), createdAt: now, updatedAt: now,
        requestsPerMinute: checkBudget(budgets.requestsPerMinute, 'requestsPerMinute') ?? null,
        playersPerHour: checkBudget(budgets.playersPerHour, 'playersPerHour') ?? null,
      },
    });
    return { app: this.view(row), key };
  }

  /** Every app, oldest first, a page at a time. */
  async list(page: { cursor?: string | undefined; limit?: number | undefined } = {}): Promise<{ items: AppView[]; nextCursor: string | null }> {
    const limit = clampLimit(page.limit, 50, 200);
    const after = page.cursor ? decodeKeyset(page.cursor) : null;
    const rows = await this.db.app.findMany({
      where: after ? { OR: [{ createdAt: { gt: after.at } }, { createdAt: after.at, id: { gt: after.id } }] } : {},
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit + 1,
    });
    return pageOf(rows, limit, (last) => encodeKeyset(last.createdAt, last.id), (row) => this.view(row));
  }

  async get(id: string): Promise<AppView> {
    return this.view(await this.row(id));
  }

  /** Renames the app or changes its budgets (null: back to the default). */
  async update(id: string, patch: AppBudgets & { name?: string | undefined }): Promise<AppView> {
    await this.row(id);
    const row = await this.db.app.update({
      where: { id },
      data: {
        ...(patch.name !== undefined ? { name: checkName(patch.name) } : {}),
        ...(patch.requestsPerMinute !== undefined ? { requestsPerMinute: checkBudget(patch.requestsPerMinute, 'requestsPerMinute') } : {}),
        ...(patch.playersPerHour !== undefined ? { playersPerHour: checkBudget(patch.playersPerHour, 'playersPerHour') } : {}),
        updatedAt: this.clock.now(),
      },
    });
    this.byKey.clear();
    return this.view(row);
  }

  /**
   * A new key, shown only now. The key in use until now keeps working for `overlapSeconds` (default:
   * the configured overlap; 0 ends it at once, as after a leak); a key older than that stops now.
   */
  async rotateKey(id: string, overlapSeconds?: number): Promise<{ app: AppView; key: string }> {
    const current = await this.row(id);
    const overlapMs = overlapSeconds === undefined ? this.defaults.keyOverlapMs : overlapSeconds * 1000;
    if (!Number.isInteger(overlapMs) || overlapMs < 0 || overlapMs > MAX_KEY_OVERLAP_SECONDS * 1000) {
      throw new ServiceError('BAD_REQUEST', `overlapSeconds is an integer from 0 to ${MAX_KEY_OVERLAP_SECONDS}`);
    }
    const key = newKey();
    const now = this.clock.now();
    const row = await this.db.app.update({
      where: { id },
      data: {
        keyHash: hashKey(key),
        previousKeyHash: overlapMs > 0 ? current.keyHash : null,
        previousKeyUntil: overlapMs > 0 ? new Date(now.getTime() + overlapMs) : null,
        updatedAt: now,
      },
    });
    this.byKey.clear();
    return { app: this.view(row), key };
  }

  /** Disables (its key is refused with APP_DISABLED) or enables the app again. */
  async setEnabled(id: string, enabled: boolean): Promise<AppView> {
    await this.row(id);
    const now = this.clock.now();
    const row = await this.db.app.update({ where: { id }, data: { disabledAt: enabled ? null : now, updatedAt: now } });
    this.byKey.clear();
    return this.view(row);
  }

  /**
   * The app a key belongs to (its current key, or the previous one during the overlap). An unknown key
   * is UNAUTHENTICATED, a disabled app's key APP_DISABLED (both 401); both are remembered briefly too.
   */
  async authenticate(key: string): Promise<AppPrincipal> {
    const nowMs = Date.now();
    const cached = this.byKey.get(key);
    if (cached && cached.until > nowMs) {
      if (cached.app instanceof ServiceError) throw cached.app;
      return cached.app;
    }
    const hash = hashKey(key);
    const now = this.clock.now();
    const row = await this.db.app.findFirst({
      where: { OR: [{ keyHash: hash }, { previousKeyHash: hash, previousKeyUntil: { gt: now } }] },
    });
    let app: AppPrincipal | ServiceError;
    if (!row) app = new ServiceError('UNAUTHENTICATED', 'unknown or expired app key');
    else if (row.disabledAt) app = new ServiceError('APP_DISABLED', 'this app is disabled: ask the operator');
    else app = this.principal(row);
    // A previous key's entry ends with its overlap, whatever the cache's own time.
    const until = Math.min(nowMs + KEY_CACHE_MS, row?.keyHash !== hash && row?.previousKeyUntil ? row.previousKeyUntil.getTime() : Infinity);
    this.byKey.set(key, { app, until });
    if (app instanceof ServiceError) throw app;
    return app;
  }

  private principal(row: AppRow): AppPrincipal {
    return {
      id: row.id,
      name: row.name,
      requestsPerMinute: row.requestsPerMinute ?? this.defaults.requestsPerMinute,
      playersPerHour: row.playersPerHour ?? this.defaults.playersPerHour,
    };
  }

  private async row(id: string): Promise<AppRow> {
    if (!isUuid(id)) throw notFound(id);
    const row = await this.db.app.findUnique({ where: { id } });
    if (!row) throw notFound(id);
    return row;
  }

  private view(row: AppRow): AppView {
    const now = this.clock.now();
    return {
      id: row.id,
      name: row.name,
      enabled: row.disabledAt === null,
      disabledAt: row.disabledAt?.toISOString() ?? null,
      requestsPerMinute: row.requestsPerMinute,
      playersPerHour: row.playersPerHour,
      previousKeyValidUntil: row.previousKeyUntil && row.previousKeyUntil > now ? row.previousKeyUntil.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}
