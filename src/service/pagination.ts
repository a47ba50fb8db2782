/**
 * Page sizes, game ids and the opaque cursors of lists. Every list pages the same way: `?cursor=&limit=`
 * in, `{ items, nextCursor }` out, `nextCursor` null on the last page. A keyset cursor names the last
 * item of a page (its sort time and id), so pages stay stable while rows are added.
 */
import { ServiceError } from './errors.js';

export function clampLimit(limit: number | undefined, fallback: number, max: number): number {
  if (limit === undefined || !Number.isFinite(limit)) return fallback;
  return Math.max(1, Math.min(max, Math.floor(limit)));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string): boolean => UUID.test(id);

export interface Keyset {
  readonly at: Date;
  readonly id: string;
}

export function encodeKeyset(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

/** The keyset a cursor names; a cursor this service did not make is refused with 400. */
export function decodeKeyset(cursor: string, idIsUuid = true): Keyset {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (!id || (idIsUuid && !isUuid(id)) || Number.isNaN(at.getTime())) throw new ServiceError('BAD_REQUEST', 'invalid cursor');
  return { at, id };
}

/** A history cursor is the version (move count) the page starts after: a decimal string. */
export function decodeVersionCursor(cursor: string): number {
  if (!/^\d{1,9}$/.test(cursor)) throw new ServiceError('BAD_REQUEST', 'invalid cursor');
  return Number(cursor);
}

/** `{ items, nextCursor }` from `limit + 1` rows: the extra row only says that there is a next page. */
export function pageOf<R, T>(rows: readonly R[], limit: number, cursorOf: (last: R) => string, map: (row: R) => T): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items: items.map(map), nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
