/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers too). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database } from '../../store/database.js';

const Health = Type.Object({ status: Type.String() });

export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get('/healthz', { schema: { tags: ['health'], response: { 200: Health } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { tags: ['health'], response: { 200: Health, 503: Health } } }, async (request, reply) => {
    try {
      await db.$queryRaw`SELECT 1`;
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });
};
