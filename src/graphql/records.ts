/**
 * GraphQL for records, archives, statistics and ratings: the same services as the REST routes in
 * src/http/routes/records.ts. The SDL extends the main schema (./schema.ts).
 */
import type { MercuriusContext } from 'mercurius';
import { Compile } from 'typebox/compile';
import { GameRecordInput } from '../http/record-schemas.js';
import type { ArchiveQuery, ArchiveService } from '../service/archive.js';
import { ServiceError } from '../service/errors.js';
import type { GameSummary } from '../service/game-service.js';
import type { CpuPool } from '../service/cpu-pool.js';
import type { RecordToVerify } from '../service/record-verify.js';
import type { RecordService } from '../service/records.js';
import { budgeted } from './resolvers.js';

export const recordSchema = /* GraphQL */ `
  "A seat's result in a finished game."
  type SeatResult {
    "1 = first place; tied seats share it."
    rank: Int!
    score: Float!
    "win, loss or draw (every seat tied)."
    result: String!
  }

  type ArchiveItem {
    game: Game!
    "The player's seat."
    seat: Int!
    "Null until the game is finished."
    result: SeatResult
  }

  type ArchivePage {
    items: [ArchiveItem!]!
    nextCursor: String
  }

  "A Weng-Lin (openskill) rating."
  type Rating {
    mu: Float!
    sigma: Float!
    "mu - 3 sigma: the leaderboard order."
    ordinal: Float!
    "Rated (multiplayer) games."
    games: Int!
  }

  type PlayerStatistics {
    gameType: String!
    "Finished games, solo included."
    games: Int!
    wins: Int!
    draws: Int!
    averageScore: Float!
    averageRank: Float!
    rating: Rating
  }

  type LeaderboardEntry {
    rank: Int!
    player: Player
    "The bot level, when the rated subject is a server-side bot."
    bot: String
    rating: Rating!
  }

  type LeaderboardPage {
    items: [LeaderboardEntry!]!
    nextCursor: String
  }

  type VerifyFailure {
    "The first move that does not replay; null when the failure is not a move's (seed, outcome)."
    seq: Int
    code: String!
    message: String!
  }

  type RecordVerification {
    valid: Boolean!
    moves: Int
    outcome: Outcome
    failure: VerifyFailure
  }

  extend type Game {
    "The game's record (the GameRecord JSON Schema): complete once finished, redacted for the caller before."
    record: JSON!
  }

  extend type Query {
    "A player's games, newest first (finished by default), with their results."
    playerGames(playerId: ID!, type: String, status: GameStatus, result: String, opponent: ID, since: String, until: String, cursor: String, limit: Int): ArchivePage!
    "A player's statistics and rating per game type."
    playerStats(playerId: ID!): [PlayerStatistics!]!
    "Rated players and bots of a game type, best first."
    leaderboard(type: String!, cursor: String, limit: Int): LeaderboardPage!
    "Checks a game record: seed, every move, the outcome."
    verifyRecord(record: JSON!): RecordVerification!
  }
`;

const recordInput = Compile(GameRecordInput);

type ArchiveArgs = { playerId: string } & { [K in keyof ArchiveQuery]?: ArchiveQuery[K] | null };

const RESULTS = new Set(['win', 'loss', 'draw']);

export function recordResolvers(records: RecordService, archive: ArchiveService, cpu: CpuPool) {
  return {
    Game: {
      record: (game: GameSummary, _: unknown, ctx: MercuriusContext) => budgeted(ctx, () => records.record(ctx.player, game.id)),
    },
    Query: {
      playerGames: (_: unknown, args: ArchiveArgs) => {
        if (args.result != null && !RESULTS.has(args.result)) throw new ServiceError('BAD_REQUEST', 'result is win, loss or draw');
        return archive.playerGames(args.playerId, {
          type: args.type ?? undefined,
          status: args.status ?? undefined,
          result: args.result ?? undefined,
          opponent: args.opponent ?? undefined,
          since: args.since ?? undefined,
          until: args.until ?? undefined,
          cursor: args.cursor ?? undefined,
          limit: args.limit ?? undefined,
        });
      },
      playerStats: (_: unknown, { playerId }: { playerId: string }) => archive.statistics(playerId),
      leaderboard: (_: unknown, args: { type: string; cursor?: string | null; limit?: number | null }) =>
        archive.leaderboard(args.type, args.cursor ?? undefined, args.limit ?? undefined),
      verifyRecord: (_: unknown, { record }: { record: unknown }, ctx: MercuriusContext) => {
        if (!recordInput.Check(record)) {
          const first = recordInput.Errors(record)[0];
          throw new ServiceError('INVALID_RECORD', first ? `record${first.instancePath} ${first.message}` : 'not a game record', 400);
        }
        // Replayed off the event loop, as over REST (src/service/cpu-pool.ts).
        return budgeted(ctx, () => cpu.verify(record as RecordToVerify));
      },
    },
  };
}
