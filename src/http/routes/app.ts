/**
 * REST: what an app does with its key, under /v1/app (src/http/app-auth.ts): its players by its own user
 * ids, and webhook endpoints that receive the events of all its players. Another app's player or endpoint
 * is 404, like a missing one.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import type { AppPlayerService } from '../../service/app-players.js';
import { MAX_EXTERNAL_ID_LENGTH } from '../../service/app-players.js';
import type { WebhookService } from '../../webhooks/service.js';
import { WEBHOOK_EVENT_TYPES } from '../../store/outbox.js';
import { PageQuery, Text } from '../schemas.js';
import { appKeyRequired, described, errors } from '../docs.js';
import { appOf, requireApp } from '../app-auth.js';
import { CreateBody, DeliveriesQuery, Delivery, Endpoint, EndpointWithSecret, Id, PatchBody } from './webhooks.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const tags = ['apps'];
const security = appKeyRequired;

const ExternalId = Type.String({ minLength: 1, maxLength: MAX_EXTERNAL_ID_LENGTH, description: "the site's own id for the user (unique per app; no control characters)" });

export const AppPlayer = Type.Object({
  id: Type.String({ format: 'uuid', description: "the player's id in games, moves and webhooks" }),
  name: Type.String({ description: 'the name other players see' }),
  externalId: Type.String({ description: "the site's own id for the user" }),
  createdAt: Type.String({ format: 'date-time' }),
});

const CurrentApp = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  requestsPerMinute: Type.Integer({ description: "requests per minute with this app's key" }),
  playersPerHour: Type.Integer({ description: 'new players this app may create per hour' }),
});

const UpsertBody = Type.Object(
  { externalId: ExternalId, name: Type.Optional(Text({ minLength: 1, maxLength: 64, description: 'the name to create the player with (an existing player keeps its own)' })) },
  { additionalProperties: false },
);
const RenameBody = Type.Object({ name: Text({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
const PlayerParams = Type.Object({ playerId: Type.String({ format: 'uuid' }) });
const PlayersQuery = Type.Object({ ...PageQuery(200).properties, externalId: Type.Optional(ExternalId) });
const page = <T extends TSchema>(item: T) => Type.Object({ items: Type.Array(item), nextCursor: Nullable(Type.String({ description: 'pass as cursor for the next page; null on the last page' })) });

export const appRoutes: FastifyPluginAsyncTypebox<{ appPlayers: AppPlayerService; webhooks: WebhookService }> = async (app, { appPlayers, webhooks }) => {
  app.addHook('preHandler', requireApp);

  app.get('/app', {
    schema: { tags, security, operationId: 'getCurrentApp', summary: 'The app this key belongs to, with its budgets', response: { 200: described(CurrentApp, 'The app'), ...errors(401) } },
  }, async (request) => appOf(request));

  app.post('/app/players', {
    schema: {
      tags, security, operationId: 'upsertAppPlayer', summary: "Find or create the app's player for one of its user ids (idempotent)",
      description: 'The same externalId always gives the same player, however many calls arrive at once: 201 when this call created it, 200 when it existed. Counts against the app\'s own budget of new players per hour, never against the anonymous registration budget.',
      body: UpsertBody,
      response: { 200: described(AppPlayer, 'The existing player'), 201: described(AppPlayer, 'The new player'), ...errors(400, 401) },
    },
  }, async (request, reply) => {
    const { player, created } = await appPlayers.upsert(appOf(request), request.body);
    return reply.status(created ? 201 : 200).send(player);
  });

  app.get('/app/players', {
    schema: {
      tags, security, operationId: 'listAppPlayers', summary: "The app's players, oldest first; `externalId` finds one",
      description: "Pages with `cursor` = the previous page's nextCursor.",
      querystring: PlayersQuery, response: { 200: described(page(AppPlayer), 'A page of players'), ...errors(400, 401) },
    },
  }, async (request) => appPlayers.list(appOf(request), request.query));

  app.get('/app/players/:playerId', {
    schema: { tags, security, operationId: 'getAppPlayer', summary: "One of the app's players (another app's is 404)", params: PlayerParams, response: { 200: described(AppPlayer, 'The player'), ...errors(401, 404) } },
  }, async (request) => appPlayers.get(appOf(request), request.params.playerId));

  app.patch('/app/players/:playerId', {
    schema: { tags, security, operationId: 'renameAppPlayer', summary: "Rename one of the app's players", params: PlayerParams, body: RenameBody, response: { 200: described(AppPlayer, 'The renamed player'), ...errors(400, 401, 404) } },
  }, async (request) => appPlayers.rename(appOf(request), request.params.playerId, request.body.name));

  // One webhook for the whole site: the events of all the app's players, one delivery per player.
  const owner = (request: Parameters<typeof appOf>[0]) => ({ app: appOf(request) });
  app.post('/app/webhooks', {
    schema: {
      tags, security, operationId: 'createAppWebhook', summary: "Register an endpoint for the events of all the app's players (the signing secret is shown once)",
      description: `Events: ${WEBHOOK_EVENT_TYPES.join(', ')}. Each delivery is for one of the app's players and carries what that player may see; \`data.recipient\` names them (playerId, externalId). Signed per Standard Webhooks, retried, in order per game, listed in the delivery log. A gameId must name a game one of the app's players holds or held a seat in.`,
      body: CreateBody, response: { 201: described(EndpointWithSecret, 'The new endpoint with its signing secret'), ...errors(400, 401, 403, 404, 409) },
    },
  }, async (request, reply) => reply.status(201).send(await webhooks.create(owner(request), request.body)));

  app.get('/app/webhooks', {
    schema: { tags, security, operationId: 'listAppWebhooks', summary: "The app's webhook endpoints, oldest first", querystring: PageQuery(100), response: { 200: described(page(Endpoint), 'A page of endpoints'), ...errors(401) } },
  }, async (request) => webhooks.list(owner(request), request.query));

  app.get('/app/webhooks/:id', {
    schema: { tags, security, operationId: 'getAppWebhook', summary: "One of the app's endpoints", params: Id, response: { 200: described(Endpoint, 'The endpoint'), ...errors(401, 404) } },
  }, async (request) => webhooks.get(owner(request), request.params.id));

  app.patch('/app/webhooks/:id', {
    schema: { tags, security, operationId: 'updateAppWebhook', summary: 'Change an endpoint (url, events, description, enabled: enabling sends what waited, in order)', params: Id, body: PatchBody, response: { 200: described(Endpoint, 'The changed endpoint'), ...errors(400, 401, 404) } },
  }, async (request) => webhooks.update(owner(request), request.params.id, request.body));

  app.delete('/app/webhooks/:id', {
    schema: { tags, security, operationId: 'deleteAppWebhook', summary: 'Delete an endpoint and its delivery log', params: Id, response: { 204: described(Type.Null(), 'Deleted'), ...errors(401, 404) } },
  }, async (request, reply) => {
    await webhooks.remove(owner(request), request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/app/webhooks/:id/deliveries', {
    schema: {
      tags, security, operationId: 'listAppWebhookDeliveries', summary: "An app endpoint's deliveries, newest first (each names its player)",
      params: Id, querystring: DeliveriesQuery, response: { 200: described(page(Delivery), 'A page of deliveries'), ...errors(400, 401, 404) },
    },
  }, async (request) => webhooks.deliveries(owner(request), request.params.id, request.query));

  app.post('/app/webhooks/:id/retry', {
    schema: {
      tags, security, operationId: 'retryAppWebhook', summary: "Send an app endpoint's pending deliveries now, in order per game",
      params: Id,
      response: { 202: described(Type.Object({ endpointId: Type.String({ format: 'uuid' }), pending: Type.Integer({ minimum: 0 }) }), 'The pending deliveries, queued to be sent now'), ...errors(401, 404, 409) },
    },
  }, async (request, reply) => reply.status(202).send(await webhooks.retryNow(owner(request), request.params.id)));
};
