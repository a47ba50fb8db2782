/**
 * Webhook endpoint management, for the endpoint's owner only: a player (or an application acting with
 * that player's token), or an app, whose endpoints receive the events of all its players. Create (the secret is shown once), list, read, update, enable/disable, rotate the
 * secret, delete; list an endpoint's deliveries with their attempts, re-send one, retry the pending ones now.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../store/database.js';
import { ServiceError } from '../service/errors.js';
import type { Caller, Page } from '../service/game-service.js';
import { clampLimit, decodeKeyset, encodeKeyset, pageOf } from '../service/pagination.js';
import type { Player } from '../service/players.js';
import type { AppPrincipal } from '../service/apps.js';
import type { Clock } from '../store/clock.js';
import type { WebhookDispatcher, WebhookOptions } from './dispatcher.js';
import { WEBHOOK_EVENT_TYPES } from '../store/outbox.js';
import { newSecret } from './signing.js';
import { checkEndpointUrl } from './url-guard.js';

export interface WebhookEndpointView {
  readonly id: string;
  readonly url: string;
  readonly events: string[];
  readonly gameId: string | null;
  readonly description: string | null;
  readonly enabled: boolean;
  readonly disabledReason: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface WebhookAttemptView {
  readonly attempt: number;
  readonly at: string;
  readonly status: number | null;
  readonly latencyMs: number;
  readonly error: string | null;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryView {
  readonly id: string;
  readonly endpointId: string;
  readonly event: string;
  readonly gameId: string;
  readonly seq: number;
  readonly seat: number | null;
  /** At an app's endpoint: the app's player this delivery is for; null at a player's own endpoint. */
  readonly playerId: string | null;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly nextAttemptAt: string | null;
  readonly lastStatus: number | null;
  readonly lastLatencyMs: number | null;
  readonly lastError: string | null;
  readonly createdAt: string;
  readonly deliveredAt: string | null;
  /** The body as sent (null until the first attempt). */
  readonly payload: unknown;
  attemptLog?: WebhookAttemptView[];
}

export interface WebhookRetryView {
  readonly endpointId: string;
  /** Pending deliveries made due now. */
  readonly pending: number;
}

export interface EndpointInput {
  readonly url: string;
  readonly events: readonly string[];
  readonly gameId?: string | null | undefined;
  readonly description?: string | null | undefined;
}

export interface EndpointPatch {
  readonly url?: string | undefined;
  readonly events?: readonly string[] | undefined;
  readonly description?: string | null | undefined;
  readonly enabled?: boolean | undefined;
}

type EndpointRow = {
  id: string; url: string; eventTypes: string[]; gameId: string | null; description: string | null;
  enabled: boolean; disabledReason: string | null; createdAt: Date; updatedAt: Date;
};

/** Who owns endpoints: a player (the caller of a token), or an app (`{ app }`, with the app's key). */
export type EndpointOwner = Caller | { readonly app: AppPrincipal };

type DeliveryRow = {
  id: string; endpointId: string; playerId: string | null; eventType: string; gameId: string; seq: number; seat: number; status: string; attempts: number;
  nextAttemptAt: Date; lastStatus: number | null; lastLatencyMs: number | null; lastError: string | null; createdAt: Date;
  deliveredAt: Date | null; payload: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = (what: string) => new ServiceError('NOT_FOUND', `no ${what}`);

function requirePlayer(caller: Caller): Player {
  if (!caller) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token: register at POST /v1/players');
  return caller;
}

const isApp = (owner: EndpointOwner): owner is { readonly app: AppPrincipal } => owner !== null && 'app' in owner;

/** The owner's endpoints, as a filter. */
function ownedBy(owner: EndpointOwner): { ownerId: string } | { appId: string } {
  return isApp(owner) ? { appId: owner.app.id } : { ownerId: requirePlayer(owner).id };
}

function checkEvents(events: readonly string[]): string[] {
  const unique = [...new Set(events)];
  if (unique.length === 0) throw new ServiceError('BAD_REQUEST', `events: name at least one of ${WEBHOOK_EVENT_TYPES.join(', ')}`);
  const unknown = unique.filter((e) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(e));
  if (unknown.length > 0) throw new ServiceError('BAD_REQUEST', `unknown event types ${unknown.join(', ')}; known: ${WEBHOOK_EVENT_TYPES.join(', ')}`);
  return unique;
}

export const endpointView = (e: EndpointRow): WebhookEndpointView => ({
  id: e.id,
  url: e.url,
  events: e.eventTypes,
  gameId: e.gameId,
  description: e.description,
  enabled: e.enabled,
  disabledReason: e.disabledReason,
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
});

function deliveryView(d: DeliveryRow): WebhookDeliveryView {
  let payload: unknown;
  try {
    payload = d.payload === null ? null : JSON.parse(d.payload);
  } catch {
    payload = d.payload;
  }
  return {
    id: d.id,
    endpointId: d.endpointId,
    event: d.eventType,
    gameId: d.gameId,
    seq: d.seq,
    seat: d.seat < 0 ? null : d.seat,
    playerId: d.playerId,
    status: d.status as DeliveryStatus,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    lastStatus: d.lastStatus,
    lastLatencyMs: d.lastLatencyMs,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    payload,
  };
}

export class WebhookService {
  constructor(
    private readonly db: Database,
    private readonly dispatcher: WebhookDispatcher,
    private readonly clock: Clock,
    private readonly options: WebhookOptions,
  ) {}

  async create(caller: EndpointOwner, input: EndpointInput): Promise<WebhookEndpointView & { secret: string }> {
    const owner = ownedBy(caller);
    const events = checkEvents(input.events);
    const url = await checkEndpointUrl(input.url, this.options);
    const gameId = input.gameId ?? null;
    if (gameId !== null) await this.checkWatchable(owner, gameId);
    const cap = this.options.maxEndpointsPerPlayer;
    if ((await this.db.webhookEndpoint.count({ where: owner })) >= cap) {
      throw new ServiceError('TOO_MANY_WEBHOOKS', `at most ${cap} endpoints per ${'appId' in owner ? 'app' : 'player'}`, 409);
    }
    const secret = newSecret();
    const now = this.clock.now();
    const row = await this.db.webhookEndpoint.create({
      data: {
        id: randomUUID(), ...owner, url: url.toString(), eventTypes: events, gameId,
        description: input.description ?? null, secret, createdAt: now, updatedAt: now,
      },
    });
    return { ...endpointView(row), secret };
  }

  /** The caller's endpoints, oldest first, a page at a time. */
  async list(caller: EndpointOwner, page: { cursor?: string | undefined; limit?: number | undefined } = {}): Promise<Page<WebhookEndpointView>> {
    const owner = ownedBy(caller);
    const limit = clampLimit(page.limit, 20, 100);
    const after = page.cursor ? decodeKeyset(page.cursor) : null;
    const rows = await this.db.webhookEndpoint.findMany({
      where: { ...owner, ...(after ? { OR: [{ createdAt: { gt: after.at } }, { createdAt: after.at, id: { gt: after.id } }] } : {}) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit + 1,
    });
    return pageOf(rows, limit, (last) => encodeKeyset(last.createdAt, last.id), endpointView);
  }

  async get(caller: EndpointOwner, id: string): Promise<WebhookEndpointView> {
    return endpointView(await this.own(caller, id));
  }

  async update(caller: EndpointOwner, id: string, patch: EndpointPatch): Promise<WebhookEndpointView> {
    await this.own(caller, id);
    const url = patch.url === undefined ? undefined : (await checkEndpointUrl(patch.url, this.options)).toString();
    const events = patch.events === undefined ? undefined : checkEvents(patch.events);
    const row = await this.db.webhookEndpoint.update({
      where: { id },
      data: {
        ...(url !== undefined ? { url } : {}),
        ...(events !== undefined ? { eventTypes: events } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.enabled !== undefined ? { enabled: patch.enabled, disabledReason: patch.enabled ? null : 'disabled by its owner' } : {}),
        updatedAt: this.clock.now(),
      },
    });
    // Enabled again, or pointed elsewhere: what waited goes out now, in order.
    if (row.enabled && (patch.enabled || url !== undefined)) await this.dispatcher.retryEndpoint(id);
    return endpointView(row);
  }

  setEnabled(caller: EndpointOwner, id: string, enabled: boolean): Promise<WebhookEndpointView> {
    return this.update(caller, id, { enabled });
  }

  /** A new secret (shown once); the previous one keeps signing alongside it for a while. */
  async rotateSecret(caller: EndpointOwner, id: string): Promise<WebhookEndpointView & { secret: string; previousSecretValidUntil: string }> {
    const endpoint = await this.own(caller, id);
    const secret = newSecret();
    const now = this.clock.now();
    const until = new Date(now.getTime() + this.options.previousSecretTtlMs);
    const current = await this.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id }, select: { secret: true } });
    const row = await this.db.webhookEndpoint.update({
      where: { id },
      data: { secret, previousSecret: current.secret, previousSecretUntil: until, updatedAt: now },
    });
    return { ...endpointView(row), secret, previousSecretValidUntil: until.toISOString() };
  }

  async remove(caller: EndpointOwner, id: string): Promise<void> {
    await this.own(caller, id);
    await this.db.webhookEndpoint.delete({ where: { id } });
  }

  /** The endpoint's deliveries, newest first; page with `cursor` = nextCursor. */
  async deliveries(caller: EndpointOwner, id: string, filter: { status?: string | undefined; cursor?: string | undefined; limit?: number | undefined } = {}): Promise<{ items: WebhookDeliveryView[]; nextCursor: string | null }> {
    await this.own(caller, id);
    const limit = Math.max(1, Math.min(100, Math.floor(filter.limit ?? 50)));
    const after = filter.cursor ? decodeKeyset(filter.cursor, false) : null;
    const rows = await this.db.webhookDelivery.findMany({
      where: {
        endpointId: id,
        ...(filter.status ? { status: filter.status } : {}),
        ...(after ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit + 1,
    });
    return pageOf(rows, limit, (last) => encodeKeyset(last.createdAt, last.id), deliveryView);
  }

  async delivery(caller: EndpointOwner, endpointId: string, deliveryId: string): Promise<WebhookDeliveryView & { attemptLog: WebhookAttemptView[] }> {
    await this.own(caller, endpointId);
    const row = await this.db.webhookDelivery.findFirst({
      where: { id: deliveryId, endpointId },
      include: { attemptLog: { orderBy: { id: 'asc' } } },
    });
    if (!row) throw notFound(`delivery ${deliveryId}`);
    return {
      ...deliveryView(row),
      attemptLog: row.attemptLog.map((a) => ({ attempt: a.attempt, at: a.at.toISOString(), status: a.status, latencyMs: a.latencyMs, error: a.error })),
    };
  }

  /**
   * The attempts of many deliveries in one statement (GraphQL's loader for a page of deliveries): only of
   * deliveries to the caller's own endpoints; an unknown or foreign delivery has none.
   */
  async attemptLogs(caller: Caller, deliveryIds: readonly string[]): Promise<Map<string, WebhookAttemptView[]>> {
    const owner = requirePlayer(caller);
    const rows = await this.db.webhookAttempt.findMany({
      where: { deliveryId: { in: [...new Set(deliveryIds)] }, delivery: { endpoint: { ownerId: owner.id } } },
      orderBy: { id: 'asc' },
    });
    const logs = new Map<string, WebhookAttemptView[]>(deliveryIds.map((id) => [id, []]));
    for (const a of rows) logs.get(a.deliveryId)?.push({ attempt: a.attempt, at: a.at.toISOString(), status: a.status, latencyMs: a.latencyMs, error: a.error });
    return logs;
  }

  /** Sends a delivery again (same webhook-id and body), now, ahead of the endpoint's later ones for that game. */
  async redeliver(caller: EndpointOwner, endpointId: string, deliveryId: string): Promise<WebhookDeliveryView> {
    const endpoint = await this.own(caller, endpointId);
    if (!endpoint.enabled) throw new ServiceError('WEBHOOK_DISABLED', 'enable the endpoint first', 409);
    const now = this.clock.now();
    const finished = await this.db.webhookDelivery.updateMany({
      where: { id: deliveryId, endpointId, status: { not: 'pending' } },
      data: { status: 'pending', attempts: 0, nextAttemptAt: now, leaseUntil: null, deliveredAt: null },
    });
    // Still pending (waiting for a retry): try now; an attempt in flight keeps its lease.
    const waiting = finished.count === 1 ? finished : await this.db.webhookDelivery.updateMany({ where: { id: deliveryId, endpointId, status: 'pending' }, data: { nextAttemptAt: now } });
    if (waiting.count === 0) throw notFound(`delivery ${deliveryId}`);
    const row = await this.db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    await this.dispatcher.sweep(row.gameId);
    return deliveryView(row);
  }

  /**
   * "Retry now", after the receiver was fixed: every pending delivery of the endpoint (those waiting for
   * a retry and those queued behind them) goes out at once, in order per game; returns how many.
   */
  async retryNow(caller: EndpointOwner, id: string): Promise<WebhookRetryView> {
    const endpoint = await this.own(caller, id);
    if (!endpoint.enabled) throw new ServiceError('WEBHOOK_DISABLED', 'enable the endpoint first (that retries it too)', 409);
    return { endpointId: id, pending: await this.dispatcher.retryEndpoint(id) };
  }

  /**
   * An endpoint may watch only a game its owner plays or played in (a seat, resigned or not): otherwise
   * anyone could turn a stranger's game into deliveries to addresses of their choosing. Games are public,
   * so refusing with 403 (rather than hiding the game behind a 404) tells nothing new.
   */
  private async checkWatchable(owner: { ownerId: string } | { appId: string }, gameId: string): Promise<void> {
    if (!UUID.test(gameId) || !(await this.db.game.findUnique({ where: { id: gameId }, select: { id: true } }))) {
      throw new ServiceError('GAME_NOT_FOUND', `no game ${gameId}`);
    }
    // An app's endpoint may watch a game one of the app's players plays or played in.
    const seated = 'appId' in owner ? { player: { appId: owner.appId } } : { playerId: owner.ownerId };
    const seat = await this.db.seat.findFirst({ where: { gameId, ...seated }, select: { index: true } });
    if (!seat) throw new ServiceError('NOT_IN_GAME', `you hold no seat in game ${gameId}: an endpoint may watch only games you play or played in`);
  }

  private async own(caller: EndpointOwner, id: string): Promise<EndpointRow> {
    const owner = ownedBy(caller);
    if (!UUID.test(id)) throw notFound(`webhook endpoint ${id}`);
    const row = await this.db.webhookEndpoint.findUnique({ where: { id } });
    // Another owner's endpoint is as invisible as a missing one.
    const mine = row && ('appId' in owner ? row.appId === owner.appId : row.ownerId === owner.ownerId);
    if (!row || !mine) throw notFound(`webhook endpoint ${id}`);
    return row;
  }
}
