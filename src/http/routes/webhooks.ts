/** REST: webhook endpoints and their deliveries, under /v1/webhooks (the caller's own endpoints only). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import type { WebhookService } from '../../webhooks/service.js';
import { WEBHOOK_EVENT_TYPES } from '../../store/outbox.js';
import { PageQuery, Text } from '../schemas.js';
import { described, errors, tokenRequired } from '../docs.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const tags = ['webhooks'];

const EventType = Type.Union(WEBHOOK_EVENT_TYPES.map((e) => Type.Literal(e)), { description: 'a webhook event type' });

export const Endpoint = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  events: Type.Array(Type.String()),
  gameId: Nullable(Type.String({ format: 'uuid', description: 'only this game (one you hold or held a seat in) when set; otherwise every game you hold a seat in' })),
  description: Nullable(Type.String()),
  enabled: Type.Boolean(),
  disabledReason: Nullable(Type.String({ description: 'why the endpoint is disabled (e.g. the receiver answered 410 Gone)' })),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const EndpointWithSecret = Type.Object({
  ...Endpoint.properties,
  secret: Type.String({ description: 'the signing secret (whsec_...), shown only now: verify webhook-signature with it' }),
});

const RotatedEndpoint = Type.Object({
  ...EndpointWithSecret.properties,
  previousSecretValidUntil: Type.String({ format: 'date-time', description: 'the previous secret signs too until then' }),
});

const Attempt = Type.Object({
  attempt: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  status: Nullable(Type.Integer({ description: 'HTTP status; null when no answer came' })),
  latencyMs: Type.Integer(),
  error: Nullable(Type.String()),
});

const deliveryFields = {
  id: Type.String({ description: 'the webhook-id header, the same on every attempt' }),
  endpointId: Type.String({ format: 'uuid' }),
  event: Type.String(),
  gameId: Type.String({ format: 'uuid' }),
  seq: Type.Integer({ description: 'the game version the event belongs to' }),
  seat: Nullable(Type.Integer()),
  playerId: Nullable(Type.String({ format: 'uuid', description: "at an app's endpoint: the app's player this delivery is for; null at a player's own endpoint" })),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  nextAttemptAt: Nullable(Type.String({ format: 'date-time' })),
  lastStatus: Nullable(Type.Integer()),
  lastLatencyMs: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  deliveredAt: Nullable(Type.String({ format: 'date-time' })),
  payload: Type.Unknown({ description: 'the body as sent (null before the first attempt)' }),
};
export const Delivery = Type.Object(deliveryFields);
const DeliveryWithAttempts = Type.Object({ ...deliveryFields, attemptLog: Type.Array(Attempt) });

export const CreateBody = Type.Object(
  {
    url: Text({ minLength: 1, maxLength: 2048, description: 'https URL (http only for hosts in WEBHOOK_ALLOWED_HOSTS)' }),
    events: Type.Array(EventType, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length }),
    gameId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    description: Type.Optional(Nullable(Text({ maxLength: 200 }))),
  },
  { additionalProperties: false },
);

export const PatchBody = Type.Object(
  {
    url: Type.Optional(Text({ minLength: 1, maxLength: 2048 })),
    events: Type.Optional(Type.Array(EventType, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length })),
    description: Type.Optional(Nullable(Text({ maxLength: 200 }))),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });
const DeliveryParams = Type.Object({ id: Type.String({ format: 'uuid' }), deliveryId: Text({ minLength: 1, maxLength: 100 }) });
export const DeliveriesQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')])),
  cursor: Type.Optional(Text({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const webhookRoutes: FastifyPluginAsyncTypebox<{ webhooks: WebhookService }> = async (app, { webhooks }) => {
  // Managing endpoints, reading their deliveries included, needs a token with the `webhooks` scope.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, scope: 'webhooks' };
  });
  app.post('/webhooks', {
    schema: {
      tags, security: tokenRequired, operationId: 'createWebhook', summary: 'Register a webhook endpoint (the signing secret is shown once)',
      description: `Events: ${WEBHOOK_EVENT_TYPES.join(', ')}. Deliveries are signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). A gameId must name a game you hold or held a seat in (403 NOT_IN_GAME); at most WEBHOOK_MAX_ENDPOINTS endpoints per player (409 TOO_MANY_WEBHOOKS).`,
      body: CreateBody, response: { 201: described(EndpointWithSecret, 'The new endpoint with its signing secret'), ...errors(400, 401, 403, 404, 409) },
    },
  }, async (request, reply) => reply.status(201).send(await webhooks.create(request.player, request.body)));

  app.get('/webhooks', {
    schema: { tags, security: tokenRequired, operationId: 'listWebhooks', summary: 'Your webhook endpoints, oldest first', description: "Pages with `cursor` = the previous page's nextCursor.", querystring: PageQuery(100), response: { 200: described(Type.Object({ items: Type.Array(Endpoint), nextCursor: Nullable(Type.String({ description: 'pass as cursor for the next page; null on the last page' })) }), 'A page of your endpoints'), ...errors(401) } },
  }, async (request) => webhooks.list(request.player, request.query));

  app.get('/webhooks/:id', {
    schema: { tags, security: tokenRequired, operationId: 'getWebhook', summary: 'One of your webhook endpoints', params: Id, response: { 200: described(Endpoint, 'The endpoint'), ...errors(401, 404) } },
  }, async (request) => webhooks.get(request.player, request.params.id));

  app.patch('/webhooks/:id', {
    schema: { tags, security: tokenRequired, operationId: 'updateWebhook', summary: 'Change an endpoint (url, events, description, enabled)', params: Id, body: PatchBody, response: { 200: described(Endpoint, 'The changed endpoint'), ...errors(400, 401, 404) } },
  }, async (request) => webhooks.update(request.player, request.params.id, request.body));

  app.post('/webhooks/:id/disable', {
    schema: { tags, security: tokenRequired, operationId: 'disableWebhook', summary: 'Stop deliveries to an endpoint (they wait until it is enabled)', params: Id, response: { 200: described(Endpoint, 'The disabled endpoint'), ...errors(401, 404) } },
  }, async (request) => webhooks.setEnabled(request.player, request.params.id, false));

  app.post('/webhooks/:id/enable', {
    schema: { tags, security: tokenRequired, operationId: 'enableWebhook', summary: 'Resume deliveries to an endpoint, oldest first', params: Id, response: { 200: described(Endpoint, 'The enabled endpoint'), ...errors(401, 404) } },
  }, async (request) => webhooks.setEnabled(request.player, request.params.id, true));

  app.post('/webhooks/:id/retry', {
    schema: {
      tags, security: tokenRequired, operationId: 'retryWebhook', summary: "Send an endpoint's pending deliveries now, without waiting for their retry times",
      description: 'After a receiver outage: every pending delivery of the endpoint (those waiting for a retry and those queued behind them) goes out at once, in order per game. Deliveries also resume by themselves at the first successful attempt to the endpoint. A disabled endpoint is 409 WEBHOOK_DISABLED (enabling it retries too).',
      params: Id,
      response: {
        202: described(Type.Object({ endpointId: Type.String({ format: 'uuid' }), pending: Type.Integer({ minimum: 0, description: 'pending deliveries now due' }) }), 'The pending deliveries, queued to be sent now'),
        ...errors(401, 404, 409),
      },
    },
  }, async (request, reply) => reply.status(202).send(await webhooks.retryNow(request.player, request.params.id)));

  app.post('/webhooks/:id/rotate-secret', {
    schema: { tags, security: tokenRequired, operationId: 'rotateWebhookSecret', summary: 'A new signing secret; the previous one also signs for 24 hours', params: Id, response: { 200: described(RotatedEndpoint, 'The endpoint with its new secret'), ...errors(401, 404) } },
  }, async (request) => webhooks.rotateSecret(request.player, request.params.id));

  app.delete('/webhooks/:id', {
    schema: { tags, security: tokenRequired, operationId: 'deleteWebhook', summary: 'Delete an endpoint and its delivery log', params: Id, response: { 204: described(Type.Null(), 'Deleted'), ...errors(401, 404) } },
  }, async (request, reply) => {
    await webhooks.remove(request.player, request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/webhooks/:id/deliveries', {
    schema: {
      tags, security: tokenRequired, operationId: 'listWebhookDeliveries', summary: "An endpoint's deliveries, newest first; page with cursor = nextCursor",
      params: Id, querystring: DeliveriesQuery,
      response: { 200: described(Type.Object({ items: Type.Array(Delivery), nextCursor: Nullable(Type.String({ description: 'pass as cursor for the next page; null on the last page' })) }), 'A page of deliveries'), ...errors(400, 401, 404) },
    },
  }, async (request) => webhooks.deliveries(request.player, request.params.id, request.query));

  app.get('/webhooks/:id/deliveries/:deliveryId', {
    schema: { tags, security: tokenRequired, operationId: 'getWebhookDelivery', summary: 'One delivery with every attempt (status, latency, error)', params: DeliveryParams, response: { 200: described(DeliveryWithAttempts, 'The delivery and its attempts'), ...errors(401, 404) } },
  }, async (request) => webhooks.delivery(request.player, request.params.id, request.params.deliveryId));

  app.post('/webhooks/:id/deliveries/:deliveryId/redeliver', {
    schema: {
      tags, security: tokenRequired, operationId: 'redeliverWebhookDelivery', summary: 'Send a delivery again now (same webhook-id and body)',
      params: DeliveryParams, response: { 202: described(Delivery, 'The delivery, queued to be sent now'), ...errors(401, 404, 409) },
    },
  }, async (request, reply) => reply.status(202).send(await webhooks.redeliver(request.player, request.params.id, request.params.deliveryId)));
};
