/** REST: games and their moves, under /v1. Every handler is one call into the service layer. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { GameService } from '../../service/game-service.js';
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
  errors,
} from '../schemas.js';
import { Type } from 'typebox';

const Game = Type.Ref('Game');
const MoveResult = Type.Ref('MoveResult');
const tags = ['games'];
const bearer = [{ bearerAuth: [] }];

export const gameRoutes: FastifyPluginAsyncTypebox<{ games: GameService }> = async (app, { games }) => {
  app.post('/games', {
    schema: {
      tags, security: bearer, summary: 'Create a game (you take seat 0 unless join is false)',
      body: CreateGameBody, response: { 201: Game, ...errors(400, 401) },
    },
  }, async (request, reply) => reply.status(201).send(await games.createGame(request.player, request.body)));

  app.get('/games', {
    schema: {
      tags, summary: 'List games, newest first, with cursor pagination',
      querystring: ListGamesQuery, response: { 200: GamesPage, ...errors(400) },
    },
  }, async (request) => {
    const { player, ...rest } = request.query;
    return games.listGames({ ...rest, ...(player ? { playerId: player } : {}) });
  });

  app.get('/games/:id', {
    schema: { tags, summary: 'One game: seats, status, version, whose turn, outcome', params: GameId, response: { 200: Game, ...errors(404) } },
  }, async (request) => games.getGame(request.params.id));

  app.post('/games/:id/join', {
    schema: { tags, security: bearer, summary: 'Take a seat (the first free one unless seat is given)', params: GameId, body: Type.Optional(JoinBody), response: { 200: Game, ...errors(401, 404, 409) } },
  }, async (request) => games.joinGame(request.player, request.params.id, request.body?.seat));

  app.post('/games/:id/bots', {
    schema: { tags, security: bearer, summary: 'Put a server-side bot in a free seat (creator only, before the start)', params: GameId, body: BotBody, response: { 200: Game, ...errors(400, 401, 403, 404, 409) } },
  }, async (request) => games.addBot(request.player, request.params.id, request.body.seat, request.body.level));

  app.post('/games/:id/start', {
    schema: { tags, security: bearer, summary: 'Start the game once every seat is filled (creator only)', params: GameId, response: { 200: Game, ...errors(401, 403, 404, 409) } },
  }, async (request) => games.startGame(request.player, request.params.id));

  app.post('/games/:id/abort', {
    schema: { tags, security: bearer, summary: 'Abort a game that has not started (creator only)', params: GameId, response: { 200: Game, ...errors(401, 403, 404, 409) } },
  }, async (request) => games.abortGame(request.player, request.params.id));

  app.post('/games/:id/moves', {
    schema: {
      tags, security: bearer,
      summary: 'Make a move',
      description: 'Give expectedVersion to be refused (409 STALE_VERSION) if another move landed first; omit it to have the move applied to the latest state. An Idempotency-Key header makes retries safe.',
      params: GameId, headers: IdempotencyHeaders, body: MoveBody,
      response: { 200: MoveResult, ...errors(400, 401, 403, 404, 409, 422) },
    },
  }, async (request) =>
    games.submitMove(request.player, request.params.id, {
      move: request.body.move,
      seat: request.body.seat,
      expectedVersion: request.body.expectedVersion,
      idempotencyKey: request.headers['idempotency-key'],
    }));

  app.post('/games/:id/resign', {
    schema: { tags, security: bearer, summary: 'Resign a seat', params: GameId, body: Type.Optional(SeatBody), response: { 200: MoveResult, ...errors(401, 403, 404, 409) } },
  }, async (request) => games.resign(request.player, request.params.id, request.body?.seat));

  app.get('/games/:id/state', {
    schema: {
      tags, summary: "The caller's view of the state (a spectator's without a token), now or after move `at`",
      params: GameId, querystring: StateQuery, response: { 200: StateResponse, ...errors(400, 404, 409) },
    },
  }, async (request) => games.view(request.player, request.params.id, request.query.at));

  app.get('/games/:id/legal-moves', {
    schema: { tags, security: bearer, summary: "The caller's legal moves now", params: GameId, querystring: LegalMovesQuery, response: { 200: LegalMovesResponse, ...errors(401, 403, 404) } },
  }, async (request) => games.legalMoves(request.player, request.params.id, request.query.seat));

  app.get('/games/:id/moves', {
    schema: {
      tags, summary: 'The history, oldest first, each move redacted for the caller; page with `after` = nextCursor',
      params: GameId, querystring: HistoryQuery, response: { 200: HistoryPage, ...errors(400, 404) },
    },
  }, async (request) => games.history(request.player, request.params.id, request.query.after, request.query.limit));
};
