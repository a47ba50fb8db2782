/** TypeBox schemas of the table's REST routes (challenges, seeks, chat): docs/table.md. */
import { Type, type TSchema } from 'typebox';
import { Text } from './schemas.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const LooseObject = Type.Object({}, { additionalProperties: true });

export const ClockInput = Type.Object(
  {
    perMove: Type.Number({ minimum: 1, maximum: 31_536_000, description: 'seconds per move' }),
    reserve: Type.Optional(Type.Number({ minimum: 0, maximum: 31_536_000 })),
    reminderBefore: Type.Optional(Type.Number({ minimum: 0, maximum: 31_536_000 })),
    onTimeout: Type.Optional(Type.Union([Type.Literal('bot'), Type.Literal('forfeit')])),
  },
  { additionalProperties: false, description: "a turn clock, as a game's (omit for an untimed game)" },
);

const Invitee = Type.Union([
  Type.Object({ playerId: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
  Type.Object({ externalId: Text({ minLength: 1, maxLength: 200, description: "the id your app knows the player by (your app's players only)" }) }, { additionalProperties: false }),
]);

export const CreateChallengeBody = Type.Object(
  {
    type: Text({ maxLength: 64, description: 'a game type id' }),
    seats: Type.Optional(Type.Integer({ minimum: 1, maximum: 64, description: 'seats of the game; default: you and the invited (at least the game\'s minimum). Seats beyond those are open: anyone with the link code may take one' })),
    options: Type.Optional(LooseObject),
    clock: Type.Optional(ClockInput),
    invite: Type.Optional(Type.Array(Invitee, { maxItems: 63, description: 'the players the seats after yours are reserved for, in seat order' })),
    expiresInSeconds: Type.Optional(Type.Integer({ minimum: 60, maximum: 31_536_000, description: 'how long the challenge waits (default 7 days; at most the configured maximum, 30 days unless set)' })),
  },
  { additionalProperties: false },
);

const PlayerRef = Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() });

export const Challenge = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'the challenge\'s id, which is its game\'s id' }),
    gameId: Type.String({ format: 'uuid' }),
    type: Type.String(),
    seatCount: Type.Integer(),
    options: Type.Unknown(),
    clock: Type.Unknown({ description: 'the turn clock, or null' }),
    createdBy: PlayerRef,
    status: Type.Union(['pending', 'accepted', 'declined', 'cancelled', 'expired'].map((s) => Type.Literal(s))),
    reason: Nullable(Type.String({ description: 'why it was declined' })),
    code: Nullable(Type.String({ description: 'the link code (shown to the creator only; null when every seat is named): share it, anyone with it may take an open seat' })),
    expiresAt: Type.String({ format: 'date-time' }),
    createdAt: Type.String({ format: 'date-time' }),
    seats: Type.Array(
      Type.Object({
        seat: Type.Integer(),
        player: Nullable(PlayerRef),
        open: Type.Boolean({ description: 'taken with the link code rather than reserved for a named player' }),
        status: Type.Union(['open', 'invited', 'accepted', 'declined'].map((s) => Type.Literal(s))),
        reason: Nullable(Type.String()),
      }),
    ),
  },
  { $id: 'Challenge' },
);

export const ChallengeRef = Type.Object({
  ref: Text({ minLength: 1, maxLength: 64, description: "the challenge's id or its link code" }),
});
export const ChallengeId = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const DeclineBody = Type.Object({ reason: Type.Optional(Text({ maxLength: 200, description: 'told to the creator' })) }, { additionalProperties: false });

export const CreateSeekBody = Type.Object(
  {
    type: Text({ maxLength: 64, description: 'a game type id' }),
    seats: Type.Optional(Type.Integer({ minimum: 1, maximum: 64, description: 'an exact seat count (or give minSeats/maxSeats)' })),
    minSeats: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
    maxSeats: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
    options: Type.Optional(LooseObject),
    clock: Type.Optional(ClockInput),
    minRating: Type.Optional(Type.Number({ minimum: -1e6, maximum: 1e6, description: 'only opponents rated at least this (ordinal of this game type; unrated players are 0)' })),
    maxRating: Type.Optional(Type.Number({ minimum: -1e6, maximum: 1e6, description: 'only opponents rated at most this' })),
    botsAfterSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400, description: 'after this long without enough players, bots fill the missing seats; omit: never' })),
    expiresInSeconds: Type.Optional(Type.Integer({ minimum: 10, maximum: 604_800, description: 'how long the seek waits (default 1 hour)' })),
  },
  { additionalProperties: false },
);

export const Seek = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    type: Type.String(),
    minSeats: Type.Integer(),
    maxSeats: Type.Integer(),
    options: Type.Unknown(),
    clock: Type.Unknown(),
    rating: Type.Number({ description: 'your rating when you posted it' }),
    minRating: Nullable(Type.Number()),
    maxRating: Nullable(Type.Number()),
    botsAfterSeconds: Nullable(Type.Integer()),
    status: Type.Union(['waiting', 'matched', 'cancelled', 'expired'].map((s) => Type.Literal(s))),
    gameId: Nullable(Type.String({ format: 'uuid', description: 'the game it was matched into' })),
    createdAt: Type.String({ format: 'date-time' }),
    expiresAt: Type.String({ format: 'date-time' }),
    matchedAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'Seek' },
);

export const SeekId = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const TABLE_SCHEMAS: TSchema[] = [Challenge, Seek];

export const ChatMessage = Type.Object(
  {
    id: Type.String({ description: 'increasing: pass the last one seen as cursor' }),
    gameId: Type.String({ format: 'uuid' }),
    channel: Type.Union([Type.Literal('players'), Type.Literal('spectators')]),
    author: PlayerRef,
    body: Nullable(Type.String({ description: 'null once deleted' })),
    createdAt: Type.String({ format: 'date-time' }),
    deleted: Type.Boolean(),
  },
  { $id: 'ChatMessage' },
);
const ChannelName = Type.Union([Type.Literal('players'), Type.Literal('spectators')], { description: "players' (the seated players) or spectators' (everyone else; players read it too); default: your own" });
export const PostChatBody = Type.Object(
  { body: Text({ minLength: 1, maxLength: 2000, description: 'the message: plain text, at most CHAT_MAX_LENGTH characters (500 unless set)' }), channel: Type.Optional(ChannelName) },
  { additionalProperties: false },
);
export const ChatQuery = Type.Object({
  channel: Type.Optional(ChannelName),
  cursor: Type.Optional(Text({ maxLength: 20, description: 'the previous page\'s nextCursor (a message id): the page starts after it' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export const ChatMessageParams = Type.Object({ id: Type.String({ format: 'uuid' }), messageId: Text({ maxLength: 20, description: 'the message id' }) });
export const MessageId = Type.Object({ messageId: Text({ maxLength: 20, description: 'the message id' }) });
export const PlayerIdParams = Type.Object({ playerId: Type.String({ format: 'uuid' }) });
TABLE_SCHEMAS.push(ChatMessage);
