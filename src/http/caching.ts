/**
 * HTTP caching of game reads: strong ETags and Cache-Control. A state or history body is fixed by the
 * game's version and the viewer's seat (views are redacted per seat), so their ETag is computed from
 * those before the body is built, and a matching If-None-Match costs no replay. What can no longer
 * change (a past version's state, the history of a finished game) is `immutable`; per-token answers
 * are `private` and vary on Authorization.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller, GameSummary } from '../service/game-service.js';
import { viewerSeatAmong } from '../service/seats.js';
import { addVary } from './cache-scope.js';

const YEAR = 31_536_000;

/** The seat whose view the caller gets (the same rule as the service's): null for a spectator. */
export function viewerSeat(game: GameSummary, caller: Caller): number | null {
  return viewerSeatAmong(caller?.id, game.seats.map((s) => ({ index: s.index, playerId: s.player?.id ?? null, resigned: s.resigned })));
}

/** A strong ETag naming `parts` (opaque: it tells nothing about the viewer). */
export function etagOf(...parts: readonly unknown[]): string {
  return `"${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 27)}"`;
}

export const isOver = (game: GameSummary): boolean => game.status === 'finished' || game.status === 'aborted';

/**
 * Cache-Control for an answer: `immutable` when it can no longer change, otherwise revalidate each
 * time (`no-cache`); `private` when it was made for the token's player.
 */
export function cacheControl(caller: Caller, immutable: boolean): string {
  const scope = caller ? 'private' : 'public';
  return immutable ? `${scope}, max-age=${YEAR}, immutable` : `${scope}, no-cache`;
}

/**
 * Sets ETag, Cache-Control and Vary; true when the client's If-None-Match already names this ETag
 * (then the caller answers 304 without building the body).
 */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string, control: string): boolean {
  void reply.header('etag', etag).header('cache-control', control);
  addVary(reply, 'Authorization');
  const given = request.headers['if-none-match'];
  if (!given) return false;
  return given.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
}
