/**
 * No string a client sends may hold control characters: names, descriptions and cursors are single
 * lines, and Postgres cannot store a NUL at all (in text or in JSON), which made such requests fail
 * with 500. Typed text fields say so in their schema (`Text` in ./schemas.ts); this guard covers the free
 * JSON a client sends too (game options, moves, GraphQL variables), keys included.
 */
import { CONTROL_CHARACTERS } from './schemas.js';
import { ServiceError } from '../service/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body stays bytes, checked where it is parsed (a record verified off the event loop): no walk here. */
    rawBody?: boolean;
  }
}

export function holdsControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value);
  if (typeof value !== 'object' || value === null || depth > 64) return false;
  // Plain loops: this runs on every request body, where entries() and some() allocated per property.
  if (Array.isArray(value)) {
    for (const item of value) if (holdsControlCharacter(item, depth + 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (CONTROL_CHARACTERS.test(key) || holdsControlCharacter(record[key], depth + 1)) return true;
  }
  return false;
}

export function refuseControlCharacters(value: unknown, where: string): void {
  if (holdsControlCharacter(value)) throw new ServiceError('BAD_REQUEST', `${where} must not contain control characters (such as NUL)`);
}
