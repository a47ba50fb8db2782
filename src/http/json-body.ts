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

/** Deepest nesting of objects and arrays a body may have: far above any move, option or record, far below a stack's reach. */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * True when `text` nests objects or arrays deeper than `max` (brackets inside strings do not count).
 * One pass over the characters, no allocation: malformed text is left for `JSON.parse` to refuse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string: to the next quote not escaped by a backslash.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

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
