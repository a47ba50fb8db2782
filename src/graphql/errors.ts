/**
 * GraphQL errors carry the same stable codes as REST, in `extensions.code`. Anything unexpected is
 * reported as INTERNAL without its message (which could hold internals).
 */
import type { ExecutionResult, GraphQLError } from 'graphql';
import mercurius, { type MercuriusContext } from 'mercurius';
import { ServiceError } from '../service/errors.js';

export function codeOf(error: GraphQLError): { code: string; message: string } {
  const original = error.originalError as (Error & { code?: unknown }) | undefined;
  if (original instanceof ServiceError) return { code: original.code, message: original.message };
  if (!original || original.name === 'GraphQLError') return { code: 'BAD_REQUEST', message: error.message };
  if (typeof original.code === 'string' && /^[A-Z_]+$/.test(original.code)) return { code: original.code, message: original.message };
  return { code: 'INTERNAL', message: 'internal error' };
}

export function graphqlErrorFormatter(
  execution: ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>,
  context: MercuriusContext,
) {
  const formatted = mercurius.defaultErrorFormatter(execution, context);
  const errors = execution.errors.map((error) => {
    const { code, message } = codeOf(error);
    if (code === 'INTERNAL') context.reply?.request.log.error({ err: error.originalError ?? error }, 'graphql resolver failed');
    return { message, locations: error.locations, path: error.path, extensions: { ...error.extensions, code } };
  });
  return { statusCode: formatted.statusCode, response: { ...formatted.response, errors } };
}
