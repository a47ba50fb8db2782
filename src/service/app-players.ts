/**
 * An app's players, by the app's own user ids (`externalId`, unique per app). `upsert` finds or creates
 * the player in one idempotent call: a unique index on (app_id, external_id) and INSERT ... ON CONFLICT
 * make any number of concurrent calls for one id end with one player. An app sees only its own players:
 * another app's player, or one registered on its own, is as absent as a missing one (404).
 *
 * An app's players are ordinary players (they play, they are named in games) that hold no token until the
 * app mints one for them (src/http/routes/app-tokens.ts). They do not count against the anonymous registration budget; each app has its
 * own budget of new players per hour (AppPrincipal.playersPerHour).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../store/database.js';
import type { AppPrincipal } from './apps.js';
import { ServiceError } from './errors.js';
import { clampLimit, decodeKeyset, encodeKeyset, isUuid, pageOf } from './pagination.js';

export const MAX_EXTERNAL_ID_LENGTH = 256;

export interface AppPlayerView {
  readonly id: string;
  readonly name: string;
  readonly externalId: string;
  readonly createdAt: string;
}

type Row = { id: string; name: string; externalId: string | null; createdAt: Date };

const HOUR_MS = 3_600_000;

const view = (row: Row): AppPlayerView => ({ id: row.id, name: row.name, externalId: row.externalId ?? '', createdAt: row.createdAt.toISOString() });

/** The site's own id for a user: 1 to 256 characters, no control characters (else 400 BAD_REQUEST). */
export function checkExternalId(externalId: unknown): string {
  if (typeof externalId !== 'string' || externalId.length === 0 || externalId.length > MAX_EXTERNAL_ID_LENGTH) {
    throw new ServiceError('BAD_REQUEST', `externalId is a string of 1 to ${MAX_EXTERNAL_ID_LENGTH} characters`);
  }
  if (/\p{Cc}/u.test(externalId)) throw new ServiceError('BAD_REQUEST', 'externalId may not contain control characters');
  // A lone surrogate (half of a UTF-16 pair) is no character at all.
  if (/\p{Cs}/u.test(externalId)) throw new ServiceError('BAD_REQUEST', 'externalId must be well-formed Unicode');
  return externalId;
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 64) throw new ServiceError('BAD_REQUEST', 'a name has 1 to 64 characters');
  return trimmed;
}

const notFound = (id: string) => new ServiceError('PLAYER_NOT_FOUND', `no player ${id} of this app`);

export class AppPlayerService {
  constructor(private readonly db: Database) {}

  /**
   * The app's player for `externalId`, created with `name` if there is none (the name of an existing
   * player is left as it is: rename it with `rename`). `created` says which.
   */
  async upsert(app: AppPrincipal, input: { externalId: string; name?: string | undefined }): Promise<{ player: AppPlayerView; created: boolean }> {
    const externalId = checkExternalId(input.externalId);
    const name = input.name === undefined ? undefined : checkName(input.name);
    const existing = await this.db.player.findUnique({
      where: { appId_externalId: { appId: app.id, externalId } },
      select: { id: true, name: true, externalId: true, createdAt: true },
    });
    if (existing) return { player: view(existing), created: false };
    await this.checkBudget(app);
    const id = randomUUID();
    const [row] = await this.db.$queryRaw<(Row & { created: boolean })[]>`
      INSERT INTO players (id, name, app_id, external_id)
      VALUES (${id}::uuid, ${name ?? `player-${id.slice(0, 8)}`}, ${app.id}::uuid, ${externalId})
      ON CONFLICT (app_id, external_id) DO UPDATE SET external_id = EXCLUDED.external_id
      RETURNING id::text, name, external_id AS "externalId", created_at AS "createdAt", (id = ${id}::uuid) AS created`;
    if (!row) throw new Error('the upsert returned no row');
    const { created, ...player } = row;
    return { player: view(player), created };
  }

  async get(app: AppPrincipal, playerId: string): Promise<AppPlayerView> {
    return view(await this.own(app, playerId));
  }

  async rename(app: AppPrincipal, playerId: string, name: string): Promise<AppPlayerView> {
    const checked = checkName(name);
    await this.own(app, playerId);
    const row = await this.db.player.update({ where: { id: playerId }, data: { name: checked }, select: { id: true, name: true, externalId: true, createdAt: true } });
    return view(row);
  }

  /** The app's players, oldest first, a page at a time; `externalId` finds one (a page of 0 or 1). */
  async list(app: AppPrincipal, query: { cursor?: string | undefined; limit?: number | undefined; externalId?: string | undefined } = {}): Promise<{ items: AppPlayerView[]; nextCursor: string | null }> {
    const limit = clampLimit(query.limit, 50, 200);
    const after = query.cursor ? decodeKeyset(query.cursor) : null;
    const rows = await this.db.player.findMany({
      where: {
        appId: app.id,
        ...(query.externalId !== undefined ? { externalId: checkExternalId(query.externalId) } : {}),
        ...(after ? { OR: [{ createdAt: { gt: after.at } }, { createdAt: after.at, id: { gt: after.id } }] } : {}),
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit + 1,
      select: { id: true, name: true, externalId: true, createdAt: true },
    });
    return pageOf(rows, limit, (last) => encodeKeyset(last.createdAt, last.id), view);
  }

  /** The app's player with this id; anyone else's is 404, like a missing one (ids do not leak). */
  async own(app: AppPrincipal, playerId: string): Promise<Row> {
    if (!isUuid(playerId)) throw notFound(playerId);
    const row = await this.db.player.findFirst({ where: { id: playerId, appId: app.id }, select: { id: true, name: true, externalId: true, createdAt: true } });
    if (!row) throw notFound(playerId);
    return row;
  }

  /** New players per hour per app (finding an existing one costs nothing). */
  private async checkBudget(app: AppPrincipal): Promise<void> {
    const since = new Date(Date.now() - HOUR_MS);
    const made = await this.db.player.count({ where: { appId: app.id, createdAt: { gt: since } } });
    if (made >= app.playersPerHour) {
      throw new ServiceError('RATE_LIMITED', `this app created ${app.playersPerHour} players in the last hour, its budget; retry later`);
    }
  }
}
