/**
 * REST: an app mints and revokes tokens for its players (src/service/tokens.ts), under
 * /v1/app/players/:playerId/tokens. The site's server hands a browser a short-lived `play`+`read` token,
 * never its own key. Tokens an app mints always expire (by default after an hour, at most after a year);
 * revoking one takes effect at once on every instance. Another app's player is 404.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppPlayerService } from '../../service/app-players.js';
import { SCOPES, type Scope, type TokenService } from '../../service/tokens.js';
import { Text } from '../schemas.js';
import { appKeyRequired, described, errors } from '../docs.js';
import { appOf, requireApp } from '../app-auth.js';
import { TokenSchema } from './tokens.js';

const tags = ['apps'];
const security = appKeyRequired;

const ScopeName = Type.Unsafe<Scope>({ type: 'string', enum: [...SCOPES], description: 'play: act in its seats; read: views, histories, turns, streams; webhooks: its own endpoints; tokens: its own tokens' });
const { current: _current, ...tokenFields } = TokenSchema.properties;
const AppToken = Type.Object({ ...tokenFields, scopes: Type.Array(ScopeName) }, { description: "A player's token as the app sees it (never its secret)" });

const DEFAULT_LIFETIME_SECONDS = 3600;
const MAX_LIFETIME_SECONDS = 31_536_000;

const CreateBody = Type.Object(
  {
    label: Type.Optional(Text({ minLength: 1, maxLength: 64, description: "what the token is for (default `browser`)" })),
    scopes: Type.Optional(Type.Array(ScopeName, { minItems: 1, maxItems: SCOPES.length, uniqueItems: true, description: 'default: play and read, what a browser needs to play' })),
    expiresInSeconds: Type.Optional(Type.Integer({ minimum: 60, maximum: MAX_LIFETIME_SECONDS, description: `how long it works (default ${DEFAULT_LIFETIME_SECONDS}: an hour)` })),
  },
  { additionalProperties: false },
);
const Created = Type.Object({
  token: AppToken,
  secret: Type.String({ description: 'the bearer token itself, shown once: hand it to that player\'s browser (`Authorization: Bearer <secret>`)' }),
});
const PlayerParams = Type.Object({ playerId: Type.String({ format: 'uuid' }) });
const TokenParams = Type.Object({ playerId: Type.String({ format: 'uuid' }), tokenId: Type.String({ format: 'uuid' }) });

export const appTokenRoutes: FastifyPluginAsyncTypebox<{ appPlayers: AppPlayerService; tokens: TokenService }> = async (app, { appPlayers, tokens }) => {
  app.addHook('preHandler', requireApp);

  app.post('/app/players/:playerId/tokens', {
    schema: {
      tags, security, operationId: 'createAppPlayerToken', summary: "Mint a token for one of the app's players (for that player's browser; shown once)",
      params: PlayerParams, body: Type.Optional(CreateBody),
      response: { 201: described(Created, 'The token and its secret'), ...errors(400, 401, 404) },
    },
  }, async (request, reply) => {
    const player = await appPlayers.own(appOf(request), request.params.playerId);
    const body = request.body ?? {};
    const lifetime = body.expiresInSeconds ?? DEFAULT_LIFETIME_SECONDS;
    const issued = await tokens.issueToken(player.id, {
      label: body.label ?? 'browser',
      scopes: body.scopes ?? ['play', 'read'],
      expiresAt: new Date(Date.now() + lifetime * 1000),
    });
    return reply.status(201).send(issued);
  });

  app.get('/app/players/:playerId/tokens', {
    schema: {
      tags, security, operationId: 'listAppPlayerTokens', summary: "The tokens of one of the app's players that still work, newest first",
      params: PlayerParams, response: { 200: described(Type.Object({ items: Type.Array(AppToken) }), 'The tokens'), ...errors(401, 404) },
    },
  }, async (request) => {
    const player = await appPlayers.own(appOf(request), request.params.playerId);
    return { items: await tokens.listTokens(player.id) };
  });

  app.delete('/app/players/:playerId/tokens/:tokenId', {
    schema: {
      tags, security, operationId: 'revokeAppPlayerToken', summary: "Revoke one token of one of the app's players, at once on every instance",
      params: TokenParams, response: { 204: described(Type.Null(), 'Revoked'), ...errors(401, 404) },
    },
  }, async (request, reply) => {
    const player = await appPlayers.own(appOf(request), request.params.playerId);
    await tokens.revokeToken(request.params.tokenId, player.id);
    return reply.status(204).send(null);
  });

  app.delete('/app/players/:playerId/tokens', {
    schema: {
      tags, security, operationId: 'revokeAllAppPlayerTokens', summary: "Revoke every token of one of the app's players (the user signed out everywhere, or was banned)",
      params: PlayerParams, response: { 200: described(Type.Object({ revoked: Type.Integer({ minimum: 0, description: 'tokens that still worked' }) }), 'How many were revoked'), ...errors(401, 404) },
    },
  }, async (request) => {
    const player = await appPlayers.own(appOf(request), request.params.playerId);
    return { revoked: await tokens.revokeAllTokensOf(player.id) };
  });
};
