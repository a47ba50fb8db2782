/**
 * The delivery worker. The outbox rows (webhook_deliveries) are the truth; pg-boss jobs only say "look at
 * endpoint E's deliveries for game G now". A job drains that stream in order: it leases the stream's head
 * (the oldest pending delivery by (seq, ordinal, seat)), sends it, records the attempt, and goes on with
 * the next one; a failure schedules the head's retry and stops the stream there, so seq N+1 never reaches an
 * endpoint before seq N succeeded or was given up. Leases expire, so a worker that dies mid-send only
 * delays the delivery (which may then arrive twice: receivers dedupe on webhook-id, as the spec says).
 *
 * - Retries follow the Standard Webhooks schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h
 *   after the first attempt: 10 attempts over about 3 days), with +-10 % jitter and Retry-After honoured.
 * - 410 Gone disables the endpoint; its undelivered rows wait until it is enabled again.
 * - A sweep at start and every `sweepIntervalMs` finds due streams nobody is working on (a job lost in a
 *   crash between a move's commit and its nudge, a retry whose job vanished) and queues them again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../store/database.js';
import type { GameService } from '../service/game-service.js';
import type { Clock } from '../timers/clock.js';
import type { JobQueue } from '../jobs/queue.js';
import { delaySeconds } from '../jobs/queue.js';
import { renderPayload } from './payload.js';
import { postWebhook, type SendResult } from './sender.js';
import { signHeaders } from './signing.js';
import type { UrlPolicy } from './url-guard.js';
import { WorkerLifecycle } from '../jobs/worker-lifecycle.js';

export const DELIVERY_QUEUE = 'webhook-deliver';

/** Streams delivered at once by one process. */
const MAX_CONCURRENT_DRAINS = 32;

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
  sweepIntervalMs: 10_000,
  previousSecretTtlMs: 24 * 3600 * 1000,
  maxEndpointsPerPlayer: 20,
};

interface StreamKey {
  readonly endpointId: string;
  readonly gameId: string;
}

interface LeasedDelivery {
  id: string;
  endpoint_id: string;
  event_type: string;
  game_id: string;
  seq: number;
  seat: number;
  payload: string | null;
  attempts: number;
  created_at: Date;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
  owner_id: string;
  owner_name: string;
}

export class WebhookDispatcher {
  private boss: JobQueue | null = null;
  private workerId: string | null = null;
  /** Sweeps, work under way, and the two-step stop (see WorkerLifecycle). */
  private readonly life = new WorkerLifecycle();
  private draining = 0;

  constructor(
    private readonly db: Database,
    private readonly games: GameService,
    private readonly clock: Clock,
    private readonly options: WebhookOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(boss: JobQueue): Promise<void> {
    this.boss = boss;
    await boss.createQueue(DELIVERY_QUEUE);
    // Jobs only start drains: a slow endpoint (up to the timeout) must not hold up the next fetch. A job
    // beyond the concurrency cap is dropped; its stream stays due and the next sweep queues it again.
    this.workerId = await boss.work<StreamKey>(DELIVERY_QUEUE, { batchSize: 8, pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) {
        if (this.draining < MAX_CONCURRENT_DRAINS) void this.life.track(this.drain(job.data));
      }
    });
    await this.sweep();
    this.life.every(this.options.sweepIntervalMs, () => this.sweep(), (err) => this.log.error({ err }, 'webhook sweep failed'));
  }

  stop(): Promise<void> {
    return this.life.stop();
  }

  /** After a commit that wrote deliveries (or a reminder): queue the game's streams that have something due. */
  nudgeGame = (gameId: string): void => {
    if (!this.boss || this.life.stopped) return;
    void this.life.track(this.sweep(gameId)).catch((err) => this.log.error({ err, gameId }, 'webhook nudge failed'));
  };

  /** Queues a job for every stream (of one game, or all) whose head is due and not leased. */
  async sweep(gameId?: string): Promise<number> {
    if (!this.boss || this.life.stopped) return 0;
    const now = this.clock.now();
    const heads = await this.db.$queryRaw<StreamKey[]>`
      SELECT endpoint_id AS "endpointId", game_id AS "gameId" FROM (
        SELECT DISTINCT ON (d.endpoint_id, d.game_id) d.endpoint_id, d.game_id, d.next_attempt_at, d.lease_until
          FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
         WHERE d.status = 'pending' AND (${gameId ?? null}::uuid IS NULL OR d.game_id = ${gameId ?? null}::uuid)
         ORDER BY d.endpoint_id, d.game_id, d.seq, d.ordinal, d.seat
      ) head
      WHERE head.next_attempt_at <= ${now} AND (head.lease_until IS NULL OR head.lease_until < ${now})`;
    for (const head of heads) await this.enqueue(head, 0);
    return heads.length;
  }

  private async enqueue(key: StreamKey, delay: number): Promise<void> {
    if (!this.boss || this.life.stopped) return;
    await this.boss.send(DELIVERY_QUEUE, key, { startAfter: delay, retryLimit: 0 });
    if (delay === 0 && this.workerId) this.boss.notifyWorker(this.workerId);
  }


  /** Delivers a stream's due deliveries in order until one fails or none is due. */
  async drain(key: StreamKey): Promise<void> {
    this.draining++;
    try {
      while (!this.life.closing) {
        const delivery = await this.leaseHead(key);
        if (!delivery) return;
        if (!(await this.attempt(delivery))) return;
      }
    } catch (err) {
      this.log.error({ err, ...key }, 'webhook delivery failed');
    } finally {
      this.draining--;
    }
  }

  private async leaseHead(key: StreamKey): Promise<LeasedDelivery | null> {
    const now = this.clock.now();
    // Longer than an attempt can take; a worker that dies mid-attempt frees the stream after it.
    const leaseUntil = new Date(now.getTime() + 2 * this.options.timeoutMs + 1_000);
    const rows = await this.db.$queryRaw<LeasedDelivery[]>`
      WITH head AS (
        SELECT d.id FROM webhook_deliveries d
         WHERE d.endpoint_id = ${key.endpointId}::uuid AND d.game_id = ${key.gameId}::uuid AND d.status = 'pending'
         ORDER BY d.seq, d.ordinal, d.seat LIMIT 1
      ), leased AS (
        UPDATE webhook_deliveries d SET lease_until = ${leaseUntil}
          FROM head, webhook_endpoints e
         WHERE d.id = head.id AND e.id = d.endpoint_id AND e.enabled AND d.status = 'pending'
           AND d.next_attempt_at <= ${now} AND (d.lease_until IS NULL OR d.lease_until < ${now})
        RETURNING d.*
      )
      SELECT l.id, l.endpoint_id, l.event_type, l.game_id, l.seq, l.seat, l.payload, l.attempts, l.created_at,
             e.url, e.secret, e.previous_secret, e.previous_secret_until, e.owner_id, p.name AS owner_name
        FROM leased l JOIN webhook_endpoints e ON e.id = l.endpoint_id JOIN players p ON p.id = e.owner_id`;
    return rows[0] ?? null;
  }

  /** One attempt; true when the stream may go on (delivered or given up), false when it waits. */
  private async attempt(d: LeasedDelivery): Promise<boolean> {
    let body = d.payload;
    let result: SendResult;
    if (body === null) {
      try {
        body = await renderPayload(
          this.games,
          { id: d.owner_id, name: d.owner_name },
          { eventType: d.event_type, gameId: d.game_id, seq: d.seq, seat: d.seat, createdAt: d.created_at },
          this.options.maxPayloadBytes,
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
    return this.record(d, result, body);
  }

  /**
   * Records the attempt and the delivery's new state (and its body, the first time: re-rendering after a
   * crash before this point gives the same view of the same version).
   */
  private async record(d: LeasedDelivery, result: SendResult, body: string | null): Promise<boolean> {
    const now = this.clock.now();
    const attempt = d.attempts + 1;
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const gone = result.status === 410;
    const schedule = this.options.retryScheduleMs;
    const exhausted = attempt > schedule.length;
    let status: 'delivered' | 'failed' | 'pending';
    let next = now;
    if (ok) status = 'delivered';
    else if (gone || exhausted) status = 'failed';
    else {
      status = 'pending';
      const base = schedule[attempt - 1] ?? 0;
      const spread = 1 + (Math.random() * 2 - 1) * this.options.jitter;
      const wanted = Math.max(base * spread, (result.retryAfter ?? 0) * 1000);
      next = new Date(now.getTime() + Math.min(wanted, 24 * 3600 * 1000));
    }
    await this.db.$transaction([
      this.db.$executeRaw`
        INSERT INTO webhook_attempts (delivery_id, attempt, at, status, latency_ms, error)
        VALUES (${d.id}, ${attempt}, ${now}, ${result.status}, ${result.latencyMs}, ${result.error})`,
      this.db.$executeRaw`
        UPDATE webhook_deliveries
           SET status = ${status}, attempts = ${attempt}, lease_until = NULL, next_attempt_at = ${next}, payload = COALESCE(payload, ${body}),
               last_status = ${result.status}, last_latency_ms = ${result.latencyMs}, last_error = ${result.error},
               delivered_at = ${ok ? now : null}
         WHERE id = ${d.id}`,
      ...(gone
        ? [this.db.$executeRaw`
            UPDATE webhook_endpoints SET enabled = false, disabled_reason = ${'the receiver answered 410 Gone'}, updated_at = ${now}
             WHERE id = ${d.endpoint_id}::uuid`]
        : []),
    ]);
    if (gone) {
      this.log.warn({ endpointId: d.endpoint_id }, 'webhook endpoint answered 410: disabled');
      return false;
    }
    if (status === 'pending') {
      await this.enqueue({ endpointId: d.endpoint_id, gameId: d.game_id }, delaySeconds(next, now));
      return false;
    }
    return true;
  }
}
