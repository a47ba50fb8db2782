/**
 * Table chat: per game a players' channel (the seated players write and read it) and a spectators' channel
 * (everyone else writes it; everyone, players included, reads it). Messages are plain text, bounded, free of
 * control characters and rate-limited per author (counted in the database, so across instances). They are
 * stored apart from the move log: a game's record and its verification never see them, and a message
 * carries nothing but what its author typed (no view, no hand). Their author or the operator may delete
 * one (its row stays, its text goes); a player may mute another, whose messages they then never receive.
 *
 * A new or deleted message is announced as a `chat` notice (identifiers only); each stream reads the
 * message and passes it on only when its reader may read that channel (`readable`), so a players' message
 * never reaches a spectator's stream. Seated players' webhook endpoints get `chat.message` for the players'
 * channel, rendered when written (the body is the message, the same for every reader).
 */
import type { Database } from '../store/database.js';
import type { Clock } from '../store/clock.js';
import { ServiceError } from './errors.js';
import type { GameService } from './game-service.js';
import { isUuid } from './pagination.js';
import type { Player } from './players.js';
import type { TableEvents } from './table-events.js';
import { chatWebhookSql } from '../store/table-outbox.js';
import type { Caller } from './types.js';

export type ChatChannel = 'players' | 'spectators';

export interface ChatOptions {
  /** Longest message, in characters. */
  readonly chatMaxLength: number;
  /** Messages one player may post per minute (all games together). */
  readonly chatPerMinute: number;
}

export const DEFAULT_CHAT_OPTIONS: ChatOptions = { chatMaxLength: 500, chatPerMinute: 10 };

export interface ChatMessageView {
  readonly id: string;
  readonly gameId: string;
  readonly channel: ChatChannel;
  readonly author: Player;
  /** Null once deleted. */
  readonly body: string | null;
  readonly createdAt: string;
  readonly deleted: boolean;
}

interface MessageRow {
  id: bigint; game_id: string; channel: ChatChannel; author_id: string; author_name: string; body: string; created_at: Date; deleted_at: Date | null;
}

const CONTROL = /[\u0000-\u001f\u007f]/;
const SELECT_MESSAGE = `SELECT m.id, m.game_id, m.channel, m.author_id, p.name AS author_name, m.body, m.created_at, m.deleted_at
  FROM chat_messages m JOIN players p ON p.id = m.author_id`;

function requirePlayer(caller: Caller): Player {
  if (!caller) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token: register at POST /v1/players');
  return caller;
}

const channelOf = (value: string): ChatChannel => {
  if (value !== 'players' && value !== 'spectators') throw new ServiceError('BAD_REQUEST', 'channel is players or spectators');
  return value;
};

export class ChatService {
  constructor(
    private readonly db: Database,
    private readonly games: GameService,
    private readonly events: TableEvents,
    private readonly clock: Clock,
    private readonly options: ChatOptions,
    private readonly delivered: (gameId: string) => void = () => undefined,
  ) {}

  /** Posts to the caller's own channel (players' when seated, spectators' otherwise) unless it names the other. */
  async post(caller: Caller, gameId: string, body: string, channelArg?: string): Promise<ChatMessageView> {
    const me = requirePlayer(caller);
    const seated = await this.isSeated(me, gameId);
    const channel = channelArg === undefined ? (seated ? 'players' : 'spectators') : channelOf(channelArg);
    if ((channel === 'players') !== seated) {
      throw new ServiceError('FORBIDDEN', seated ? 'players write in the players\' channel' : 'only the seated players write in the players\' channel');
    }
    const text = body.trim();
    if (text.length === 0 || text.length > this.options.chatMaxLength) throw new ServiceError('BAD_REQUEST', `a message has 1 to ${this.options.chatMaxLength} characters`);
    if (CONTROL.test(text)) throw new ServiceError('BAD_REQUEST', 'a message may not hold control characters');
    const now = this.clock.now();
    const [recent] = await this.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM chat_messages WHERE author_id = ${me.id}::uuid AND created_at > ${new Date(now.getTime() - 60_000)}`;
    if ((recent?.n ?? 0) >= this.options.chatPerMinute) throw new ServiceError('RATE_LIMITED', `at most ${this.options.chatPerMinute} messages a minute`, 429);
    const created = await this.db.chatMessage.create({ data: { gameId, channel, authorId: me.id, body: text, createdAt: now } });
    const view = toView({ id: created.id, game_id: gameId, channel, author_id: me.id, author_name: me.name, body: text, created_at: now, deleted_at: null });
    if (channel === 'players') {
      const data = JSON.stringify({ gameId, message: view });
      const written = await this.db.$executeRawUnsafe(chatWebhookSql, gameId, now, created.id, me.id, data);
      if (written > 0) this.delivered(gameId);
    }
    await this.events.publish({ kind: 'chat', playerId: null, gameId, id: view.id });
    return view;
  }

  /** A page of one channel, oldest first, after the message id `after`; the muted's messages left out. */
  async list(caller: Caller, gameId: string, channelArg: string | undefined, after: string | undefined, limit = 50): Promise<{ items: ChatMessageView[]; nextCursor: string | null }> {
    const seated = caller ? await this.isSeated(caller, gameId) : (await this.games.getGame(gameId), false);
    const channel = channelArg === undefined ? (seated ? 'players' : 'spectators') : channelOf(channelArg);
    if (channel === 'players' && !seated) throw new ServiceError('FORBIDDEN', 'only the seated players read the players\' channel');
    if (after !== undefined && !/^\d{1,18}$/.test(after)) throw new ServiceError('BAD_REQUEST', 'invalid cursor');
    const take = Math.max(1, Math.min(200, Math.floor(limit)));
    const rows = await this.db.$queryRawUnsafe<MessageRow[]>(
      `${SELECT_MESSAGE} WHERE m.game_id = $1::uuid AND m.channel = $2 AND m.id > $3::bigint
         AND NOT EXISTS (SELECT 1 FROM chat_mutes x WHERE x.player_id = $4::uuid AND x.muted_id = m.author_id)
       ORDER BY m.id LIMIT $5`,
      gameId, channel, after ?? '0', caller?.id ?? null, take + 1,
    );
    const items = rows.slice(0, take).map(toView);
    return { items, nextCursor: rows.length > take ? (items.at(-1)?.id ?? null) : null };
  }

  /** One message as `caller` may read it now, or null (another channel, a muted author, no such message). */
  async readable(caller: Caller, id: string): Promise<ChatMessageView | null> {
    if (!/^\d{1,18}$/.test(id)) return null;
    const [row] = await this.db.$queryRawUnsafe<MessageRow[]>(`${SELECT_MESSAGE} WHERE m.id = $1::bigint`, id);
    if (!row) return null;
    if (row.channel === 'players' && !(caller && (await this.isSeated(caller, row.game_id)))) return null;
    if (caller && (await this.db.chatMute.findUnique({ where: { playerId_mutedId: { playerId: caller.id, mutedId: row.author_id } } }))) return null;
    return toView(row);
  }

  async deleteOwn(caller: Caller, id: string): Promise<ChatMessageView> {
    const me = requirePlayer(caller);
    const row = await this.find(id);
    if (row.author_id !== me.id) throw new ServiceError('FORBIDDEN', 'only its author (or the operator) deletes a message');
    return this.remove(row, 'author');
  }

  /** The operator's deletion, in the audit log (as a game action: the chat is the game's). */
  async deleteByOperator(ctx: { actor: string; requestId: string; clientIp: string }, id: string, reason: string): Promise<ChatMessageView> {
    const row = await this.find(id);
    const view = await this.remove(row, 'operator');
    await this.db.adminAuditEntry.create({
      data: { actor: ctx.actor, action: 'chat.delete', targetType: 'game', targetId: row.game_id, reason, details: { messageId: view.id, author: row.author_id }, requestId: ctx.requestId, clientIp: ctx.clientIp },
    });
    return view;
  }

  async mute(caller: Caller, playerId: string): Promise<void> {
    const me = requirePlayer(caller);
    if (playerId === me.id) throw new ServiceError('BAD_REQUEST', 'you cannot mute yourself');
    const other = isUuid(playerId) ? await this.db.player.findUnique({ where: { id: playerId }, select: { id: true } }) : null;
    if (!other) throw new ServiceError('PLAYER_NOT_FOUND', `no player ${playerId.slice(0, 64)}`);
    await this.db.chatMute.upsert({ where: { playerId_mutedId: { playerId: me.id, mutedId: other.id } }, create: { playerId: me.id, mutedId: other.id }, update: {} });
  }

  async unmute(caller: Caller, playerId: string): Promise<void> {
    const me = requirePlayer(caller);
    if (isUuid(playerId)) await this.db.chatMute.deleteMany({ where: { playerId: me.id, mutedId: playerId } });
  }

  async mutes(caller: Caller): Promise<string[]> {
    const me = requirePlayer(caller);
    return (await this.db.chatMute.findMany({ where: { playerId: me.id }, orderBy: { createdAt: 'asc' } })).map((m) => m.mutedId);
  }

  // ---- helpers ---------------------------------------------------------------------------------

  private async remove(row: MessageRow, by: 'author' | 'operator'): Promise<ChatMessageView> {
    const now = this.clock.now();
    await this.db.chatMessage.updateMany({ where: { id: row.id, deletedAt: null }, data: { deletedAt: now, deletedBy: by, body: '' } });
    await this.events.publish({ kind: 'chat', playerId: null, gameId: row.game_id, id: String(row.id) });
    return toView({ ...row, body: '', deleted_at: row.deleted_at ?? now });
  }

  private async find(id: string): Promise<MessageRow> {
    const [row] = /^\d{1,18}$/.test(id) ? await this.db.$queryRawUnsafe<MessageRow[]>(`${SELECT_MESSAGE} WHERE m.id = $1::bigint`, id) : [];
    if (!row) throw new ServiceError('NOT_FOUND', `no chat message ${id.slice(0, 64)}`);
    return row;
  }

  /** Whether `player` holds a seat of the game (404 for an unknown game). */
  private async isSeated(player: Player, gameId: string): Promise<boolean> {
    const game = await this.games.getGame(gameId);
    return game.seats.some((s) => s.player?.id === player.id);
  }
}

function toView(row: MessageRow): ChatMessageView {
  const deleted = row.deleted_at !== null;
  return {
    id: String(row.id), gameId: row.game_id, channel: row.channel, author: { id: row.author_id, name: row.author_name },
    body: deleted ? null : row.body, createdAt: new Date(row.created_at).toISOString(), deleted,
  };
}
