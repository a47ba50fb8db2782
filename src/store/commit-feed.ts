/**
 * Fan-out of commits between instances through Postgres LISTEN/NOTIFY (docs/architecture.md, "Several instances, one database"). Every
 * instance keeps one dedicated listening connection (pg-listen: it reconnects, listens again and checks
 * the connection every few seconds); after each commit, the committing instance announces it on one
 * channel: the game, the version, and the players whose turn it now is. Listeners read the rows they need
 * (a subscriber reads the history, redacted for itself), so nothing secret travels through here.
 *
 * The announcement is a NOTIFY of its own, sent right after the commit, not a `pg_notify` inside the append
 * statement: a transaction that notifies holds a database-wide lock through its commit, WAL flush included,
 * so every move would wait for every other move's flush (measured with pgbench on the development machine:
 * 2,700 appends/s fell to 440). A lone NOTIFY writes nothing and flushes nothing. The price: a process that
 * dies between a commit and its announcement leaves the other instances' subscribers to learn of that move
 * with the next one (webhooks and bots have their periodic sweeps anyway).
 *
 * Commits are batched: a NOTIFY goes at most every MIN_INTERVAL_MS, and commits made meanwhile go together
 * in the next one (each payload under Postgres' 8,000-byte limit). A quiet instance's commit goes at once;
 * a busy one sends about a hundred notifications a second however many moves it commits, and the other
 * instances hear of a move at most that much later.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import pgListen, { type Subscriber } from 'pg-listen';
import type { FastifyBaseLogger } from 'fastify';
import { prepared } from './prepared.js';

export const COMMIT_CHANNEL = 'portolan_commits';

/** Postgres refuses payloads of 8,000 bytes or more; ours are ASCII (uuids, numbers). */
const MAX_PAYLOAD = 7_900;

/** The least time between two announcements (see the file comment). */
const MIN_INTERVAL_MS = 10;

/** After a lost connection, commits this long before the loss are looked at again (clock skew, late detection). */
const RESYNC_SLACK_MS = 15_000;

export interface Turn {
  readonly playerId: string;
  readonly seat: number;
}

/** A committed version of a game: a move (or resignation), or the start (seq 0). */
export interface Commit {
  readonly gameId: string;
  readonly seq: number;
  /** Seats held by players that are to move after it. */
  readonly turns: readonly Turn[];
  /** Not a move: the seats or the status changed before play (a join, a bot seated, an abort). */
  readonly seating?: boolean;
}

/** On the wire: `{"i": instance, "c": [[gameId, seq, [[playerId, seat], ...], seating?], ...]}` (seating: 1). */
type WireCommit = [string, number, [string, number][]] | [string, number, [string, number][], 1];

export class CommitFeed {
  /** Tells this instance's own announcements apart (it has fanned them out already). */
  private readonly instance = randomUUID();
  private subscriber: Subscriber | null = null;
  private pending: Commit[] = [];
  private sending: Promise<void> | null = null;
  /** When the last announcement went (performance.now()), and the timer holding the next one back. */
  private lastSentAt = -Infinity;
  private held: NodeJS.Timeout | null = null;
  private readonly receivers: ((commit: Commit) => void)[] = [];
  private readonly resyncers: ((since: Date) => void)[] = [];
  private lostAt: Date | null = null;
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
    private readonly checkIntervalMs = 5_000,
    private readonly minIntervalMs = MIN_INTERVAL_MS,
  ) {}

  /** Commits announced by other instances, in the order Postgres delivers them. */
  onCommit(receiver: (commit: Commit) => void): void {
    this.receivers.push(receiver);
  }

  /** After a lost listening connection came back: announcements since `since` may have been missed. */
  onResync(resyncer: (since: Date) => void): void {
    this.resyncers.push(resyncer);
  }

  /** Opens the listening connection (until then, and without it, announcements still go out). */
  async listen(): Promise<void> {
    if (this.subscriber || this.stopped) return;
    // pg-listen is CommonJS with an `exports.default`: Node's ESM import sees the whole module.
    const subscriber = pgListen.default(
      { connectionString: this.databaseUrl, application_name: 'portolan-feed' },
      {
        // Never give up: an outage of any length ends with a reconnection (and a resync).
        retryLimit: Infinity,
        retryTimeout: 0,
        retryInterval: (attempt) => Math.min(5_000, 100 * 2 ** attempt),
        paranoidChecking: this.checkIntervalMs,
        parse: (text) => text,
      },
    );
    subscriber.events.on('error', (err) => this.log.error({ err }, 'commit feed: listening connection failed'));
    subscriber.events.on('reconnect', (attempt) => {
      if (attempt === 1) this.log.warn('commit feed: listening connection lost, reconnecting');
      this.lostAt ??= new Date();
    });
    subscriber.events.on('connected', () => {
      const lostAt = this.lostAt;
      this.lostAt = null;
      if (!lostAt) return;
      this.log.info('commit feed: listening again');
      const since = new Date(lostAt.getTime() - RESYNC_SLACK_MS - this.checkIntervalMs);
      for (const resync of this.resyncers) resync(since);
    });
    subscriber.notifications.on(COMMIT_CHANNEL, (payload: string) => this.received(payload));
    await subscriber.connect();
    await subscriber.listenTo(COMMIT_CHANNEL);
    if (this.stopped) {
      // The app closed while this connection was being opened (a start that timed out): close it too, or
      // its open socket and connection checks would keep the process alive.
      await subscriber.close().catch(() => undefined);
      return;
    }
    this.subscriber = subscriber;
  }

  /** Announces a commit to every instance (batched; see the file comment). */
  announce(commit: Commit): void {
    if (this.stopped) return;
    this.pending.push(commit);
    this.pump();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.held) {
      clearTimeout(this.held);
      this.held = null;
      this.send();
    }
    while (this.sending) await this.sending;
    const subscriber = this.subscriber;
    this.subscriber = null;
    await subscriber?.close().catch(() => undefined);
  }

  private pump(): void {
    if (this.sending || this.held || this.pending.length === 0) return;
    // Stopping flushes what is left without holding it back.
    const wait = this.stopped ? 0 : this.lastSentAt + this.minIntervalMs - performance.now();
    if (wait > 0) {
      this.held = setTimeout(() => {
        this.held = null;
        this.pump();
      }, wait);
      return;
    }
    this.send();
  }

  private send(): void {
    if (this.pending.length === 0) return;
    this.lastSentAt = performance.now();
    const batch = this.pending;
    this.pending = [];
    this.sending = this.notify(batch).finally(() => {
      this.sending = null;
      this.pump();
    });
  }

  private async notify(batch: readonly Commit[]): Promise<void> {
    for (const payload of encode(this.instance, batch)) {
      try {
        await this.pool.query(prepared('SELECT pg_notify($1, $2)', [COMMIT_CHANNEL, payload]));
      } catch (err) {
        // The database is unreachable: the moves themselves cannot commit either; sweeps catch up later.
        this.log.warn({ err }, 'commit feed: announcing commits failed');
      }
    }
  }

  private received(payload: string): void {
    const decoded = decode(payload);
    if (!decoded) {
      this.log.warn('commit feed: ignored a malformed announcement');
      return;
    }
    if (decoded.instance === this.instance) return;
    for (const commit of decoded.commits) for (const receive of this.receivers) receive(commit);
  }
}

/** Payloads under MAX_PAYLOAD bytes, each a batch of whole commits. */
export function encode(instance: string, commits: readonly Commit[]): string[] {
  const head = `{"i":${JSON.stringify(instance)},"c":[`;
  const payloads: string[] = [];
  let entries: string[] = [];
  let length = head.length + 2;
  for (const commit of commits) {
    const turns = commit.turns.map((t): [string, number] => [t.playerId, t.seat]);
    const wire: WireCommit = commit.seating ? [commit.gameId, commit.seq, turns, 1] : [commit.gameId, commit.seq, turns];
    const entry = JSON.stringify(wire);
    if (entries.length > 0 && length + entry.length + 1 > MAX_PAYLOAD) {
      payloads.push(`${head}${entries.join(',')}]}`);
      entries = [];
      length = head.length + 2;
    }
    entries.push(entry);
    length += entry.length + 1;
  }
  if (entries.length > 0) payloads.push(`${head}${entries.join(',')}]}`);
  return payloads;
}

/** The announcement's commits, or null when it is not one of ours. */
export function decode(payload: string): { instance: string; commits: Commit[] } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  const { i, c } = (parsed ?? {}) as { i?: unknown; c?: unknown };
  if (typeof i !== 'string' || !Array.isArray(c)) return null;
  const commits: Commit[] = [];
  for (const entry of c as unknown[]) {
    if (!Array.isArray(entry)) return null;
    const [gameId, seq, turns, seating] = entry as unknown[];
    if (typeof gameId !== 'string' || !Number.isInteger(seq) || !Array.isArray(turns)) return null;
    const parsedTurns: Turn[] = [];
    for (const turn of turns as unknown[]) {
      const [playerId, seat] = Array.isArray(turn) ? (turn as unknown[]) : [];
      if (typeof playerId !== 'string' || !Number.isInteger(seat)) return null;
      parsedTurns.push({ playerId, seat: seat as number });
    }
    commits.push(seating === 1 ? { gameId, seq: seq as number, turns: parsedTurns, seating: true } : { gameId, seq: seq as number, turns: parsedTurns });
  }
  return { instance: i, commits };
}
