/** REST: challenges (docs/table.md). Every handler is one call into src/service/challenges.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ChallengeService } from '../../service/challenges.js';
import { described, errors, tokenRequired } from '../docs.js';
import { ChallengeId, ChallengeRef, CreateChallengeBody, DeclineBody } from '../table-schemas.js';

const tags = ['table'];
const challenge = (description: string) => Type.Ref('Challenge', { description });

export const challengeRoutes: FastifyPluginAsyncTypebox<{ challenges: ChallengeService }> = async (app, { challenges }) => {
  app.post('/challenges', {
    schema: {
      operationId: 'createChallenge', tags, security: tokenRequired, summary: 'Challenge named players, or open seats to anyone with the link code',
      description: 'Creates a waiting game (the challenge\'s id is the game\'s) with seat 0 yours, the next seats reserved for the invited (by player id, or by your app\'s external id) and any further seats open. The invited hear of it at once (`challenge` on GET /v1/me/events, the `challengeReceived` subscription, the `challenge.received` webhook). The game starts when every seat is taken.',
      body: CreateChallengeBody, response: { 201: challenge('The challenge, with its link code when it has open seats'), ...errors(400, 401, 404) },
    },
  }, async (request, reply) => reply.status(201).send(await challenges.create(request.player, request.body)));

  app.get('/challenges', {
    schema: {
      operationId: 'listChallenges', tags, security: tokenRequired, summary: 'Your pending challenges: those you made and those waiting for you, newest first',
      response: { 200: described(Type.Object({ items: Type.Array(Type.Ref('Challenge')) }), 'Your pending challenges (at most 100)'), ...errors(401) },
    },
  }, async (request) => ({ items: await challenges.list(request.player) }));

  app.get('/challenges/:ref', {
    schema: {
      operationId: 'getChallenge', tags, security: tokenRequired, summary: 'One challenge, by id (its players) or by link code (anyone who has it)',
      params: ChallengeRef, response: { 200: challenge('The challenge'), ...errors(401, 404) },
    },
  }, async (request) => challenges.get(request.player, request.params.ref));

  app.post('/challenges/:ref/accept', {
    schema: {
      operationId: 'acceptChallenge', tags, security: tokenRequired, summary: 'Accept: by id, the seat reserved for you; by link code, the first open seat',
      description: 'Accepting again answers the same. The last seat taken starts the game (the answer\'s status is then accepted). Refused with 409 CHALLENGE_CLOSED once declined, cancelled or expired, 409 GAME_FULL when no open seat is left, 403 NOT_INVITED when no seat is yours.',
      params: ChallengeRef, response: { 200: challenge('The challenge with your seat taken'), ...errors(400, 401, 403, 404, 409) },
    },
  }, async (request) => challenges.accept(request.player, request.params.ref));

  app.post('/challenges/:id/decline', {
    schema: {
      operationId: 'declineChallenge', tags, security: tokenRequired, summary: 'Decline a challenge you were invited to, with a reason for its creator',
      description: 'The challenge ends (declined) and its game is aborted.',
      params: ChallengeId, body: Type.Optional(DeclineBody), response: { 200: challenge('The declined challenge'), ...errors(401, 403, 404, 409) },
    },
  }, async (request) => challenges.decline(request.player, request.params.id, request.body?.reason));

  app.post('/challenges/:id/cancel', {
    schema: {
      operationId: 'cancelChallenge', tags, security: tokenRequired, summary: 'Cancel your challenge (its game is aborted)',
      params: ChallengeId, response: { 200: challenge('The cancelled challenge'), ...errors(401, 403, 404, 409) },
    },
  }, async (request) => challenges.cancel(request.player, request.params.id));
};
