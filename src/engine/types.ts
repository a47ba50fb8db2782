/**
 * The engine contract: what every hosted game exports, and all the service ever knows of a game.
 *
 *   state(game) = fold(apply, setup({seats, options, seed}), log)
 *
 * Rules for implementers (docs/architecture.md, "The engine contract"):
 * - Pure and deterministic: no I/O, no global random source, no clock, no logging. Chance comes from the seeded
 *   PRNG in `./random.ts`, whose state lives inside the game state, so a replay draws the same cards.
 * - State is plain JSON (objects, arrays, strings, finite numbers, booleans, null): no Map, Set, class
 *   instances, undefined-valued keys or functions. The service stores it as a snapshot and compares
 *   replays with it, so `JSON.parse(JSON.stringify(state))` must equal `state`.
 * - `apply` never throws on bad input and never mutates its argument: an unknown or malformed move,
 *   a move out of turn, an illegal move all come back as `{ ok: false, error }` with a stable code.
 * - Forced steps (a single legal choice the rules make automatic) are played inside `apply`.
 */
import type { TSchema } from 'typebox';

/** A seat is the 0-based index of a player in the game's seating order. */
export type Seat = number;

/** Who looks at the game: a seat, or `null` for a spectator (or a player not seated in this game). */
export type Viewer = Seat | null;

/**
 * Stable error codes shared by every engine. A game may return its own codes too (e.g.
 * `INSUFFICIENT_FUNDS`); they must be SCREAMING_SNAKE_CASE and never change once published.
 */
export const COMMON_ERROR_CODES = [
  'NOT_YOUR_TURN',
  'ILLEGAL_MOVE',
  'INVALID_MOVE',
  'GAME_OVER',
  'INVALID_OPTIONS',
  'INVALID_SEAT_COUNT',
] as const;
export type CommonErrorCode = (typeof COMMON_ERROR_CODES)[number];

export interface RuleError {
  readonly code: CommonErrorCode | (string & {});
  readonly message: string;
}

/**
 * One line of a readable game log, for frontends. `type` is a stable machine key ("role.chosen"),
 * `text` an English sentence in game terms that writes a seat as the placeholder `{seat:N}` (`seatRef` in
 * ./log-text.ts; the service serves it with the seat holder's name), and the remaining fields the
 * structured facts. A log entry must not reveal secrets: it is shown to every
 * viewer unless `visibleTo` restricts it (then only those seats, and nobody else, see it).
 */
export interface LogEntry {
  readonly type: string;
  readonly text: string;
  readonly seat?: Seat;
  readonly visibleTo?: readonly Seat[];
  /**
   * Seats that do not see this (public) entry because an entry only they see tells them the same in
   * full ("Ana drew 3 cards." is hidden from Ana, who reads "Ana drew 1 ruby, 1 cloth, 1 wine.").
   */
  readonly hiddenFrom?: readonly Seat[];
  readonly [fact: string]: unknown;
}

/**
 * A family of moves, described instead of listed (src/engine/families.ts expands, samples and checks
 * membership). Its members are every assignment of the free `fields` from their domains that meets all
 * `constraints`, merged into `{ type, ...fixed }`; a field key is a dotted path into the move
 * (`plantations.corn` builds `{ plantations: { corn: n } }`), and an integer field of value 0 may be omitted.
 */
export interface MoveFamily {
  /** The move type every member has. */
  readonly type: string;
  /** One English sentence for people. */
  readonly description: string;
  /** Fields every member has as given (besides `type`). */
  readonly fixed: Readonly<Record<string, unknown>>;
  /** The free fields, by dotted path, each with its domain. */
  readonly fields: Readonly<Record<string, FamilyDomain>>;
  readonly constraints?: readonly FamilyConstraint[];
}

export type FamilyDomain =
  /** Any one of these values. */
  | { readonly oneOf: readonly unknown[] }
  /** Any integer in [min, max]. */
  | { readonly integer: { readonly min: number; readonly max: number } }
  /** An array value: the values along a path from a root to a node marked `end` (a route, a sequence of dependent picks). */
  | { readonly tree: readonly ChoiceNode[] }
  /** An array value whose order does not matter: a multiset of `items`. */
  | { readonly bag: FamilyBag };

export interface ChoiceNode {
  readonly value: unknown;
  readonly end?: boolean;
  readonly next?: readonly ChoiceNode[];
}

export interface FamilyBag {
  /** The distinct elements that may be picked. */
  readonly items: readonly unknown[];
  /** Total picks, repetitions counted. */
  readonly size: { readonly min: number; readonly max: number };
  /** The picks of these item indices add up to at most `max`. */
  readonly limits?: readonly { readonly items: readonly number[]; readonly max: number }[];
  /** The picks of these item indices add up to at least `min`. */
  readonly atLeast?: readonly { readonly items: readonly number[]; readonly min: number }[];
  /**
   * Absent: the value lists the picked items, repeated (`[0, 0, 4]`). Set (e.g. `count`): items are objects
   * and the value lists each picked item once as `{ ...item, [countKey]: n }`; `{ ...x, count: 1 }` twice
   * is the same as `{ ...x, count: 2 }`.
   */
  readonly countKey?: string;
}

/** The weighted sum (weight 1 unless given; weights are never negative) of integer fields is bounded. */
export interface FamilyConstraint {
  readonly sum: readonly string[];
  readonly weights?: Readonly<Record<string, number>>;
  readonly equals?: number;
  readonly min?: number;
  readonly max?: number;
}

export type ApplyResult<S> =
  | { readonly ok: true; readonly state: S; readonly log: readonly LogEntry[] }
  | { readonly ok: false; readonly error: RuleError };

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: RuleError };

export interface Outcome {
  /** Final score per seat, indexed by seat. */
  readonly scores: readonly number[];
  /** Per seat, the score by category (e.g. `{ shipping: 20, buildings: 18, bonus: 6 }`). */
  readonly breakdown: readonly Readonly<Record<string, number>>[];
  /**
   * Seats from first place down, grouped: seats in one group share that place after the game's own
   * tie-breaks (e.g. `[[2], [0, 3], [1]]`). Every seat appears exactly once.
   */
  readonly ranking: readonly (readonly Seat[])[];
  /** Seats that won (the first ranking group), or an empty list when nobody wins (solo loss). */
  readonly winners: readonly Seat[];
}

export interface SetupInput<O> {
  /** Number of seats (already checked against `players` and `validateOptions`). */
  readonly seats: number;
  readonly options: O;
  /** The game's secret seed: any non-empty string; feed it to `createRng`. */
  readonly seed: string;
  /**
   * The engine version the game began with (the service passes the stored one when it replays an old
   * game); absent = the definition's current `engineVersion`. An engine keeps it in its state to branch on.
   */
  readonly engineVersion?: number;
}

export interface BotInput {
  /** A difficulty level from the definition's `bot.levels`. */
  readonly level: string;
  /** A seed for the bot's own choices, so a bot's move is reproducible. */
  readonly seed: string;
  /** Search levels only: iterations instead of the level's own budget (tests and benchmarks). */
  readonly iterations?: number;
}

export interface Bot<S, M> {
  /** Levels this bot plays at, weakest first (e.g. `['random', 'greedy']`). */
  readonly levels: readonly string[];
  /**
   * The level that plays for a resigned or timed-out seat; absent: the last (strongest) level. A game
   * whose strongest level searches for a while names a quicker one here.
   */
  readonly standIn?: string;
  /**
   * A legal move for `seat` in `state` (the full state: a bot runs server-side, but a good bot only
   * uses what `seat` may know). Called only when `seat` is in `toMove(state)`.
   */
  choose(state: S, seat: Seat, input: BotInput): M;
}

/**
 * Everything a hosted game exports. `S` is its state, `M` its move, `O` its options.
 * The service never looks inside `S` or `M`: it stores moves, replays them, and serves `view`s.
 */
export interface GameDefinition<S = unknown, M = unknown, O = unknown> {
  /** kebab-case, stable forever: it is stored with every game (`puerto-rico`). */
  readonly id: string;
  readonly title: string;
  readonly players: { readonly min: number; readonly max: number };
  /**
   * Bumped when a rules change would alter old games' replays. Each game records the version it began
   * with; the engine keeps the older behaviour reachable (branching on a version kept in its state)
   * or the service refuses to load a game whose version it no longer knows.
   */
  readonly engineVersion: number;

  /** JSON Schema (TypeBox) of the options object; defaults fill omitted fields. */
  readonly optionsSchema: TSchema;
  /** JSON Schema (TypeBox) of one move: a discriminated union on `type`. */
  readonly moveSchema: TSchema;
  /**
   * JSON Schema of the object `view` returns: complete and closed (`additionalProperties: false`), with its
   * `$schema` dialect; the property tests validate every view they make against it. A version-like field
   * of the view is `rulesVersion`: `version` means the game's move count everywhere.
   */
  readonly viewSchema: TSchema;

  /**
   * Checks what a schema cannot: combinations of options and the seat count (a 2-player-only variant
   * with 4 seats, a solo map rule...). Returns the options with defaults filled in.
   */
  validateOptions(options: unknown, seats: number): Result<O>;

  setup(input: SetupInput<O>): S;

  /**
   * Optional: the log of `setup` itself, for what happens before the first move (Voyages rolls round 1's
   * dice at setup). Deterministic, like setup: the service serves it as the history's version-0 entry.
   */
  setupLog?(input: SetupInput<O>): readonly LogEntry[];

  /** Seats that may act now: one for turn-based phases, several for simultaneous ones, none when over. */
  toMove(state: S): readonly Seat[];

  /**
   * The moves `seat` may make now. Every listed move must be accepted by `apply`. Where the space is
   * huge, a listed move may stand for a family (documented on the move type) that `apply` validates.
   */
  legalMoves(state: S, seat: Seat): readonly M[];

  /**
   * The compact, exact form of move spaces too large to list (mayor arrangements, payments, routes),
   * only where a game needs it. The moves `apply` accepts are exactly `legalMoves` plus the members of
   * these families (up to the normalization the game documents: defaults, a count of 0 as an absent key,
   * order inside set-like arrays). Absent: `legalMoves` alone is the full set. See `MoveFamily`.
   */
  moveFamilies?(state: S, seat: Seat): readonly MoveFamily[];

  apply(state: S, seat: Seat, move: M): ApplyResult<S>;

  /** What `viewer` may see of `state`: secrets of others, deck order and the PRNG state removed. */
  view(state: S, viewer: Viewer): unknown;

  /**
   * How `move`, made by `seat` in `stateBefore`, shows in `viewer`'s history: the move itself when it
   * was public, or a redacted form (`{ type: 'chooseActionCard', hidden: true }`).
   */
  redactMove(stateBefore: S, seat: Seat, move: M, viewer: Viewer): unknown;

  /**
   * Optional: the part of the state that no viewer sees at all, besides the PRNG state (kept in a top-level
   * `rng` field by every engine): a face-down stack's order, face-down tokens. Taking a move back is
   * allowed only when it left this (and `rng`) unchanged, so no secret came to light (src/service/undo-rule.ts).
   * Secrets some seat sees (hands) need no entry here: that rule compares the viewers' views.
   */
  secrets?(state: S): unknown;

  /** `null` while the game runs; the result once it is over. */
  outcome(state: S): Outcome | null;

  readonly bot: Bot<S, M>;
}

/** A definition with its type parameters erased, as the registry and the service hold it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameDefinition = GameDefinition<any, any, any>;
