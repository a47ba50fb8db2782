/**
 * JSON bodies, depth-limited while they are parsed: every route (REST and GraphQL over HTTP) shares this
 * parser. Nesting is counted on the text before `JSON.parse` builds anything, so a body nested thousands
 * of levels deep (which would overflow the stack of whatever walks it next: schema validation, the
 * control-character check, the idempotency hash, an engine's option check) is a 400 `INVALID_JSON`
 * before any of them runs. Parsing itself stays Fastify's (secure-json-parse: `__proto__` and
 * `constructor.prototype` keys refused).
 */
import type { FastifyInstance } from 'fastify';
import { ServiceError } from '../service/errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../service/json-depth.js';

export { MAX_JSON_DEPTH, nestsDeeperThan };

/** Replaces Fastify's JSON parser (for this instance and every route under it) with the depth-limited one. */
export function installJsonBodyParser(app: FastifyInstance, maxDepth = MAX_JSON_DEPTH): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, maxDepth)) {
      done(new ServiceError('INVALID_JSON', `the body nests objects and arrays more than ${maxDepth} levels deep`), undefined);
      return;
    }
    parse(request, text, done);
  });
}

/**
 * GraphQL over GET carries its variables (and extensions) as JSON in the query string, which Mercurius
 * parses in its handler: the same depth limit applies to them first.
 */
export function installQueryJsonGuard(app: FastifyInstance, path: string, maxDepth = MAX_JSON_DEPTH): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.method !== 'GET' || request.routeOptions.url !== path) return done();
    const query = request.query as Record<string, unknown> | undefined;
    for (const name of ['variables', 'extensions']) {
      const text = query?.[name];
      if (typeof text === 'string' && nestsDeeperThan(text, maxDepth)) {
        return done(new ServiceError('INVALID_JSON', `${name} nest objects and arrays more than ${maxDepth} levels deep`));
      }
    }
    done();
  });
}
