/**
 * TypeBox schemas of game records, record verification, the player archive, statistics and leaderboards.
 * `GameRecord` is also the record format's published JSON Schema (GET /v1/schemas/game-record).
 */
import { Type, type TSchema } from 'typebox';
import { GameRecord, GameRecordInput, MAX_RECORD_MOVES } from '../service/record-format.js';

export { GameRecord, GameRecordInput, MAX_RECORD_MOVES };

// Null first: the REST validator coerces types, and would turn a null into "" or 0 for the other branch.
const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

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
