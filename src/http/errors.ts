/**
 * One error shape for every REST failure: `{ error: { code, message } }` with a fitting status.
 * Fastify's own failures (bad JSON, oversized body, schema validation, router limits) get our stable
 * codes too, and an unreachable database is `503 UNAVAILABLE` with `Retry-After`, never a 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../service/errors.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../store/unavailable.js';
import { isClientDataError } from '../store/data-errors.js';

export interface Failure {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

/** Fastify's error codes whose meaning we name ourselves. */
const FRAMEWORK_CODES: Record<string, Failure> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'the body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'the body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: 'the Content-Length does not match the body' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'send application/json' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'URI_TOO_LONG', message: 'a path parameter is too long' },
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_REQUEST', message: 'the URL is not valid' },
};

/** Codes for other client errors, by HTTP status. */
const STATUS_CODES: Record<number, string> = {
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export function classify(error: FastifyError): Failure {
  if (error instanceof ServiceError) return { status: error.status, code: error.code, message: error.message };
  if (isDatabaseUnavailable(error)) return { status: 503, code: 'UNAVAILABLE', message: 'the database is unreachable; retry shortly' };
  if (error.validation) return { status: 400, code: 'BAD_REQUEST', message: error.message };
  const known = error.code ? FRAMEWORK_CODES[error.code] : undefined;
  if (known) return known;
  if (error instanceof SyntaxError) return { status: 400, code: 'INVALID_JSON', message: 'the body is not valid JSON' };
  if (isClientDataError(error)) return { status: 400, code: 'BAD_REQUEST', message: 'a value cannot be stored (out of range or not valid text)' };
  const status = error.statusCode ?? 500;
  if (status < 500) return { status, code: STATUS_CODES[status] ?? 'BAD_REQUEST', message: error.message };
  return { status: 500, code: 'INTERNAL', message: 'internal error' };
}

/**
 * A client that closed its connection in the middle of its upload: the body stream's error is a socket
 * error (ECONNRESET "aborted") that must not read as the database's. It is the client's doing: a 400,
 * logged as such (nobody reads the answer).
 */
const ABORTED: Failure = { status: 400, code: 'REQUEST_ABORTED', message: 'the request was aborted before its body arrived' };
export const uploadAborted = (request: FastifyRequest): boolean => request.raw.readableAborted || (request.raw.destroyed && !request.raw.complete);

/** Sends a failure in Portolan's shape (shared by the error handler and Fastify's router errors). */
export function sendFailure(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (uploadAborted(request)) {
    request.log.info({ res: { statusCode: ABORTED.status }, code: ABORTED.code, reason: error.message }, 'the client aborted its upload');
    void reply.status(ABORTED.status).send({ error: { code: ABORTED.code, message: ABORTED.message } });
    return;
  }
  const { status, code, message } = classify(error);
  if (status >= 500 && code !== 'UNAVAILABLE') request.log.error({ err: error }, 'request failed');
  else if (code === 'UNAVAILABLE') request.log.warn({ err: error }, 'database unreachable');
  else if (status === 400 && isClientDataError(error)) request.log.warn({ err: error }, 'a client value reached the database unchecked');
  if (code === 'UNAVAILABLE') void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  void reply.status(status).send({ error: { code, message } });
}

export function installErrorHandlers(app: FastifyInstance): void {
  // A client gone while the request's hooks ran (auth, rate limits): its body stream has already failed,
  // and the body reader, which listens from now on, would wait forever. Answer (and log) it now.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (uploadAborted(request)) done(new Error('aborted'), payload);
    else done(null, payload);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => sendFailure(error, request, reply));
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ error: { code: 'NOT_FOUND', message: `no route ${request.method} ${request.url.split('?')[0]}` } });
  });
}
