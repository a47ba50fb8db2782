/**
 * The OpenAPI vocabulary the REST routes share: declared tags, who may call an operation, and the
 * documented error answers. The answers every /v1 route can give whatever it does (an unknown token,
 * invalid input, rate limiting, an unavailable service) are added to the document in one place
 * (`documentCommonErrors`), derived from the route's own schema, so that no route can forget them.
 */
import { Type, type TSchema } from 'typebox';

export const TAGS = [
  { name: 'players', description: 'Registration, your bearer tokens, your turns and your turn notifications.' },
  { name: 'accounts', description: 'Ways back to your player: passkeys, one-time codes for another device, and signing in with them.' },
  { name: 'game types', description: 'The hosted games with the JSON Schemas of their options, moves and views.' },
  { name: 'games', description: 'Games, their moves, state and history; Server-Sent Events of their moves.' },
  { name: 'table', description: 'At the table: challenges to named players or by link, matchmaking seeks, table chat, nudges and time away (docs/table.md).' },
  { name: 'webhooks', description: 'Your webhook endpoints and their signed deliveries.' },
  { name: 'records', description: 'Game records and their verification, player archives, statistics, ratings and leaderboards.' },
  { name: 'health', description: 'Liveness and readiness probes.' },
  { name: 'apps', description: "A site's community: the operator's apps and their keys; an app's players by its own ids, their tokens, and one webhook for all of them." },
  { name: 'admin', description: 'The operator\'s API (ADMIN_KEY): find, abort and adjudicate games, ban players, disable webhooks, stuck deliveries, the audit log.' },
];

type Security = { [scheme: string]: readonly string[] }[];
/** A bearer token is required. */
export const tokenRequired: Security = [{ bearerAuth: [] }];
/** A token is optional: without one you are a spectator; a token that is sent must be valid (else 401). */
export const tokenOptional: Security = [{ bearerAuth: [] }, {}];
/** The operator's credential (ADMIN_KEY). */
export const operatorRequired: Security = [{ adminKey: [] }];
/** An app's key (`app_...`): server to server only. */
export const appKeyRequired: Security = [{ appKey: [] }];
/** No token is read at all. */
export const noToken: Security = [];

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: a malformed id, body, query or cursor (BAD_REQUEST, INVALID_JSON, INVALID_MOVE, ...)',
  401: 'No bearer token where one is needed, or a token that is malformed or unknown (UNAUTHENTICATED), revoked (TOKEN_REVOKED) or expired (TOKEN_EXPIRED)',
  403: 'The caller may not do this (FORBIDDEN, NOT_YOUR_SEAT), or its token lacks the scope this needs (INSUFFICIENT_SCOPE), or an app key where only a player token is accepted (APP_KEY_NOT_ALLOWED)',
  404: 'No such resource (NOT_FOUND, GAME_NOT_FOUND, PLAYER_NOT_FOUND)',
  409: 'Conflicts with the current state (STALE_VERSION, NOT_YOUR_TURN, GAME_NOT_ACTIVE, SEAT_TAKEN, ...)',
  413: 'The body is larger than the limit (PAYLOAD_TOO_LARGE)',
  415: 'The body is not application/json (UNSUPPORTED_MEDIA_TYPE)',
  422: 'The move is refused by the rules of the game (ILLEGAL_MOVE or a rule code of the game), or an idempotency key was reused with another request, or a record took longer than its time budget to replay (VERIFY_BUDGET_EXCEEDED)',
  429: 'Too many requests: wait for the time the Retry-After header gives (RATE_LIMITED)',
  503: 'The service is shutting down or overloaded: retry later',
};

/** Error answers of a route, by status, each with the shared error schema and what it means. */
export function errors(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((s) => [s, Type.Ref('Error', { description: ERROR_DESCRIPTIONS[s] ?? 'Error' })]));
}

/** `schema` with the description the document gives its answer. */
export function described<T extends TSchema>(schema: T, description: string): T {
  return { ...schema, description };
}

interface RouteSchema {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  headers?: unknown;
  security?: readonly unknown[];
  response?: Record<string, unknown>;
}

/**
 * Adds to a /v1 route's documented answers those every such route can give: 401 (a token that is sent is
 * always checked), 403 when it reads a token whose scopes may not cover it (`scope`, src/http/auth.ts), 400 when it takes any input,
 * 413 and 415 when it takes a body, 429 and 503.
 */
export function documentCommonErrors<S extends RouteSchema>(schema: S, url: string, scope?: string): S {
  if (!url.startsWith('/v1/') || !schema.response) return schema;
  const statuses = [401, 429, 503];
  // A scope the token lacks; and anywhere but the app routes, an app's key (APP_KEY_NOT_ALLOWED).
  const appRoute = /^\/v1\/app(\/|$)/.test(url);
  if (!appRoute || (schema.security && schema.security.length > 0 && scope !== 'none')) statuses.push(403);
  if (schema.params || schema.querystring || schema.body || schema.headers) statuses.push(400);
  if (schema.body) statuses.push(413, 415);
  const added = errors(...statuses.filter((s) => !(String(s) in schema.response!)));
  const response = Object.fromEntries(Object.entries({ ...schema.response, ...added }).sort(([a], [b]) => a.localeCompare(b)));
  return { ...schema, response };
}
