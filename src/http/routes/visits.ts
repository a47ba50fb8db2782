/** REST: since your last visit (docs/table.md). Handlers call src/service/visits.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { VisitService } from '../../service/visits.js';
import { described, errors, tokenRequired } from '../docs.js';
import { GameId } from '../schemas.js';

const tags = ['table'];
const LastSeen = Type.Object({
  gameId: Type.String({ format: 'uuid' }),
  version: Type.Integer({ description: "the game's version now" }),
  seenVersion: Type.Union([Type.Integer(), Type.Null()], { description: 'the latest version you read (GET /state); null: never' }),
  unseen: Type.Integer({ description: 'moves made since: read them with GET /moves?cursor=<seenVersion>' }),
  myTurn: Type.Boolean({ description: 'whether one of your seats is to move' }),
});

export const visitRoutes: FastifyPluginAsyncTypebox<{ visits: VisitService }> = async (app, { visits }) => {
  app.get('/games/:id/last-seen', {
    schema: {
      operationId: 'getLastSeen', tags, security: tokenRequired, summary: 'Which version of this game you last read, and how many moves came since',
      description: 'Reading your view of the current state (GET /v1/games/{id}/state, GraphQL `view`) records its version.',
      params: GameId, response: { 200: described(LastSeen, 'Your last visit'), ...errors(401, 403, 404) },
    },
  }, async (request) => visits.lastSeen(request.player, request.params.id));

  app.get('/me/unseen', {
    schema: {
      operationId: 'listUnseenGames', tags, security: tokenRequired, summary: 'Your games with moves you have not read yet, most recently moved first',
      description: 'For the lobby and "my turn": mark these games as having news (`myTurn` says which await you).',
      response: { 200: described(Type.Object({ items: Type.Array(LastSeen) }), 'Games with unseen moves (at most 100)'), ...errors(401) },
    },
  }, async (request) => ({ items: await visits.unseen(request.player) }));
};
