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

/** Years 1 to 9999: what Postgres' timestamps and ISO 8601's plain form both hold (a JavaScript date reaches ±275,760). */
const FIRST_INSTANT = new Date('0001-01-01T00:00:00.000Z').getTime();
const LAST_INSTANT = new Date('9999-12-31T23:59:59.999Z').getTime();

/** A date the database can compare with its timestamps (a far-past or far-future one is refused there as a data exception). */
export const isStorableDate = (date: Date): boolean => date.getTime() >= FIRST_INSTANT && date.getTime() <= LAST_INSTANT;

/** Text the database can hold and a cursor of ours may carry: no NUL or other control character. */
// eslint-disable-next-line no-control-regex
export const isStorableText = (text: string): boolean => !/[\u0000-\u001f\u007f]/.test(text);

/** The date a cursor names: exactly as `toISOString` wrote it, in the storable range. */
export function cursorDate(iso: string | undefined): Date | null {
  const at = new Date(iso ?? '');
  return !Number.isNaN(at.getTime()) && isStorableDate(at) && at.toISOString() === iso ? at : null;
}

/**
 * The keyset a cursor names; a cursor this service did not make is refused with 400 here, while it is
 * decoded, so that nothing malformed (a far-past date, a NUL byte) reaches the database.
 */
export function decodeKeyset(cursor: string, idIsUuid = true): Keyset {
  const [iso, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = cursorDate(iso);
  if (!at || !id || rest.length > 0 || (idIsUuid ? !isUuid(id) : !isStorableText(id))) throw new ServiceError('BAD_REQUEST', 'invalid cursor');
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
