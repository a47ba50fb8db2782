/**
 * REST: the operator API under /v1/admin (src/service/admin.ts). Every route needs the operator's
 * credential (ADMIN_KEY, see ../operator.ts): 404 when none is configured, 401 without it. Every action
 * names a reason and lands in the audit log, with the operator's name from the X-Operator header.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { AdminService, OperatorContext } from '../../service/admin.js';
import type { GameService } from '../../service/game-service.js';
import { ListGamesQuery, GamesPage, GameId, PageQuery, Text } from '../schemas.js';
import { described, errors, operatorRequired } from '../docs.js';
import { requireOperator } from '../operator.js';

const tags = ['admin'];
/** The operator's credential: `Authorization: Bearer <ADMIN_KEY>`. */
const security = operatorRequired;
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const OperatorHeaders = Type.Object({
  'x-operator': Type.Optional(Text({ minLength: 1, maxLength: 64, description: 'who acts, for the audit log (default "operator")' })),
});
const Reason = Text({ minLength: 1, maxLength: 1000, description: 'why, for the audit log' });
const ReasonBody = Type.Object({ reason: Reason }, { additionalProperties: false });
const Uuid = (what: string) => Type.Object({ id: Type.String({ format: 'uuid', description: what }) });
const DeliveryId = Type.Object({ id: Type.String({ maxLength: 100, description: 'the delivery id (its webhook-id header)' }) });

const AdminPlayer = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  bannedAt: Nullable(Type.String({ format: 'date-time' })),
  bannedReason: Nullable(Type.String()),
});
const page = <T extends TSchema>(item: T, description: string) =>
  described(Type.Object({ items: Type.Array(item), nextCursor: Nullable(Type.String({ description: 'pass as cursor for the next page; null on the last' })) }), description);

const TargetType = Type.Union([Type.Literal('game'), Type.Literal('player'), Type.Literal('webhook'), Type.Literal('delivery')]);

const AuditEntry = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  actor: Type.String({ description: 'the X-Operator name given with the action' }),
  action: Type.String({ description: 'game.abort, game.adjudicate, player.ban, player.unban, webhook.disable, delivery.retry, delivery.drop' }),
  targetType: TargetType,
  targetId: Type.String(),
  reason: Type.String(),
  details: Type.Unknown({ description: 'what the action did (e.g. a ban\'s effect on each game)' }),
  requestId: Nullable(Type.String()),
  clientIp: Nullable(Type.String()),
});

const AdjudicateBody = Type.Object({
  ranking: Type.Array(Type.Array(Type.Integer({ minimum: 0, maximum: 63 }), { minItems: 1, maxItems: 64 }), {
    minItems: 1, maxItems: 64, description: 'seats from first place down, grouped (a group shares its place); every seat exactly once',
  }),
  scores: Type.Optional(Type.Array(Type.Number(), { maxItems: 64, description: 'a score per seat (default all 0)' })),
  reason: Reason,
}, { additionalProperties: false });

const BanBody = Type.Object({
  reason: Reason,
  seats: Type.Optional(Type.Union([Type.Literal('bots'), Type.Literal('adjudicate')], {
    description: '`bots` (default): in each active game its seats resign and the game\'s bot plays them; `adjudicate`: each active game ends, its seats last, the others sharing first place',
  })),
}, { additionalProperties: false });

const BanResult = Type.Object({
  player: AdminPlayer,
  games: Type.Array(Type.Object({ gameId: Type.String({ format: 'uuid' }), action: Type.Union([Type.Literal('seats-to-bots'), Type.Literal('adjudicated'), Type.Literal('aborted'), Type.Literal('cancelled'), Type.Literal('seat-freed')]) })),
});

const AdminEndpoint = Type.Object({
  id: Type.String({ format: 'uuid' }), ownerId: Nullable(Type.String({ format: 'uuid', description: 'the owning player; null for an app endpoint' })), url: Type.String(), enabled: Type.Boolean(), disabledReason: Nullable(Type.String()),
});
const DeliveryState = Type.Object({ id: Type.String(), status: Type.Union([Type.Literal('pending'), Type.Literal('failed')]) });

function operatorContext(request: FastifyRequest): OperatorContext {
  const named = request.headers['x-operator']; // checked by OperatorHeaders
  return { actor: typeof named === 'string' ? named : 'operator', requestId: request.id, clientIp: request.ip };
}

export const adminRoutes: FastifyPluginAsyncTypebox<{ admin: AdminService; games: GameService }> = async (app, { admin, games }) => {
  app.addHook('preHandler', requireOperator);

  app.get('/admin/games', {
    schema: {
      operationId: 'adminListGames', tags, security, summary: 'Find games (any status, any player), newest first',
      querystring: ListGamesQuery, response: { 200: described(GamesPage, 'A page of games'), ...errors(401, 404) },
    },
  }, async (request) => {
    const { player, ...rest } = request.query;
    return games.listGames({ ...rest, ...(player ? { playerId: player } : {}) });
  });

  app.get('/admin/players', {
    schema: {
      operationId: 'adminListPlayers', tags, security, summary: 'Find players by name, newest first',
      querystring: Type.Object({
        ...PageQuery(100).properties,
        name: Type.Optional(Text({ maxLength: 64, description: 'part of the name, any case' })),
        banned: Type.Optional(Type.Boolean({ description: 'only banned (true) or only not banned (false) players' })),
      }),
      response: { 200: page(AdminPlayer, 'A page of players'), ...errors(401, 404) },
    },
  }, async (request) => admin.listPlayers(request.query));

  app.post('/admin/games/:id/abort', {
    schema: {
      operationId: 'adminAbortGame', tags, security, summary: 'Abort a waiting or active game (no result; it is not rated)',
      params: GameId, headers: OperatorHeaders, body: ReasonBody,
      response: { 200: Type.Ref('Game', { description: 'The aborted game' }), ...errors(401, 404, 409) },
    },
  }, async (request) => admin.abortGame(operatorContext(request as FastifyRequest), request.params.id, request.body.reason));

  app.post('/admin/games/:id/adjudicate', {
    schema: {
      operationId: 'adminAdjudicateGame', tags, security, summary: 'End an active game with the result you give',
      description: 'Logged as an entry of kind `adjudicate` whose move is the result, so the history, replays and the record\'s verification reach it from the log.',
      params: GameId, headers: OperatorHeaders, body: AdjudicateBody,
      response: { 200: Type.Ref('MoveResult', { description: 'The adjudication, as the log has it' }), ...errors(400, 401, 404, 409) },
    },
  }, async (request) => admin.adjudicateGame(operatorContext(request as FastifyRequest), request.params.id, request.body));

  app.post('/admin/players/:id/ban', {
    schema: {
      operationId: 'adminBanPlayer', tags, security, summary: 'Ban a player: every token of it is revoked, at once on every instance',
      description:
        'Its webhook endpoints are disabled. A game not started yet is `cancelled` when the player created it, else its seats there are freed (`seat-freed`). In each active game its seats pass to bots or the game is adjudicated (`seats`).',
      params: Uuid('the player id'), headers: OperatorHeaders, body: BanBody,
      response: { 200: described(BanResult, 'The banned player and what happened to each of its active games'), ...errors(401, 404) },
    },
  }, async (request) => admin.banPlayer(operatorContext(request as FastifyRequest), request.params.id, { reason: request.body.reason, seats: request.body.seats ?? 'bots' }));

  app.post('/admin/players/:id/unban', {
    schema: {
      operationId: 'adminUnbanPlayer', tags, security, summary: 'Lift a ban, with a new token for the player (those the ban revoked stay revoked)',
      description: 'Its webhook endpoints stay disabled until it enables them.',
      params: Uuid('the player id'), headers: OperatorHeaders, body: ReasonBody,
      response: { 200: described(Type.Object({ player: AdminPlayer, token: Type.String({ description: 'a new token of every scope for the player, shown only now' }) }), 'The player and its new token'), ...errors(401, 404) },
    },
  }, async (request) => admin.unbanPlayer(operatorContext(request as FastifyRequest), request.params.id, request.body.reason));

  app.post('/admin/webhooks/:id/disable', {
    schema: {
      operationId: 'adminDisableWebhook', tags, security, summary: 'Disable anyone\'s webhook endpoint (its owner may enable it again)',
      params: Uuid('the endpoint id'), headers: OperatorHeaders, body: ReasonBody,
      response: { 200: described(AdminEndpoint, 'The endpoint, disabled'), ...errors(401, 404) },
    },
  }, async (request) => admin.disableWebhook(operatorContext(request as FastifyRequest), request.params.id, request.body.reason));

  app.post('/admin/deliveries/:id/retry', {
    schema: {
      operationId: 'adminRetryDelivery', tags, security, summary: 'Send a stuck (pending or failed) delivery again now',
      params: DeliveryId, headers: OperatorHeaders, body: ReasonBody,
      response: { 200: described(DeliveryState, 'The delivery, due now'), ...errors(401, 404, 409) },
    },
  }, async (request) => admin.retryDelivery(operatorContext(request as FastifyRequest), request.params.id, request.body.reason));

  app.post('/admin/deliveries/:id/drop', {
    schema: {
      operationId: 'adminDropDelivery', tags, security, summary: 'Give up a stuck delivery, so the deliveries behind it go on',
      params: DeliveryId, headers: OperatorHeaders, body: ReasonBody,
      response: { 200: described(DeliveryState, 'The delivery, given up'), ...errors(401, 404, 409) },
    },
  }, async (request) => admin.dropDelivery(operatorContext(request as FastifyRequest), request.params.id, request.body.reason));

  app.get('/admin/audit-log', {
    schema: {
      operationId: 'listAuditLog', tags, security, summary: 'The operator\'s actions, newest first (append-only: nothing changes or deletes them)',
      querystring: Type.Object({
        ...PageQuery(200).properties,
        targetType: Type.Optional(TargetType),
        targetId: Type.Optional(Type.String({ maxLength: 100 })),
      }),
      response: { 200: page(AuditEntry, 'A page of audit entries'), ...errors(401, 404) },
    },
  }, async (request) => admin.listAuditLog(request.query));
};
