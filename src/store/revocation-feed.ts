/**
 * Token revocations between instances, through Postgres LISTEN/NOTIFY on a channel of their own (the
 * commit feed, src/store/commit-feed.ts, is tuned for moves and batches them). A revocation is rare, so
 * each goes at once: the revoking instance has already applied it; the others drop the tokens from their
 * caches and close the streams and websockets opened with them.
 *
 * A listening connection that was lost may have missed revocations: `onResync` then tells the token
 * service to forget its cache and check its open streams against the database.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import pgListen, { type Subscriber } from 'pg-listen';
import type { FastifyBaseLogger } from 'fastify';

export const REVOCATION_CHANNEL = 'portolan_token_revocations';

/** Postgres refuses payloads of 8,000 bytes or more; ours are ASCII (uuids). */
const MAX_PAYLOAD = 7_900;

export class RevocationFeed {
  private readonly instance = randomUUID();
  private subscriber: Subscriber | null = null;
  private receiver: (tokenIds: readonly string[]) => void = () => undefined;
  private resyncer: () => void = () => undefined;
  private lost = false;
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Revocations announced by other instances. */
  onRevoked(receiver: (tokenIds: readonly string[]) => void): void {
    this.receiver = receiver;
  }

  /** The listening connection came back after a loss: revocations may have been missed. */
  onResync(resyncer: () => void): void {
    this.resyncer = resyncer;
  }

  async listen(): Promise<void> {
    if (this.subscriber || this.stopped) return;
    // pg-listen is CommonJS with an `exports.default`: Node's ESM import sees the whole module.
    const subscriber = pgListen.default(
      { connectionString: this.databaseUrl, application_name: 'portolan-revocations' },
      { retryLimit: Infinity, retryTimeout: 0, retryInterval: (attempt) => Math.min(5_000, 100 * 2 ** attempt), paranoidChecking: 5_000, parse: (text) => text },
    );
    subscriber.events.on('error', (err) => this.log.error({ err }, 'revocation feed: listening connection failed'));
    subscriber.events.on('reconnect', () => {
      this.lost = true;
    });
    subscriber.events.on('connected', () => {
      if (!this.lost) return;
      this.lost = false;
      this.resyncer();
    });
    subscriber.notifications.on(REVOCATION_CHANNEL, (payload: string) => this.received(payload));
    await subscriber.connect();
    await subscriber.listenTo(REVOCATION_CHANNEL);
    if (this.stopped) {
      await subscriber.close().catch(() => undefined);
      return;
    }
    this.subscriber = subscriber;
  }

  /** Tells the other instances (this one has applied the revocation itself). */
  async announce(tokenIds: readonly string[]): Promise<void> {
    for (const payload of encodeRevocations(this.instance, tokenIds)) {
      try {
        await this.pool.query('SELECT pg_notify($1, $2)', [REVOCATION_CHANNEL, payload]);
      } catch (err) {
        // The other instances still refuse the token once their cache entry is older than its lifetime.
        this.log.warn({ err }, 'revocation feed: announcing a revocation failed');
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const subscriber = this.subscriber;
    this.subscriber = null;
    await subscriber?.close().catch(() => undefined);
  }

  private received(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      parsed = null;
    }
    const { i, t } = (parsed ?? {}) as { i?: unknown; t?: unknown };
    if (typeof i !== 'string' || !Array.isArray(t) || !t.every((id) => typeof id === 'string')) {
      this.log.warn('revocation feed: ignored a malformed announcement');
      return;
    }
    if (i !== this.instance) this.receiver(t as string[]);
  }
}

/** `{"i": instance, "t": [tokenId, ...]}` payloads, each under Postgres' limit. */
export function encodeRevocations(instance: string, tokenIds: readonly string[]): string[] {
  const empty = JSON.stringify({ i: instance, t: [] }).length;
  const payloads: string[] = [];
  let batch: string[] = [];
  let length = empty;
  for (const id of tokenIds) {
    const added = JSON.stringify(id).length + 1;
    if (batch.length > 0 && length + added > MAX_PAYLOAD) {
      payloads.push(JSON.stringify({ i: instance, t: batch }));
      batch = [];
      length = empty;
    }
    batch.push(id);
    length += added;
  }
  if (batch.length > 0) payloads.push(JSON.stringify({ i: instance, t: batch }));
  return payloads;
}
