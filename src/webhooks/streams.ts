/**
 * The SQL of delivery streams. A stream is one endpoint's deliveries for one game, in (seq, ordinal, seat)
 * order (then by player, at an app's endpoint, which has one delivery per player of the app); webhook_deliveries is its queue. Whoever leases a stream's head owns the stream until the lease
 * ends: it may send the head and the due deliveries right behind it, in order, and record them together.
 * Two statements per batch (lease, record) whatever its size, so a busy game costs few round trips.
 */
import type { Database } from '../store/database.js';
import type { SendResult } from './sender.js';

export interface StreamKey {
  readonly endpointId: string;
  readonly gameId: string;
}

export interface LeasedDelivery {
  id: string;
  endpoint_id: string;
  event_type: string;
  game_id: string;
  seq: number;
  seat: number;
  payload: string | null;
  attempts: number;
  created_at: Date;
  next_attempt_at: Date;
  lease_until: Date | null;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
  /** The player the delivery is for: the endpoint's owner, or the app's player it names. */
  owner_id: string;
  owner_name: string;
  /** Set for an app's endpoint: the app's own id for that player. */
  external_id: string | null;
  app_id: string | null;
  /** The endpoint's language for log texts. */
  locale: string;
  /** The trace of the commit that wrote it (./trace-stamp.ts), or null. */
  traceparent: string | null;
}

/** One attempt's outcome, as recorded. */
export interface Outcome {
  readonly delivery: LeasedDelivery;
  readonly result: SendResult;
  readonly body: string | null;
  readonly status: 'delivered' | 'failed' | 'pending';
  readonly nextAttemptAt: Date;
}

/** Streams (of one game, or all) whose head is due and not leased. */
export function dueStreams(db: Database, now: Date, gameId: string | null): Promise<StreamKey[]> {
  return db.$queryRaw<StreamKey[]>`
    SELECT endpoint_id AS "endpointId", game_id AS "gameId" FROM (
      SELECT DISTINCT ON (d.endpoint_id, d.game_id) d.endpoint_id, d.game_id, d.next_attempt_at, d.lease_until
        FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
       WHERE d.status = 'pending' AND (${gameId}::uuid IS NULL OR d.game_id = ${gameId}::uuid)
       ORDER BY d.endpoint_id, d.game_id, d.seq, d.ordinal, d.seat
    ) head
    WHERE head.next_attempt_at <= ${now} AND (head.lease_until IS NULL OR head.lease_until < ${now})`;
}

/**
 * Leases the stream's head (when due, unleased and its endpoint enabled) until `leaseUntil`, and returns
 * it with up to `limit - 1` deliveries behind it that are due and unleased too (a stream is sent in order,
 * so the batch stops at the first that is not).
 */
export async function leaseBatch(db: Database, key: StreamKey, now: Date, leaseUntil: Date, limit: number): Promise<LeasedDelivery[]> {
  const rows = await db.$queryRaw<LeasedDelivery[]>`
    WITH head AS (
      SELECT d.id, d.seq, d.ordinal, d.seat, d.player_id FROM webhook_deliveries d
       WHERE d.endpoint_id = ${key.endpointId}::uuid AND d.game_id = ${key.gameId}::uuid AND d.status = 'pending'
       ORDER BY d.seq, d.ordinal, d.seat, d.player_id LIMIT 1
    ), leased AS (
      UPDATE webhook_deliveries d SET lease_until = ${leaseUntil}
        FROM head, webhook_endpoints e
       WHERE d.id = head.id AND e.id = d.endpoint_id AND e.enabled AND d.status = 'pending'
         AND d.next_attempt_at <= ${now} AND (d.lease_until IS NULL OR d.lease_until < ${now})
      RETURNING head.seq, head.ordinal, head.seat, head.player_id
    )
    SELECT d.id, d.endpoint_id, d.event_type, d.game_id, d.seq, d.seat, d.payload, d.attempts, d.created_at,
           d.next_attempt_at, d.lease_until, d.traceparent,
           e.url, e.secret, e.previous_secret, e.previous_secret_until, p.id::text AS owner_id, p.name AS owner_name,
           p.external_id, e.app_id::text AS app_id, e.locale
      FROM leased l
      JOIN webhook_deliveries d ON d.endpoint_id = ${key.endpointId}::uuid AND d.game_id = ${key.gameId}::uuid
       AND d.status = 'pending'
       AND (d.seq, d.ordinal, d.seat, COALESCE(d.player_id, '00000000-0000-0000-0000-000000000000'::uuid))
        >= (l.seq, l.ordinal, l.seat, COALESCE(l.player_id, '00000000-0000-0000-0000-000000000000'::uuid))
      JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN players p ON p.id = COALESCE(d.player_id, e.owner_id)
     ORDER BY d.seq, d.ordinal, d.seat, d.player_id LIMIT ${limit}`;
  // The head's row was read as it was before this statement leased it.
  const free = (d: LeasedDelivery) => d.next_attempt_at <= now && (d.lease_until === null || d.lease_until < now);
  const end = rows.findIndex((d, i) => i > 0 && !free(d));
  return end < 0 ? rows : rows.slice(0, end);
}

/**
 * Records a batch's attempts and the deliveries' new states (and each body, the first time), ends the
 * lease, disables the endpoint after a 410, and, when `release` is set (the batch ended with a success),
 * makes the endpoint's deliveries that wait for a retry due now. Returns the games of the streams released.
 */
export async function recordBatch(db: Database, outcomes: readonly Outcome[], now: Date, release: boolean): Promise<string[]> {
  const last = outcomes.at(-1);
  if (!last) return [];
  const endpointId = last.delivery.endpoint_id;
  const column = <T>(f: (o: Outcome) => T) => outcomes.map(f);
  const gone = last.result.status === 410;
  const rows = await db.$queryRaw<{ game_id: string }[]>`
    WITH r AS (
      SELECT * FROM unnest(
        ${column((o) => o.delivery.id)}::text[], ${column((o) => o.delivery.attempts + 1)}::int[],
        ${column((o) => o.status)}::text[], ${column((o) => o.nextAttemptAt.toISOString())}::timestamptz[],
        ${column((o) => o.body)}::text[], ${column((o) => o.result.status)}::int[],
        ${column((o) => o.result.latencyMs)}::int[], ${column((o) => o.result.error)}::text[]
      ) AS r(id, attempt, status, next_attempt_at, body, http_status, latency_ms, error)
    ), attempts AS (
      INSERT INTO webhook_attempts (delivery_id, attempt, at, status, latency_ms, error)
      SELECT r.id, r.attempt, ${now}, r.http_status, r.latency_ms, r.error FROM r
    ), updated AS (
      UPDATE webhook_deliveries d
         SET status = r.status, attempts = r.attempt, lease_until = NULL, next_attempt_at = r.next_attempt_at,
             payload = COALESCE(d.payload, r.body), last_status = r.http_status, last_latency_ms = r.latency_ms,
             last_error = r.error, delivered_at = CASE WHEN r.status = 'delivered' THEN ${now}::timestamptz END
        FROM r WHERE d.id = r.id
    ), disabled AS (
      UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'the receiver answered 410 Gone', updated_at = ${now}
       WHERE id = ${endpointId}::uuid AND ${gone}
    ), released AS (
      -- None of the batch's rows: those were due, these wait for a later time.
      UPDATE webhook_deliveries SET next_attempt_at = ${now}
       WHERE endpoint_id = ${endpointId}::uuid AND status = 'pending' AND next_attempt_at > ${now} AND ${release}
      RETURNING game_id
    )
    SELECT DISTINCT game_id::text FROM released`;
  return rows.map((r) => r.game_id);
}

/** Makes every pending delivery of the endpoint due now; returns the games of its streams. */
export async function releaseEndpoint(db: Database, endpointId: string, now: Date): Promise<{ games: string[]; deliveries: number }> {
  const rows = await db.$queryRaw<{ game_id: string; n: number }[]>`
    WITH released AS (
      UPDATE webhook_deliveries SET next_attempt_at = LEAST(next_attempt_at, ${now})
       WHERE endpoint_id = ${endpointId}::uuid AND status = 'pending'
      RETURNING game_id
    )
    SELECT game_id::text, count(*)::int AS n FROM released GROUP BY game_id`;
  return { games: rows.map((r) => r.game_id), deliveries: rows.reduce((sum, r) => sum + r.n, 0) };
}
