/** REST: the operator's apps, under /v1/admin/apps (ADMIN_KEY only; 404 when no ADMIN_KEY is set). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { MAX_KEY_OVERLAP_SECONDS, type AppService } from '../../service/apps.js';
import { PageQuery, Text } from '../schemas.js';
import { described, errors, operatorRequired } from '../docs.js';
import { requireOperator } from '../operator.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const tags = ['apps'];
const security = operatorRequired;

const Budget = (description: string) => Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000, description })));
const RequestsPerMinute = Budget("requests per minute with the app's key; null: the service's default (APP_RATE_LIMIT_PER_MINUTE)");
const PlayersPerHour = Budget('new players the app may create per hour; null: the default (APP_PLAYERS_PER_HOUR)');

export const AppSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  enabled: Type.Boolean(),
  disabledAt: Nullable(Type.String({ format: 'date-time' })),
  requestsPerMinute: Nullable(Type.Integer({ description: "the app's own budget; null: the default" })),
  playersPerHour: Nullable(Type.Integer({ description: "the app's own budget; null: the default" })),
  previousKeyValidUntil: Nullable(Type.String({ format: 'date-time', description: 'the key before the last rotation is accepted until then' })),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

const AppWithKey = Type.Object({
  app: AppSchema,
  key: Type.String({ description: "the app's key (app_...), shown only now: give it to the site's server, never to a browser" }),
});

const AppName = Text({ minLength: 1, maxLength: 100 });
const CreateBody = Type.Object({ name: AppName, requestsPerMinute: RequestsPerMinute, playersPerHour: PlayersPerHour }, { additionalProperties: false });
const PatchBody = Type.Object({ name: Type.Optional(AppName), requestsPerMinute: RequestsPerMinute, playersPerHour: PlayersPerHour }, { additionalProperties: false });
const RotateBody = Type.Object(
  {
    overlapSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_KEY_OVERLAP_SECONDS, description: 'how long the current key keeps working (default APP_KEY_OVERLAP_SECONDS; 0: it stops now, as after a leak)' })),
  },
  { additionalProperties: false },
);
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const appAdminRoutes: FastifyPluginAsyncTypebox<{ apps: AppService }> = async (app, { apps }) => {
  // Before validation: without ADMIN_KEY these routes are 404 whatever the request holds.
  app.addHook('onRequest', requireOperator);

  app.post('/admin/apps', {
    schema: {
      tags, security, operationId: 'createApp', summary: 'Create an app (a site) and receive its key, shown once',
      description: 'Only the SHA-256 of the key is stored. The site sends it as `Authorization: Bearer app_...` from its server, on /v1/app routes only.',
      body: CreateBody, response: { 201: described(AppWithKey, 'The new app and its key'), ...errors(400, 401, 404) },
    },
  }, async (request, reply) => reply.status(201).send(await apps.create(request.body.name, request.body)));

  app.get('/admin/apps', {
    schema: {
      tags, security, operationId: 'listApps', summary: 'Every app, oldest first', description: "Pages with `cursor` = the previous page's nextCursor.",
      querystring: PageQuery(200),
      response: { 200: described(Type.Object({ items: Type.Array(AppSchema), nextCursor: Nullable(Type.String()) }), 'A page of apps'), ...errors(401, 404) },
    },
  }, async (request) => apps.list(request.query));

  app.get('/admin/apps/:id', {
    schema: { tags, security, operationId: 'getApp', summary: 'One app', params: Id, response: { 200: described(AppSchema, 'The app'), ...errors(401, 404) } },
  }, async (request) => apps.get(request.params.id));

  app.patch('/admin/apps/:id', {
    schema: { tags, security, operationId: 'updateApp', summary: "Rename an app or change its budgets (null: the default)", params: Id, body: PatchBody, response: { 200: described(AppSchema, 'The changed app'), ...errors(400, 401, 404) } },
  }, async (request) => apps.update(request.params.id, request.body));

  app.post('/admin/apps/:id/rotate-key', {
    schema: {
      tags, security, operationId: 'rotateAppKey', summary: 'A new key for the app, shown once; the current one keeps working for an overlap period',
      params: Id, body: Type.Optional(RotateBody), response: { 200: described(AppWithKey, 'The app and its new key'), ...errors(400, 401, 404) },
    },
  }, async (request) => apps.rotateKey(request.params.id, request.body?.overlapSeconds));

  app.post('/admin/apps/:id/disable', {
    schema: { tags, security, operationId: 'disableApp', summary: "Disable an app: its key is refused (401 APP_DISABLED) until it is enabled", params: Id, response: { 200: described(AppSchema, 'The disabled app'), ...errors(401, 404) } },
  }, async (request) => apps.setEnabled(request.params.id, false));

  app.post('/admin/apps/:id/enable', {
    schema: { tags, security, operationId: 'enableApp', summary: 'Enable a disabled app again', params: Id, response: { 200: described(AppSchema, 'The enabled app'), ...errors(401, 404) } },
  }, async (request) => apps.setEnabled(request.params.id, true));
};
