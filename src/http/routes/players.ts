/** REST: players, tokens, and "my turn". */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ServiceError } from '../../service/errors.js';
import type { GameService } from '../../service/game-service.js';
import type { PlayerService } from '../../service/players.js';
import { GamesPage, PageQuery, RegisterBody, RegisterResponse } from '../schemas.js';
import { described, errors, tokenOptional, tokenRequired } from '../docs.js';

const tags = ['players'];

export const playerRoutes: FastifyPluginAsyncTypebox<{ players: PlayerService; games: GameService }> = async (app, { players, games }) => {
  app.post('/players', {
    config: { scope: 'none' }, // registering reads no token's scopes
    schema: {
      operationId: 'registerPlayer', tags, security: tokenOptional, summary: 'Register a player and receive a bearer token (shown once)',
      body: RegisterBody, response: { 201: described(RegisterResponse, 'The new player and its bearer token') },
    },
  }, async (request, reply) => reply.status(201).send(await players.register(request.body.name)));

  app.get('/me', {
    config: { scope: 'none' }, // any token may ask whose it is
    schema: {
      operationId: 'getMe', tags, security: tokenRequired, summary: 'The player this token belongs to',
      response: { 200: Type.Ref('Player', { description: 'The caller' }), ...errors(401) },
    },
  }, async (request) => {
    if (!request.player) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token');
    return request.player;
  });

  app.get('/me/turns', {
    schema: {
      operationId: 'listMyTurns', tags, security: tokenRequired, summary: 'Your active games where it is your turn, longest-waiting first',
      description: "Pages with `cursor` = the previous page's nextCursor.",
      querystring: PageQuery(200),
      response: { 200: described(GamesPage, 'A page of your games awaiting your move'), ...errors(401) },
    },
  }, async (request) => games.myTurn(request.player, request.query));
};
