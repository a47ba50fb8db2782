/**
 * Recognises a database refusal of a client's value among the errors node-postgres and Prisma raise:
 * Postgres' class 22 ("data exception": a NUL byte in text, a date or number out of range) and Prisma's
 * own value checks. Such an error means a value got past validation; it is the client's error (400),
 * not ours (500). REST (src/http/errors.ts) and GraphQL (src/graphql/errors.ts) both ask here.
 */

/** Prisma's codes for a value the column cannot hold (too long, out of range). */
const PRISMA_VALUE_CODES = new Set(['P2000', 'P2020']);

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** Prisma's codes (P1000 on); PL/pgSQL's own SQLSTATEs are P0001 to P0004. */
const PRISMA_CODE = /^P[1-9]\d{3}$/;

/**
 * The SQLSTATE of a Postgres error, through whatever wraps it: node-postgres puts it in `code`; Prisma's
 * driver adapter in `meta.driverAdapterError.cause.originalCode` (its own `code` is then a `P...` code,
 * which looks like a SQLSTATE and is not one).
 */
export function sqlStateOf(error: unknown, depth = 0): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 5) return undefined;
  const { code, originalCode, cause, meta } = error as { code?: unknown; originalCode?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  for (const candidate of [originalCode, code]) {
    if (typeof candidate === 'string' && SQLSTATE.test(candidate) && !PRISMA_CODE.test(candidate)) return candidate;
  }
  return sqlStateOf(meta?.driverAdapterError, depth + 1) ?? sqlStateOf(cause, depth + 1);
}

/** True when the database refused a value the client sent (answer 400, not 500). */
export function isClientDataError(error: unknown): boolean {
  if (sqlStateOf(error)?.startsWith('22')) return true;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && PRISMA_VALUE_CODES.has(code);
}
