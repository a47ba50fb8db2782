/**
 * Players and their bearer tokens. A token is 32 random bytes shown once at registration; only its
 * SHA-256 is stored, so a database leak exposes no usable token.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../store/database.js';
import { ServiceError } from './errors.js';
import { LruCache } from './game-state.js';

export interface Player {
  readonly id: string;
  readonly name: string;
}

const TOKEN_PREFIX = 'ptl_';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Tokens whose player is kept in memory (the most recently used). */
const TOKEN_CACHE_SIZE = 10_000;

export class PlayerService {
  /**
   * Tokens never change, so a successful lookup can be kept: keyed by the token itself, so that a known
   * token costs a map lookup and not a SHA-256 on every request. (The token is in this process's memory
   * for the request anyway; the database still holds only hashes.)
   */
  private readonly byToken = new LruCache<Player>(TOKEN_CACHE_SIZE);

  constructor(private readonly db: Database) {}

  async register(name: string): Promise<{ player: Player; token: string }> {
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 64) throw new ServiceError('BAD_REQUEST', 'a name has 1 to 64 characters');
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const player = await this.db.player.create({
      data: { id: randomUUID(), name: trimmed, tokenHash: hashToken(token) },
      select: { id: true, name: true },
    });
    return { player, token };
  }

  /** The player of a token this process has already seen (no database read, no promise). */
  known(token: string): Player | undefined {
    return this.byToken.get(token);
  }

  /** The player a bearer token belongs to, or null for an unknown token. */
  async authenticate(token: string): Promise<Player | null> {
    const cached = this.known(token);
    if (cached) return cached;
    const found = await this.db.player.findUnique({ where: { tokenHash: hashToken(token) }, select: { id: true, name: true, bannedAt: true } });
    if (!found || found.bannedAt !== null) return null; // a banned player's token is refused like an unknown one
    const player = { id: found.id, name: found.name };
    this.byToken.set(token, player);
    return player;
  }

  /**
   * Forgets every token this process knows, so the next call of each is looked up again: after a ban (of
   * this instance or another, see CommitFeed's control channel), or after the feed was lost for a while.
   * Bans are rare; a cached token costs one lookup afterwards.
   */
  forgetTokens(): void {
    this.byToken.clear();
  }
}
