/**
 * The statements that append to the move log, and the arguments each takes (see ./move-log.ts for when
 * which one runs). Each has one fixed shape, so it is prepared once per connection (./prepared.ts).
 */
import { outboxArguments, type OutboxEvents } from './outbox.js';
import { clockRows } from './seat-clocks.js';
import type { SeatClockUpdate } from './seat-clocks.js';
import type { MoveKind } from './game-rows.js';

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

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * The append: one call of `portolan_append` (prisma/migrations/20261202000000_append_function), one
 * round trip and one transaction. The function runs only the parts a move needs (clocks, resignation,
 * snapshot, idempotency record, outbox), so the statement sent has one fixed shape whatever the move
 * writes, and is prepared once per connection (./prepared.ts).
 */
export const APPEND = `SELECT seq, created_at, deliveries
  FROM portolan_append($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)`;

/**
 * Several moves that need `portolan_append` (a watched game, a clock, a snapshot...) in one statement and
 * one transaction (group commit), one call per move in the order given, which is by game id (so two
 * groups lock their games in one order and cannot deadlock); one row per move, its seq null when stale.
 * Array-valued arguments travel as array literals (text), one per move.
 */
export const FULL_GROUP_APPEND = `
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
export function columns(rows: readonly unknown[][], arrayPositions: ReadonlySet<number>): unknown[] {
  return rows[0]!.map((_, column) => rows.map((args) => (arrayPositions.has(column) ? arrayLiteral(args[column] as unknown[]) : args[column])));
}

/** appendArguments' array-valued positions (to_move, events, ordinals, turn seats). */
export const APPEND_ARRAYS = new Set([7, 11, 12, 13]);

export type FullRow = { seq: number; created_at: Date; deliveries: number };

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
export const PLAIN_APPEND = `
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
export const GROUP_APPEND = `
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
export type PlainOutcome = { readonly seq: number; readonly createdAt: Date } | 'stale' | 'watched';

export type PlainRow = { seq: number | null; created_at: Date | null; watched: boolean };

export const plainOutcome = (row: PlainRow): PlainOutcome =>
  row.seq !== null && row.created_at !== null ? { seq: row.seq, createdAt: row.created_at } : row.watched ? 'watched' : 'stale';

export const isPlain = (input: AppendInput): boolean =>
  input.kind === 'move' && input.snapshot === undefined && input.idempotency === undefined && (input.clocks ?? []).length === 0;

export const plainArguments = (input: AppendInput): unknown[] => [
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
export const PLAIN_ARRAYS = new Set([6]);

/** Games a plain append found watched, which go straight to `portolan_append` (the oldest are forgotten). */
export const WATCHED_REMEMBERED = 10_000;

export function appendArguments(input: AppendInput): unknown[] {
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
