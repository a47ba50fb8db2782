/**
 * The locale of a request: `?lang=` when it names a served locale, else `Accept-Language`, else
 * English (src/service/locales.ts). Set for the handler and everything it awaits, so every log the
 * request serves (move answers, history, SSE streams, GraphQL) is rendered in it; the answer says which
 * with `Content-Language` (and `Vary: Accept-Language`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { withLocale } from '../service/locale-context.js';
import { pickLocale } from '../service/locales.js';
import { addVary } from './cache-scope.js';

export function requestLocale(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown> | undefined;
  const lang = typeof query?.lang === 'string' ? query.lang : null;
  return pickLocale(request.headers['accept-language'], lang);
}

function enterLocale(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const locale = requestLocale(request);
  reply.header('Content-Language', locale);
  // A cache keeps one answer per language (the logs' texts differ).
  addVary(reply, 'Accept-Language');
  withLocale(locale, () => done());
}

/** On every route of `app` (registered at the root, before the routes). */
export function registerLocale(app: FastifyInstance): void {
  app.addHook('preHandler', enterLocale);
}
