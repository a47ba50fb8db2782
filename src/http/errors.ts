/**
 * One error shape for every REST failure: `{ error: { code, message } }` with a fitting status.
 * Fastify's own failures (bad JSON, oversized body, schema validation) get our stable codes too.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ServiceError } from '../service/errors.js';

function classify(error: FastifyError): { status: number; code: string; message: string } {
  if (error instanceof ServiceError) return { status: error.status, code: error.code, message: error.message };
  if (error.validation) return { status: 400, code: 'BAD_REQUEST', message: error.message };
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'INVALID_JSON', message: 'the body is not valid JSON' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: error.message };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'send application/json' };
  }
  if (error instanceof SyntaxError) return { status: 400, code: 'INVALID_JSON', message: 'the body is not valid JSON' };
  const status = error.statusCode ?? 500;
  if (status < 500) return { status, code: 'BAD_REQUEST', message: error.message };
  return { status: 500, code: 'INTERNAL', message: 'internal error' };
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, code, message } = classify(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(status).send({ error: { code, message } });
  });
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ error: { code: 'NOT_FOUND', message: `no route ${request.method} ${request.url.split('?')[0]}` } });
  });
}
