/**
 * Players' bearer tokens: several per player, each with a label, scopes and an optional expiry. A token
 * is 32 random bytes shown once when issued; only its SHA-256 is stored, so a database leak exposes no
 * usable token. The scopes:
 * - `play`: act in one's seats (create, join, start, move, resign...);
 * - `read`: views, histories, turns, streams and subscriptions;
 * - `webhooks`: manage one's webhook endpoints;
 * - `tokens`: list, create and revoke one's own tokens.
 *
 * For other parts of the service (apps minting tokens for their players, operators banning one):
 * `issueToken`, `revokeToken` and `revokeAllTokensOf` take effect at once on every instance.
 *
 * Resolving a token costs a map lookup on most requests: a token this process has resolved is kept (by
 * the token itself, so not even a SHA-256 is spent) for CACHE_TTL_MS, after which the database is asked
 * again (so even a change made in the database by hand is honoured within that time). Revocations
 * reach every instance at once through the revocation feed; an expiry is checked on every request.
 * Last-used times are kept in memory and written in one statement every LAST_USED_FLUSH_MS.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../store/database.js';
import type { RevocationFeed } from '../store/revocation-feed.js';
import { ServiceError } from './errors.js';
import { LruCache } from './game-state.js';
import { TokenWatch, type EndConnection } from './token-watch.js';

export const SCOPES = ['play', 'read', 'webhooks', 'tokens'] as const;
export type Scope = (typeof SCOPES)[number];

export interface Player {
  readonly id: string;
  readonly name: string;
}

/** What one request's token grants: whose it is, which token, what it may do and until when. */
export interface TokenGrant {
  readonly tokenId: string;
  readonly player: Player;
  readonly scopes: readonly Scope[];
  readonly expiresAt: Date | null;
}

/** A token as its owner sees it (never its secret, which is shown once, at creation). */
export interface TokenInfo {
  readonly id: string;
  readonly label: string;
  readonly scopes: Scope[];
  readonly createdAt: string;
  readonly expiresAt: string | null;
  readonly lastUsedAt: string | null;
}

export interface IssueOptions {
  readonly label: string;
  readonly scopes: readonly string[];
  /** Null or absent: the token never expires. */
  readonly expiresAt?: Date | null;
}

const TOKEN_PREFIX = 'ptl_';
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token and the hash that is stored for it. */
export function mintSecret(): { secret: string; hash: string } {
  const secret = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { secret, hash: hashToken(secret) };
}

const CACHE_SIZE = 10_000;
const CACHE_TTL_MS = 60_000;
const LAST_USED_FLUSH_MS = 30_000;
/** Tokens a player may hold at once when minting them itself (apps and operators are not bound by it). */
export const MAX_TOKENS_PER_PLAYER = 100;
const MAX_LABEL = 64;

interface Cached {
  readonly grant: TokenGrant;
  readonly until: number;
}

const tokenSelect = { id: true, label: true, scopes: true, createdAt: true, expiresAt: true, lastUsedAt: true } as const;
type TokenRow = { id: string; label: string; scopes: string[]; createdAt: Date; expiresAt: Date | null; lastUsedAt: Date | null };

export function hasScope(grant: TokenGrant | null, scope: Scope): boolean {
  return grant === null || grant.scopes.includes(scope);
}

/** Throws 403 INSUFFICIENT_SCOPE unless the caller's token holds `scope` (an anonymous caller holds no token to limit). */
export function requireScope(grant: TokenGrant | null, scope: Scope): void {
  if (!hasScope(grant, scope)) throw new ServiceError('INSUFFICIENT_SCOPE', `this token lacks the \`${scope}\` scope`);
}

/** Checks and normalises a token's label, scopes and expiry. */
export function checkIssueOptions(options: IssueOptions, now = Date.now()): { label: string; scopes: Scope[]; expiresAt: Date | null } {
  const label = options.label.trim();
  if (label.length === 0 || label.length > MAX_LABEL) throw new ServiceError('BAD_REQUEST', `a label has 1 to ${MAX_LABEL} characters`);
  const unknown = options.scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) throw new ServiceError('BAD_REQUEST', `unknown scope ${unknown.join(', ')} (known: ${SCOPES.join(', ')})`);
  const scopes = SCOPES.filter((scope) => options.scopes.includes(scope));
  if (scopes.length === 0) throw new ServiceError('BAD_REQUEST', 'a token needs at least one scope');
  const expiresAt = options.expiresAt ?? null;
  if (expiresAt && !(expiresAt.getTime() > now)) throw new ServiceError('BAD_REQUEST', 'expiresAt must be in the future');
  return { label, scopes, expiresAt };
}

export class TokenService {
  private readonly byToken = new LruCache<Cached>(CACHE_SIZE);
  /** Cache keys by token id, to drop a revoked token's entry. */
  private readonly keyOf = new LruCache<string>(CACHE_SIZE);
  /** Tokens revoked lately: a lookup that raced with the revocation must not cache them again. */
  private readonly revokedLately = new LruCache<true>(CACHE_SIZE);
  private readonly lastUsed = new Map<string, number>();
  private readonly flushTimer: NodeJS.Timeout;
  readonly connections = new TokenWatch();

  constructor(
    private readonly db: Database,
    private readonly pool: pg.Pool,
    private readonly feed: RevocationFeed,
    private readonly log: FastifyBaseLogger,
    flushEveryMs = LAST_USED_FLUSH_MS,
  ) {
    feed.onRevoked((ids) => this.applyRevocation(ids));
    feed.onResync(() => void this.resync().catch((err: unknown) => log.error({ err }, 'tokens: checking open streams after a lost feed failed')));
    this.flushTimer = setInterval(() => void this.flushLastUsed().catch((err: unknown) => log.warn({ err }, 'tokens: recording last-used times failed')), flushEveryMs);
    this.flushTimer.unref();
  }

  /** Issues a token for a player; the secret is returned once and never again. */
  async issueToken(playerId: string, options: IssueOptions): Promise<{ token: TokenInfo; secret: string }> {
    const { label, scopes, expiresAt } = checkIssueOptions(options);
    const { secret, hash } = mintSecret();
    try {
      const row = await this.db.playerToken.create({
        data: { id: randomUUID(), playerId, label, scopes, tokenHash: hash, expiresAt },
        select: tokenSelect,
      });
      return { token: this.info(row), secret };
    } catch (error) {
      if ((error as { code?: string }).code === 'P2003') throw new ServiceError('PLAYER_NOT_FOUND', `no player ${playerId}`);
      throw error;
    }
  }

  /**
   * A token minted by a player's own token: no scope it does not hold itself, no life beyond its own
   * (without an expiry, the new one expires with the minting token), and at most MAX_TOKENS_PER_PLAYER.
   */
  async mintWith(grant: TokenGrant, options: IssueOptions): Promise<{ token: TokenInfo; secret: string }> {
    requireScope(grant, 'tokens');
    const wanted = checkIssueOptions(options);
    const missing = wanted.scopes.filter((scope) => !grant.scopes.includes(scope));
    if (missing.length > 0) throw new ServiceError('INSUFFICIENT_SCOPE', `a token cannot grant scopes it lacks itself: ${missing.join(', ')}`);
    const limit = grant.expiresAt;
    if (limit && wanted.expiresAt && wanted.expiresAt > limit) {
      throw new ServiceError('INSUFFICIENT_SCOPE', `a token cannot outlive the token that mints it (${limit.toISOString()})`);
    }
    const active = await this.db.playerToken.count({ where: { playerId: grant.player.id, ...activeWhere() } });
    if (active >= MAX_TOKENS_PER_PLAYER) throw new ServiceError('TOO_MANY_TOKENS', `a player holds at most ${MAX_TOKENS_PER_PLAYER} tokens: revoke one first`);
    return this.issueToken(grant.player.id, { ...wanted, expiresAt: wanted.expiresAt ?? limit });
  }

  /** A player's tokens that still work, newest first. */
  async listTokens(playerId: string): Promise<TokenInfo[]> {
    const rows = await this.db.playerToken.findMany({ where: { playerId, ...activeWhere() }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], select: tokenSelect });
    return rows.map((row) => this.info(row));
  }

  /**
   * Revokes one token (of `playerId` when given: another player's is TOKEN_NOT_FOUND, as an unknown
   * one). Revoking a revoked or expired token is a no-op that answers the same.
   */
  async revokeToken(tokenId: string, playerId?: string): Promise<TokenInfo> {
    const row = await this.db.playerToken.findUnique({ where: { id: tokenId }, select: { ...tokenSelect, playerId: true, revokedAt: true } });
    if (!row || (playerId !== undefined && row.playerId !== playerId)) throw new ServiceError('TOKEN_NOT_FOUND', `no token ${tokenId}`);
    if (!row.revokedAt) {
      await this.db.playerToken.updateMany({ where: { id: tokenId, revokedAt: null }, data: { revokedAt: new Date() } });
      await this.revoked([tokenId]);
    }
    return this.info(row);
  }

  /** Revokes every token of a player (a ban, a compromised account); answers how many were still valid. */
  async revokeAllTokensOf(playerId: string): Promise<number> {
    const { rows } = await this.pool.query<{ id: string }>(
      'UPDATE player_tokens SET revoked_at = now() WHERE player_id = $1 AND revoked_at IS NULL RETURNING id',
      [playerId],
    );
    await this.revoked(rows.map((row) => row.id));
    return rows.length;
  }

  /**
   * The grant of a token this process has resolved lately, without a promise; undefined when it must be
   * looked up. An expired token is refused here (TOKEN_EXPIRED).
   */
  known(token: string): TokenGrant | undefined {
    const cached = this.byToken.get(token);
    if (!cached) return undefined;
    const now = Date.now();
    if (cached.until < now) return undefined;
    const { grant } = cached;
    if (grant.expiresAt && grant.expiresAt.getTime() <= now) throw expired(grant);
    this.lastUsed.set(grant.tokenId, now);
    return grant;
  }

  /** Resolves a token from the database: 401 UNAUTHENTICATED, TOKEN_REVOKED or TOKEN_EXPIRED when it does not work. */
  async authenticate(token: string): Promise<TokenGrant> {
    const known = this.known(token);
    if (known) return known;
    const row = await this.db.playerToken.findUnique({
      where: { tokenHash: hashToken(token) },
      select: { id: true, scopes: true, expiresAt: true, revokedAt: true, player: { select: { id: true, name: true, bannedAt: true } } },
    });
    if (!row) throw new ServiceError('UNAUTHENTICATED', 'unknown or revoked token');
    if (row.revokedAt) throw new ServiceError('TOKEN_REVOKED', `this token was revoked at ${row.revokedAt.toISOString()}`);
    // A banned player's tokens were all revoked; one issued since (a passkey sign-in) is refused too.
    if (row.player.bannedAt) throw new ServiceError('UNAUTHENTICATED', 'this player is banned');
    const grant: TokenGrant = { tokenId: row.id, player: { id: row.player.id, name: row.player.name }, scopes: SCOPES.filter((s) => row.scopes.includes(s)), expiresAt: row.expiresAt };
    const now = Date.now();
    if (row.expiresAt && row.expiresAt.getTime() <= now) throw expired(grant);
    if (!this.revokedLately.get(row.id)) {
      this.byToken.set(token, { grant, until: now + CACHE_TTL_MS });
      this.keyOf.set(row.id, token);
    }
    this.lastUsed.set(row.id, now);
    return grant;
  }

  /** Ends `end` when the token is revoked (on any instance) or expires; call the result when the connection closes. */
  watch(grant: TokenGrant, end: EndConnection): () => void {
    return this.connections.watch(grant.tokenId, grant.expiresAt, end);
  }

  /** Writes the last-used times gathered since the previous flush, in one statement. */
  async flushLastUsed(): Promise<void> {
    if (this.lastUsed.size === 0) return;
    const ids = [...this.lastUsed.keys()];
    const times = ids.map((id) => new Date(this.lastUsed.get(id) as number));
    this.lastUsed.clear();
    await this.pool.query(
      `UPDATE player_tokens AS t SET last_used_at = u.at
         FROM unnest($1::uuid[], $2::timestamptz[]) AS u(id, at)
        WHERE t.id = u.id AND (t.last_used_at IS NULL OR t.last_used_at < u.at)`,
      [ids, times],
    );
  }

  async stop(): Promise<void> {
    clearInterval(this.flushTimer);
    this.connections.clear();
    await this.flushLastUsed().catch((err: unknown) => this.log.warn({ err }, 'tokens: recording last-used times failed'));
  }

  /** Applies a revocation here at once, then tells the other instances. */
  private async revoked(tokenIds: readonly string[]): Promise<void> {
    if (tokenIds.length === 0) return;
    this.applyRevocation(tokenIds);
    await this.feed.announce(tokenIds);
  }

  private applyRevocation(tokenIds: readonly string[]): void {
    for (const id of tokenIds) {
      this.revokedLately.set(id, true);
      const key = this.keyOf.get(id);
      this.keyOf.delete(id);
      if (key !== undefined) this.byToken.delete(key);
    }
    this.connections.revoked(tokenIds);
  }

  /** After a lost feed: forget every cached token and close the open streams of tokens revoked meanwhile. */
  private async resync(): Promise<void> {
    this.byToken.clear();
    this.keyOf.clear();
    const watched = this.connections.tokenIds();
    if (watched.length === 0) return;
    const { rows } = await this.pool.query<{ id: string }>('SELECT id FROM player_tokens WHERE id = ANY($1::uuid[]) AND revoked_at IS NOT NULL', [watched]);
    this.connections.revoked(rows.map((row) => row.id));
  }

  private info(row: TokenRow): TokenInfo {
    const pending = this.lastUsed.get(row.id);
    const lastUsed = pending !== undefined && (!row.lastUsedAt || row.lastUsedAt.getTime() < pending) ? new Date(pending) : row.lastUsedAt;
    return {
      id: row.id,
      label: row.label,
      scopes: SCOPES.filter((scope) => row.scopes.includes(scope)),
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      lastUsedAt: lastUsed?.toISOString() ?? null,
    };
  }
}

const activeWhere = () => ({ revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] });

const expired = (grant: TokenGrant) => new ServiceError('TOKEN_EXPIRED', `this token expired at ${grant.expiresAt?.toISOString()}`);
