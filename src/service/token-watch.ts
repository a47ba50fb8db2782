/**
 * Open streams and websockets by the token that opened them, so that a revocation (on any instance) or
 * the token's expiry closes them at once rather than at the client's next request.
 */
import { ServiceError } from './errors.js';

/** What a watched connection is told when it must end. */
export type EndConnection = (reason: ServiceError) => void;

/** setTimeout's longest delay (about 24.8 days); a later expiry is re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Watched {
  readonly end: EndConnection;
  timer: NodeJS.Timeout | null;
}

export class TokenWatch {
  private readonly byToken = new Map<string, Set<Watched>>();

  /** Watches one connection of a token until the returned function is called (when it closes). */
  watch(tokenId: string, expiresAt: Date | null, end: EndConnection): () => void {
    const watched: Watched = { end, timer: null };
    let set = this.byToken.get(tokenId);
    if (!set) this.byToken.set(tokenId, (set = new Set()));
    set.add(watched);
    if (expiresAt) this.armExpiry(tokenId, watched, expiresAt.getTime());
    return () => this.unwatch(tokenId, watched);
  }

  /** Tokens with open connections (to check against the database after a lost notification). */
  tokenIds(): string[] {
    return [...this.byToken.keys()];
  }

  /** Ends every open connection of these tokens. */
  revoked(tokenIds: readonly string[]): void {
    for (const tokenId of tokenIds) this.endAll(tokenId, new ServiceError('TOKEN_REVOKED', 'this token was revoked'));
  }

  /** Ends everything (shutdown). */
  clear(): void {
    for (const set of this.byToken.values()) for (const watched of set) if (watched.timer) clearTimeout(watched.timer);
    this.byToken.clear();
  }

  private endAll(tokenId: string, reason: ServiceError): void {
    const set = this.byToken.get(tokenId);
    if (!set) return;
    this.byToken.delete(tokenId);
    for (const watched of set) {
      if (watched.timer) clearTimeout(watched.timer);
      watched.end(reason);
    }
  }

  private armExpiry(tokenId: string, watched: Watched, at: number): void {
    const wait = at - Date.now();
    watched.timer = setTimeout(
      () => {
        watched.timer = null;
        if (at > Date.now()) return this.armExpiry(tokenId, watched, at);
        this.unwatch(tokenId, watched);
        watched.end(new ServiceError('TOKEN_EXPIRED', 'this token has expired'));
      },
      Math.max(0, Math.min(wait, MAX_TIMER_MS)),
    );
    watched.timer.unref();
  }

  private unwatch(tokenId: string, watched: Watched): void {
    if (watched.timer) clearTimeout(watched.timer);
    watched.timer = null;
    const set = this.byToken.get(tokenId);
    if (!set) return;
    set.delete(watched);
    if (set.size === 0) this.byToken.delete(tokenId);
  }
}
