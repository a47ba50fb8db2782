/**
 * Who a shared cache may serve an answer to. Every route that reads the bearer token (its OpenAPI
 * `security` names bearerAuth; GraphQL; both event streams) answers with `Vary: Authorization`, and,
 * when the request carries a token, with a `private` Cache-Control (`private, no-cache` unless the route
 * chose a private one of its own), so that a CDN configured to ignore Authorization still never hands
 * one player's answer to another. Event streams are `no-store`. Set on the request (onRequest) rather
 * than on the way out, so that streams, which write their headers themselves, carry them too.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Adds `names` to the answer's Vary header, keeping what is there. */
export function addVary(reply: FastifyReply, ...names: string[]): void {
  const current = reply.getHeader('vary');
  const listed = typeof current === 'string' ? current.split(',').map((v) => v.trim()).filter(Boolean) : [];
  const lower = new Set(listed.map((v) => v.toLowerCase()));
  for (const name of names) if (!lower.has(name.toLowerCase())) listed.push(name);
  void reply.header('vary', listed.join(', '));
}

const GRAPHQL = '/graphql';

/** True when the route's answer may depend on the caller's token. */
function readsToken(request: FastifyRequest): boolean {
  const { url, schema } = request.routeOptions;
  if (url === GRAPHQL) return true;
  const security = (schema as { security?: readonly Record<string, unknown>[] } | undefined)?.security;
  return security?.some((requirement) => 'bearerAuth' in requirement) ?? false;
}

/** True for a route documented as answering with an event stream. */
function isEventStream(request: FastifyRequest): boolean {
  const responses = (request.routeOptions.schema as { response?: Record<string, { content?: Record<string, unknown> }> } | undefined)?.response;
  return responses?.['200']?.content?.['text/event-stream'] !== undefined;
}

/** A Cache-Control that only the caller's own cache may keep. */
const isPrivate = (control: unknown): boolean => typeof control === 'string' && /\b(private|no-store)\b/.test(control);

export const cacheScope = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (!readsToken(request)) return done();
    addVary(reply, 'Authorization');
    if (isEventStream(request)) void reply.header('cache-control', 'no-store');
    else if (request.headers.authorization !== undefined) void reply.header('cache-control', 'private, no-cache');
    done();
  });
  // A route that set its own Cache-Control for a token's answer must have made it private.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.headers.authorization !== undefined && readsToken(request) && !isPrivate(reply.getHeader('cache-control'))) {
      void reply.header('cache-control', 'private, no-cache');
    }
    done(null, payload);
  });
}, { name: 'cache-scope' });
