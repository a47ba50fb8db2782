/** Page sizes, game ids and the opaque cursors of game lists. */
import type { GameRow } from '../store/event-store.js';
import { ServiceError } from './errors.js';

export function clampLimit(limit: number | undefined, fallback: number, max: number): number {
  if (limit === undefined || !Number.isFinite(limit)) return fallback;
  return Math.max(1, Math.min(max, Math.floor(limit)));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string): boolean => UUID.test(id);

export function encodeCursor(game: GameRow): string {
  return Buffer.from(`${game.createdAt.toISOString()}|${game.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) throw new ServiceError('BAD_REQUEST', 'invalid cursor');
  return { createdAt, id };
}
