/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers too). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database } from '../../store/database.js';
import { described, noToken } from '../docs.js';

const Health = Type.Object({ status: Type.String() });
const tags = ['health'];

export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get('/healthz', {
    schema: { operationId: 'getHealth', tags, security: noToken, summary: 'Liveness: the process answers', response: { 200: described(Health, 'Alive') } },
  }, async () => ({ status: 'ok' }));
  app.get('/readyz', {
    schema: {
      operationId: 'getReadiness', tags, security: noToken, summary: 'Readiness: the database answers too',
      response: { 200: described(Health, 'Ready to serve'), 503: described(Health, 'The database does not answer') },
    },
  }, async (request, reply) => {
    try {
      await db.$queryRaw`SELECT 1`;
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });
};
