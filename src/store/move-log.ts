/**
 * The move log's one write path. Appending is a single SQL statement (one round trip, one transaction):
 * it bumps the game's version only if it still equals the expected one, inserts the move at that sequence
 * number, and writes what comes with it (turn clocks, snapshot, idempotency record, webhook outbox rows),
 * all or nothing. A lost race inserts nothing and is reported as stale; the primary key (game_id, seq)
 * makes a duplicate or a gap impossible even so. A plain move of an unwatched game takes a leaner
 * statement (PLAIN_APPEND). Moves of different games that wait for the database together share one
 * statement (GROUP_APPEND for plain moves, FULL_GROUP_APPEND for the others; see ./group-commit.ts).
 */
import pg from 'pg';
import { GroupCommit, UNGROUPED } from './group-commit.js';
import { prepared } from './prepared.js';
import { sqlStateOf } from './data-errors.js';
import {
  APPEND, APPEND_ARRAYS, appendArguments, columns, FULL_GROUP_APPEND, GROUP_APPEND, isPlain, PLAIN_APPEND, PLAIN_ARRAYS,
  plainArguments, plainOutcome, WATCHED_REMEMBERED, type AppendInput, type AppendResult, type FullRow, type PlainOutcome, type PlainRow,
} from './append-statements.js';

export type { AppendInput, AppendResult } from './append-statements.js';

/** An error Postgres raised in a statement (with its SQLSTATE), not one of the connection. */
const hasSqlState = (error: unknown): boolean => error instanceof pg.DatabaseError;

/** The primary key of moves or of idempotency keys, by SQLSTATE 23505 (unique_violation). */
const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';

/** Groups of moves (of each kind: plain, through the function) at the database at once at most, when some are slow (./group-commit.ts). */
const GROUPS_IN_FLIGHT = 4;
/** A group at the database longer than this lets the next one go beside it. */
const SLOW_GROUP_MS = 20;
/** Moves in one group at most: its statement's arrays stay small. */
const GROUP_SIZE = 64;

export interface MoveLogOptions {
  readonly groupCommit?: boolean;
  readonly onGroup?: (size: number) => void;
}

export class MoveLog {
  private readonly watched = new Set<string>();
  private readonly plainAppends: GroupCommit<AppendInput, PlainOutcome>;
  /** Moves through `portolan_append`; null: stale. */
  private readonly fullAppends: GroupCommit<AppendInput, FullRow | null>;

  /** `groupCommit: false` sends every move alone, at once: one transaction per move (the bench compares). */
  constructor(
    private readonly pool: pg.Pool,
    { groupCommit = true, onGroup }: MoveLogOptions = {},
  ) {
    const grouping = { ...(groupCommit ? { maxInFlight: GROUPS_IN_FLIGHT, slowMs: SLOW_GROUP_MS, maxGroup: GROUP_SIZE } : UNGROUPED), onGroup };
    this.plainAppends = new GroupCommit({
      ...grouping,
      key: (input) => input.gameId,
      one: (input) => this.plainOne(input),
      many: (inputs) => this.plainMany(inputs),
    });
    this.fullAppends = new GroupCommit({
      ...grouping,
      key: (input) => input.gameId,
      one: (input) => this.fullOne(input),
      many: (inputs) => this.fullMany(inputs),
    });
  }

  /** The one write path for moves (and resignations): see the file comment. */
  async append(input: AppendInput): Promise<AppendResult> {
    try {
      if (isPlain(input) && !this.watched.has(input.gameId)) {
        const outcome = await this.plainAppends.submit(input);
        if (outcome === 'stale') return { ok: false, reason: 'stale' };
        if (outcome !== 'watched') return { ok: true, seq: outcome.seq, createdAt: outcome.createdAt, deliveries: 0 };
        this.rememberWatched(input.gameId);
      }
      const row = await this.fullAppends.submit(input);
      return row ? { ok: true, seq: row.seq, createdAt: row.created_at, deliveries: row.deliveries } : { ok: false, reason: 'stale' };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The primary key of moves (a race the version check did not catch) or a reused idempotency key.
      return { ok: false, reason: input.idempotency ? 'duplicate-key' : 'stale' };
    }
  }

  private async plainOne(input: AppendInput): Promise<PlainOutcome> {
    try {
      const { rows } = await this.pool.query<PlainRow>(prepared(PLAIN_APPEND, plainArguments(input)));
      return plainOutcome(rows[0]!);
    } catch (error) {
      if (isUniqueViolation(error)) return 'stale';
      throw error;
    }
  }

  private async plainMany(inputs: readonly AppendInput[]): Promise<PromiseSettledResult<PlainOutcome>[]> {
    try {
      const { rows } = await this.pool.query<PlainRow>(prepared(GROUP_APPEND, columns(inputs.map(plainArguments), PLAIN_ARRAYS)));
      return rows.map((row) => ({ status: 'fulfilled', value: plainOutcome(row) }));
    } catch (error) {
      // An error Postgres raised (a race the version check did not catch, a value it refuses) rolled the
      // whole group back: each move then goes again alone, so only the one at fault is refused. Without
      // a SQLSTATE (a lost connection) the group may have committed, so it is not sent again.
      if (!hasSqlState(error)) throw error;
      return Promise.allSettled(inputs.map((input) => this.plainOne(input)));
    }
  }

  private async fullOne(input: AppendInput): Promise<FullRow | null> {
    const { rows } = await this.pool.query<FullRow>(prepared(APPEND, appendArguments(input)));
    return rows[0] ?? null;
  }

  private async fullMany(inputs: readonly AppendInput[]): Promise<PromiseSettledResult<FullRow | null>[]> {
    // By game id, the order every group locks its games in (uuids compare as their lowercase hex text).
    const ids = inputs.map((input) => input.gameId.toLowerCase());
    const order = inputs.map((_, i) => i).sort((a, b) => (ids[a]! < ids[b]! ? -1 : 1));
    try {
      const { rows } = await this.pool.query<{ seq: number | null; created_at: Date | null; deliveries: number | null }>(
        prepared(FULL_GROUP_APPEND, columns(order.map((i) => appendArguments(inputs[i]!)), APPEND_ARRAYS)),
      );
      const results = new Array<PromiseSettledResult<FullRow | null>>(inputs.length);
      order.forEach((input, position) => {
        const row = rows[position]!;
        results[input] = { status: 'fulfilled', value: row.seq === null ? null : (row as FullRow) };
      });
      return results;
    } catch (error) {
      // As for plain groups: what Postgres refused (a reused idempotency key, say) goes again move by move.
      if (!hasSqlState(error)) throw error;
      return Promise.allSettled(inputs.map((input) => this.fullOne(input)));
    }
  }

  private rememberWatched(gameId: string): void {
    this.watched.add(gameId);
    if (this.watched.size > WATCHED_REMEMBERED) this.watched.delete(this.watched.values().next().value!);
  }
}
