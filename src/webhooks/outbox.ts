/**
 * The webhook outbox, as SQL fragments that the event store splices into its one-statement writes
 * (a move's append, a game's start): the notification rows commit with the move or not at all, so an
 * accepted move is never left without its notifications, even if the process dies right after commit.
 *
 * A row is written per (enabled endpoint, event) for endpoints that want the event type and watch the
 * game: endpoints bound to the game, or unbound endpoints, in both cases only when their owner holds (or
 * held) a seat in it (the service refuses to bind an endpoint to a stranger's game; the check here also
 * covers endpoints bound before that rule). `turn.started` goes only to the endpoints of the player whose
 * seat it is. Each player's endpoints are capped per game and event (MAX_ENDPOINTS_PER_GAME), so one move
 * makes at most seats x that many deliveries of each event type. The body is rendered later, at the first
 * attempt, redacted for the endpoint's owner (see ./payload.ts).
 */
import { Prisma } from '../generated/prisma/client.js';

export const WEBHOOK_EVENT_TYPES = ['game.started', 'move.made', 'turn.started', 'turn.reminder', 'game.finished'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Order of events produced by one game version: (seq, ordinal, seat) orders deliveries per endpoint and game. */
export const EVENT_ORDINAL = {
  'game.started': 0,
  'move.made': 1,
  'turn.started': 2,
  'game.finished': 3,
  'turn.reminder': 4,
} as const satisfies Record<WebhookEventType, number>;

export interface OutboxEvents {
  /** Game-wide events of this version (move.made, game.started, game.finished). */
  readonly game: readonly ('game.started' | 'move.made' | 'game.finished')[];
  /** Seats whose turn starts at this version (turn.started to each seat's player). */
  readonly turnSeats: readonly number[];
}

/**
 * How many of one player's endpoints receive one event of one game: those bound to the game first, then
 * the oldest. Endpoints beyond it get nothing from that game (the per-player endpoint cap is larger).
 */
export const MAX_ENDPOINTS_PER_GAME = 5;

export const newDeliveryId = "'msg_' || replace(gen_random_uuid()::text, '-', '')";

/**
 * `INSERT INTO webhook_deliveries ...` for the game row returned by the CTE named `source`
 * (columns `id`, `version`). Use it as a data-modifying CTE: `outbox AS (${outboxInsert(...)})`; it returns
 * one row per delivery written, so `(SELECT count(*) FROM outbox)` says whether the dispatcher has work.
 */
export function outboxInsert(source: 'bumped', events: OutboxEvents, at: Date): Prisma.Sql {
  const types = events.game.map((t) => t);
  const ordinals = events.game.map((t) => EVENT_ORDINAL[t]);
  return Prisma.sql`
    INSERT INTO webhook_deliveries (id, endpoint_id, event_type, game_id, seq, ordinal, seat, next_attempt_at, created_at)
    SELECT ${Prisma.raw(newDeliveryId)}, w.endpoint_id, w.type, w.game_id, w.version, w.ordinal, w.seat, ${at}, ${at}
      FROM (
        SELECT e.id AS endpoint_id, ev.type, ev.ordinal, ev.seat, b.id AS game_id, b.version,
               row_number() OVER (PARTITION BY e.owner_id, ev.type, ev.seat ORDER BY e.game_id IS NULL, e.created_at, e.id) AS rank
          FROM ${Prisma.raw(source)} b
          CROSS JOIN LATERAL (
            SELECT t.type, t.ordinal, -1 AS seat FROM unnest(${types}::text[], ${ordinals}::int[]) AS t(type, ordinal)
            UNION ALL
            SELECT 'turn.started', ${EVENT_ORDINAL['turn.started']}::int, s FROM unnest(${[...events.turnSeats]}::int[]) AS s
          ) ev
          -- From the game's players to their endpoints (owner index): nobody else's endpoint may watch it.
          CROSS JOIN LATERAL (SELECT DISTINCT s.player_id FROM seats s WHERE s.game_id = b.id AND s.player_id IS NOT NULL) p
          JOIN webhook_endpoints e ON e.owner_id = p.player_id AND e.enabled AND ev.type = ANY(e.event_types)
           AND (e.game_id IS NULL OR e.game_id = b.id)
         WHERE ev.seat = -1 OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = b.id AND s.index = ev.seat AND s.player_id = e.owner_id)
      ) w
     WHERE w.rank <= ${MAX_ENDPOINTS_PER_GAME}
    ON CONFLICT DO NOTHING
    RETURNING 1`;
}
