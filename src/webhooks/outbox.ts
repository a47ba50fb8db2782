/**
 * The webhook outbox, as SQL fragments that the event store splices into its one-statement writes
 * (a move's append, a game's start): the notification rows commit with the move or not at all, so an
 * accepted move is never left without its notifications, even if the process dies right after commit.
 *
 * A row is written per (enabled endpoint, event) for endpoints that want the event type and watch the
 * game: endpoints bound to the game, or unbound endpoints whose owner holds a seat in it. `turn.started`
 * goes only to the endpoints of the player whose seat it is. The body is rendered later, at the first
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
    SELECT ${Prisma.raw(newDeliveryId)}, e.id, ev.type, b.id, b.version, ev.ordinal, ev.seat, ${at}, ${at}
      FROM ${Prisma.raw(source)} b
      CROSS JOIN LATERAL (
        SELECT t.type, t.ordinal, -1 AS seat FROM unnest(${types}::text[], ${ordinals}::int[]) AS t(type, ordinal)
        UNION ALL
        SELECT 'turn.started', ${EVENT_ORDINAL['turn.started']}::int, s FROM unnest(${[...events.turnSeats]}::int[]) AS s
      ) ev
      JOIN webhook_endpoints e ON e.enabled AND ev.type = ANY(e.event_types)
       AND (e.game_id = b.id OR (e.game_id IS NULL AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = b.id AND s.player_id = e.owner_id)))
     WHERE ev.seat = -1 OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = b.id AND s.index = ev.seat AND s.player_id = e.owner_id)
    ON CONFLICT DO NOTHING
    RETURNING 1`;
}
