/**
 * REST: game records and their verification, a player's archive (JSON pages or an ndjson stream of
 * records), statistics and ratings, and the leaderboard of each game type. One call into the service each.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { ArchiveService } from '../../service/archive.js';
import type { RecordService } from '../../service/records.js';
import type { CpuPool } from '../../service/cpu-pool.js';
import { ServiceError } from '../../service/errors.js';
import type { GameRegistry } from '../../games/registry.js';
import { GameId } from '../schemas.js';
import { described, errors, tokenOptional } from '../docs.js';
import { addVary } from '../cache-scope.js';
import { ArchivePage, ArchiveQuery, Leaderboard, LeaderboardQuery, PlayerStats, VerifyResponse } from '../record-schemas.js';

const GameRecord = Type.Ref('GameRecord');
const NDJSON = 'application/x-ndjson';
/** Records exported per archive page while streaming ndjson (each is read, sent, then dropped). */
const STREAM_PAGE = 50;

export interface RecordRoutesOptions {
  readonly records: RecordService;
  readonly archive: ArchiveService;
  readonly registry: GameRegistry;
  /** Runs the verification off the event loop. */
  readonly cpu: CpuPool;
  /** Largest record POST /records/verify accepts, in bytes (a long game's record is larger than a move). */
  readonly verifyBodyLimit: number;
}

export const recordRoutes: FastifyPluginAsyncTypebox<RecordRoutesOptions> = async (app, { records, archive, cpu, verifyBodyLimit }) => {
  app.get('/games/:id/record', {
    schema: {
      operationId: 'getGameRecord', tags: ['records'], security: tokenOptional,
      summary: "The game's record: everything needed to replay and check it",
      description: 'A finished game\'s record is public and complete (every move as made, the seed). Before the end the record is redacted like the history: for your seat with your token, for a spectator without one, and has no seed.',
      params: GameId, response: { 200: Type.Ref('GameRecord', { description: 'The record (complete once the game is finished)' }), ...errors(404) },
    },
  }, async (request) => records.record(request.player, request.params.id));

  // The record is parsed, checked and replayed off the event loop (src/service/cpu-pool.ts): the route only
  // collects the body's bytes. Its schema stays for the OpenAPI document; the worker applies it.
  await app.register(async (verify) => {
    verify.removeContentTypeParser('application/json');
    verify.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: verifyBodyLimit }, (_request, body, done) => done(null, body));
    verify.post('/records/verify', {
      config: { scope: 'none', rawBody: true }, // public: checks a record the caller sends
      bodyLimit: verifyBodyLimit,
      validatorCompiler: () => () => true,
      schema: {
        operationId: 'verifyRecord', tags: ['records'], security: tokenOptional,
        summary: 'Check a game record: seed, every move, the outcome',
        description: 'Replays the record through the named engine version: the seed must match its commitment, every move must be legal, and the outcome must be the one the replay gives. Answers valid: true, or valid: false with the first move that does not replay and why. A malformed record, an unknown game type or engine version is a 400; a replay over the time budget a 422. Each client address has its own budget of verifications (429), and a server with too much work queued answers 503 SERVER_BUSY.',
        // The body is checked against the record's JSON Schema (a 400 before any replay).
        body: GameRecord, response: { 200: described(VerifyResponse, 'Whether the record is consistent; if not, the first failure'), ...errors(422, 429, 503) },
      },
    }, async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new ServiceError('UNSUPPORTED_MEDIA_TYPE', 'send the record as application/json', 415);
      return cpu.verifyText(request.body);
    });
  });

  app.get('/players/:id/games', {
    schema: {
      operationId: 'listPlayerGames', tags: ['records'], security: tokenOptional,
      summary: "A player's games, newest first (finished ones by default), with their results",
      description: `Filters: type, status (default finished), result (win, loss, draw), opponent (a player id), since/until (ISO dates; finish time for finished games, creation time otherwise). Page with cursor = nextCursor. With \`Accept: ${NDJSON}\` the answer is the ndjson stream of GET /players/:id/games.ndjson.`,
      params: GameId, querystring: ArchiveQuery, response: { 200: described(ArchivePage, "A page of the player's games"), ...errors(404) },
    },
  }, async (request, reply) => {
    addVary(reply, 'Accept'); // the form (JSON page or ndjson) follows the Accept header
    if (request.headers.accept?.includes(NDJSON)) return streamRecords(reply, archive, records, request.params.id, request.query);
    return archive.playerGames(request.params.id, request.query);
  });

  app.get('/players/:id/games.ndjson', {
    schema: {
      operationId: 'streamPlayerRecords', tags: ['records'], security: tokenOptional,
      summary: "A player's finished games as a stream of records, one JSON document per line",
      description: 'The same filters as GET /players/:id/games (status is always finished). Records are read and sent one page at a time, so any number of games streams in constant memory.',
      params: GameId, querystring: Type.Omit(ArchiveQuery, ['status', 'cursor', 'limit']),
      response: { 200: { description: 'one game record (GameRecord) per line', content: { [NDJSON]: { schema: Type.String() } } }, ...errors(404) },
    },
  }, async (request, reply) => streamRecords(reply, archive, records, request.params.id, request.query));

  app.get('/players/:id/stats', {
    schema: {
      operationId: 'getPlayerStats', tags: ['records'], security: tokenOptional,
      summary: "A player's statistics and rating per game type",
      params: GameId, response: { 200: described(PlayerStats, 'Statistics and rating per game type'), ...errors(404) },
    },
  }, async (request) => ({ items: await archive.statistics(request.params.id) }));

  app.get('/game-types/:type/leaderboard', {
    schema: {
      operationId: 'getLeaderboard', tags: ['records'], security: tokenOptional,
      summary: 'The rated players and bots of a game type, best first (by mu - 3 sigma)',
      params: Type.Object({ type: Type.String({ maxLength: 64 }) }), querystring: LeaderboardQuery,
      response: { 200: described(Leaderboard, 'A page of the leaderboard'), ...errors(404) },
    },
  }, async (request) => archive.leaderboard(request.params.type, request.query.cursor, request.query.limit));
};

type StreamQuery = Omit<Static<typeof ArchiveQuery>, 'status' | 'cursor' | 'limit'>;

/** Streams the records of a player's finished games as ndjson, one archive page at a time. */
async function streamRecords(
  reply: import('fastify').FastifyReply,
  archive: ArchiveService,
  records: RecordService,
  playerId: string,
  query: StreamQuery,
) {
  const filter = { type: query.type, result: query.result, opponent: query.opponent, since: query.since, until: query.until };
  // The first page is read before answering, so an unknown player or a bad filter is still a 4xx.
  const first = await archive.playerGames(playerId, { ...filter, status: 'finished', limit: STREAM_PAGE });
  async function* lines() {
    let page = first;
    const seen = new Set<string>();
    for (;;) {
      for (const item of page.items) {
        if (seen.has(item.game.id)) continue; // a player holding two seats of one game: one record
        seen.add(item.game.id);
        yield `${JSON.stringify(await records.record(null, item.game.id))}\n`;
      }
      if (page.nextCursor === null) return;
      page = await archive.playerGames(playerId, { ...filter, status: 'finished', cursor: page.nextCursor, limit: STREAM_PAGE });
      seen.clear();
    }
  }
  return reply.type(NDJSON).send(Readable.from(lines()));
}
