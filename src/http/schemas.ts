/**
 * TypeBox schemas of the REST API: they validate requests, serialise responses, type the handlers
 * and generate openapi/openapi.json.
 */
import { Type, type TSchema } from 'typebox';

/** The largest value of Postgres' int4, which every integer column and version number is. */
export const INT4_MAX = 2_147_483_647;
/** Control characters (C0 and DEL): refused in every text a client sends; NUL cannot even be stored. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A line of text from a client: no control characters. */
export const Text = (options: Parameters<typeof Type.String>[0] = {}) =>
  Type.String({ pattern: '^[^\\u0000-\\u001f\\u007f]*$', ...options });
/** A non-negative integer that fits an int4 column (seat numbers, versions, sequence numbers). */
export const Count = (options: Parameters<typeof Type.Integer>[0] = {}) => Type.Integer({ minimum: 0, maximum: INT4_MAX, ...options });
/** Seconds on a turn clock: at most a year. */
const Seconds = (options: Parameters<typeof Type.Number>[0]) => Type.Number({ maximum: 31_536_000, ...options });

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Json = Type.Unknown({ description: 'any JSON value' });
const LooseObject = Type.Object({}, { additionalProperties: true });

export const ErrorResponse = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'stable machine-readable code, e.g. ILLEGAL_MOVE, NOT_YOUR_TURN, STALE_VERSION' }),
      message: Type.String(),
    }),
  },
  { $id: 'Error', description: "Portolan's error shape for every failed request" },
);

export const GameId = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const Player = Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }, { $id: 'Player' });

export const RegisterBody = Type.Object({ name: Text({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
export const RegisterResponse = Type.Object({
  player: Type.Ref('Player'),
  token: Type.String({ description: 'bearer token, shown once: send it as `Authorization: Bearer <token>`' }),
});

export const GameType = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    players: Type.Object({ min: Type.Integer(), max: Type.Integer() }),
    engineVersion: Type.Integer(),
    botLevels: Type.Array(Type.String()),
    optionsSchema: LooseObject,
    moveSchema: LooseObject,
    viewSchema: LooseObject,
  },
  { $id: 'GameType' },
);

const LogEntry = Type.Object({ type: Type.String(), text: Type.String(), seat: Type.Optional(Type.Integer()) }, { additionalProperties: true });

export const Outcome = Type.Object(
  {
    scores: Type.Array(Type.Number()),
    breakdown: Type.Array(Type.Record(Type.String(), Type.Number())),
    ranking: Type.Array(Type.Array(Type.Integer()), { description: 'seats from first place down; a group shares a place' }),
    winners: Type.Array(Type.Integer()),
    resigned: Type.Array(Type.Integer()),
  },
  { $id: 'Outcome' },
);

const Status = Type.Union(['waiting', 'active', 'finished', 'aborted'].map((s) => Type.Literal(s)));

export const Game = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    type: Type.String(),
    engineVersion: Type.Integer(),
    status: Status,
    version: Type.Integer({ description: 'number of moves in the log; send it back as expectedVersion' }),
    options: Json,
    seatCount: Type.Integer(),
    seats: Type.Array(
      Type.Object({
        index: Type.Integer(),
        player: Nullable(Type.Ref('Player')),
        bot: Nullable(Type.String({ description: 'bot level when a server-side bot holds the seat' })),
        resigned: Type.Boolean(),
      }),
    ),
    toMove: Type.Array(Type.Integer(), { description: 'seats that may act now' }),
    createdBy: Type.String({ format: 'uuid' }),
    createdAt: Type.String({ format: 'date-time' }),
    startedAt: Nullable(Type.String({ format: 'date-time' })),
    finishedAt: Nullable(Type.String({ format: 'date-time' })),
    turnStartedAt: Nullable(Type.String({ format: 'date-time' })),
    seedCommitment: Type.String({ description: 'SHA-256 (hex) of the secret seed, published from the start' }),
    seed: Nullable(Type.String({ description: 'the seed, revealed once the game is over' })),
    outcome: Nullable(Type.Ref('Outcome')),
    clock: Nullable(
      Type.Object(
        {
          perMove: Type.Number({ description: 'seconds per move' }),
          reserve: Type.Number({ description: 'correspondence reserve per seat, in seconds, spent when a move takes longer than perMove' }),
          reminderBefore: Type.Number({ description: 'seconds before the deadline when turn.reminder is sent' }),
          onTimeout: Type.Union([Type.Literal('bot'), Type.Literal('forfeit')], { description: "what happens at the deadline: the seat's bot moves, or the seat forfeits" }),
        },
        { description: 'turn clock; null for an untimed game' },
      ),
    ),
    deadlines: Type.Array(
      Type.Object({
        seat: Type.Integer(),
        turnVersion: Type.Integer({ description: 'the game version at which this turn began' }),
        deadlineAt: Type.String({ format: 'date-time' }),
        reminderAt: Nullable(Type.String({ format: 'date-time' })),
        reserveSeconds: Type.Number({ description: 'reserve left before this turn' }),
      }),
      { description: 'running turn deadlines (timed games)' },
    ),
  },
  { $id: 'Game' },
);

export const GamesPage = Type.Object({
  items: Type.Array(Type.Ref('Game')),
  nextCursor: Nullable(Type.String({ description: 'pass as cursor for the next page; null on the last page' })),
});

export const CreateGameBody = Type.Object(
  {
    type: Text({ maxLength: 64, description: 'a game type id, e.g. puerto-rico' }),
    seats: Type.Integer({ minimum: 1, maximum: 64 }),
    options: Type.Optional(LooseObject),
    join: Type.Optional(Type.Boolean({ description: 'take a seat at once (default true)' })),
    seat: Type.Optional(Count()),
    bots: Type.Optional(Type.Array(Type.Object({ seat: Count(), level: Text({ maxLength: 64 }) }, { additionalProperties: false }), { maxItems: 64 })),
    clock: Type.Optional(
      Type.Object(
        {
          perMove: Seconds({ minimum: 1, description: 'seconds per move' }),
          reserve: Type.Optional(Seconds({ minimum: 0, description: 'extra seconds per seat for the whole game (correspondence reserve); default 0' })),
          reminderBefore: Type.Optional(Seconds({ minimum: 0, description: 'send turn.reminder this many seconds before the deadline; default min(perMove/4, 3600)' })),
          onTimeout: Type.Optional(Type.Union([Type.Literal('bot'), Type.Literal('forfeit')], { description: "at the deadline the seat's bot moves (default) or the seat forfeits" })),
        },
        { additionalProperties: false, description: 'a time per move for play-by-web; omit for an untimed game' },
      ),
    ),
  },
  { additionalProperties: false },
);

export const JoinBody = Type.Object({ seat: Type.Optional(Count()) }, { additionalProperties: false });
export const BotBody = Type.Object({ seat: Count(), level: Text({ maxLength: 64 }) }, { additionalProperties: false });
export const SeatBody = Type.Object({ seat: Type.Optional(Count()) }, { additionalProperties: false });

export const MoveBody = Type.Object(
  {
    move: Type.Unknown({ description: "the move, as the game type's moveSchema describes it" }),
    seat: Type.Optional(Count({ description: 'needed only when you hold several seats' })),
    expectedVersion: Type.Optional(
      Count({ description: 'refuse with STALE_VERSION unless the game is at this version' }),
    ),
  },
  { additionalProperties: false },
);

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Text({ minLength: 1, maxLength: 255, description: 'a retry with the same key returns the first answer' })),
});

export const MoveResult = Type.Object(
  {
    gameId: Type.String({ format: 'uuid' }),
    seq: Type.Integer(),
    version: Type.Integer(),
    seat: Type.Integer(),
    status: Status,
    toMove: Type.Array(Type.Integer()),
    log: Type.Array(LogEntry),
    outcome: Nullable(Type.Ref('Outcome')),
  },
  { $id: 'MoveResult' },
);

export const StateQuery = Type.Object({ at: Type.Optional(Count({ description: 'sequence number of a past state' })) });
export const StateResponse = Type.Object({
  version: Type.Integer(),
  seat: Nullable(Type.Integer({ description: 'the seat whose view this is; null for a spectator' })),
  view: Json,
});

export const LegalMovesQuery = Type.Object({ seat: Type.Optional(Count()) });
export const LegalMovesResponse = Type.Object({
  version: Type.Integer(),
  seat: Nullable(Type.Integer()),
  moves: Type.Array(Json, { description: 'Concrete moves, each accepted as is.' }),
  families: Type.Array(Json, {
    description:
      'Move families: move spaces too large to list (e.g. Puerto Rico\'s Mayor arrangements), each as { type, description, fixed, fields, constraints? }; ' +
      'fields map a dotted path to a domain ({oneOf}, {integer:{min,max}}, {tree}, {bag}). Together with `moves` they are exactly the moves the game accepts. See README, "Legal moves".',
  }),
});

export const HistoryQuery = Type.Object({
  cursor: Type.Optional(Text({ maxLength: 200, description: "the previous page's nextCursor: the page starts after that version; omitted: from the start, with a version-0 'start' entry when the game logs its setup" })),
  after: Type.Optional(Count({ deprecated: true, description: 'deprecated: the same as cursor, as an integer' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export const HistoryPage = Type.Object({
  items: Type.Array(
    Type.Object({
      seq: Type.Integer(),
      seat: Nullable(Type.Integer()),
      kind: Type.Union([Type.Literal('move'), Type.Literal('resign'), Type.Literal('adjudicate'), Type.Literal('start')]),
      move: Json,
      log: Type.Array(LogEntry),
      at: Type.String({ format: 'date-time' }),
    }),
  ),
  nextCursor: Nullable(Type.String({ description: 'pass as cursor for the next page; null on the last page' })),
});

/** `?cursor=&limit=`: how every list pages. */
export const PageQuery = (maxLimit: number) =>
  Type.Object({
    cursor: Type.Optional(Type.String({ description: "the previous page's nextCursor" })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: maxLimit })),
  });

export const ListGamesQuery = Type.Object({
  type: Type.Optional(Text({ maxLength: 64 })),
  status: Type.Optional(Status),
  player: Type.Optional(Type.String({ format: 'uuid' })),
  cursor: Type.Optional(Text({ maxLength: 200, description: "the previous page's nextCursor" })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const SHARED_SCHEMAS = [ErrorResponse, Player, GameType, Outcome, Game, MoveResult];
