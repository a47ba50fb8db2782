/**
 * The service's errors: a stable code (part of the public API, never renamed) and the HTTP status that
 * fits it. REST sends `{ error: { code, message } }` with that status; GraphQL puts the code in
 * `extensions.code`. Engine rule errors pass through with their own codes.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  REQUEST_ABORTED: 400,
  INVALID_MOVE: 400,
  INVALID_OPTIONS: 400,
  INVALID_SEAT_COUNT: 400,
  UNKNOWN_GAME_TYPE: 400,
  INVALID_RECORD: 400,
  UNSUPPORTED_ENGINE_VERSION: 400,
  UNAUTHENTICATED: 401,
  NOT_YOUR_SEAT: 403,
  FORBIDDEN: 403,
  NOT_IN_GAME: 403,
  GAME_NOT_FOUND: 404,
  NOT_FOUND: 404,
  PLAYER_NOT_FOUND: 404,
  NOT_YOUR_TURN: 409,
  NOTHING_TO_UNDO: 409,
  UNDO_NOT_ALLOWED: 409,
  STALE_VERSION: 409,
  GAME_NOT_ACTIVE: 409,
  GAME_OVER: 409,
  GAME_ALREADY_STARTED: 409,
  SEAT_TAKEN: 409,
  GAME_FULL: 409,
  SEATS_NOT_FILLED: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  ILLEGAL_MOVE: 422,
  QUERY_TOO_COMPLEX: 400,
  METHOD_NOT_ALLOWED: 405,
  VERIFY_BUDGET_EXCEEDED: 422,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  // Apps (issue 24)
  APP_NOT_FOUND: 404,
  APP_DISABLED: 401,
  APP_KEY_NOT_ALLOWED: 403,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  QUERY_TIMEOUT: 503,
  // ---- the operator API (src/service/admin.ts) ----
  INVALID_ADJUDICATION: 400,
  DELIVERY_NOT_FOUND: 404,
  DELIVERY_ALREADY_DELIVERED: 409,
  // Tokens (src/service/tokens.ts)
  TOKEN_REVOKED: 401,
  TOKEN_EXPIRED: 401,
  INSUFFICIENT_SCOPE: 403,
  TOKEN_NOT_FOUND: 404,
  TOO_MANY_TOKENS: 409,
  // Accounts: passkeys and one-time codes (src/service/accounts.ts)
  CHALLENGE_EXPIRED: 400,
  PASSKEY_REJECTED: 401,
  INVALID_CODE: 401,
  TOO_MANY_PASSKEYS: 409,
  // The edge's budgets of work and connections (docs/edge.md)
  MOVE_LIMIT_REACHED: 409,
  TOO_MANY_BOT_GAMES: 429,
  TOO_MANY_STREAMS: 429,
  SERVER_BUSY: 503,
  WORK_TIMEOUT: 503,
  // At the table: challenges, seeks, chat, time away (src/service/challenges.ts, seeks.ts, chat.ts)
  CHALLENGE_NOT_FOUND: 404,
  CHALLENGE_CLOSED: 409,
  CHALLENGE_SEAT: 403,
  NOT_INVITED: 403,
  SEEK_NOT_FOUND: 404,
  ALREADY_SEEKING: 409,
  SEEK_CLOSED: 409,
  ALREADY_AWAY: 409,
  NOT_AWAY: 409,
  VACATION_EXHAUSTED: 409,
} as const satisfies Record<string, number>;

export type ServiceErrorCode = keyof typeof ERROR_STATUS;

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly status: number;

  constructor(
    readonly code: string,
    message: string,
    status?: number,
  ) {
    super(message);
    // An engine's own rule code (INSUFFICIENT_FUNDS...) is a refused move: 422 like ILLEGAL_MOVE.
    this.status = status ?? (ERROR_STATUS as Record<string, number>)[code] ?? 422;
  }
}

export const notFound = (gameId: string) => new ServiceError('GAME_NOT_FOUND', `no game ${gameId}`);
