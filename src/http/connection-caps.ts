/**
 * Caps on long-lived connections, per instance: Server-Sent Event streams per token, per client address and
 * in all, and websockets that hold no token (before `connection_init` or without a token in it) per client
 * address and in all. A token's websockets have their own cap (SUBSCRIPTION_MAX_CONNECTIONS_PER_TOKEN).
 * A refused stream is an ordinary error answer (429 TOO_MANY_STREAMS, or 503 SERVER_BUSY when the instance
 * is full); a refused websocket is closed with 4429.
 */
import type { FastifyRequest } from 'fastify';
import { ServiceError } from '../service/errors.js';

export interface ConnectionCapLimits {
  readonly ssePerToken: number;
  readonly ssePerAddress: number;
  readonly sseTotal: number;
  readonly anonymousSocketsPerAddress: number;
  readonly anonymousSocketsTotal: number;
}

export const DEFAULT_CONNECTION_CAPS: ConnectionCapLimits = {
  ssePerToken: 10,
  ssePerAddress: 50,
  sseTotal: 5_000,
  anonymousSocketsPerAddress: 10,
  anonymousSocketsTotal: 1_000,
};

/** Open connections by key. */
class Counts {
  private readonly open = new Map<string, number>();

  count(key: string): number {
    return this.open.get(key) ?? 0;
  }

  add(key: string): void {
    this.open.set(key, this.count(key) + 1);
  }

  remove(key: string): void {
    const left = this.count(key) - 1;
    if (left > 0) this.open.set(key, left);
    else this.open.delete(key);
  }
}

const ALL = '*';

const addressOf = (request: FastifyRequest): string => `ip:${request.ip ?? 'unknown'}`;

export class ConnectionCaps {
  private readonly streams = new Counts();
  private readonly anonymous = new Counts();

  constructor(readonly limits: ConnectionCapLimits = DEFAULT_CONNECTION_CAPS) {}

  /** Counts a stream about to open; throws when a cap is reached. Returns its release (call it once). */
  openStream(request: FastifyRequest): () => void {
    const keys = [addressOf(request), ALL];
    const token = request.grant?.tokenId;
    if (token !== undefined && this.streams.count(`token:${token}`) >= this.limits.ssePerToken) {
      throw new ServiceError(
        'TOO_MANY_STREAMS',
        `this token already has ${this.limits.ssePerToken} event streams open: close one first`,
      );
    }
    if (this.streams.count(keys[0]!) >= this.limits.ssePerAddress) {
      throw new ServiceError(
        'TOO_MANY_STREAMS',
        `your address already has ${this.limits.ssePerAddress} event streams open: close one first`,
      );
    }
    if (this.streams.count(ALL) >= this.limits.sseTotal)
      throw new ServiceError('SERVER_BUSY', 'this server holds as many event streams as it can; try again later');
    if (token !== undefined) keys.push(`token:${token}`);
    return this.hold(this.streams, keys);
  }

  /** Counts a websocket without a token; null when a cap is reached (close it with 4429). */
  openAnonymousSocket(request: FastifyRequest): (() => void) | null {
    const address = addressOf(request);
    if (this.anonymous.count(address) >= this.limits.anonymousSocketsPerAddress) return null;
    if (this.anonymous.count(ALL) >= this.limits.anonymousSocketsTotal) return null;
    return this.hold(this.anonymous, [address, ALL]);
  }

  private hold(counts: Counts, keys: readonly string[]): () => void {
    for (const key of keys) counts.add(key);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      for (const key of keys) counts.remove(key);
    };
  }
}
