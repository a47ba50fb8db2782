/**
 * App keys: `Authorization: Bearer app_...` makes a request the app's (`request.app`), never a player's.
 * An app key is a server-to-server secret, so it is accepted only on the app routes (/v1/app, /v1/app/...):
 * anywhere else it is refused with 403 APP_KEY_NOT_ALLOWED (the site acts for a player with a token it
 * mints for that player). App routes take `requireApp` as a preHandler: without an app key they are 401.
 *
 * The auth hook (./auth.ts) hands every request whose bearer token has the app prefix to `resolveAppKey`,
 * which settles it the same way as a player token: the app found, or the refusal kept for preParsing, after
 * the rate limiter counted it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_KEY_PREFIX, type AppPrincipal, type AppService } from '../service/apps.js';
import { ServiceError } from '../service/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The app whose key the request carries, or null. */
    app: AppPrincipal | null;
  }
}

const APP_ROUTES = /^\/v1\/app(\/|$)/;

/** The bearer token when it is an app key, else null (a player's token, the operator's, or none). */
export function appKeyOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  return token?.startsWith(APP_KEY_PREFIX) ? token : null;
}

/** Resolves an app key for the auth hook: `request.app`, or `request.authError` to be thrown later. */
export function resolveAppKey(apps: AppService, request: FastifyRequest, key: string, done: (error?: Error) => void): void {
  if (!APP_ROUTES.test(request.routeOptions.url ?? '')) {
    request.authError = new ServiceError('APP_KEY_NOT_ALLOWED', "an app key is accepted only on /v1/app routes: act for a player with a token minted for that player, never with the app's key");
    return done();
  }
  apps.authenticate(key).then(
    (app) => {
      request.app = app;
      done();
    },
    (error: unknown) => {
      if (!(error instanceof ServiceError)) return done(error as Error);
      request.authError = error;
      done();
    },
  );
}

/** preHandler of the app routes: 401 without the app's key. */
export function requireApp(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  if (!request.app) return done(new ServiceError('UNAUTHENTICATED', "this route needs the app's key (Authorization: Bearer app_...)"));
  done();
}

/** The app of a request that passed `requireApp`. */
export function appOf(request: FastifyRequest): AppPrincipal {
  if (!request.app) throw new ServiceError('UNAUTHENTICATED', "this route needs the app's key (Authorization: Bearer app_...)");
  return request.app;
}
