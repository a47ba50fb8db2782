/**
 * No string a client sends may hold control characters: names, descriptions and cursors are single
 * lines, and Postgres cannot store a NUL at all (in text or in JSON), which made such requests fail
 * with 500. Typed text fields say so in their schema (`Text` in ./schemas.ts); this guard covers the free
 * JSON a client sends too (game options, moves, GraphQL variables), keys included.
 */
import { CONTROL_CHARACTERS } from './schemas.js';
import { ServiceError } from '../service/errors.js';

export function holdsControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value);
  if (typeof value !== 'object' || value === null || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => holdsControlCharacter(item, depth + 1));
  return Object.entries(value).some(([key, item]) => CONTROL_CHARACTERS.test(key) || holdsControlCharacter(item, depth + 1));
}

export function refuseControlCharacters(value: unknown, where: string): void {
  if (holdsControlCharacter(value)) throw new ServiceError('BAD_REQUEST', `${where} must not contain control characters (such as NUL)`);
}
