/**
 * GraphQL errors carry the same stable codes as REST, in `extensions.code`. Anything unexpected is
 * reported as INTERNAL without its message (which could hold internals).
 *
 * Errors before execution (authentication, rate limit, syntax, validation, cost) answer with their HTTP
 * status and keep their message (mercurius wraps validation errors in one "Graphql validation error";
 * they are unwrapped here). Errors inside execution answer 200 next to the data, as GraphQL over HTTP says.
 */
import { GraphQLError, type ExecutionResult } from 'graphql';
import type { MercuriusContext } from 'mercurius';
import type { FastifyError } from 'fastify';
import { ERROR_STATUS, ServiceError, type ServiceErrorCode } from '../service/errors.js';
import { classify } from '../http/errors.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../store/unavailable.js';

interface Coded {
  readonly code: string;
  readonly message: string;
  readonly status: number;
}

const TOO_MANY_TOKENS = /^Syntax Error: Document contains more that \d+ tokens/;

/** Codes a GraphQL error made outside a ServiceError may carry (our validation rules set them in extensions). */
const KNOWN_CODES = new Set(Object.keys(ERROR_STATUS));

/**
 * Only Portolan's own codes reach a client with their message: a ServiceError's (engine rule codes come as
 * ServiceErrors), or a known code a validation rule put on a GraphQL error. Any other error, whatever
 * `code` it carries (a library's ECONNRESET, a driver's), is classified like a REST failure, which makes it
 * INTERNAL with a generic message unless it is a known client or availability error.
 */
export function codeOf(error: GraphQLError): Coded {
  const original = error.originalError as (Error & { code?: unknown; statusCode?: unknown }) | undefined;
  if (original instanceof ServiceError) return { code: original.code, message: original.message, status: original.status };
  if (!original || original instanceof GraphQLError) {
    // Made by graphql-js (parse, validation, coercion) or by our validation rules: the client's document.
    const own = error.extensions?.code;
    if (typeof own === 'string' && KNOWN_CODES.has(own)) return { code: own, message: error.message, status: ERROR_STATUS[own as ServiceErrorCode] };
    if (TOO_MANY_TOKENS.test(error.message)) return { code: 'QUERY_TOO_COMPLEX', message: error.message, status: 400 };
    return { code: 'BAD_REQUEST', message: error.message, status: 400 };
  }
  // Thrown while validating the document (a scalar refusing a literal): the client's input, not our bug.
  if (error.path === undefined && error.locations !== undefined && original instanceof TypeError) {
    return { code: 'BAD_REQUEST', message: error.message, status: 400 };
  }
  if (original.code === 'MER_ERR_METHOD_NOT_ALLOWED') return { code: 'METHOD_NOT_ALLOWED', message: 'mutations need POST', status: 405 };
  const failure = classify(original as FastifyError);
  return { code: failure.code, message: failure.message, status: failure.status };
}

/** Mercurius reports a failed validation as one error holding the real ones in `errors`. */
function unwrap(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.flatMap((error) => {
    const original = error.originalError as { code?: unknown; errors?: unknown } | undefined;
    const inner = original?.errors;
    if (original?.code !== 'MER_ERR_GQL_VALIDATION' || !Array.isArray(inner)) return [error];
    return inner.map((e: Error) => (e instanceof GraphQLError ? e : new GraphQLError(e.message, { originalError: e })));
  });
}

export function graphqlErrorFormatter(
  execution: ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>,
  context: MercuriusContext,
) {
  const unwrapped = unwrap(execution.errors);
  const coded = unwrapped.map(codeOf);
  const errors = unwrapped.map((error, i) => {
    const { code, message, status } = coded[i]!;
    if (status >= 500 && code === 'INTERNAL') context.reply?.request.log.error({ err: error.originalError ?? error }, 'graphql resolver failed');
    return { message, locations: error.locations, path: error.path, extensions: { ...error.extensions, code } };
  });
  const duringExecution = execution.data !== undefined && execution.data !== null || unwrapped.some((e) => e.path !== undefined);
  const unavailable = coded.some((c) => c.code === 'UNAVAILABLE');
  if (unavailable) void context.reply?.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  // The database being down is the service's state, not the query's: 503 even in the middle of execution.
  const statusCode = unavailable ? 503 : duringExecution ? 200 : (coded[0]?.status ?? 400);
  return { statusCode, response: { data: execution.data ?? null, errors } };
}
