/**
 * The delivery worker. The outbox rows (webhook_deliveries) are the truth and the queue: one stream per
 * endpoint and game, drained in (seq, ordinal, seat) order by whoever leases its head (./streams.ts), so
 * seq N+1 never reaches an endpoint before seq N succeeded or was given up. A drain leases a batch (the
 * head and the due deliveries behind it), sends them one after the other, records them in one statement,
 * and goes on until a failure or nothing is due. Leases expire, so a worker that dies mid-send only delays
 * the delivery (which may then arrive twice: receivers dedupe on webhook-id, as the spec says).
 *
 * What wakes a stream (no polling: an idle service sends no query for webhooks but the safety sweep):
 * - the commit that wrote its deliveries, in the committing process (so whichever instance took the move
 *   delivers it at once), and a reminder written by the turn timers;
 * - its retry time, on a timer of the process that recorded the failure;
 * - a success on another stream of the same endpoint: the receiver is back, so every delivery of that
 *   endpoint that waits for a retry is due at once and goes out in order (a recovered endpoint catches up
 *   within seconds instead of at each stream's next retry);
 * - "retry now" by the endpoint's owner (POST /v1/webhooks/:id/retry);
 * - the sweep at start and every `sweepIntervalMs`, for what a crash or a stopped instance left due.
 *
 * Retries follow the Standard Webhooks schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h after
 * the first attempt: 10 attempts over about 3 days), with +-10 % jitter and Retry-After honoured.
 * 410 Gone disables the endpoint; its undelivered rows wait until it is enabled again.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../store/database.js';
import type { GameService } from '../service/game-service.js';
import type { Clock } from '../store/clock.js';
import { batchSource, renderPayload, type PayloadSource } from './payload.js';
import { postWebhook, type SendResult } from './sender.js';
import { signHeaders } from './signing.js';
import type { UrlPolicy } from './url-guard.js';
import { WorkerLifecycle } from '../store/worker-lifecycle.js';
import { dueStreams, leaseBatch, recordBatch, releaseEndpoint, type LeasedDelivery, type Outcome, type StreamKey } from './streams.js';

/** Streams delivered at once by one process (across games and endpoints; each stream is sequential). */
const MAX_CONCURRENT_DRAINS = 64;

/** Deliveries leased, sent and recorded together (one stream's, in order). */
const BATCH_SIZE = 50;

/** Standard Webhooks' example schedule: delay before attempt 2, 3, ... (ms). */
export const DEFAULT_RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000];

export interface WebhookOptions extends UrlPolicy {
  readonly timeoutMs: number;
  readonly maxPayloadBytes: number;
  readonly maxResponseBytes: number;
  readonly retryScheduleMs: readonly number[];
  /** Random spread of each retry delay (0.1 = +-10 %). */
  readonly jitter: number;
  readonly sweepIntervalMs: number;
  /** How long a rotated-out secret keeps signing. */
  readonly previousSecretTtlMs: number;
  /** Endpoints one player may register (WEBHOOK_MAX_ENDPOINTS). */
  readonly maxEndpointsPerPlayer: number;
}

export const DEFAULT_WEBHOOK_OPTIONS: WebhookOptions = {
  allowedHosts: [],
  timeoutMs: 15_000,
  maxPayloadBytes: 256 * 1024,
  maxResponseBytes: 64 * 1024,
  retryScheduleMs: DEFAULT_RETRY_SCHEDULE_MS,
  jitter: 0.1,
  sweepIntervalMs: 30_000,
  previousSecretTtlMs: 24 * 3600 * 1000,
  maxEndpointsPerPlayer: 20,
};

export class WebhookDispatcher {
  private started = false;
  /** The safety sweep, work under way, and the two-step stop (see WorkerLifecycle). */
  private readonly life = new WorkerLifecycle();
  /** Streams being drained by this process, by `endpointId:gameId`. */
  private readonly active = new Set<string>();
  /** Streams woken while being drained: the drain may have looked before the new deliveries. */
  private readonly again = new Set<string>();
  /** Streams woken beyond MAX_CONCURRENT_DRAINS: they start as others end, in wake order. */
  private readonly waiting = new Map<string, StreamKey>();
  /** Games whose streams are being looked up after a commit; a second commit meanwhile looks again. */
  private readonly lookups = new Map<string, boolean>();
  /** Retries this process scheduled, one timer per stream. */
  private readonly retries = new Map<string, NodeJS.Timeout>();
  /** Told every recorded attempt (the metrics: outcomes and delivery lag). */
  private observer: ((outcome: Outcome, recordedAt: Date) => void) | null = null;

  constructor(
    private readonly db: Database,
    private readonly games: GameService,
    private readonly clock: Clock,
    private readonly options: WebhookOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.started = true;
    await this.sweep();
    this.life.every(this.options.sweepIntervalMs, () => this.sweep(), (err) => this.log.error({ err }, 'webhook sweep failed'));
  }

  observe(observer: (outcome: Outcome, recordedAt: Date) => void): void {
    this.observer = observer;
  }

  stop(): Promise<void> {
    for (const timer of this.retries.values()) clearTimeout(timer);
    this.retries.clear();
    this.waiting.clear();
    return this.life.stop();
  }

  /** After a commit that wrote deliveries (or a reminder): drain the game's streams that have something due. */
  nudgeGame = (gameId: string): void => {
    if (!this.started || this.life.closing) return;
    if (this.lookups.has(gameId)) {
      this.lookups.set(gameId, true);
      return;
    }
    this.lookups.set(gameId, false);
    void this.life
      .track(this.sweep(gameId))
      .catch((err) => this.log.error({ err, gameId }, 'webhook nudge failed'))
      .finally(() => {
        const lookAgain = this.lookups.get(gameId);
        this.lookups.delete(gameId);
        if (lookAgain) this.nudgeGame(gameId);
      });
  };

  /** Drains every stream (of one game, or all) whose head is due and not leased; returns how many. */
  async sweep(gameId?: string): Promise<number> {
    if (!this.started || this.life.closing) return 0;
    const due = await dueStreams(this.db, this.clock.now(), gameId ?? null);
    for (const key of due) this.wake(key);
    return due.length;
  }

  /** "Retry now": every pending delivery of the endpoint is due at once; returns how many there are. */
  async retryEndpoint(endpointId: string): Promise<number> {
    const released = await releaseEndpoint(this.db, endpointId, this.clock.now());
    for (const gameId of released.games) this.wake({ endpointId, gameId });
    return released.deliveries;
  }

  private wake(key: StreamKey): void {
    if (!this.started || this.life.closing) return;
    const id = `${key.endpointId}:${key.gameId}`;
    if (this.active.has(id)) {
      this.again.add(id);
    } else if (this.active.size >= MAX_CONCURRENT_DRAINS) {
      this.waiting.set(id, key);
    } else {
      this.active.add(id);
      void this.life.track(this.drain(key)).finally(() => {
        this.active.delete(id);
        if (this.again.delete(id)) this.wake(key);
        const [next] = this.waiting;
        if (next && this.active.size < MAX_CONCURRENT_DRAINS) {
          this.waiting.delete(next[0]);
          this.wake(next[1]);
        }
      });
    }
  }

  /** Delivers a stream's due deliveries in order, a batch at a time, until one fails or none is due. */
  private async drain(key: StreamKey): Promise<void> {
    try {
      while (!this.life.closing) {
        const now = this.clock.now();
        // Longer than a batch may take: sending stops after `timeoutMs`, and the last send ends by the timeout.
        const leaseUntil = new Date(now.getTime() + 2 * this.options.timeoutMs + 1_000);
        const batch = await leaseBatch(this.db, key, now, leaseUntil, BATCH_SIZE);
        if (batch.length === 0) return;
        if (!(await this.sendBatch(batch))) return;
      }
    } catch (err) {
      this.log.error({ err, ...key }, 'webhook delivery failed');
    }
  }

  /** Sends a leased batch in order, stopping at the first failure; true when the stream may go on. */
  private async sendBatch(batch: readonly LeasedDelivery[]): Promise<boolean> {
    const started = performance.now();
    const outcomes: Outcome[] = [];
    const source = batchSource(this.games, batch[0]!.seq, batch.at(-1)!.seq);
    for (const d of batch) {
      if (outcomes.length > 0 && (performance.now() - started > this.options.timeoutMs || this.life.closing)) break;
      const outcome = await this.attempt(d, source);
      outcomes.push(outcome);
      if (outcome.status !== 'delivered') break;
    }
    const last = outcomes.at(-1)!;
    const now = this.clock.now();
    const released = await recordBatch(this.db, outcomes, now, last.status === 'delivered');
    for (const outcome of outcomes) this.observer?.(outcome, now);
    // The endpoint answers again: what waited for a retry on its other streams goes now.
    for (const gameId of released) if (gameId !== last.delivery.game_id) this.wake({ endpointId: last.delivery.endpoint_id, gameId });
    if (last.result.status === 410) {
      this.log.warn({ endpointId: last.delivery.endpoint_id }, 'webhook endpoint answered 410: disabled');
      return false;
    }
    if (last.status === 'pending') {
      this.retryAt({ endpointId: last.delivery.endpoint_id, gameId: last.delivery.game_id }, last.nextAttemptAt, now);
      return false;
    }
    return true;
  }

  /** Wakes the stream when its retry is due (other processes' sweeps find it too, should this one stop). */
  private retryAt(key: StreamKey, at: Date, now: Date): void {
    const id = `${key.endpointId}:${key.gameId}`;
    clearTimeout(this.retries.get(id));
    const timer = setTimeout(() => {
      this.retries.delete(id);
      this.wake(key);
    }, Math.max(0, at.getTime() - now.getTime()));
    timer.unref();
    this.retries.set(id, timer);
  }

  /** One attempt: render the body the first time, sign, send; the outcome says what to record. */
  private async attempt(d: LeasedDelivery, source: PayloadSource): Promise<Outcome> {
    let body = d.payload;
    let result: SendResult;
    if (body === null) {
      try {
        body = await renderPayload(
          source,
          { id: d.owner_id, name: d.owner_name },
          { eventType: d.event_type, gameId: d.game_id, seq: d.seq, seat: d.seat, createdAt: d.created_at },
          this.options.maxPayloadBytes,
          d.app_id ? { playerId: d.owner_id, externalId: d.external_id ?? '' } : null,
        );
      } catch (err) {
        this.log.error({ err, deliveryId: d.id }, 'webhook payload could not be rendered');
        body = null;
      }
    }
    if (body === null) {
      result = { status: null, latencyMs: 0, error: 'the payload could not be rendered', retryAfter: null };
    } else {
      const now = this.clock.now();
      const secrets = [d.secret, ...(d.previous_secret && d.previous_secret_until && d.previous_secret_until > now ? [d.previous_secret] : [])];
      // The wire timestamp is real time: receivers check it against their own clocks.
      const headers = signHeaders(d.id, new Date(), body, secrets);
      result = await postWebhook(d.url, body, { ...headers }, { timeoutMs: this.options.timeoutMs, maxResponseBytes: this.options.maxResponseBytes, policy: this.options });
    }
    return { delivery: d, result, body, ...this.nextState(d, result) };
  }

  /** Delivered, given up (410, or the schedule is spent), or pending until the next retry. */
  private nextState(d: LeasedDelivery, result: SendResult): Pick<Outcome, 'status' | 'nextAttemptAt'> {
    const now = this.clock.now();
    const attempt = d.attempts + 1;
    const schedule = this.options.retryScheduleMs;
    if (result.status !== null && result.status >= 200 && result.status < 300) return { status: 'delivered', nextAttemptAt: now };
    if (result.status === 410 || attempt > schedule.length) return { status: 'failed', nextAttemptAt: now };
    const base = schedule[attempt - 1] ?? 0;
    const spread = 1 + (Math.random() * 2 - 1) * this.options.jitter;
    const wanted = Math.max(base * spread, (result.retryAfter ?? 0) * 1000);
    return { status: 'pending', nextAttemptAt: new Date(now.getTime() + Math.min(wanted, 24 * 3600 * 1000)) };
  }
}
