/**
 * The operator's credential (ADMIN_KEY): `Authorization: Bearer <ADMIN_KEY>` makes a request the
 * operator's (`request.operator`), never a player's. Routes only the operator may call take
 * `requireOperator` as a preHandler. Without an ADMIN_KEY those routes answer 404, as if absent, so a
 * deployment that never set one exposes no operator surface at all.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../service/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** True when the request carries the operator's credential (ADMIN_KEY). */
    operator: boolean;
  }
  interface FastifyInstance {
    /** Whether an ADMIN_KEY is configured (the operator routes exist). */
    operatorEnabled: boolean;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * A test of a bearer token against the operator's key, or null when no key is configured. Both sides are
 * hashed first, so the comparison takes the same time whatever the token's length or content.
 */
export function operatorKeyCheck(adminKey: string | undefined): ((token: string) => boolean) | null {
  if (!adminKey) return null;
  const expected = digest(adminKey);
  return (token) => timingSafeEqual(digest(token), expected);
}

/** preHandler of the operator-only routes: 404 when the operator API is off, 401 without the operator's key. */
export function requireOperator(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  if (!request.server.operatorEnabled) return done(new ServiceError('NOT_FOUND', `Route ${request.method}:${request.url} not found`));
  if (!request.operator) return done(new ServiceError('UNAUTHENTICATED', 'this route needs the operator credential (Authorization: Bearer <ADMIN_KEY>)'));
  done();
}
