/** REST: players, tokens, and "my turn". */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ServiceError } from '../../service/errors.js';
import type { GameService } from '../../service/game-service.js';
import type { PlayerService } from '../../service/players.js';
import { RegisterBody, RegisterResponse, errors } from '../schemas.js';

const tags = ['players'];
const bearer = [{ bearerAuth: [] }];

export const playerRoutes: FastifyPluginAsyncTypebox<{ players: PlayerService; games: GameService }> = async (app, { players, games }) => {
  app.post('/players', {
    schema: { tags, summary: 'Register a player and receive a bearer token (shown once)', body: RegisterBody, response: { 201: RegisterResponse, ...errors(400) } },
  }, async (request, reply) => reply.status(201).send(await players.register(request.body.name)));

  app.get('/me', {
    schema: { tags, security: bearer, summary: 'The player this token belongs to', response: { 200: Type.Ref('Player'), ...errors(401) } },
  }, async (request) => {
    if (!request.player) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token');
    return request.player;
  });

  app.get('/me/turns', {
    schema: {
      tags, security: bearer, summary: 'Your active games where it is your turn, longest-waiting first',
      querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) }),
      response: { 200: Type.Object({ items: Type.Array(Type.Ref('Game')) }), ...errors(401) },
    },
  }, async (request) => ({ items: await games.myTurn(request.player, request.query.limit) }));
};
