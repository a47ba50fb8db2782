/**
 * Nesting depth of JSON text, counted before `JSON.parse` builds anything: a document nested thousands of
 * levels deep would overflow the stack of whatever walks it next. Shared by the HTTP body parser
 * (src/http/json-body.ts), GraphQL variables over GET and the websocket, and record checks off the main
 * thread (./cpu-tasks.ts).
 */

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
