/**
 * Players. Registering one issues its first token (every scope, no expiry); its tokens are managed by
 * src/service/tokens.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../store/database.js';
import { ServiceError } from './errors.js';
import { SCOPES, mintSecret, type Player } from './tokens.js';

export type { Player } from './tokens.js';

export class PlayerService {
  constructor(private readonly db: Database) {}

  async register(name: string): Promise<{ player: Player; token: string }> {
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 64) throw new ServiceError('BAD_REQUEST', 'a name has 1 to 64 characters');
    const { secret, hash } = mintSecret();
    const player = await this.db.player.create({
      data: { id: randomUUID(), name: trimmed, tokens: { create: { id: randomUUID(), label: 'registration', scopes: [...SCOPES], tokenHash: hash } } },
      select: { id: true, name: true },
    });
    return { player, token: secret };
  }
}
