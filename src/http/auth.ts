/**
 * Bearer-token authentication: `request.player` is the caller, or null for an anonymous caller (who
 * gets the spectator's view). A token that is present but unknown is refused, never treated as anonymous.
 *
 * The token is resolved first (onRequest) and refused later (preParsing), so that the rate limiter, which
 * runs in between, counts a bad token against the client's address. Refusing in preParsing also lets
 * /graphql answer in GraphQL's shape: its routes have their own error handler.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { ServiceError } from '../service/errors.js';
import { requireScope, type Player, type Scope, type TokenGrant, type TokenService } from '../service/tokens.js';
import { operatorKeyCheck } from './operator.js';
import type { AppService } from '../service/apps.js';
import { appKeyOf, resolveAppKey } from './app-auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    player: Player | null;
    /** The caller's token: its id, scopes and expiry (null when anonymous or the operator). */
    grant: TokenGrant | null;
    /** Why the Authorization header was refused; thrown once the rate limiter has counted the request. */
    authError: ServiceError | null;
  }
  interface FastifyContextConfig {
    /** The scope a token needs for this route (see the file comment); `none`: any token. */
    scope?: Scope | 'none';
  }
}

/**
 * The caller an Authorization header names, null without one. A token this process has seen is known at
 * once, without a promise (most calls); an unknown one is looked up. Refusals are thrown (or rejected).
 */
export function grantFromHeader(tokens: TokenService, header: string | undefined): TokenGrant | null | Promise<TokenGrant> {
  if (header === undefined || header === '') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new ServiceError('UNAUTHENTICATED', 'the Authorization header must be `Bearer <token>`');
  return tokens.known(match[1]) ?? tokens.authenticate(match[1]);
}

/** The scope a route needs when it does not say: reads need `read`, everything else `play`. */
function defaultScope(route: RouteOptions, graphqlPath: string): Scope | 'none' {
  if (route.url === graphqlPath) return 'none'; // per field (src/graphql/tokens.ts)
  const security = (route.schema as { security?: readonly unknown[] } | undefined)?.security;
  if (security && security.length === 0) return 'none'; // reads no token (health checks)
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.every((method) => method === 'GET' || method === 'HEAD') ? 'read' : 'play';
}

/** A refused token is kept for preParsing to throw; any other failure (the database) fails the request. */
function refuse(request: FastifyRequest, error: unknown, done: (error?: Error) => void): void {
  if (!(error instanceof ServiceError)) return done(error as Error);
  request.authError = error;
  done();
}

/** The bearer token of an Authorization header, or null when it holds none. */
function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null;
}

export const authPlugin = fp(
  async (app, opts: { tokens: TokenService; adminKey?: string; graphqlPath: string; apps?: AppService }) => {
    const isOperatorKey = operatorKeyCheck(opts.adminKey);
    app.decorate('operatorEnabled', isOperatorKey !== null);
    app.decorateRequest('player', null);
    app.decorateRequest('grant', null);
    app.decorateRequest('authError', null);
    app.decorateRequest('operator', false);
    app.decorateRequest('app', null);
    // Fastify's callback form: this runs on every request, and most resolve without waiting for anything.
    app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
      // A websocket handshake authenticates in graphql-ws's connection_init instead.
      if (request.headers.upgrade?.toLowerCase() === 'websocket') return done();
      if (isOperatorKey) {
        const token = bearerToken(request.headers.authorization);
        if (token !== null && isOperatorKey(token)) {
          request.operator = true; // the operator acts as nobody's player
          return done();
        }
      }
      // An app's key (`app_...`): src/http/app-auth.ts.
      const appKey = opts.apps ? appKeyOf(request.headers.authorization) : null;
      if (appKey !== null) return resolveAppKey(opts.apps!, request, appKey, done);
      let grant: TokenGrant | null | Promise<TokenGrant>;
      try {
        grant = grantFromHeader(opts.tokens, request.headers.authorization);
      } catch (error) {
        return refuse(request, error, done);
      }
      if (!(grant instanceof Promise)) {
        request.grant = grant;
        request.player = grant?.player ?? null;
        return done();
      }
      grant.then(
        (found) => {
          request.grant = found;
          request.player = found.player;
          done();
        },
        (error: unknown) => refuse(request, error, done),
      );
    });
    // The callback form: an async hook would cost a promise on every request.
    app.addHook('preParsing', (request: FastifyRequest, _reply, payload, done) => {
      if (request.authError) done(request.authError);
      else done(null, payload);
    });
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, scope: route.config?.scope ?? defaultScope(route, opts.graphqlPath) };
    });
    app.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
      const scope = request.routeOptions.config.scope;
      if (request.grant === null || scope === undefined || scope === 'none') return done();
      try {
        requireScope(request.grant, scope);
      } catch (error) {
        return done(error as Error);
      }
      done();
    });
  },
  { name: 'auth' },
);
