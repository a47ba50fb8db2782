/**
 * The table's notices between instances (challenges received, seeks matched, chat messages posted) through
 * a Postgres LISTEN/NOTIFY channel of their own, as the commit feed (./commit-feed.ts) carries moves. A
 * notice carries identifiers only: each listener reads what its subscriber may see from the database.
 * These notices are far rarer than moves, so each goes at once in a NOTIFY of its own, after its commit.
 * A notice lost while the listening connection is down is not replayed: lists (GET /v1/challenges,
 * /v1/seeks, the chat's history) stay the truth, and webhooks, written with the rows, lose nothing.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import pgListen, { type Subscriber } from 'pg-listen';
import type { FastifyBaseLogger } from 'fastify';

export const TABLE_CHANNEL = 'portolan_table';

/** A notice: to one player (`playerId`) or about one game's chat (`gameId`); `kind` and `id` say what. */
export interface TableNotice {
  readonly kind: 'challenge' | 'match' | 'chat' | 'nudge';
  /** The player notified (challenge, match, nudge), or null for a game's chat. */
  readonly playerId: string | null;
  readonly gameId: string;
  /** The challenge's, seek's or chat message's id. */
  readonly id: string;
}

export class TableFeed {
  private readonly instance = randomUUID();
  private subscriber: Subscriber | null = null;
  private readonly receivers: ((notice: TableNotice) => void)[] = [];
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
  ) {}

  onNotice(receiver: (notice: TableNotice) => void): void {
    this.receivers.push(receiver);
  }

  async listen(): Promise<void> {
    if (this.subscriber || this.stopped) return;
    // Its liveness check every 15 s, not 5 s as the commit and revocation feeds: table notices are not moves,
    // and an idle instance stays within one statement a second (test/jobs/idle.test.ts).
    const subscriber = pgListen.default(
      { connectionString: this.databaseUrl, application_name: 'portolan-table' },
      { retryLimit: Infinity, retryTimeout: 0, retryInterval: (attempt) => Math.min(5_000, 100 * 2 ** attempt), paranoidChecking: 15_000, parse: (text) => text },
    );
    subscriber.events.on('error', (err) => this.log.error({ err }, 'table feed: listening connection failed'));
    subscriber.notifications.on(TABLE_CHANNEL, (payload: string) => this.received(payload));
    await subscriber.connect();
    await subscriber.listenTo(TABLE_CHANNEL);
    if (this.stopped) {
      await subscriber.close().catch(() => undefined);
      return;
    }
    this.subscriber = subscriber;
  }

  /** Tells the other instances (this one has fanned the notice out already). */
  async announce(notice: TableNotice): Promise<void> {
    if (this.stopped) return;
    try {
      await this.pool.query('SELECT pg_notify($1, $2)', [TABLE_CHANNEL, JSON.stringify({ i: this.instance, n: notice })]);
    } catch (err) {
      this.log.warn({ err }, 'table feed: announcing a notice failed');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const subscriber = this.subscriber;
    this.subscriber = null;
    await subscriber?.close().catch(() => undefined);
  }

  private received(payload: string): void {
    const notice = decodeNotice(payload, this.instance);
    if (notice) for (const receive of this.receivers) receive(notice);
  }
}

const KINDS = new Set(['challenge', 'match', 'chat', 'nudge']);

/** Another instance's notice, or null (ours, or not one at all). */
export function decodeNotice(payload: string, self: string): TableNotice | null {
  let parsed: { i?: unknown; n?: Partial<TableNotice> };
  try {
    parsed = JSON.parse(payload) as typeof parsed;
  } catch {
    return null;
  }
  const n = parsed.n;
  if (parsed.i === self || !n || !KINDS.has(String(n.kind)) || typeof n.gameId !== 'string' || typeof n.id !== 'string') return null;
  if (n.playerId !== null && typeof n.playerId !== 'string') return null;
  return { kind: n.kind as TableNotice['kind'], playerId: n.playerId ?? null, gameId: n.gameId, id: n.id };
}
