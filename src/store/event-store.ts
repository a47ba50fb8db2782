/**
 * The event store: games, seats and the append-only move log in Postgres. This class is the one door
 * the service uses; each operation lives in a file of its own:
 * - ./move-log.ts appends moves (and resignations), with ./append-statements.ts the statements it sends;
 * - ./lobby-writes.ts creates games, fills seats, starts and aborts games;
 * - ./game-queries.ts reads games, seats, moves and snapshots;
 * - ./idempotency.ts looks up the first answer to a retried move;
 * - ./game-rows.ts holds the rows they return.
 */
import type pg from 'pg';
import type { Database } from './database.js';
import type { OutboxEvents } from './outbox.js';
import type { SeatClockUpdate } from './seat-clocks.js';
import type { Commit } from './commit-feed.js';
import type { GameRow, GameStatus, MoveRow } from './game-rows.js';
import { MoveLog, type AppendInput, type AppendResult, type MoveLogOptions } from './move-log.js';
import { LobbyWrites, type NewGame } from './lobby-writes.js';
import { GameQueries } from './game-queries.js';
import { IdempotencyKeys } from './idempotency.js';

export type { GameRow, GameStatus, MoveKind, MoveRow, SeatRow } from './game-rows.js';
export type { AppendInput, AppendResult } from './move-log.js';
export type { NewGame } from './lobby-writes.js';

export class EventStore {
  private readonly log: MoveLog;
  private readonly lobby: LobbyWrites;
  private readonly queries: GameQueries;
  private readonly idempotency: IdempotencyKeys;

  /** `groupCommit: false` sends every move alone, at once: one transaction per move (the bench compares). */
  constructor(db: Database, pool: pg.Pool, options: MoveLogOptions = {}) {
    this.log = new MoveLog(pool, options);
    this.lobby = new LobbyWrites(db);
    this.queries = new GameQueries(db, pool);
    this.idempotency = new IdempotencyKeys(pool);
  }

  // Lobby writes (./lobby-writes.ts).
  createGame(input: NewGame): Promise<GameRow> {
    return this.lobby.createGame(input);
  }

  /** Takes an empty seat before the start; false when it was taken meanwhile or the game started. */
  claimSeat(gameId: string, index: number, claim: { playerId: string | null; botLevel: string | null }): Promise<boolean> {
    return this.lobby.claimSeat(gameId, index, claim);
  }

  /** waiting -> aborted; false when the game was not waiting any more. */
  abort(gameId: string): Promise<boolean> {
    return this.lobby.abort(gameId);
  }

  /** waiting or active -> aborted (the operator's): running deadlines end; false when it had ended already. */
  abortAny(gameId: string): Promise<boolean> {
    return this.lobby.abortAny(gameId);
  }

  /** waiting -> active with its outbox rows and first turn clocks; null when the game was not waiting any more. */
  start(gameId: string, toMove: readonly number[], now: Date, outbox: OutboxEvents, clocks: readonly SeatClockUpdate[] = []): Promise<{ deliveries: number } | null> {
    return this.lobby.start(gameId, toMove, now, outbox, clocks);
  }

  // The move log (./move-log.ts).
  /** The one write path for moves (and resignations). */
  append(input: AppendInput): Promise<AppendResult> {
    return this.log.append(input);
  }

  // Idempotency (./idempotency.ts).
  findIdempotent(playerId: string, key: string, ttlMs: number): Promise<{ requestHash: string; status: number; response: unknown } | null> {
    return this.idempotency.findIdempotent(playerId, key, ttlMs);
  }

  // Queries (./game-queries.ts).
  getGame(id: string): Promise<GameRow | null> {
    return this.queries.getGame(id);
  }

  /** Several games by id, in the order asked (unknown ids are left out). */
  getGames(ids: readonly string[]): Promise<GameRow[]> {
    return this.queries.getGames(ids);
  }

  moves(gameId: string, afterSeq: number, limit: number, uptoSeq?: number): Promise<MoveRow[]> {
    return this.queries.moves(gameId, afterSeq, limit, uptoSeq);
  }

  latestSnapshot(gameId: string, atOrBefore: number): Promise<{ seq: number; state: unknown } | null> {
    return this.queries.latestSnapshot(gameId, atOrBefore);
  }

  listGames(filter: { type?: string; status?: GameStatus; playerId?: string; after?: { at: Date; id: string }; limit: number }): Promise<GameRow[]> {
    return this.queries.listGames(filter);
  }

  /** Active games where one of the player's seats is to move, longest-waiting first. */
  gamesAwaiting(playerId: string, limit: number, after?: { at: Date; id: string }): Promise<GameRow[]> {
    return this.queries.gamesAwaiting(playerId, limit, after);
  }

  /** What a listener that lost the commit feed may have missed (see ./game-queries.ts). */
  commitsSince(gameIds: readonly string[], playerIds: readonly string[], since: Date): Promise<Commit[]> {
    return this.queries.commitsSince(gameIds, playerIds, since);
  }

  /** Active games with a seat a server-side bot must play, for the bot driver. */
  gamesWithBotTurns(): Promise<string[]> {
    return this.queries.gamesWithBotTurns();
  }
}
