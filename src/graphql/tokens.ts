/**
 * GraphQL: a player's own tokens (as REST's /v1/me/tokens), and the scope each top-level field needs.
 * Every Query and Mutation field is guarded on the built schema, so a field added later is guarded too:
 * queries need `read` and mutations `play` unless FIELD_SCOPES says otherwise. Subscriptions need
 * `read` (src/graphql/subscriptions.ts). The SDL extends the main schema (./schema.ts).
 */
import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import type { MercuriusContext } from 'mercurius';
import { ServiceError } from '../service/errors.js';
import { requireScope, type Scope, type TokenGrant, type TokenService } from '../service/tokens.js';
import { asToken } from '../http/routes/tokens.js';

declare module 'mercurius' {
  interface MercuriusContext {
    /** The caller's token (null when anonymous): its scopes guard every top-level field. */
    grant?: TokenGrant | null;
  }
}

export const tokenSchema = `
  "A bearer token as its owner sees it (never its secret)."
  type Token {
    id: ID!
    label: String!
    "Some of play, read, webhooks, tokens."
    scopes: [String!]!
    createdAt: String!
    "Null: never expires."
    expiresAt: String
    "Recorded in batches: up to a minute behind."
    lastUsedAt: String
    "Whether this is the token of the request."
    current: Boolean!
  }

  type CreatedToken {
    token: Token!
    "The bearer token itself, shown once."
    secret: String!
  }

  extend type Query {
    "Your tokens that still work, newest first (needs the tokens scope)."
    myTokens: [Token!]!
  }

  extend type Mutation {
    "Creates a token for yourself: at most your token's scopes, expiring no later than it (needs the tokens scope)."
    createToken(label: String!, scopes: [String!]!, expiresAt: String): CreatedToken!
    "Revokes one of your tokens at once on every instance (needs the tokens scope)."
    revokeToken(id: ID!): Boolean!
  }
`;

/** Top-level fields whose scope is not the default of their operation (read for queries, play for mutations). */
const FIELD_SCOPES: Record<'Query' | 'Mutation', Record<string, Scope | 'none'>> = {
  Query: { me: 'none', verifyRecord: 'none', myTokens: 'tokens', webhooks: 'webhooks', webhook: 'webhooks', webhookDelivery: 'webhooks' },
  Mutation: {
    register: 'none',
    createToken: 'tokens',
    revokeToken: 'tokens',
    createWebhook: 'webhooks',
    updateWebhook: 'webhooks',
    rotateWebhookSecret: 'webhooks',
    deleteWebhook: 'webhooks',
    redeliverWebhook: 'webhooks',
    retryWebhook: 'webhooks',
  },
};

function caller(ctx: MercuriusContext): TokenGrant {
  if (!ctx.grant) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token');
  return ctx.grant;
}

function parseExpiry(value: string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(date.getTime())) throw new ServiceError('BAD_REQUEST', 'expiresAt must be an ISO 8601 date-time');
  return date;
}

export function tokenResolvers(tokens: TokenService) {
  return {
    Query: {
      myTokens: async (_: unknown, __: unknown, ctx: MercuriusContext) => {
        const grant = caller(ctx);
        return (await tokens.listTokens(grant.player.id)).map((info) => asToken(info, grant));
      },
    },
    Mutation: {
      createToken: async (_: unknown, args: { label: string; scopes: string[]; expiresAt?: string | null }, ctx: MercuriusContext) => {
        const grant = caller(ctx);
        const created = await tokens.mintWith(grant, { label: args.label, scopes: args.scopes, expiresAt: parseExpiry(args.expiresAt) });
        return { token: asToken(created.token, grant), secret: created.secret };
      },
      revokeToken: async (_: unknown, { id }: { id: string }, ctx: MercuriusContext) => {
        const grant = caller(ctx);
        if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new ServiceError('TOKEN_NOT_FOUND', `no token ${id}`);
        await tokens.revokeToken(id, grant.player.id);
        return true;
      },
    },
  };
}

/** Wraps every Query and Mutation field of the built schema with its scope check. */
export function guardScopes(schema: GraphQLSchema): void {
  const guard = (type: GraphQLObjectType | null | undefined, name: 'Query' | 'Mutation', fallback: Scope) => {
    for (const [fieldName, field] of Object.entries(type?.getFields() ?? {})) {
      const scope = FIELD_SCOPES[name][fieldName] ?? fallback;
      if (scope === 'none') continue;
      const resolve: GraphQLFieldResolver<unknown, MercuriusContext> = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, ctx, info) => {
        requireScope(ctx.grant ?? null, scope);
        return resolve(source, args, ctx, info);
      };
    }
  };
  guard(schema.getQueryType(), 'Query', 'read');
  guard(schema.getMutationType(), 'Mutation', 'play');
}
