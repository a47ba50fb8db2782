/**
 * Recognises "the database cannot be reached" among the errors node-postgres and Prisma raise, so that
 * callers answer 503 UNAVAILABLE (retry later) rather than 500 INTERNAL (our bug).
 */

/** Socket errors, Postgres SQLSTATEs and Prisma codes that mean the server is down, starting or full. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
  'P1001', // Prisma: can't reach database server
  'P1002', // Prisma: database server timed out
  'P1017', // Prisma: server closed the connection
  'P2024', // Prisma: timed out fetching a connection from the pool
]);

/** Messages node-postgres uses without a code. */
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true; // 08: connection exception
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true; // AggregateError
  return isDatabaseUnavailable(cause, depth + 1);
}

/** Seconds a client should wait before retrying while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
