/**
 * The webhook outbox: which notification rows a game version writes. The rows commit with the move (or
 * the start) or not at all, so an accepted move is never left without its notifications, even if the
 * process dies right after commit. The SQL is the `portolan_outbox` function
 * (prisma/migrations/20261202000000_append_function), which the event store's writes call.
 *
 * A row is written per (enabled endpoint, event) for endpoints that want the event type and watch the
 * game: endpoints bound to the game, or unbound endpoints, in both cases only when their owner holds (or
 * held) a seat in it (the service refuses to bind an endpoint to a stranger's game; the check there also
 * covers endpoints bound before that rule). `turn.started` goes only to the endpoints of the player whose
 * seat it is. Each player's endpoints are capped per game and event (MAX_ENDPOINTS_PER_GAME), so one move
 * makes at most seats x that many deliveries of each event type. The body is rendered later, at the first
 * attempt, redacted for the endpoint's owner (see ./payload.ts).
 */
import { TABLE_EVENT_ORDINAL } from './table-outbox.js';

export const WEBHOOK_EVENT_TYPES = ['game.started', 'move.made', 'turn.started', 'turn.reminder', 'game.finished', 'challenge.received', 'chat.message'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Order of events produced by one game version: (seq, ordinal, seat) orders deliveries per endpoint and game. */
export const EVENT_ORDINAL = {
  'game.started': 0,
  'move.made': 1,
  'turn.started': 2,
  'game.finished': 3,
  'turn.reminder': 4,
  ...TABLE_EVENT_ORDINAL,
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
 * The last arguments of `portolan_outbox` and `portolan_append`: the game-wide events and their ordinals,
 * the seats whose turn starts, `turn.started`'s ordinal, and MAX_ENDPOINTS_PER_GAME.
 */
export function outboxArguments(events: OutboxEvents): [string[], number[], number[], number, number] {
  return [[...events.game], events.game.map((t) => EVENT_ORDINAL[t]), [...events.turnSeats], EVENT_ORDINAL['turn.started'], MAX_ENDPOINTS_PER_GAME];
}
