/**
 * Portolan's TypeScript client: `openapi-fetch` over the generated REST types (openapi.ts), plus typed
 * access to a game's view, legal moves and moves for its game type (games.ts). Everything the REST API
 * offers is on `client.api`, typed by path; `client.game(type, id)` narrows views and moves to that game.
 *
 *   const client = createPortolanClient({ baseUrl: 'http://127.0.0.1:3000', token });
 *   const game = client.game('meuterer', id);
 *   const { moves, version } = await game.legalMoves();   // MeutererMove[]
 *   await game.move(moves[0]!, { expectedVersion: version });
 *
 * openapi.ts and games.ts are generated (`npm run client`); this file is written by hand.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { GameTypeId, GameTypes } from './games.js';
import type { components, paths } from './openapi.js';

export type * from './games.js';
export type { components, paths } from './openapi.js';

export type ApiClient = Client<paths>;
export type Schemas = components['schemas'];
export type Game = Schemas['Game'];
export type MoveResult = Schemas['MoveResult'];

export interface PortolanClientOptions {
  /** Where the service listens, e.g. `http://127.0.0.1:3000`. */
  readonly baseUrl: string;
  /** A player's bearer token (from `POST /v1/players`); without one the client is a spectator. */
  readonly token?: string;
  readonly fetch?: typeof globalThis.fetch;
}

/** A refused request: the HTTP status and Portolan's stable error code (`STALE_VERSION`, `ILLEGAL_MOVE`...). */
export class PortolanError extends Error {
  override readonly name = 'PortolanError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface GameState<T extends GameTypeId> {
  readonly gameType: T;
  /** The game's version (its number of moves): send it back as `expectedVersion`. */
  readonly version: number;
  /** The seat whose view this is; null for a spectator. */
  readonly seat: number | null;
  readonly view: GameTypes[T]['view'];
}

export interface LegalMoves<T extends GameTypeId> {
  readonly gameType: T;
  readonly version: number;
  readonly seat: number | null;
  readonly moves: GameTypes[T]['move'][];
  /** Whether `undo` would take back the caller's latest move now (offer it only then). */
  readonly undoable: boolean;
}

export interface MoveOptions {
  /** Refused with 409 STALE_VERSION unless the game is still at this version. */
  readonly expectedVersion?: number;
  /** A retry with the same key returns the first answer and appends nothing. */
  readonly idempotencyKey?: string;
  /** Needed only when the caller holds several seats. */
  readonly seat?: number;
}

/** One game, typed by its game type. */
export interface TypedGame<T extends GameTypeId> {
  readonly gameType: T;
  readonly id: string;
  /** The caller's view, now or after move `at`. */
  state(at?: number): Promise<GameState<T>>;
  legalMoves(seat?: number): Promise<LegalMoves<T>>;
  move(move: GameTypes[T]['move'], options?: MoveOptions): Promise<MoveResult>;
  /** Takes back the caller's latest move (409 NOTHING_TO_UNDO or UNDO_NOT_ALLOWED when it may not). */
  undo(options?: Omit<MoveOptions, 'idempotencyKey'>): Promise<MoveResult>;
}

export interface PortolanClient {
  /** The whole REST API, typed by path and method (openapi-fetch). */
  readonly api: ApiClient;
  game<T extends GameTypeId>(gameType: T, id: string): TypedGame<T>;
}

interface Answer<D> {
  readonly data?: D;
  readonly error?: unknown;
  readonly response: Response;
}

/** The answer's body, or a PortolanError carrying the service's error code. */
export async function unwrap<D>(call: Promise<Answer<D>>): Promise<D> {
  const { data, error, response } = await call;
  if (response.ok && data !== undefined) return data;
  const body = (error ?? {}) as { error?: { code?: string; message?: string } };
  throw new PortolanError(response.status, body.error?.code ?? 'HTTP_ERROR', body.error?.message ?? `HTTP ${response.status}`);
}

export function createPortolanClient(options: PortolanClientOptions): PortolanClient {
  const api = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return { api, game: (gameType, id) => typedGame(api, gameType, id) };
}

function typedGame<T extends GameTypeId>(api: ApiClient, gameType: T, id: string): TypedGame<T> {
  return {
    gameType,
    id,
    async state(at) {
      const query = at === undefined ? {} : { at };
      const answer = await unwrap(api.GET('/v1/games/{id}/state', { params: { path: { id }, query } }));
      // The service's views follow the game's viewSchema (its property tests check every view they make).
      return { gameType, version: answer.version, seat: answer.seat, view: answer.view as GameTypes[T]['view'] };
    },
    async legalMoves(seat) {
      const query = seat === undefined ? {} : { seat };
      const answer = await unwrap(api.GET('/v1/games/{id}/legal-moves', { params: { path: { id }, query } }));
      return { gameType, version: answer.version, seat: answer.seat, moves: answer.moves as GameTypes[T]['move'][], undoable: answer.undoable };
    },
    async move(move, { expectedVersion, idempotencyKey, seat } = {}) {
      const header = idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey };
      return unwrap(
        api.POST('/v1/games/{id}/moves', {
          params: { path: { id }, header },
          body: { move, ...(expectedVersion === undefined ? {} : { expectedVersion }), ...(seat === undefined ? {} : { seat }) },
        }),
      );
    },
    async undo({ expectedVersion, seat } = {}) {
      return unwrap(
        api.POST('/v1/games/{id}/undo', {
          params: { path: { id } },
          body: { ...(expectedVersion === undefined ? {} : { expectedVersion }), ...(seat === undefined ? {} : { seat }) },
        }),
      );
    },
  };
}
