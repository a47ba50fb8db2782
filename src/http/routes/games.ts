/** REST: games and their moves, under /v1. Every handler is one call into the service layer. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { GameService } from '../../service/game-service.js';
import { decodeVersionCursor } from '../../service/pagination.js';
import {
  BotBody,
  CreateGameBody,
  GameId,
  GamesPage,
  HistoryPage,
  HistoryQuery,
  IdempotencyHeaders,
  JoinBody,
  LegalMovesQuery,
  LegalMovesResponse,
  ListGamesQuery,
  MoveBody,
  SeatBody,
  StateQuery,
  StateResponse,
  UndoBody,
} from '../schemas.js';
import { described, errors, tokenOptional, tokenRequired } from '../docs.js';
import { cacheControl, etagOf, isOver, notModified, viewerSeat } from '../caching.js';
import { Type } from 'typebox';

const tags = ['games'];
const game = (description: string) => Type.Ref('Game', { description });
const moveResult = (description: string) => Type.Ref('MoveResult', { description });
const NotModified = described(Type.Null(), 'Not modified: the If-None-Match header names the current ETag');
const CACHING = 'Answers carry a strong ETag; send it back as If-None-Match to get 304 when nothing changed.';

export const gameRoutes: FastifyPluginAsyncTypebox<{ games: GameService }> = async (app, { games }) => {
  app.post('/games', {
    schema: {
      operationId: 'createGame', tags, security: tokenRequired, summary: 'Create a game (you take seat 0 unless join is false)',
      body: CreateGameBody, response: { 201: game('The new game, waiting for players'), ...errors(400, 401) },
    },
  }, async (request, reply) => reply.status(201).send(await games.createGame(request.player, request.body)));

  app.get('/games', {
    schema: {
      operationId: 'listGames', tags, security: tokenOptional, summary: 'List games, newest first',
      description: 'Pages with `cursor` = the previous page\'s nextCursor.',
      querystring: ListGamesQuery, response: { 200: described(GamesPage, 'A page of games') },
    },
  }, async (request) => {
    const { player, ...rest } = request.query;
    return games.listGames({ ...rest, ...(player ? { playerId: player } : {}) });
  });

  app.get('/games/:id', {
    schema: {
      operationId: 'getGame', tags, security: tokenOptional, summary: 'One game: seats, status, version, whose turn, outcome',
      description: CACHING, params: GameId, response: { 200: game('The game'), 304: NotModified, ...errors(404) },
    },
  }, async (request, reply) => {
    const summary = await games.getGame(request.params.id);
    // The summary is the same for every caller, but seats, deadlines and status change without a move;
    // a token's answer is still private (its rate-limit headers are the token's).
    if (notModified(request, reply, etagOf(summary), cacheControl(request.player, false))) return reply.status(304).send(null);
    return summary;
  });

  app.post('/games/:id/join', {
    schema: {
      operationId: 'joinGame', tags, security: tokenRequired, summary: 'Take a seat (the first free one unless seat is given)',
      params: GameId, body: Type.Optional(JoinBody), response: { 200: game('The game with your seat'), ...errors(401, 404, 409) },
    },
  }, async (request) => games.joinGame(request.player, request.params.id, request.body?.seat));

  app.post('/games/:id/bots', {
    schema: {
      operationId: 'addBot', tags, security: tokenRequired, summary: 'Put a server-side bot in a free seat (creator only, before the start)',
      params: GameId, body: BotBody, response: { 200: game('The game with the bot seated'), ...errors(400, 401, 403, 404, 409) },
    },
  }, async (request) => games.addBot(request.player, request.params.id, request.body.seat, request.body.level));

  app.post('/games/:id/start', {
    schema: {
      operationId: 'startGame', tags, security: tokenRequired, summary: 'Start the game once every seat is filled (creator only)',
      params: GameId, response: { 200: game('The started game'), ...errors(401, 403, 404, 409) },
    },
  }, async (request) => games.startGame(request.player, request.params.id));

  app.post('/games/:id/abort', {
    schema: {
      operationId: 'abortGame', tags, security: tokenRequired, summary: 'Abort a game that has not started (creator only)',
      params: GameId, response: { 200: game('The aborted game'), ...errors(401, 403, 404, 409) },
    },
  }, async (request) => games.abortGame(request.player, request.params.id));

  app.post('/games/:id/moves', {
    schema: {
      operationId: 'makeMove', tags, security: tokenRequired,
      summary: 'Make a move',
      description: 'Give expectedVersion to be refused (409 STALE_VERSION) if another move landed first; omit it to have the move applied to the latest state. An Idempotency-Key header makes retries safe.',
      params: GameId, headers: IdempotencyHeaders, body: MoveBody,
      response: { 200: moveResult('The move was applied'), ...errors(400, 401, 403, 404, 409, 422) },
    },
  }, async (request) =>
    games.submitMove(request.player, request.params.id, {
      move: request.body.move,
      seat: request.body.seat,
      expectedVersion: request.body.expectedVersion,
      idempotencyKey: request.headers['idempotency-key'],
    }));

  app.post('/games/:id/resign', {
    schema: {
      operationId: 'resign', tags, security: tokenRequired, summary: 'Resign a seat',
      params: GameId, body: Type.Optional(SeatBody), response: { 200: moveResult('The resignation was recorded'), ...errors(401, 403, 404, 409) },
    },
  }, async (request) => games.resign(request.player, request.params.id, request.body?.seat));

  app.post('/games/:id/undo', {
    schema: {
      operationId: 'undoMove', tags, security: tokenRequired, summary: 'Take back your latest move',
      description: 'Logs an undo entry that takes back your move while it is the latest entry of the game (nobody has acted since) and it revealed nothing: '
        + 'no roll or draw, nothing face down turned up, nothing shown to some players only, and it did not end the game. '
        + 'Refused with 409 NOTHING_TO_UNDO (the latest entry is not a move of yours) or 409 UNDO_NOT_ALLOWED (it revealed something). '
        + 'legal-moves says beforehand whether it would be accepted (`undoable`).',
      params: GameId, body: Type.Optional(UndoBody), response: { 200: moveResult('The move was taken back'), ...errors(400, 401, 403, 404, 409) },
    },
  }, async (request) => games.undo(request.player, request.params.id, { seat: request.body?.seat, expectedVersion: request.body?.expectedVersion }));

  app.get('/games/:id/state', {
    schema: {
      operationId: 'getState', tags, security: tokenOptional,
      summary: "The caller's view of the state (a spectator's without a token), now or after move `at`",
      description: `${CACHING} A past version's state (and a finished game's final one) never changes: it is served immutable.`,
      params: GameId, querystring: StateQuery,
      response: { 200: described(StateResponse, "The caller's view"), 304: NotModified, ...errors(404, 409) },
    },
  }, async (request, reply) => {
    const summary = await games.getGame(request.params.id);
    if (summary.status === 'active' || summary.status === 'finished') {
      const at = request.query.at;
      const version = at ?? summary.version;
      const fixed = (at !== undefined && at <= summary.version) || isOver(summary);
      const tag = etagOf('state', summary.id, version, viewerSeat(summary, request.player));
      if (notModified(request, reply, tag, cacheControl(request.player, fixed))) return reply.status(304).send(null);
    }
    return games.view(request.player, request.params.id, request.query.at);
  });

  app.get('/games/:id/legal-moves', {
    schema: {
      operationId: 'getLegalMoves', tags, security: tokenRequired, summary: "The caller's legal moves now",
      params: GameId, querystring: LegalMovesQuery, response: { 200: described(LegalMovesResponse, 'The legal moves of your seat'), ...errors(401, 403, 404) },
    },
  }, async (request) => games.legalMoves(request.player, request.params.id, request.query.seat));

  app.get('/games/:id/moves', {
    schema: {
      operationId: 'listMoves', tags, security: tokenOptional,
      summary: 'The history, oldest first, each move redacted for the caller',
      description: `Pages with \`cursor\` = the previous page's nextCursor (the version of its last move). ${CACHING} A finished game's history is served immutable.`,
      params: GameId, querystring: HistoryQuery,
      response: { 200: described(HistoryPage, 'A page of moves'), 304: NotModified, ...errors(404) },
    },
  }, async (request, reply) => {
    const { cursor, after, limit } = request.query;
    // No cursor and no `after`: from the start, with the game's version-0 'start' entry when it logs its setup.
    const start = cursor !== undefined ? decodeVersionCursor(cursor) : after;
    const summary = await games.getGame(request.params.id);
    const tag = etagOf('moves', summary.id, summary.version, viewerSeat(summary, request.player), start ?? 'start', limit ?? null);
    if (notModified(request, reply, tag, cacheControl(request.player, isOver(summary)))) return reply.status(304).send(null);
    return games.history(request.player, request.params.id, start, limit);
  });
};
