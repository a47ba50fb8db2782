/**
 * Players and their bearer tokens. A token is 32 random bytes shown once at registration; only its
 * SHA-256 is stored, so a database leak exposes no usable token.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../store/database.js';
import { ServiceError } from './errors.js';

export interface Player {
  readonly id: string;
  readonly name: string;
}

const TOKEN_PREFIX = 'ptl_';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export class PlayerService {
  // Tokens never change, so a successful lookup can be kept for the life of the process.
  private readonly byTokenHash = new Map<string, Player>();

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

  /** The player a bearer token belongs to, or null for an unknown token. */
  async authenticate(token: string): Promise<Player | null> {
    const hash = hashToken(token);
    const cached = this.byTokenHash.get(hash);
    if (cached) return cached;
    const player = await this.db.player.findUnique({ where: { tokenHash: hash }, select: { id: true, name: true } });
    if (player) this.byTokenHash.set(hash, player);
    return player;
  }
}
