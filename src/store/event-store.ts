/**
 * The event store: games, seats and the append-only move log in Postgres.
 *
 * Appending is a single SQL statement (one round trip, one transaction): it bumps the game's version
 * only if it still equals the expected one, inserts the move at that sequence number, and writes what
 * comes with it (turn clocks, snapshot, idempotency record, webhook outbox rows), all or nothing. A lost
 * race inserts nothing and is reported as stale; the primary key (game_id, seq) makes a duplicate or a
 * gap impossible even so. A plain move of an unwatched game takes a leaner statement (PLAIN_APPEND).
 * Moves of different games that wait for the database together share one statement (GROUP_APPEND for
 * plain moves, FULL_GROUP_APPEND for the others; see ./group-commit.ts).
 */
import pg from 'pg';
import type { Database } from './database.js';
import { Prisma } from '../generated/prisma/client.js';
import { outboxArguments, type OutboxEvents } from '../webhooks/outbox.js';
import { clockRows, clockUpdateSql, type SeatClockUpdate } from './seat-clocks.js';
import type { Commit, Turn } from './commit-feed.js';
import { GroupCommit, UNGROUPED } from './group-commit.js';
import { prepared, preparedSql } from './prepared.js';

export type GameStatus = 'waiting' | 'active' | 'finished' | 'aborted';

export interface SeatRow {
  readonly index: number;
  readonly playerId: string | null;
  readonly playerName: string | null;
  readonly botLevel: string | null;
  readonly resigned: boolean;
  /** Turn clock (timed games): the running turn's version, start, deadline, reminder; reserve left. */
  readonly turnVersion: number | null;
  readonly turnStartedAt: Date | null;
  readonly deadlineAt: Date | null;
  readonly reminderAt: Date | null;
  readonly reminded: boolean;
  readonly reserveSeconds: number;
}

export interface GameRow {
  readonly id: string;
  readonly type: string;
  readonly engineVersion: number;
  readonly options: unknown;
  readonly seatCount: number;
  readonly status: GameStatus;
  readonly version: number;
  readonly seed: string;
  readonly seedCommitment: string;
  readonly createdById: string;
  readonly toMove: readonly number[];
  readonly turnStartedAt: Date | null;
  readonly outcome: unknown;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  /** Turn-clock options (src/timers/clock.ts), null for an untimed game. */
  readonly clock: unknown;
  readonly seats: readonly SeatRow[];
}

/** `adjudicate`: the operator ended the game with a result (src/service/adjudication.ts); `undo`: takes back the move before it (src/service/undo.ts). */
export type MoveKind = 'move' | 'resign' | 'adjudicate' | 'undo';

export interface MoveRow {
  readonly seq: number;
  readonly seat: number;
  readonly kind: MoveKind;
  readonly payload: unknown;
  readonly log: unknown;
  readonly playerId: string | null;
  readonly createdAt: Date;
}

export interface AppendInput {
  readonly gameId: string;
  readonly expectedVersion: number;
  readonly seat: number;
  readonly kind: MoveKind;
  readonly payload: unknown;
  readonly log: unknown;
  readonly playerId: string | null;
  readonly toMove: readonly number[];
  readonly finished: boolean;
  readonly outcome: unknown;
  /** The state after this move, when it is time for a snapshot. */
  readonly snapshot?: unknown;
  readonly idempotency?: { readonly playerId: string; readonly key: string; readonly requestHash: string; readonly status: number; readonly response: unknown };
  /** The commit time by the service's clock (outbox rows and turn clocks use it); default now. */
  readonly now?: Date;
  /** Seats whose turn starts with this move, for `turn.started` webhooks; default none. */
  readonly turnStarted?: readonly number[];
  /** Turn-clock changes of a timed game, written with the move. */
  readonly clocks?: readonly SeatClockUpdate[];
}

/** `deliveries`: webhook outbox rows written with the move (the dispatcher is woken only when there are some). */
export type AppendResult =
  | { readonly ok: true; readonly seq: number; readonly createdAt: Date; readonly deliveries: number }
  | { readonly ok: false; readonly reason: 'stale' | 'duplicate-key' };

const gameInclude = { seats: { include: { player: { select: { name: true } } }, orderBy: { index: 'asc' } } } as const;

type GameWithSeats = Prisma.GameGetPayload<{ include: typeof gameInclude }>;

function toGameRow(game: GameWithSeats): GameRow {
  return {
    ...game,
    status: game.status,
    outcome: game.outcome ?? null,
    seats: game.seats.map((s) => ({
      index: s.index,
      playerId: s.playerId,
      playerName: s.player?.name ?? null,
      botLevel: s.botLevel,
      resigned: s.resigned,
      turnVersion: s.turnVersion,
      turnStartedAt: s.turnStartedAt,
      deadlineAt: s.deadlineAt,
      reminderAt: s.reminderAt,
      reminded: s.reminded,
      reserveSeconds: s.reserveSeconds,
    })),
  };
}

/** An error Postgres raised in a statement (with its SQLSTATE), not one of the connection. */
const hasSqlState = (error: unknown): boolean => error instanceof pg.DatabaseError;

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { message?: unknown }).message ?? '') + JSON.stringify(error);
  return text.includes('23505') || text.includes('Unique constraint') || text.includes('duplicate key');
}

/** Games with their seats in one round trip (add a WHERE on g); JSON-built seats come back with dates as strings. */
const GAME_WITH_SEATS = `
  SELECT g.id, g.type, g.engine_version AS "engineVersion", g.options, g.seat_count AS "seatCount", g.status,
         g.version, g.seed, g.seed_commitment AS "seedCommitment", g.created_by AS "createdById",
         g.to_move AS "toMove", g.turn_started_at AS "turnStartedAt", g.outcome, g.created_at AS "createdAt",
         g.started_at AS "startedAt", g.finished_at AS "finishedAt", g.clock,
         COALESCE((SELECT json_agg(json_build_object(
             'index', s.index, 'playerId', s.player_id, 'playerName', p.name, 'botLevel', s.bot_level,
             'resigned', s.resigned, 'turnVersion', s.turn_version, 'turnStartedAt', s.turn_started_at,
             'deadlineAt', s.deadline_at, 'reminderAt', s.reminder_at, 'reminded', s.reminded,
             'reserveSeconds', s.reserve_seconds) ORDER BY s.index)
           FROM seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = g.id), '[]') AS seats
    FROM games g`;

type JsonSeat = Omit<SeatRow, 'turnStartedAt' | 'deadlineAt' | 'reminderAt'> & {
  turnStartedAt: string | null;
  deadlineAt: string | null;
  reminderAt: string | null;
};

/** The game a move is judged on, when the service has no cached row: prepared like the append. */
const GAME_BY_ID = `${GAME_WITH_SEATS} WHERE g.id = $1`;

const toDate = (value: string | null): Date | null => (value === null ? null : new Date(value));

type JsonGame = Omit<GameRow, 'seats'> & { seats: JsonSeat[] };

function fromJsonGame(game: JsonGame): GameRow {
  return {
    ...game,
    seats: game.seats.map((s) => ({ ...s, turnStartedAt: toDate(s.turnStartedAt), deadlineAt: toDate(s.deadlineAt), reminderAt: toDate(s.reminderAt) })),
  };
}

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * The append: one call of `portolan_append` (prisma/migrations/20261202000000_append_function), one
 * round trip and one transaction. The function runs only the parts a move needs (clocks, resignation,
 * snapshot, idempotency record, outbox), so the statement sent has one fixed shape whatever the move
 * writes, and is prepared once per connection (./prepared.ts).
 */
const APPEND = `SELECT seq, created_at, deliveries
  FROM portolan_append($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)`;

/**
 * Several moves that need `portolan_append` (a watched game, a clock, a snapshot...) in one statement and
 * one transaction (group commit), one call per move in the order given, which is by game id (so two
 * groups lock their games in one order and cannot deadlock); one row per move, its seq null when stale.
 * Array-valued arguments travel as array literals (text), one per move.
 */
const FULL_GROUP_APPEND = `
  SELECT a.seq, a.created_at, a.deliveries
    FROM unnest($1::uuid[], $2::int[], $3::int[], $4::text[], $5::jsonb[], $6::jsonb[], $7::uuid[], $8::text[],
                $9::boolean[], $10::jsonb[], $11::timestamptz[], $12::text[], $13::text[], $14::text[], $15::int[],
                $16::int[], $17::jsonb[], $18::jsonb[], $19::uuid[], $20::text[], $21::text[], $22::int[], $23::jsonb[])
         WITH ORDINALITY AS m(game_id, expected, seat, kind, payload, log, player_id, to_move, finished, outcome, at,
                              events, ordinals, turn_seats, turn_ordinal, max_endpoints, clocks, snapshot,
                              idem_player, idem_key, idem_hash, idem_status, idem_response, ord)
    LEFT JOIN LATERAL portolan_append(m.game_id, m.expected, m.seat, m.kind, m.payload, m.log, m.player_id,
                                      m.to_move::int[], m.finished, m.outcome, m.at, m.events::text[], m.ordinals::int[],
                                      m.turn_seats::int[], m.turn_ordinal, m.max_endpoints, m.clocks, m.snapshot,
                                      m.idem_player, m.idem_key, m.idem_hash, m.idem_status, m.idem_response) a ON true
   ORDER BY m.ord`;

/** A Postgres array literal of simple values (numbers, event names). */
const arrayLiteral = (values: readonly unknown[]): string => `{${values.map((v) => `"${String(v).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

/**
 * A grouped statement's parameters: each move's one-move arguments, transposed into one array per
 * parameter; array-valued arguments (at `arrayPositions`) become array literals, one per move.
 */
function columns(rows: readonly unknown[][], arrayPositions: ReadonlySet<number>): unknown[] {
  return rows[0]!.map((_, column) => rows.map((args) => (arrayPositions.has(column) ? arrayLiteral(args[column] as unknown[]) : args[column])));
}

/** appendArguments' array-valued positions (to_move, events, ordinals, turn seats). */
const APPEND_ARRAYS = new Set([7, 11, 12, 13]);

type FullRow = { seq: number; created_at: Date; deliveries: number };

/**
 * Whether an enabled endpoint of one of the game's players, or of the app that created one of them, may
 * watch the game (`game`: its id, in SQL).
 */
const watchedBy = (game: string) => `(EXISTS (SELECT 1 FROM seats s JOIN webhook_endpoints e ON e.owner_id = s.player_id
                    WHERE s.game_id = ${game} AND e.enabled AND (e.game_id IS NULL OR e.game_id = ${game}))
                 OR EXISTS (SELECT 1 FROM seats s JOIN players pl ON pl.id = s.player_id JOIN webhook_endpoints e ON e.app_id = pl.app_id
                    WHERE s.game_id = ${game} AND e.enabled AND (e.game_id IS NULL OR e.game_id = ${game})))`;

/**
 * The plain move (no clocks, resignation, snapshot or idempotency record) of a game no webhook endpoint
 * may watch, which is most moves, as one statement without the function call: a PL/pgSQL call costs
 * Postgres about a third more than the bare update and insert (issue 16). When an endpoint may watch the
 * game, it writes nothing and answers `watched`, and the move goes through `portolan_append`, which
 * writes the outbox rows too. The endpoints are read as of the statement's start, as any statement reads
 * them: an endpoint committed while the move runs may miss that one move.
 */
const PLAIN_APPEND = `
  WITH watched AS MATERIALIZED (
    SELECT ${watchedBy('$1::uuid')} AS watched
  ), bumped AS (
    UPDATE games
       SET version = version + 1, to_move = $7::int[], turn_started_at = now(),
           status = (CASE WHEN $8::boolean THEN 'finished' ELSE 'active' END)::"GameStatus",
           outcome = $9::jsonb, finished_at = CASE WHEN $8::boolean THEN now() END
     WHERE id = $1::uuid AND version = $2::int AND status = 'active' AND NOT (SELECT watched FROM watched)
    RETURNING id, version
  ), inserted AS (
    INSERT INTO moves (game_id, seq, seat, kind, payload, log, player_id)
    SELECT id, version, $3::int, 'move', $4::jsonb, $5::jsonb, $6::uuid FROM bumped
    RETURNING seq, created_at
  )
  SELECT i.seq, i.created_at, w.watched FROM watched w LEFT JOIN inserted i ON true`;

/**
 * Several plain moves of different games in one statement and one transaction (group commit: see
 * ./group-commit.ts), each with its own version check and its own answer, one row per move in the order
 * given. The games' rows are locked in id order, so two groups (of two instances) sharing games cannot
 * deadlock. A move of a game an endpoint may watch writes nothing and answers `watched`, as above.
 */
const GROUP_APPEND = `
  WITH input AS MATERIALIZED (
    SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::jsonb[], $5::jsonb[], $6::uuid[], $7::text[], $8::boolean[], $9::jsonb[])
             WITH ORDINALITY AS m(game_id, expected, seat, payload, log, player_id, to_move, finished, outcome, ord)
  ), watched AS MATERIALIZED (
    SELECT i.game_id FROM input i WHERE ${watchedBy('i.game_id')}
  ), locked AS MATERIALIZED (
    SELECT g.id FROM games g JOIN input i ON i.game_id = g.id
     WHERE g.version = i.expected AND g.status = 'active' AND i.game_id NOT IN (SELECT game_id FROM watched)
     ORDER BY g.id FOR UPDATE OF g
  ), bumped AS (
    UPDATE games g
       SET version = g.version + 1, to_move = i.to_move::int[], turn_started_at = now(),
           status = (CASE WHEN i.finished THEN 'finished' ELSE 'active' END)::"GameStatus",
           outcome = i.outcome, finished_at = CASE WHEN i.finished THEN now() END
      FROM input i
     WHERE g.id = i.game_id AND g.id IN (SELECT id FROM locked) AND g.version = i.expected
    RETURNING g.id, g.version
  ), inserted AS (
    INSERT INTO moves (game_id, seq, seat, kind, payload, log, player_id)
    SELECT b.id, b.version, i.seat, 'move', i.payload, i.log, i.player_id FROM bumped b JOIN input i ON i.game_id = b.id
    RETURNING game_id, seq, created_at
  )
  SELECT n.seq, n.created_at, (w.game_id IS NOT NULL) AS watched
    FROM input i LEFT JOIN inserted n ON n.game_id = i.game_id LEFT JOIN watched w ON w.game_id = i.game_id
   ORDER BY i.ord`;

/** What a plain append came to: the committed move, a lost race, or a watched game (nothing written). */
type PlainOutcome = { readonly seq: number; readonly createdAt: Date } | 'stale' | 'watched';

type PlainRow = { seq: number | null; created_at: Date | null; watched: boolean };

const plainOutcome = (row: PlainRow): PlainOutcome =>
  row.seq !== null && row.created_at !== null ? { seq: row.seq, createdAt: row.created_at } : row.watched ? 'watched' : 'stale';

const isPlain = (input: AppendInput): boolean =>
  input.kind === 'move' && input.snapshot === undefined && input.idempotency === undefined && (input.clocks ?? []).length === 0;

const plainArguments = (input: AppendInput): unknown[] => [
  input.gameId,
  input.expectedVersion,
  input.seat,
  JSON.stringify(input.payload),
  JSON.stringify(input.log),
  input.playerId,
  input.toMove,
  input.finished,
  json(input.outcome),
];

/** plainArguments' array-valued position (to_move). */
const PLAIN_ARRAYS = new Set([6]);

/** Games a plain append found watched, which go straight to `portolan_append` (the oldest are forgotten). */
const WATCHED_REMEMBERED = 10_000;

function appendArguments(input: AppendInput): unknown[] {
  const idem = input.idempotency;
  const finished = input.finished;
  const events: OutboxEvents = { game: finished ? ['move.made', 'game.finished'] : ['move.made'], turnSeats: finished ? [] : (input.turnStarted ?? []) };
  return [
    input.gameId,
    input.expectedVersion,
    input.seat,
    input.kind,
    JSON.stringify(input.payload),
    JSON.stringify(input.log),
    input.playerId,
    input.toMove,
    finished,
    json(input.outcome),
    input.now ?? new Date(),
    ...outboxArguments(events),
    clockRows(input.clocks ?? []),
    json(input.snapshot),
    idem?.playerId ?? null,
    idem?.key ?? null,
    idem?.requestHash ?? null,
    idem?.status ?? null,
    idem ? JSON.stringify(idem.response) : null,
  ];
}

/** Groups of moves (of each kind: plain, through the function) at the database at once at most, when some are slow (./group-commit.ts). */
const GROUPS_IN_FLIGHT = 4;
/** A group at the database longer than this lets the next one go beside it. */
const SLOW_GROUP_MS = 20;
/** Moves in one group at most: its statement's arrays stay small. */
const GROUP_SIZE = 64;

export class EventStore {
  private readonly watched = new Set<string>();
  private readonly plainAppends: GroupCommit<AppendInput, PlainOutcome>;
  /** Moves through `portolan_append`; null: stale. */
  private readonly fullAppends: GroupCommit<AppendInput, FullRow | null>;

  /** `groupCommit: false` sends every move alone, at once: one transaction per move (the bench compares). */
  constructor(
    private readonly db: Database,
    private readonly pool: pg.Pool,
    { groupCommit = true, onGroup }: { groupCommit?: boolean; onGroup?: (size: number) => void } = {},
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

  /** Runs a fixed-shape Prisma.sql-built statement straight on the pool, prepared (the hot path; see ./prepared.ts). */
  private async sql<T extends pg.QueryResultRow>(query: Prisma.Sql): Promise<T[]> {
    return (await this.pool.query<T>(preparedSql(query))).rows;
  }

  async createGame(input: {
    id: string;
    type: string;
    engineVersion: number;
    options: unknown;
    seatCount: number;
    seed: string;
    seedCommitment: string;
    createdById: string;
    seats: readonly { index: number; playerId: string | null; botLevel: string | null }[];
    clock?: unknown;
    /** Initial correspondence reserve of every seat, in seconds. */
    reserveSeconds?: number;
  }): Promise<GameRow> {
    const game = await this.db.game.create({
      data: {
        id: input.id,
        type: input.type,
        engineVersion: input.engineVersion,
        options: input.options as Prisma.InputJsonValue,
        seatCount: input.seatCount,
        seed: input.seed,
        seedCommitment: input.seedCommitment,
        createdById: input.createdById,
        ...(input.clock ? { clock: input.clock as Prisma.InputJsonValue } : {}),
        seats: {
          create: input.seats.map((s) => ({
            index: s.index,
            playerId: s.playerId,
            botLevel: s.botLevel,
            reserveSeconds: input.reserveSeconds ?? 0,
            joinedAt: s.playerId || s.botLevel ? new Date() : null,
          })),
        },
      },
      include: gameInclude,
    });
    return toGameRow(game);
  }

  async getGame(id: string): Promise<GameRow | null> {
    const { rows } = await this.pool.query<JsonGame>(prepared(GAME_BY_ID, [id]));
    const game = rows[0];
    return game ? fromJsonGame(game) : null;
  }

  /** Several games by id, in the order asked (unknown ids are left out). */
  async getGames(ids: readonly string[]): Promise<GameRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.pool.query<JsonGame>(`${GAME_WITH_SEATS} WHERE g.id = ANY($1::uuid[])`, [ids]);
    const byId = new Map(rows.map((row) => [row.id, fromJsonGame(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Takes an empty seat before the start; false when it was taken meanwhile or the game started. */
  async claimSeat(gameId: string, index: number, claim: { playerId: string | null; botLevel: string | null }): Promise<boolean> {
    const updated = await this.db.$executeRaw`
      UPDATE seats SET player_id = ${claim.playerId}::uuid, bot_level = ${claim.botLevel}, joined_at = now()
      WHERE game_id = ${gameId}::uuid AND index = ${index} AND player_id IS NULL AND bot_level IS NULL
        AND EXISTS (SELECT 1 FROM games WHERE id = ${gameId}::uuid AND status = 'waiting')`;
    return updated === 1;
  }

  /** waiting -> aborted; false when the game was not waiting any more. */
  async abort(gameId: string): Promise<boolean> {
    const updated = await this.db.game.updateMany({
      where: { id: gameId, status: 'waiting' },
      data: { status: 'aborted', finishedAt: new Date() },
    });
    return updated.count === 1;
  }

  /** waiting or active -> aborted (the operator's): running deadlines end; false when it had ended already. */
  async abortAny(gameId: string): Promise<boolean> {
    const [updated] = await this.db.$transaction([
      this.db.game.updateMany({ where: { id: gameId, status: { in: ['waiting', 'active'] } }, data: { status: 'aborted', finishedAt: new Date(), toMove: [] } }),
      this.db.seat.updateMany({ where: { gameId, game: { status: 'aborted' } }, data: { turnVersion: null, turnStartedAt: null, deadlineAt: null, reminderAt: null } }),
    ]);
    return updated.count === 1;
  }

  /**
   * waiting -> active with the `game.started` / `turn.started` outbox rows and the first turn clocks,
   * in one statement; null when the game was not waiting any more, else the number of outbox rows written.
   */
  async start(gameId: string, toMove: readonly number[], now: Date, outbox: OutboxEvents, clocks: readonly SeatClockUpdate[] = []): Promise<{ deliveries: number } | null> {
    const [events, ordinals, turnSeats, turnOrdinal, maxEndpoints] = outboxArguments(outbox);
    const rows = await this.db.$queryRaw<{ deliveries: number }[]>`
      WITH bumped AS (
        UPDATE games SET status = 'active', started_at = ${now}, to_move = ${[...toMove]}::int[], turn_started_at = ${now}
         WHERE id = ${gameId}::uuid AND status = 'waiting'
        RETURNING id, version
      ), clocked AS (${clockUpdateSql('bumped', clocks)}
      ), outbox AS (
        SELECT portolan_outbox(id, version, ${now}, ${events}::text[], ${ordinals}::int[], ${turnSeats}::int[], ${turnOrdinal}::int, ${maxEndpoints}::int) AS written
          FROM bumped
      )
      SELECT (SELECT written FROM outbox) AS deliveries FROM bumped`;
    const row = rows[0];
    return row ? { deliveries: row.deliveries } : null;
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

  async moves(gameId: string, afterSeq: number, limit: number, uptoSeq?: number): Promise<MoveRow[]> {
    const rows = await this.db.move.findMany({
      where: { gameId, seq: { gt: afterSeq, ...(uptoSeq === undefined ? {} : { lte: uptoSeq }) } },
      orderBy: { seq: 'asc' },
      take: limit,
    });
    return rows.map((m) => ({ ...m, kind: m.kind as MoveKind }));
  }

  async latestSnapshot(gameId: string, atOrBefore: number): Promise<{ seq: number; state: unknown } | null> {
    return this.db.snapshot.findFirst({
      where: { gameId, seq: { lte: atOrBefore } },
      orderBy: { seq: 'desc' },
      select: { seq: true, state: true },
    });
  }

  /**
   * The first answer to a key, while the key lives (`ttlMs`, by the database's clock, which also wrote
   * `created_at`). An expired record is deleted here (the retention job may not have run yet), so the key
   * can be recorded again.
   */
  async findIdempotent(playerId: string, key: string, ttlMs: number): Promise<{ requestHash: string; status: number; response: unknown } | null> {
    const ttl = Prisma.sql`make_interval(secs => ${ttlMs / 1000})`;
    const rows = await this.sql<{ request_hash: string; status: number; response: unknown; live: boolean }>(Prisma.sql`
      SELECT request_hash, status, response, created_at >= now() - ${ttl} AS live
        FROM idempotency_keys WHERE player_id = ${playerId}::uuid AND key = ${key}`);
    const found = rows[0];
    if (!found) return null;
    if (!found.live) {
      await this.sql(Prisma.sql`
        DELETE FROM idempotency_keys WHERE player_id = ${playerId}::uuid AND key = ${key} AND created_at < now() - ${ttl}`);
      return null;
    }
    return { requestHash: found.request_hash, status: found.status, response: found.response };
  }

  async listGames(filter: {
    type?: string;
    status?: GameStatus;
    playerId?: string;
    after?: { at: Date; id: string };
    limit: number;
  }): Promise<GameRow[]> {
    const games = await this.db.game.findMany({
      where: {
        ...(filter.type ? { type: filter.type } : {}),
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.playerId ? { seats: { some: { playerId: filter.playerId } } } : {}),
        ...(filter.after
          ? {
              OR: [
                { createdAt: { lt: filter.after.at } },
                { createdAt: filter.after.at, id: { lt: filter.after.id } },
              ],
            }
          : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: filter.limit,
      include: gameInclude,
    });
    return games.map(toGameRow);
  }

  /**
   * Active games where one of the player's seats is to move, longest-waiting first (then by id), after
   * the keyset `after` (a turn that never started sorts as the epoch).
   */
  async gamesAwaiting(playerId: string, limit: number, after?: { at: Date; id: string }): Promise<GameRow[]> {
    const waitingSince = Prisma.sql`COALESCE(g.turn_started_at, 'epoch'::timestamptz)`;
    const keyset = after ? Prisma.sql`AND (${waitingSince}, g.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : Prisma.empty;
    const ids = await this.db.$queryRaw<{ id: string }[]>`
      SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id
       WHERE s.player_id = ${playerId}::uuid AND g.status = 'active' AND s.index = ANY(g.to_move) AND NOT s.resigned ${keyset}
       GROUP BY g.id, g.turn_started_at ORDER BY ${waitingSince} ASC, g.id ASC LIMIT ${limit}`;
    const games = await this.db.game.findMany({ where: { id: { in: ids.map((r) => r.id) } }, include: gameInclude });
    const order = new Map(ids.map((r, i) => [r.id, i]));
    return games.map(toGameRow).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  }

  /**
   * What a listener that lost the commit feed may have missed: the current version of each started game
   * in `gameIds`, and of each game of `playerIds` whose turn changed since `since`, with the players to
   * move (only when their turn began since then).
   */
  async commitsSince(gameIds: readonly string[], playerIds: readonly string[], since: Date): Promise<Commit[]> {
    const { rows } = await this.pool.query<{ gameId: string; seq: number; turns: Turn[] }>(
      `SELECT g.id AS "gameId", g.version AS seq,
              COALESCE((SELECT json_agg(json_build_object('playerId', s.player_id, 'seat', s.index) ORDER BY s.index)
                          FROM seats s
                         WHERE s.game_id = g.id AND s.player_id IS NOT NULL AND NOT s.resigned
                           AND s.index = ANY(g.to_move) AND g.turn_started_at >= $3), '[]') AS turns
         FROM games g
        WHERE g.status IN ('active', 'finished')
          AND (g.id = ANY($1::uuid[])
               OR (g.turn_started_at >= $3 AND EXISTS (SELECT 1 FROM seats p WHERE p.game_id = g.id AND p.player_id = ANY($2::uuid[]))))`,
      [gameIds, playerIds, since],
    );
    return rows;
  }

  /** Active games with a seat a server-side bot must play (bots and resigned seats), for the bot driver. */
  async gamesWithBotTurns(): Promise<string[]> {
    const rows = await this.db.$queryRaw<{ id: string }[]>`
      SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id
       WHERE g.status = 'active' AND s.index = ANY(g.to_move) AND (s.bot_level IS NOT NULL OR s.resigned)`;
    return rows.map((r) => r.id);
  }
}
