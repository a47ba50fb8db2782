/**
 * The operator's use cases (REST under /v1/admin, src/http/routes/admin.ts): find games and players,
 * abort or adjudicate a game, ban and unban a player, disable anyone's webhook endpoint, retry or drop a
 * stuck delivery. Every action is appended to the audit log (who, what, when, why), which nothing changes
 * or deletes: the table's trigger refuses UPDATE, DELETE and TRUNCATE.
 */
import type { Database } from '../store/database.js';
import { ServiceError } from './errors.js';
import type { GameService } from './game-service.js';
import { leaveWaitingGame, waitingGamesOf, type WaitingBanAction } from './ban-waiting.js';
import { clampLimit, decodeKeyset, encodeKeyset, isUuid, pageOf } from './pagination.js';
import type { Page } from './types.js';

/** Who acts and from where: the audit log's "who". */
export interface OperatorContext {
  /** The operator's name as given in the X-Operator header ("operator" without one). */
  readonly actor: string;
  readonly requestId: string;
  readonly clientIp: string;
}

export interface AuditEntry {
  readonly id: string;
  readonly at: string;
  readonly actor: string;
  readonly action: string;
  readonly targetType: 'game' | 'player' | 'webhook' | 'delivery';
  readonly targetId: string;
  readonly reason: string;
  readonly details: unknown;
  readonly requestId: string | null;
  readonly clientIp: string | null;
}

export interface PlayerAdminView {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  readonly bannedAt: string | null;
  readonly bannedReason: string | null;
}

/** What a ban did to one game of the player (the waiting games' actions: see ./ban-waiting.ts). */
export interface BanEffect {
  readonly gameId: string;
  readonly action: 'seats-to-bots' | 'adjudicated' | 'aborted' | WaitingBanAction;
}

export interface AdminParts {
  readonly db: Database;
  readonly games: GameService;
  /** Revokes every token of the player, at once on every instance (src/service/tokens.ts). */
  readonly revokeAllTokensOf: (playerId: string) => Promise<number>;
  /** Issues a new token of every scope (after an unban: the old ones stay revoked); its secret is shown once. */
  readonly issueToken: (playerId: string, label: string) => Promise<{ secret: string }>;
  /** Wakes the delivery worker for a game's streams (after a retry or a drop). */
  readonly sweepDeliveries: (gameId: string) => Promise<unknown>;
}

const playerView = (p: { id: string; name: string; createdAt: Date; bannedAt: Date | null; bannedReason: string | null }): PlayerAdminView => ({
  id: p.id, name: p.name, createdAt: p.createdAt.toISOString(), bannedAt: p.bannedAt?.toISOString() ?? null, bannedReason: p.bannedReason,
});

export class AdminService {
  constructor(private readonly parts: AdminParts) {}

  private get db(): Database {
    return this.parts.db;
  }

  // ---- the audit log ---------------------------------------------------------------------------

  private audit(ctx: OperatorContext, action: string, targetType: AuditEntry['targetType'], targetId: string, reason: string, details: object = {}) {
    return this.db.adminAuditEntry.create({
      data: { actor: ctx.actor, action, targetType, targetId, reason, details: details as never, requestId: ctx.requestId, clientIp: ctx.clientIp },
    });
  }

  async listAuditLog(filter: { targetType?: string | undefined; targetId?: string | undefined; cursor?: string | undefined; limit?: number | undefined }): Promise<Page<AuditEntry>> {
    const limit = clampLimit(filter.limit, 50, 200);
    const before = filter.cursor === undefined ? undefined : auditCursor(filter.cursor);
    const rows = await this.db.adminAuditEntry.findMany({
      where: {
        ...(filter.targetType ? { targetType: filter.targetType } : {}),
        ...(filter.targetId ? { targetId: filter.targetId } : {}),
        ...(before !== undefined ? { id: { lt: before } } : {}),
      },
      orderBy: { id: 'desc' },
      take: limit + 1,
    });
    return pageOf(rows, limit, (last) => Buffer.from(String(last.id)).toString('base64url'), (r) => ({
      id: String(r.id), at: r.at.toISOString(), actor: r.actor, action: r.action, targetType: r.targetType as AuditEntry['targetType'],
      targetId: r.targetId, reason: r.reason, details: r.details, requestId: r.requestId, clientIp: r.clientIp,
    }));
  }

  // ---- players ---------------------------------------------------------------------------------

  async listPlayers(filter: { name?: string | undefined; banned?: boolean | undefined; cursor?: string | undefined; limit?: number | undefined }): Promise<Page<PlayerAdminView>> {
    const limit = clampLimit(filter.limit, 20, 100);
    const after = filter.cursor ? decodeKeyset(filter.cursor) : undefined;
    const rows = await this.db.player.findMany({
      where: {
        isBot: false,
        ...(filter.name ? { name: { contains: filter.name, mode: 'insensitive' as const } } : {}),
        ...(filter.banned === undefined ? {} : { bannedAt: filter.banned ? { not: null } : null }),
        ...(after ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit + 1,
      select: { id: true, name: true, createdAt: true, bannedAt: true, bannedReason: true },
    });
    return pageOf(rows, limit, (last) => encodeKeyset(last.createdAt, last.id), playerView);
  }

  private async requirePlayer(playerId: string) {
    const found = isUuid(playerId)
      ? await this.db.player.findUnique({ where: { id: playerId }, select: { id: true, name: true, createdAt: true, bannedAt: true, bannedReason: true, isBot: true } })
      : null;
    if (!found || found.isBot) throw new ServiceError('PLAYER_NOT_FOUND', `no player ${playerId}`);
    return found;
  }

  /**
   * Bans a player: every token it has is revoked, at once on every instance (its open streams and
   * sockets close), and while banned no new token of it is accepted (tokens.ts checks the flag); its
   * webhook endpoints are disabled. A game not started yet is cancelled when it created it, else its seats
   * there are freed (./ban-waiting.ts). In each active game its seats either pass to the game's bots
   * (`bots`: a logged resignation, the bot plays on) or the game ends adjudicated with its seats last and
   * the others sharing first place (`adjudicate`).
   */
  async banPlayer(ctx: OperatorContext, playerId: string, input: { reason: string; seats: 'bots' | 'adjudicate' }): Promise<{ player: PlayerAdminView; games: BanEffect[] }> {
    await this.requirePlayer(playerId);
    const [player] = await this.db.$transaction([
      this.db.player.update({
        where: { id: playerId }, data: { bannedAt: new Date(), bannedReason: input.reason },
        select: { id: true, name: true, createdAt: true, bannedAt: true, bannedReason: true },
      }),
      this.db.webhookEndpoint.updateMany({ where: { ownerId: playerId, enabled: true }, data: { enabled: false, disabledReason: 'the owner was banned', updatedAt: new Date() } }),
    ]);
    const revoked = await this.parts.revokeAllTokensOf(playerId);
    const effects: BanEffect[] = [];
    // Games not started yet first: one that starts meanwhile is then found among the active ones.
    for (const game of await waitingGamesOf(this.db, playerId)) {
      const action = await leaveWaitingGame(this.db, this.parts.games, game, playerId);
      if (action) effects.push({ gameId: game.id, action });
    }
    for (const gameId of await this.activeGamesOf(playerId)) {
      if (!effects.some((e) => e.gameId === gameId)) effects.push(await this.removeFromGame(gameId, playerId, input.seats));
    }
    await this.audit(ctx, 'player.ban', 'player', playerId, input.reason, { seats: input.seats, tokensRevoked: revoked, games: effects });
    return { player: playerView(player), games: effects };
  }

  /**
   * Lifts a ban. The tokens revoked by the ban stay revoked: a new one is issued, its secret in this answer
   * only, for the operator to hand to the player (who may also sign in with a passkey of its own).
   */
  async unbanPlayer(ctx: OperatorContext, playerId: string, reason: string): Promise<{ player: PlayerAdminView; token: string }> {
    await this.requirePlayer(playerId);
    const [player] = await this.db.$transaction([
      this.db.player.update({ where: { id: playerId }, data: { bannedAt: null, bannedReason: null }, select: { id: true, name: true, createdAt: true, bannedAt: true, bannedReason: true } }),
      this.db.adminAuditEntry.create({ data: { actor: ctx.actor, action: 'player.unban', targetType: 'player', targetId: playerId, reason, requestId: ctx.requestId, clientIp: ctx.clientIp } }),
    ]);
    const { secret } = await this.parts.issueToken(playerId, 'issued by the operator after an unban');
    return { player: playerView(player), token: secret };
  }

  private async activeGamesOf(playerId: string): Promise<string[]> {
    const seats = await this.db.seat.findMany({
      where: { playerId, resigned: false, game: { status: 'active' } }, select: { gameId: true }, distinct: ['gameId'], orderBy: { gameId: 'asc' },
    });
    return seats.map((s) => s.gameId);
  }

  private async removeFromGame(gameId: string, playerId: string, mode: 'bots' | 'adjudicate'): Promise<BanEffect> {
    const game = await this.parts.games.getGame(gameId);
    const theirs = game.seats.filter((s) => s.player?.id === playerId && !s.resigned).map((s) => s.index);
    const others = game.seats.map((s) => s.index).filter((i) => !theirs.includes(i));
    if (others.length === 0) {
      await this.parts.games.abortForOperator(gameId);
      return { gameId, action: 'aborted' };
    }
    if (mode === 'adjudicate') {
      await this.parts.games.adjudicate(gameId, { ranking: [others, theirs] });
      return { gameId, action: 'adjudicated' };
    }
    for (const seat of theirs) {
      const result = await this.parts.games.resignForOperator(gameId, seat, 'was banned; a bot plays the seat');
      if (result.status !== 'active') break; // one seat left standing: the game ended
    }
    return { gameId, action: 'seats-to-bots' };
  }

  // ---- games -----------------------------------------------------------------------------------

  async abortGame(ctx: OperatorContext, gameId: string, reason: string) {
    const game = await this.parts.games.abortForOperator(gameId);
    await this.audit(ctx, 'game.abort', 'game', gameId, reason, { version: game.version });
    return game;
  }

  async adjudicateGame(ctx: OperatorContext, gameId: string, input: { ranking: number[][]; scores?: number[] | undefined; reason: string }) {
    const result = await this.parts.games.adjudicate(gameId, { ranking: input.ranking, scores: input.scores });
    await this.audit(ctx, 'game.adjudicate', 'game', gameId, input.reason, { ranking: input.ranking, scores: input.scores ?? null, version: result.version });
    return result;
  }

  // ---- webhooks --------------------------------------------------------------------------------

  async disableWebhook(ctx: OperatorContext, endpointId: string, reason: string) {
    const exists = isUuid(endpointId) && (await this.db.webhookEndpoint.count({ where: { id: endpointId } })) === 1;
    if (!exists) throw new ServiceError('NOT_FOUND', `no webhook endpoint ${endpointId}`);
    const select = { id: true, ownerId: true, url: true, enabled: true, disabledReason: true } as const;
    const [endpoint] = await this.db.$transaction([
      this.db.webhookEndpoint.update({ where: { id: endpointId }, data: { enabled: false, disabledReason: `disabled by the operator: ${reason}`, updatedAt: new Date() }, select }),
      this.db.adminAuditEntry.create({ data: { actor: ctx.actor, action: 'webhook.disable', targetType: 'webhook', targetId: endpointId, reason, requestId: ctx.requestId, clientIp: ctx.clientIp } }),
    ]);
    return endpoint;
  }

  /** A stuck delivery goes again now (a failed one too); the stream behind it follows. */
  async retryDelivery(ctx: OperatorContext, deliveryId: string, reason: string) {
    const delivery = await this.requireUndelivered(deliveryId);
    await this.db.$transaction([
      this.db.webhookDelivery.update({ where: { id: deliveryId }, data: { status: 'pending', nextAttemptAt: new Date(), leaseUntil: null } }),
      this.db.adminAuditEntry.create({ data: { actor: ctx.actor, action: 'delivery.retry', targetType: 'delivery', targetId: deliveryId, reason, details: { was: delivery.status }, requestId: ctx.requestId, clientIp: ctx.clientIp } }),
    ]);
    await this.parts.sweepDeliveries(delivery.gameId);
    return { id: deliveryId, status: 'pending' as const };
  }

  /** A stuck delivery is given up (`failed`), so the deliveries behind it in its stream go on. */
  async dropDelivery(ctx: OperatorContext, deliveryId: string, reason: string) {
    const delivery = await this.requireUndelivered(deliveryId);
    await this.db.$transaction([
      this.db.webhookDelivery.update({ where: { id: deliveryId }, data: { status: 'failed', leaseUntil: null, lastError: `dropped by the operator: ${reason}` } }),
      this.db.adminAuditEntry.create({ data: { actor: ctx.actor, action: 'delivery.drop', targetType: 'delivery', targetId: deliveryId, reason, details: { was: delivery.status }, requestId: ctx.requestId, clientIp: ctx.clientIp } }),
    ]);
    await this.parts.sweepDeliveries(delivery.gameId);
    return { id: deliveryId, status: 'failed' as const };
  }

  private async requireUndelivered(deliveryId: string) {
    const delivery = await this.db.webhookDelivery.findUnique({ where: { id: deliveryId }, select: { id: true, status: true, gameId: true } });
    if (!delivery) throw new ServiceError('DELIVERY_NOT_FOUND', `no delivery ${deliveryId}`);
    if (delivery.status === 'delivered') throw new ServiceError('DELIVERY_ALREADY_DELIVERED', 'that delivery was delivered');
    return delivery;
  }
}

function auditCursor(cursor: string): bigint {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{1,18}$/.test(text)) throw new ServiceError('BAD_REQUEST', 'this cursor was not made by this service');
  return BigInt(text);
}
