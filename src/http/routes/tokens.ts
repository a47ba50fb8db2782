/**
 * REST: a player's own tokens (src/service/tokens.ts). Managing them needs a token with the `tokens`
 * scope; a new token never holds a scope the minting token lacks, nor outlives it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ServiceError } from '../../service/errors.js';
import { SCOPES, type TokenGrant, type TokenInfo, type TokenService } from '../../service/tokens.js';
import { Text } from '../schemas.js';
import { described, errors, tokenRequired } from '../docs.js';

const tags = ['players'];

const ScopeName = Type.Union(
  SCOPES.map((scope) => Type.Literal(scope)),
  { description: 'play: act in your seats; read: views, histories, turns, streams; webhooks: manage your endpoints; tokens: manage your tokens' },
);

export const TokenSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    label: Type.String(),
    scopes: Type.Array(ScopeName),
    createdAt: Type.String({ format: 'date-time' }),
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'null: never expires' }),
    lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'recorded in batches: up to a minute behind' }),
    current: Type.Boolean({ description: 'whether this is the token of the request' }),
  },
  { $id: 'Token', description: "A bearer token as its owner sees it (never its secret)" },
);

const CreateTokenBody = Type.Object(
  {
    label: Text({ minLength: 1, maxLength: 64, description: 'what the token is for (a device, a script)' }),
    scopes: Type.Array(ScopeName, { minItems: 1, maxItems: SCOPES.length, uniqueItems: true, description: 'at most the scopes of the token that creates it' }),
    expiresAt: Type.Optional(Type.String({ format: 'date-time', description: "when it stops working; at most the creating token's expiry, which is also the default" })),
  },
  { additionalProperties: false },
);

const CreatedToken = Type.Object({
  token: Type.Ref('Token'),
  secret: Type.String({ description: 'the bearer token itself, shown once: send it as `Authorization: Bearer <secret>`' }),
});

const TokenId = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** A token for the route's answer. */
export const asToken = (info: TokenInfo, grant: TokenGrant | null) => ({ ...info, current: info.id === grant?.tokenId });

function caller(grant: TokenGrant | null): TokenGrant {
  if (!grant) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token');
  return grant;
}

export const tokenRoutes: FastifyPluginAsyncTypebox<{ tokens: TokenService }> = async (app, { tokens }) => {
  app.addSchema(TokenSchema);
  const config = { scope: 'tokens' as const };

  app.post('/me/tokens', {
    config,
    schema: {
      operationId: 'createToken', tags, security: tokenRequired, summary: 'Create a token for yourself (its secret is shown once)',
      description: 'Needs the `tokens` scope. A token cannot grant a scope its creator lacks, nor outlive it (403 INSUFFICIENT_SCOPE); a player holds at most 100 tokens (409 TOO_MANY_TOKENS).',
      body: CreateTokenBody,
      response: { 201: described(CreatedToken, 'The new token and its secret'), ...errors(401, 403, 409) },
    },
  }, async (request, reply) => {
    const grant = caller(request.grant);
    const { expiresAt, ...rest } = request.body;
    const created = await tokens.mintWith(grant, { ...rest, expiresAt: expiresAt === undefined ? null : new Date(expiresAt) });
    return reply.status(201).send({ token: asToken(created.token, grant), secret: created.secret });
  });

  app.get('/me/tokens', {
    config,
    schema: {
      operationId: 'listTokens', tags, security: tokenRequired, summary: 'Your tokens that still work, newest first',
      response: { 200: described(Type.Object({ items: Type.Array(Type.Ref('Token')) }), 'Your tokens (never their secrets)'), ...errors(401, 403) },
    },
  }, async (request) => {
    const grant = caller(request.grant);
    return { items: (await tokens.listTokens(grant.player.id)).map((info) => asToken(info, grant)) };
  });

  app.delete('/me/tokens/:id', {
    config,
    schema: {
      operationId: 'revokeToken', tags, security: tokenRequired, summary: 'Revoke one of your tokens, at once on every instance',
      description: "Its next request is 401 TOKEN_REVOKED, and its open streams and websockets close. Revoking the request's own token signs it out.",
      params: TokenId,
      response: { 204: described(Type.Null(), 'Revoked'), ...errors(401, 403, 404) },
    },
  }, async (request, reply) => {
    const grant = caller(request.grant);
    await tokens.revokeToken(request.params.id, grant.player.id);
    return reply.status(204).send(null);
  });
};
