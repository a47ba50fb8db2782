/**
 * TypeBox schemas of game records, record verification, the player archive, statistics and leaderboards.
 * `GameRecord` is also the record format's published JSON Schema (GET /v1/schemas/game-record).
 */
import { Type, type TSchema } from 'typebox';

// Null first: the REST validator coerces types, and would turn a null into "" or 0 for the other branch.
const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

const RecordSeat = Type.Object(
  {
    index: Type.Integer({ minimum: 0, maximum: 63 }),
    player: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
    bot: Nullable(Type.String({ description: 'bot level when a server-side bot held the seat' })),
    resigned: Type.Boolean(),
  },
);

const RecordMove = Type.Object({
  seq: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'the version this move made: 1, 2, 3...' }),
  seat: Type.Integer({ minimum: 0, maximum: 63 }),
  kind: Type.Union([Type.Literal('move'), Type.Literal('resign'), Type.Literal('adjudicate'), Type.Literal('undo')], { description: '`adjudicate`: the operator ended the game; `move` holds the result. `undo`: takes back the move just before it (`move`: `{ type: \'undo\', seq }`)' }),
  move: Type.Unknown({ description: "the move, as the game type's moveSchema describes it (a redacted form in a redacted record)" }),
  log: Type.Array(Type.Object({ type: Type.String(), text: Type.String() }, { additionalProperties: true }), { maxItems: 1000 }),
  at: Type.String({ format: 'date-time' }),
});

export const MAX_RECORD_MOVES = 100_000;

/** The record's fields; the outcome's schema is a reference in the published document, open in the input check. */
const recordProperties = <O extends TSchema>(outcome: O) => ({
  format: Type.Literal('portolan.game-record'),
  formatVersion: Type.Literal(1),
  id: Type.String({ format: 'uuid' }),
  type: Type.String({ maxLength: 64 }),
  engineVersion: Type.Integer({ minimum: 0, maximum: 2147483647 }),
  options: Type.Unknown({ description: "the game's options, defaults filled in" }),
  status: Type.Union(['waiting', 'active', 'finished', 'aborted'].map((s) => Type.Literal(s))),
  createdAt: Type.String({ format: 'date-time' }),
  startedAt: Nullable(Type.String({ format: 'date-time' })),
  finishedAt: Nullable(Type.String({ format: 'date-time' })),
  seats: Type.Array(RecordSeat, { minItems: 1, maxItems: 64 }),
  seedCommitment: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 (hex) of the seed' }),
  seed: Nullable(Type.String({ maxLength: 256, description: 'the seed, once the game is over' })),
  visibility: Type.Union([Type.Literal('full'), Type.Literal('seat'), Type.Literal('public')], {
    description: 'full: every move as made (finished games); seat: redacted for viewerSeat; public: redacted for a spectator',
  }),
  viewerSeat: Nullable(Type.Integer({ minimum: 0, maximum: 63 })),
  moves: Type.Array(RecordMove, { maxItems: MAX_RECORD_MOVES }),
  outcome: Nullable(outcome),
});

export const GameRecord = Type.Object(recordProperties(Type.Ref('Outcome')), {
  $id: 'GameRecord',
  description: 'A self-contained game record: enough to replay and check the game once it is finished',
});

/** The same record as a self-contained schema, for checking one that arrives through GraphQL. */
export const GameRecordInput = Type.Object(recordProperties(Type.Unknown()));

export const VerifyResponse = Type.Object({
  valid: Type.Boolean(),
  moves: Type.Optional(Type.Integer({ description: 'moves replayed (valid records)' })),
  outcome: Type.Optional(Nullable(Type.Ref('Outcome'))),
  failure: Type.Optional(
    Type.Object({
      seq: Nullable(Type.Integer({ description: 'the first move that does not replay; null when the failure is not a move (seed, outcome)' })),
      code: Type.String({ description: 'SEED_MISSING, SEED_MISMATCH, SEQUENCE_GAP, GAME_OVER, NO_SUCH_SEAT, OUTCOME_MISMATCH, or the engine\'s refusal code (ILLEGAL_MOVE, NOT_YOUR_TURN...)' }),
      message: Type.String(),
    }),
  ),
});

const Result = Type.Union([Type.Literal('win'), Type.Literal('loss'), Type.Literal('draw')]);

export const ArchiveQuery = Type.Object({
  type: Type.Optional(Type.String({ maxLength: 64, description: 'a game type id' })),
  status: Type.Optional(Type.Union(['waiting', 'active', 'finished', 'aborted'].map((s) => Type.Literal(s)), { description: 'default finished' })),
  result: Type.Optional(Result),
  opponent: Type.Optional(Type.String({ format: 'uuid', description: 'only games where this player held another seat' })),
  since: Type.Optional(Type.String({ format: 'date-time', description: 'finished (or created, for other statuses) at or after' })),
  until: Type.Optional(Type.String({ format: 'date-time', description: 'finished (or created) before' })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const ArchivePage = Type.Object({
  items: Type.Array(
    Type.Object({
      game: Type.Ref('Game'),
      seat: Type.Integer({ description: "the player's seat" }),
      result: Nullable(
        Type.Object({
          rank: Type.Integer({ description: '1 = first place; tied seats share it' }),
          score: Type.Number(),
          result: Result,
        }),
      ),
    }),
  ),
  nextCursor: Nullable(Type.String()),
});

const Rating = Type.Object({
  mu: Type.Number(),
  sigma: Type.Number(),
  ordinal: Type.Number({ description: 'mu - 3 sigma: the leaderboard order' }),
  games: Type.Integer({ description: 'rated (multiplayer) games' }),
});

export const PlayerStats = Type.Object({
  items: Type.Array(
    Type.Object({
      gameType: Type.String(),
      games: Type.Integer({ description: 'finished games, solo included' }),
      wins: Type.Integer(),
      draws: Type.Integer(),
      averageScore: Type.Number(),
      averageRank: Type.Number({ description: '1 = always first' }),
      rating: Nullable(Rating),
    }),
  ),
});

export const LeaderboardQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 300 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const Leaderboard = Type.Object({
  items: Type.Array(
    Type.Object({
      rank: Type.Integer(),
      player: Nullable(Type.Ref('Player')),
      bot: Nullable(Type.String({ description: 'the bot level, when the rated subject is a server-side bot' })),
      rating: Rating,
    }),
  ),
  nextCursor: Nullable(Type.String()),
});
