/** REST: matchmaking seeks (docs/table.md). Every handler is one call into src/service/seeks.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { SeekService } from '../../service/seeks.js';
import { described, errors, tokenRequired } from '../docs.js';
import { CreateSeekBody, SeekId } from '../table-schemas.js';

const tags = ['table'];
const seek = (description: string) => Type.Ref('Seek', { description });

export const seekRoutes: FastifyPluginAsyncTypebox<{ seeks: SeekService }> = async (app, { seeks }) => {
  app.post('/seeks', {
    schema: {
      operationId: 'createSeek', tags, security: tokenRequired, summary: 'Seek a game: you are put into one as soon as enough compatible players wait',
      description: 'Compatible: the same game type, options and clock, a seat count every range allows, and each player\'s rating (this game type\'s ordinal, 0 unrated) inside every other\'s minRating..maxRating. The longest-waiting are matched first. The answer is already `matched` (with its gameId) when players were waiting; otherwise a `match` event on GET /v1/me/events (and the tableNotices subscription) tells when. One waiting seek per player (409 ALREADY_SEEKING).',
      body: CreateSeekBody, response: { 201: seek('Your seek: waiting, or matched into a game'), ...errors(400, 401, 409) },
    },
  }, async (request, reply) => reply.status(201).send(await seeks.create(request.player, request.body)));

  app.get('/seeks', {
    schema: {
      operationId: 'listSeeks', tags, security: tokenRequired, summary: 'Your seeks, newest first (the last 20)',
      response: { 200: described(Type.Object({ items: Type.Array(Type.Ref('Seek')) }), 'Your seeks'), ...errors(401) },
    },
  }, async (request) => ({ items: await seeks.list(request.player) }));

  app.get('/seeks/:id', {
    schema: {
      operationId: 'getSeek', tags, security: tokenRequired, summary: 'One of your seeks',
      params: SeekId, response: { 200: seek('The seek'), ...errors(401, 404) },
    },
  }, async (request) => seeks.get(request.player, request.params.id));

  app.post('/seeks/:id/cancel', {
    schema: {
      operationId: 'cancelSeek', tags, security: tokenRequired, summary: 'Cancel your waiting seek',
      params: SeekId, response: { 200: seek('The cancelled seek'), ...errors(401, 404, 409) },
    },
  }, async (request) => seeks.cancel(request.player, request.params.id));
};
