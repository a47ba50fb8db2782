/**
 * Webhook bodies, Standard Webhooks style: `{ type, timestamp, data }`. The data is what the endpoint's
 * owner may see through the API, read through the same service calls with the owner as the caller:
 * their view of the state after that version (GET /v1/games/:id/state?at=seq), the move as their history
 * shows it. Never the seed, never another seat's secrets. A body larger than the cap drops the view and
 * the move (`truncated: true`); the receiver reads them through the API.
 *
 * An app's endpoint gets one delivery per player of the app: the body is that player's, as above, and
 * names them (`data.recipient`: the player's id and the app's own id for them).
 */
import type { EventView, GameService } from '../service/game-service.js';
import type { Player } from '../service/players.js';
import type { WebhookEventType } from '../store/outbox.js';

export interface DeliveryEvent {
  readonly eventType: string;
  readonly gameId: string;
  readonly seq: number;
  readonly seat: number;
  readonly createdAt: Date;
}

/** The reads a body needs (a batch passes a memo of them: one game read, the views read together). */
export type PayloadSource = Pick<GameService, 'getGame' | 'eventView'>;

/** Versions one batch reads together at most (a redelivered old event may sit far before the rest). */
const MAX_VIEW_SPAN = 200;

/**
 * The reads of one stream batch (one owner, one game, versions `first` to `last` in order): the game once,
 * and the owner's views of the whole span in one go (GameService.eventViews), instead of a game read, a
 * move read and maybe a state rebuild per delivery.
 */
export function batchSource(games: GameService, first: number, last: number): PayloadSource {
  let game: ReturnType<GameService['getGame']> | null = null;
  // By caller: an app endpoint's batch holds deliveries for several players, each seeing only its own view.
  const spans = new Map<string, Promise<Map<number, EventView>>>();
  const to = Math.min(last, first + MAX_VIEW_SPAN);
  return {
    getGame: (gameId) => (game ??= games.getGame(gameId)),
    eventView: async (caller, gameId, seq) => {
      if (seq < first || seq > to || !caller) return games.eventView(caller, gameId, seq);
      let span = spans.get(caller.id);
      if (!span) {
        span = games.eventViews(caller, gameId, first, to).then((views) => new Map(views.map((v) => [v.version, v])));
        spans.set(caller.id, span);
      }
      const view = (await span).get(seq);
      if (!view) throw new Error(`no view of version ${seq}`);
      return view;
    },
  };
}

/** The player an app endpoint's delivery is for: named in its body as `data.recipient`. */
export interface Recipient {
  readonly playerId: string;
  readonly externalId: string;
}

export async function renderPayload(games: PayloadSource, owner: Player, event: DeliveryEvent, maxBytes: number, recipient: Recipient | null = null): Promise<string> {
  const game = await games.getGame(event.gameId);
  const type = event.eventType as WebhookEventType;
  const base: Record<string, unknown> = { gameId: game.id, gameType: game.type, version: event.seq };
  const seatFields = () => {
    const seat = game.seats[event.seat];
    const deadline = game.deadlines.find((d) => d.seat === event.seat);
    // The deadline of that very turn (a later turn's deadline would mislead).
    const running = deadline?.turnVersion === event.seq ? deadline : undefined;
    return { seat: event.seat, player: seat?.player ?? null, deadlineAt: running?.deadlineAt ?? null };
  };
  // A challenge's game has not started: there is no view to send, only what the challenge is.
  const seen = type === 'turn.reminder' || type === 'challenge.received' ? null : await games.eventView(owner, game.id, event.seq);
  const view = async () => seen?.view ?? null;
  let data: Record<string, unknown>;
  let bulky: string[] = ['view'];
  switch (type) {
    case 'game.started':
      data = { ...base, seats: game.seats, clock: game.clock, view: await view() };
      break;
    case 'move.made': {
      data = { ...base, move: seen?.move ?? null, view: await view() };
      bulky = ['view', 'move'];
      break;
    }
    case 'turn.started':
      data = { ...base, ...seatFields(), view: await view() };
      break;
    case 'turn.reminder':
      data = { ...base, ...seatFields() };
      break;
    case 'game.finished':
      data = { ...base, outcome: game.outcome, view: await view() };
      break;
    case 'challenge.received':
      data = { ...base, challengeId: game.id, seat: event.seat, createdBy: game.createdBy, seatCount: game.seatCount, options: game.options, clock: game.clock };
      break;
    default:
      data = base;
  }
  if (recipient) data = { recipient, ...data };
  const body = (d: Record<string, unknown>) => JSON.stringify({ type, timestamp: event.createdAt.toISOString(), data: d });
  const full = body(data);
  if (Buffer.byteLength(full) <= maxBytes) return full;
  const thin: Record<string, unknown> = { ...data, truncated: true };
  for (const key of bulky) delete thin[key];
  return body(thin);
}
