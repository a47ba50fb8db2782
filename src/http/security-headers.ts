/**
 * Security headers on every answer, set when the request arrives (so that streams, which write their
 * own headers, carry them too): `nosniff`, no referrer, and a Content-Security-Policy. API answers get
 * the strictest policy (load nothing, be framed nowhere); the pages this service serves (the web client
 * at `/`, GraphiQL at `/graphiql`, the OpenAPI viewer at `/docs`) get `pagePolicy`: scripts, styles and
 * calls from this origin only, websockets included, and never framed (clickjacking).
 *
 * Hand-set rather than @fastify/helmet: the three headers that matter here are a few lines, and the
 * page policy names the request's own websocket origin, which helmet would also need per request;
 * helmet's other defaults (HSTS, cross-origin isolation) are a deployment's choice, not the API's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** For JSON and every other non-page answer: nothing to load, nowhere to be framed. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A Host header that may be written into a header value as is (name or IP, optional port). */
const PLAIN_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The websocket origin of this very page (`wss://host` behind https): `'self'` covers ws: and wss: of
 * the same host only in browsers that implement CSP level 3, so the origin is also named explicitly.
 * A Host header that is not a plain host name adds nothing ('self' alone then).
 */
function websocketOrigin(request: FastifyRequest): string {
  const host = request.headers.host;
  if (!host || !PLAIN_HOST.test(host)) return '';
  return ` ${request.protocol === 'https' ? 'wss' : 'ws'}://${host.toLowerCase()}`;
}

/** The policy of an HTML page this service serves. */
export function pagePolicy(request: FastifyRequest): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'", // GraphiQL's and Swagger UI's editors set inline styles
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self'${websocketOrigin(request)}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const isHtml = (type: unknown): boolean => typeof type === 'string' && /^text\/html\b/i.test(type);

/** The headers every answer starts with (also set by hand on the router's own errors, which skip hooks). */
export function setApiHeaders(reply: FastifyReply): void {
  void reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer').header('content-security-policy', API_POLICY);
}

export const securityHeaders = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (_request, reply, done) => {
    setApiHeaders(reply);
    done();
  });
  // A page whose route set no policy of its own (the OpenAPI viewer's, from @fastify/swagger-ui) gets the page policy.
  app.addHook('onSend', (request, reply, payload, done) => {
    // A 304 carries no Content-Type, but the browser takes its headers for the page it kept: a page asked
    // for again (a navigation accepts text/html) must not come back with the API's policy, which blocks scripts.
    const page = isHtml(reply.getHeader('content-type')) || (reply.statusCode === 304 && isHtml(request.headers.accept?.split(',')[0]));
    if (page && reply.getHeader('content-security-policy') === API_POLICY) {
      void reply.header('content-security-policy', pagePolicy(request));
    }
    done(null, payload);
  });
}, { name: 'security-headers' });
