/**
 * The use cases: create, join, start, move, resign, abort, and every read. REST and GraphQL both call
 * this class and hold no logic of their own; the rules are the engines'.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AnyGameDefinition, LogEntry, Seat, Viewer } from '../engine/types.js';
import type { GameRegistry } from '../games/registry.js';
import type { EventStore, GameRow, GameStatus, MoveRow } from '../store/event-store.js';
import { ServiceError, notFound } from './errors.js';
import type { CommitListener, GameEvents } from './game-events.js';

export type { CommitListener } from './game-events.js';
import { LruCache, applyStored, chooseBotMove, initialState, stateAt, type LiveState } from './game-state.js';
import { foldRows, UndoOutOfReach, type Folded } from './undo-fold.js';
import { checkUndo, undoLog, undoPayload, type UndoCheck } from './undo.js';
import type { Player } from './players.js';
import { validatorFor, type MoveValidator } from './move-validation.js';
import { summarize } from './game-summary.js';
import { resignationOutcome, withResignations } from './outcomes.js';
import { adjudicationLog, adjudicationOutcome, checkAdjudication } from './adjudication.js';
import { clampLimit, decodeKeyset, encodeKeyset, isUuid, pageOf } from './pagination.js';
import { assertActive, holdsSeat, mySeats, turnsStarting, viewerSeat } from './seats.js';
import { seatRef } from '../engine/log-text.js';
import { assertMoveAllowed } from './bot-games.js';
import { servedLog } from './log-text.js';
import { clockUpdates, readClock, systemClock, type Clock } from '../store/clock.js';
import { parseClockOptions } from './clock-options.js';
import { LOST_RACE, retryLostRaces } from './conflict-retry.js';
import { standInLevel } from './bot-levels.js';
import type { Caller, CreateGame, GameSummary, MoveRecord, MoveResult, Page, ServiceOptions, SubmitMove } from './types.js';

export type * from './types.js';

/** What one version looks like to a caller: the view after it and, for a move, the move as its history shows it. */
export interface EventView {
  readonly version: number;
  readonly seat: number | null;
  readonly view: unknown;
  readonly move: MoveRecord | null;
}

/** A player's move request settled: its game type ('unknown' for a game never loaded), refusal code or null, duration. */
export type MoveObserver = (gameType: string, refusal: string | null, seconds: number) => void;

/** Refuses (throws) a join or a bot for a seat that is kept for someone else. */
export type JoinGuard = (gameId: string, playerId: string | null, seat: number) => Promise<void>;

const DEFAULT_IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const HISTORY_MAX = 200;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export class GameService {
  private readonly cache: LruCache<LiveState>;
  /**
   * Rows of active untimed games, as of their cached state, so a move costs one round trip (the append)
   * instead of two. Such a row changes only through appends; one made by another instance bumps the
   * version, which the append's check catches, and the retry then reads the row afresh. A refusal judged
   * on a cached row is judged again on a fresh one (see playerMove), and other instances' commits evict
   * the rows they made stale.
   */
  private readonly rows: LruCache<GameRow>;
  private readonly validators = new Map<string, MoveValidator>();
  private readonly clock: Clock;
  /** Recent states by `gameId:version`, so notifications about a fresh move rebuild nothing. */
  private readonly recent = new LruCache<LiveState>(256);
  /** Game types by id, as last loaded: labels for the move metrics, even for a refused move. */
  private readonly types = new LruCache<string>(10_000);
  private moveObserver: MoveObserver | null = null;
  /** Asked before a seat is taken by a join or a bot (challenges reserve seats: src/service/challenges.ts). */
  private joinGuard: JoinGuard | null = null;
  /** Told when a seated player reads the current state (since your last visit: src/service/visits.ts). */
  private viewObserver: ((playerId: string, gameId: string, version: number) => void) | null = null;

  constructor(
    private readonly store: EventStore,
    readonly registry: GameRegistry,
    private readonly events: GameEvents,
    private readonly options: ServiceOptions,
  ) {
    this.cache = new LruCache<LiveState>(options.cacheSize);
    this.rows = new LruCache<GameRow>(options.cacheSize);
    this.clock = options.clock ?? systemClock;
    for (const game of registry.values()) this.validators.set(game.id, validatorFor(game));
    // Another instance moved a game on: its cached row is stale (the cached state is caught up from the log).
    events.onRemoteCommit((commit) => {
      const row = this.rows.get(commit.gameId);
      if (row && row.version < commit.seq) this.rows.delete(commit.gameId);
    });
  }

  /** Told of every player's move request (the metrics: latency, refusals by code). */
  observeMoves(observer: MoveObserver): void {
    this.moveObserver = observer;
  }

  observeViews(observer: (playerId: string, gameId: string, version: number) => void): void {
    this.viewObserver = observer;
  }

  guardJoins(guard: JoinGuard): void {
    this.joinGuard = guard;
  }

  /** Every commit of this instance (the one bus for commit news is GameEvents; this is its door here). */
  onCommitted(listener: CommitListener): void {
    this.events.onCommitted(listener);
  }

  /**
   * After the commit feed was lost for a while: fans out the commits this instance's listeners may have
   * missed (the fan-out drops those it had seen).
   */
  async catchUp(since: Date): Promise<void> {
    const watched = this.events.watched();
    const commits = await this.store.commitsSince(watched.games.filter(isUuid), watched.players.filter(isUuid), since);
    for (const commit of commits) this.events.receive(commit);
  }

  /** Forgets every cached state (tests use it to prove the log alone rebuilds them). */
  clearCache(): void {
    this.cache.clear();
    this.rows.clear();
  }

  engine(type: string): AnyGameDefinition {
    const engine = this.registry.get(type);
    if (!engine) throw new ServiceError('UNKNOWN_GAME_TYPE', `no game type ${type}; see /v1/game-types`);
    return engine;
  }

  // ---- lifecycle -------------------------------------------------------------------------------

  async createGame(caller: Caller, input: CreateGame): Promise<GameSummary> {
    const player = requirePlayer(caller);
    const engine = this.engine(input.type);
    const { min, max } = engine.players;
    if (!Number.isInteger(input.seats) || input.seats < min || input.seats > max) {
      throw new ServiceError('INVALID_SEAT_COUNT', `${engine.title} takes ${min} to ${max} players, not ${input.seats}`);
    }
    const options = engine.validateOptions(input.options ?? {}, input.seats);
    if (!options.ok) throw new ServiceError(options.error.code, options.error.message, 400);
    const clock = parseClockOptions(input.clock);
    const seats = Array.from({ length: input.seats }, (_, index) => ({ index, playerId: null as string | null, botLevel: null as string | null }));
    for (const bot of input.bots ?? []) {
      const seat = seats[bot.seat];
      if (!seat || seat.botLevel) throw new ServiceError('BAD_REQUEST', `no free seat ${bot.seat} for a bot`);
      if (!engine.bot.levels.includes(bot.level)) {
        throw new ServiceError('BAD_REQUEST', `bot level ${bot.level} unknown; levels: ${engine.bot.levels.join(', ')}`);
      }
      seat.botLevel = bot.level;
    }
    if (input.join ?? true) {
      const seat = seats[input.seat ?? seats.findIndex((s) => !s.botLevel)];
      if (!seat || seat.botLevel) throw new ServiceError('SEAT_TAKEN', 'that seat is not free');
      seat.playerId = player.id;
    }
    const seed = randomBytes(32).toString('hex');
    const game = await this.store.createGame({
      id: randomUUID(),
      type: engine.id,
      engineVersion: engine.engineVersion,
      options: options.value,
      seatCount: input.seats,
      seed,
      seedCommitment: sha256(seed),
      createdById: player.id,
      seats,
      ...(clock ? { clock, reserveSeconds: clock.reserve } : {}),
    });
    return summarize(game);
  }

  async joinGame(caller: Caller, gameId: string, seat?: number): Promise<GameSummary> {
    const player = requirePlayer(caller);
    const game = await this.requireGame(gameId);
    if (game.status !== 'waiting') throw new ServiceError('GAME_ALREADY_STARTED', 'the game has already started');
    const free = game.seats.filter((s) => !s.playerId && !s.botLevel).map((s) => s.index);
    const wanted = seat ?? free[0];
    if (wanted === undefined) throw new ServiceError('GAME_FULL', 'every seat is taken');
    await this.joinGuard?.(gameId, player.id, wanted);
    if (!(await this.store.claimSeat(gameId, wanted, { playerId: player.id, botLevel: null }))) {
      throw new ServiceError('SEAT_TAKEN', `seat ${wanted} is not free`);
    }
    return this.seated(gameId);
  }

  /** Puts a server-side bot in an empty seat before the start (the creator only). */
  async addBot(caller: Caller, gameId: string, seat: number, level: string): Promise<GameSummary> {
    const game = await this.requireCreator(caller, gameId);
    const engine = this.engine(game.type);
    if (!engine.bot.levels.includes(level)) throw new ServiceError('BAD_REQUEST', `bot levels: ${engine.bot.levels.join(', ')}`);
    await this.joinGuard?.(gameId, null, seat);
    if (!(await this.store.claimSeat(gameId, seat, { playerId: null, botLevel: level }))) {
      throw new ServiceError('SEAT_TAKEN', `seat ${seat} is not free (or the game has started)`);
    }
    return this.seated(gameId);
  }

  async startGame(caller: Caller, gameId: string): Promise<GameSummary> {
    const game = await this.requireCreator(caller, gameId);
    if (game.status !== 'waiting') throw new ServiceError('GAME_ALREADY_STARTED', 'the game has already started');
    const empty = game.seats.filter((s) => !s.playerId && !s.botLevel).map((s) => s.index);
    if (empty.length > 0) throw new ServiceError('SEATS_NOT_FILLED', `seats ${empty.join(', ')} are empty`);
    await this.options.botGames?.assertCanStart(game); // caps on games only bots play (src/service/bot-games.ts)
    const engine = this.engine(game.type);
    const state = initialState(engine, game);
    const toMove = engine.toMove(state);
    const now = this.clock.now();
    const clock = readClock(game.clock);
    const clocks = clock ? clockUpdates({ clock, seats: game.seats, actor: null, resigning: false, toMove, version: 0, now }) : [];
    const written = await this.store.start(gameId, toMove, now, { game: ['game.started'], turnSeats: toMove }, clocks);
    if (!written) throw new ServiceError('GAME_ALREADY_STARTED', 'the game has already started');
    this.cache.set(gameId, { version: 0, state });
    this.recent.set(`${gameId}:0`, { version: 0, state });
    const started = await this.requireGame(gameId);
    this.committed(started, written.deliveries);
    return summarize(started);
  }

  async abortGame(caller: Caller, gameId: string): Promise<GameSummary> {
    await this.requireCreator(caller, gameId);
    if (!(await this.store.abort(gameId))) {
      throw new ServiceError('GAME_ALREADY_STARTED', 'only a game that has not started can be aborted');
    }
    return this.seated(gameId);
  }

  // ---- moves -----------------------------------------------------------------------------------

  async submitMove(caller: Caller, gameId: string, input: SubmitMove): Promise<MoveResult> {
    const observer = this.moveObserver;
    if (!observer) return this.submitMoveUnobserved(caller, gameId, input);
    const started = performance.now();
    let refusal: string | null = null;
    try {
      return await this.submitMoveUnobserved(caller, gameId, input);
    } catch (error) {
      refusal = error instanceof ServiceError ? error.code : 'INTERNAL';
      throw error;
    } finally {
      observer(this.types.get(gameId) ?? 'unknown', refusal, (performance.now() - started) / 1000);
    }
  }

  private async submitMoveUnobserved(caller: Caller, gameId: string, input: SubmitMove): Promise<MoveResult> {
    const player = requirePlayer(caller);
    if (input.idempotencyKey === undefined) return this.playerMove(player, gameId, input);
    const requestHash = sha256(JSON.stringify([gameId, input.move, input.seat ?? null, input.expectedVersion ?? null]));
    const earlier = await this.findIdempotent(player.id, input.idempotencyKey);
    if (earlier) return replayIdempotent(earlier, requestHash);
    try {
      return await this.playerMove(player, gameId, input, requestHash);
    } catch (error) {
      // A concurrent request with the same key may have committed first (so this one lost the race, or
      // found the turn gone): the first answer is the answer.
      const raced = error instanceof ServiceError && (await this.findIdempotent(player.id, input.idempotencyKey));
      if (raced) return replayIdempotent(raced, requestHash);
      throw error;
    }
  }

  /** A key's first answer, while the key lives (IDEMPOTENCY_TTL_HOURS). */
  private findIdempotent(playerId: string, key: string) {
    const ttlMs = this.options.idempotencyTtlMs ?? DEFAULT_IDEMPOTENCY_TTL_MS;
    return this.store.findIdempotent(playerId, key, ttlMs);
  }

  private async playerMove(player: Player, gameId: string, input: SubmitMove, requestHash?: string): Promise<MoveResult> {
    const cached = this.rows.get(gameId);
    if (cached) {
      this.types.set(gameId, cached.type);
      try {
        return await this.playerMoveOn(cached, player, input, requestHash, true);
      } catch (error) {
        // A refusal judged on a cached row and state, which another instance may have left behind: the
        // answer must be the one the database's current version gives, so judge once more from it.
        if (!(error instanceof ServiceError) || error.code === 'INVALID_MOVE' || error.code === 'IDEMPOTENCY_RACE') throw error;
        this.rows.delete(gameId);
      }
    }
    return this.playerMoveOn(await this.requireGame(gameId), player, input, requestHash, false);
  }

  private async playerMoveOn(game: GameRow, player: Player, input: SubmitMove, requestHash: string | undefined, fromCache: boolean): Promise<MoveResult> {
    const engine = this.engine(game.type);
    const validator = this.validators.get(engine.id);
    const invalid = validator?.(input.move);
    if (invalid) throw new ServiceError('INVALID_MOVE', invalid);
    const seat = this.actingSeat(player, game, input.seat);
    const idempotency = requestHash && input.idempotencyKey ? { playerId: player.id, key: input.idempotencyKey, requestHash } : undefined;
    return this.commitMove(game, engine, seat, player.id, input.move, input.expectedVersion, idempotency, fromCache);
  }

  /** Applies and appends one move; without an expected version, a lost race is retried on the new state. */
  private async commitMove(
    game: GameRow,
    engine: AnyGameDefinition,
    seat: Seat,
    playerId: string | null,
    move: unknown,
    expectedVersion: number | undefined,
    idempotency?: { playerId: string; key: string; requestHash: string },
    fromCache = false,
  ): Promise<MoveResult> {
    let current = game;
    let cachedRow = fromCache;
    let reread = false;
    return retryLostRaces(async () => {
      if (reread) current = await this.requireGame(current.id);
      reread = true;
      assertActive(current);
      // Checked again on every attempt: a retry reads a newer row, where the seat may have been resigned.
      if (playerId !== null && !holdsSeat(playerId, current, seat)) throw new ServiceError('NOT_YOUR_SEAT', `seat ${seat} is not yours`);
      const live = await this.live(current, engine);
      if (expectedVersion !== undefined && expectedVersion !== live.version) {
        if (cachedRow) {
          // Another instance may have moved the game on: judge against the database, not our cache.
          cachedRow = false;
          return LOST_RACE;
        }
        throw new ServiceError('STALE_VERSION', `the game is at version ${live.version}, not ${expectedVersion}`);
      }
      assertMoveAllowed(live.version, this.options.maxMovesPerGame);
      const applied = engine.apply(live.state, seat, move);
      if (!applied.ok) throw new ServiceError(applied.error.code, applied.error.message);
      const engineOutcome = engine.outcome(applied.state);
      const outcome = engineOutcome ? withResignations(engineOutcome, current) : null;
      const toMove = outcome ? [] : engine.toMove(applied.state);
      const version = live.version + 1;
      const now = this.clock.now();
      const result: MoveResult = {
        gameId: current.id,
        seq: version,
        version,
        seat,
        status: outcome ? 'finished' : 'active',
        toMove,
        log: servedLog(applied.log, seat, current),
        outcome,
      };
      const appended = await this.store.append({
        gameId: current.id,
        expectedVersion: live.version,
        seat,
        kind: 'move',
        payload: move,
        log: applied.log,
        playerId,
        toMove,
        finished: outcome !== null,
        outcome,
        now,
        turnStarted: turnsStarting(current, seat, toMove, false),
        clocks: this.clockChanges(current, seat, false, toMove, version, now),
        ...(version % this.options.snapshotEvery === 0 ? { snapshot: applied.state } : {}),
        ...(idempotency ? { idempotency: { ...idempotency, status: 200, response: result } } : {}),
      });
      if (appended.ok) {
        this.cache.set(current.id, { version, state: applied.state });
        this.recent.set(`${current.id}:${live.version}`, live);
        this.recent.set(`${current.id}:${version}`, { version, state: applied.state });
        const row: GameRow = { ...current, version, toMove, status: result.status, outcome, turnStartedAt: now };
        if (row.status === 'active' && row.clock === null) this.rows.set(row.id, row);
        else this.rows.delete(row.id);
        this.committed(row, appended.deliveries);
        return result;
      }
      this.cache.delete(current.id);
      this.rows.delete(current.id);
      cachedRow = false;
      if (appended.reason === 'duplicate-key') throw new ServiceError('IDEMPOTENCY_RACE', 'a request with this key is in flight', 409);
      if (expectedVersion !== undefined) {
        throw new ServiceError('STALE_VERSION', `another move was accepted first; the game is past version ${expectedVersion}`);
      }
      return LOST_RACE;
    });
  }

  /**
   * A resignation is logged like a move (kind `resign`): with one seat left standing the game ends
   * and that seat wins; otherwise the game goes on and the game's bot plays the resigned seat, which
   * ranks last whatever its score.
   */
  async resign(caller: Caller, gameId: string, seatArg?: number): Promise<MoveResult> {
    const player = requirePlayer(caller);
    return this.resignSeat(gameId, player.id, (game) => {
      const seat = mySeats(player, game).find((s) => seatArg === undefined || s === seatArg);
      if (seat === undefined) throw new ServiceError('NOT_YOUR_SEAT', 'you hold no such seat in this game');
      return seat;
    });
  }

  /** Resigns the seat `pick` chooses on the latest state (null: nothing to do), retrying lost races. */
  private async resignSeat(gameId: string, playerId: string | null, pick: (game: GameRow) => Seat | null, text = 'resigned'): Promise<MoveResult> {
    this.rows.delete(gameId); // the seat's resigned flag changes
    return retryLostRaces(async () => {
      const game = await this.requireGame(gameId);
      assertActive(game);
      const seat = pick(game);
      if (seat === null) throw new ServiceError('STALE_VERSION', 'nothing to resign any more');
      const engine = this.engine(game.type);
      const live = await this.live(game, engine);
      const resigned = new Set([...game.seats.filter((s) => s.resigned).map((s) => s.index), seat]);
      const standing = game.seats.filter((s) => !resigned.has(s.index)).map((s) => s.index);
      const outcome = standing.length <= 1 ? resignationOutcome(game, standing, resigned) : null;
      const toMove = outcome ? [] : engine.toMove(live.state);
      const log: LogEntry[] = [{ type: 'seat.resigned', seat, text: `${seatRef(seat)} ${text}.` }];
      const version = live.version + 1;
      const now = this.clock.now();
      const appended = await this.store.append({
        gameId, expectedVersion: live.version, seat, kind: 'resign', payload: { type: 'resign' }, log,
        playerId, toMove, finished: outcome !== null, outcome,
        now, turnStarted: turnsStarting(game, seat, toMove, true), clocks: this.clockChanges(game, seat, true, toMove, version, now),
      });
      if (appended.ok) {
        this.cache.set(gameId, { version, state: live.state });
        const updated = await this.requireGame(gameId);
        this.committed(updated, appended.deliveries);
        return { gameId, seq: version, version, seat, status: updated.status, toMove, log: servedLog(log, seat, updated), outcome };
      }
      this.cache.delete(gameId);
      return LOST_RACE;
    });
  }

  /** Takes back the caller's latest move, as an `undo` log entry, when ./undo.ts allows it. */
  async undo(caller: Caller, gameId: string, input: { seat?: number | undefined; expectedVersion?: number | undefined } = {}): Promise<MoveResult> {
    const player = requirePlayer(caller);
    const game = await this.requireGame(gameId);
    assertActive(game);
    if (input.expectedVersion !== undefined && input.expectedVersion !== game.version) {
      throw new ServiceError('STALE_VERSION', `the game is at version ${game.version}, not ${input.expectedVersion}`);
    }
    const engine = this.engine(game.type);
    const check = await this.undoCheck(player, game, engine, input.seat);
    if (!check.ok) throw new ServiceError(check.code, check.message);
    const { last, before } = check;
    const toMove = engine.toMove(before);
    const version = game.version + 1;
    const now = this.clock.now();
    const log = undoLog(last.seat);
    const appended = await this.store.append({
      gameId, expectedVersion: game.version, seat: last.seat, kind: 'undo', payload: undoPayload(last.seq), log,
      playerId: player.id, toMove, finished: false, outcome: null, now,
      turnStarted: turnsStarting(game, last.seat, toMove, false), clocks: this.clockChanges(game, last.seat, false, toMove, version, now),
      ...(version % this.options.snapshotEvery === 0 ? { snapshot: before } : {}),
    });
    this.rows.delete(gameId);
    if (!appended.ok) throw new ServiceError('STALE_VERSION', 'another entry was logged first; nothing was taken back');
    this.cache.set(gameId, { version, state: before });
    this.recent.set(`${gameId}:${version}`, { version, state: before });
    const updated = await this.requireGame(gameId);
    this.committed(updated, appended.deliveries);
    return { gameId, seq: version, version, seat: last.seat, status: updated.status, toMove, log: servedLog(log, last.seat, updated), outcome: null };
  }

  /** Whether `player` may take back the game's latest entry now (./undo.ts). */
  private async undoCheck(player: Player, game: GameRow, engine: AnyGameDefinition, seat: Seat | undefined): Promise<UndoCheck> {
    const [last] = game.version > 0 ? await this.store.moves(game.id, game.version - 1, 1) : [];
    const live = await this.live(game, engine);
    return checkUndo(engine, game, player, seat, last ?? null, live.state, async (seq) =>
      this.recent.get(`${game.id}:${seq - 1}`)?.state ?? stateAt(this.store, engine, game, seq - 1));
  }

  // ---- the operator's (src/service/admin.ts) ------------------------------------------------------

  /** Tells the game's listeners of a seating change the operator made (src/service/ban-waiting.ts). */
  announceSeating(gameId: string): Promise<GameSummary> {
    return this.seated(gameId);
  }

  /** Resigns a seat for the operator (a banned player's): the game's bot plays it from now on. */
  resignForOperator(gameId: string, seat: Seat, text: string): Promise<MoveResult> {
    return this.resignSeat(gameId, null, (game) => (game.seats[seat]?.resigned ? null : seat), text);
  }

  /** Aborts a game whatever its state but finished (moves already refused by the append's status check). */
  async abortForOperator(gameId: string): Promise<GameSummary> {
    const game = await this.requireGame(gameId);
    if (game.status === 'finished' || game.status === 'aborted') throw new ServiceError('GAME_OVER', `the game is already ${game.status}`);
    if (!(await this.store.abortAny(gameId))) throw new ServiceError('STALE_VERSION', 'the game ended meanwhile');
    this.rows.delete(gameId);
    this.cache.delete(gameId);
    return summarize(await this.requireGame(gameId));
  }

  /**
   * Ends an active game with the operator's result, logged as an `adjudicate` entry whose payload is the
   * result (so replays and records reach it from the log alone). Seat 0 carries it: no player made it.
   */
  async adjudicate(gameId: string, result: { ranking: readonly (readonly number[])[]; scores?: readonly number[] | undefined }): Promise<MoveResult> {
    this.rows.delete(gameId);
    return retryLostRaces(async () => {
      const game = await this.requireGame(gameId);
      assertActive(game);
      const checked = checkAdjudication({ type: 'adjudicate', ...result }, game.seatCount);
      if (!checked.ok) throw new ServiceError('INVALID_ADJUDICATION', checked.message);
      const outcome = adjudicationOutcome(checked.payload, game.seats);
      const log = adjudicationLog(checked.payload);
      const version = game.version + 1;
      const now = this.clock.now();
      const appended = await this.store.append({
        gameId, expectedVersion: game.version, seat: 0, kind: 'adjudicate', payload: checked.payload, log,
        playerId: null, toMove: [], finished: true, outcome, now, turnStarted: [], clocks: this.clockChanges(game, 0, false, [], version, now),
      });
      if (appended.ok) {
        this.cache.delete(gameId);
        const updated = await this.requireGame(gameId);
        this.committed(updated, appended.deliveries);
        return { gameId, seq: version, version, seat: 0, status: updated.status, toMove: [], log: servedLog(log, null, updated), outcome };
      }
      return LOST_RACE;
    });
  }

  /** One move by a server-side bot (or for a resigned seat); false when nothing was due. */
  async playBotTurn(gameId: string): Promise<boolean> {
    const game = await this.store.getGame(gameId);
    if (!game || game.status !== 'active') return false;
    const engine = this.engine(game.type);
    const live = await this.live(game, engine);
    const botSeat = engine.toMove(live.state).find((seat) => {
      const row = game.seats[seat];
      return row !== undefined && (row.botLevel !== null || row.resigned);
    });
    if (botSeat === undefined) return false;
    const row = game.seats[botSeat];
    const level = row?.botLevel ?? standInLevel(engine);
    const move = await chooseBotMove(this.options.cpu, engine, live.state, botSeat, { level, seed: `${game.id}:${live.version}:${botSeat}` });
    try {
      await this.commitMove(game, engine, botSeat, null, move, live.version);
    } catch (error) {
      // A human's move landed first: the driver looks again at the new state.
      if (error instanceof ServiceError && error.code === 'STALE_VERSION') return true;
      throw error;
    }
    return true;
  }

  /**
   * A seat's turn deadline has passed: the game's policy applies through the ordinary paths, the seat's
   * bot plays the move ('bot') or the seat forfeits ('forfeit', a resignation). Does nothing (false)
   * unless that very turn (`turnVersion`) is still running and its deadline has passed by the clock.
   */
  async timeOut(gameId: string, seat: Seat, turnVersion: number): Promise<boolean> {
    const game = await this.store.getGame(gameId);
    const clock = readClock(game?.clock);
    const row = game?.seats[seat];
    const due = (g: GameRow): boolean => {
      const r = g.seats[seat];
      return g.status === 'active' && r !== undefined && r.turnVersion === turnVersion && r.deadlineAt !== null
        && r.deadlineAt.getTime() <= this.clock.now().getTime() && g.toMove.includes(seat);
    };
    if (!game || !clock || !row || !due(game)) return false;
    const engine = this.engine(game.type);
    try {
      if (clock.onTimeout === 'forfeit') {
        await this.resignSeat(gameId, null, (g) => (due(g) ? seat : null), 'ran out of time and forfeited');
        return true;
      }
      const live = await this.live(game, engine);
      const level = standInLevel(engine);
      const move = await chooseBotMove(this.options.cpu, engine, live.state, seat, { level, seed: `${game.id}:${live.version}:${seat}:timeout` });
      await this.commitMove(game, engine, seat, null, move, live.version);
      return true;
    } catch (error) {
      // The player moved (or the game changed) just before: their move stands, the timeout is void.
      if (error instanceof ServiceError && error.code === 'STALE_VERSION') return false;
      throw error;
    }
  }

  private clockChanges(game: GameRow, actor: Seat, resigning: boolean, toMove: readonly number[], version: number, now: Date) {
    const clock = readClock(game.clock);
    return clock ? clockUpdates({ clock, seats: game.seats, actor, resigning, toMove, version, now }) : [];
  }

  /** Active games where a bot (or a resigned seat) is to move. */
  gamesWithBotTurns(): Promise<string[]> {
    return this.store.gamesWithBotTurns();
  }

  // ---- reads -----------------------------------------------------------------------------------

  async getGame(gameId: string): Promise<GameSummary> {
    return summarize(await this.requireGame(gameId));
  }

  async listGames(filter: { type?: string; status?: GameStatus; playerId?: string; cursor?: string; limit?: number }): Promise<Page<GameSummary>> {
    const limit = clampLimit(filter.limit, 20, 100);
    const rows = await this.store.listGames({
      ...(filter.type ? { type: filter.type } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.playerId ? { playerId: filter.playerId } : {}),
      ...(filter.cursor ? { after: decodeKeyset(filter.cursor) } : {}),
      limit: limit + 1,
    });
    return pageOf(rows, limit, (last) => encodeKeyset(last.createdAt, last.id), summarize);
  }

  /** The caller's active games where it is their turn, longest-waiting first. */
  async myTurn(caller: Caller, page: { cursor?: string | undefined; limit?: number | undefined } = {}): Promise<Page<GameSummary>> {
    const player = requirePlayer(caller);
    const limit = clampLimit(page.limit, 50, 200);
    const rows = await this.store.gamesAwaiting(player.id, limit + 1, page.cursor ? decodeKeyset(page.cursor) : undefined);
    return pageOf(rows, limit, (last) => encodeKeyset(last.turnStartedAt ?? new Date(0), last.id), summarize);
  }

  /** The caller's view of the state now, or after move `atSeq` (always the caller's own view). */
  async view(caller: Caller, gameId: string, atSeq?: number): Promise<{ version: number; seat: number | null; view: unknown }> {
    const game = await this.requireGame(gameId);
    const engine = this.engine(game.type);
    if (game.status === 'waiting' || game.status === 'aborted') throw new ServiceError('GAME_NOT_ACTIVE', 'the game has not started');
    const viewer = viewerSeat(caller, game);
    if (atSeq !== undefined) {
      if (!Number.isInteger(atSeq) || atSeq < 0 || atSeq > game.version) {
        throw new ServiceError('BAD_REQUEST', `seq must be between 0 and ${game.version}`);
      }
      return { version: atSeq, seat: viewer, view: engine.view(await stateAt(this.store, engine, game, atSeq, this.options.cpu), viewer) };
    }
    const live = await this.live(game, engine);
    if (caller && viewer !== null) this.viewObserver?.(caller.id, gameId, live.version);
    return { version: live.version, seat: viewer, view: engine.view(live.state, viewer) };
  }

  /** The caller's concrete legal moves, and the move families (MoveFamily) for spaces too large to list. */
  async legalMoves(caller: Caller, gameId: string, seatArg?: number): Promise<{ version: number; seat: number | null; moves: unknown[]; families: unknown[]; undoable: boolean }> {
    const player = requirePlayer(caller);
    const game = await this.requireGame(gameId);
    const seats = mySeats(player, game);
    const seat = seatArg ?? seats[0] ?? null;
    if (seat === null || !seats.includes(seat)) throw new ServiceError('NOT_YOUR_SEAT', 'you hold no such seat in this game');
    if (game.status !== 'active') return { version: game.version, seat, moves: [], families: [], undoable: false };
    const engine = this.engine(game.type);
    const live = await this.live(game, engine);
    const undoable = (await this.undoCheck(player, game, engine, seat)).ok;
    return { version: live.version, seat, moves: [...engine.legalMoves(live.state, seat)], families: [...(engine.moveFamilies?.(live.state, seat) ?? [])], undoable };
  }

  /**
   * Moves after `afterSeq`, each redacted for the caller, with the log entries the caller may see. Without
   * `afterSeq` the first page starts with the version-0 entry when the engine logs its setup (Voyages'
   * first dice): `{ seq: 0, seat: null, kind: 'start', move: null, log }`.
   */
  async history(caller: Caller, gameId: string, afterSeq?: number, limit?: number): Promise<Page<MoveRecord>> {
    const game = await this.requireGame(gameId);
    const engine = this.engine(game.type);
    const viewer = viewerSeat(caller, game);
    const start = afterSeq === undefined ? startRecord(engine, game, viewer) : null;
    const take = clampLimit(limit, 50, HISTORY_MAX) - (start ? 1 : 0);
    const after = Math.max(0, Math.floor(afterSeq ?? 0));
    const moves = take === 0 ? await this.store.moves(gameId, after, 1) : await this.store.moves(gameId, after, take + 1);
    const page = moves.slice(0, take);
    // An undo first on the page takes back the move before it: the fold needs the state before that move too.
    const before = page[0]?.kind === 'undo' ? await stateAt(this.store, engine, game, after - 1, this.options.cpu) : undefined;
    const items = page.length === 0 ? [] : this.redactPage(engine, game, { state: await stateAt(this.store, engine, game, after, this.options.cpu), before }, page, viewer);
    const more = moves.length > take;
    const cursor = page[page.length - 1]?.seq ?? after;
    return { items: start ? [start, ...items] : items, nextCursor: more ? String(cursor) : null };
  }

  private redactPage(engine: AnyGameDefinition, game: GameRow, start: Folded, moves: readonly MoveRow[], viewer: Viewer): MoveRecord[] {
    let fold = start;
    return moves.map((m, index) => {
      const shown = m.kind === 'move' ? engine.redactMove(fold.state, m.seat, m.payload, viewer) : m.payload;
      if (index < moves.length - 1) fold = foldRows(engine, game.id, fold, [m]);
      return { seq: m.seq, seat: m.seat, kind: m.kind, move: shown, log: servedLog(m.log as LogEntry[], viewer, game), at: m.createdAt.toISOString() };
    });
  }

  /**
   * For a notification about version `seq`: `caller`'s view after it and, when it is a move, the move
   * as `caller`'s history shows it. The same as GET /state?at=seq and the history's record, with one
   * state rebuild at most (none while the version is recent).
   */
  async eventView(caller: Caller, gameId: string, seq: number): Promise<EventView> {
    const [view] = await this.eventViews(caller, gameId, seq, seq);
    if (!view) throw new ServiceError('BAD_REQUEST', `no move ${seq}`);
    return view;
  }

  /**
   * `eventView` for every version from `from` to `to` (a webhook batch): one game read, one read of the
   * moves, one state rebuild at most.
   */
  async eventViews(caller: Caller, gameId: string, from: number, to: number): Promise<EventView[]> {
    const game = await this.requireGame(gameId);
    const engine = this.engine(game.type);
    for (const seq of [from, to]) {
      if (!Number.isInteger(seq) || seq < 0 || seq > game.version) throw new ServiceError('BAD_REQUEST', `seq must be between 0 and ${game.version}`);
    }
    const viewer = viewerSeat(caller, game);
    const start = Math.max(0, from - 1);
    let state = this.recent.get(`${gameId}:${start}`)?.state ?? (await stateAt(this.store, engine, game, start, this.options.cpu));
    const views: EventView[] = from === 0 ? [{ version: 0, seat: viewer, view: engine.view(state, viewer), move: null }] : [];
    for (const row of to > start ? await this.store.moves(gameId, start, to - start) : []) {
      const [move] = this.redactPage(engine, game, { state, before: undefined }, [row], viewer);
      state = this.recent.get(`${gameId}:${row.seq}`)?.state
        ?? (row.kind === 'undo' ? await stateAt(this.store, engine, game, row.seq) : applyStored(engine, gameId, state, [row]));
      views.push({ version: row.seq, seat: viewer, view: engine.view(state, viewer), move: move ?? null });
    }
    return views;
  }

  /** The current state, from the cache or rebuilt from the log (snapshot plus later moves). */
  private async live(game: GameRow, engine: AnyGameDefinition): Promise<LiveState> {
    const cached = this.cache.get(game.id);
    if (cached && cached.version === game.version) return cached;
    if (cached && cached.version < game.version) {
      const moves = await this.store.moves(game.id, cached.version, game.version - cached.version);
      const before = this.recent.get(`${game.id}:${cached.version - 1}`)?.state;
      try {
        const entry = { version: game.version, state: foldRows(engine, game.id, { state: cached.state, before }, moves).state };
        this.cache.set(game.id, entry);
        return entry;
      } catch (error) {
        // Another instance's undo took back the move this cache was built on: rebuild from the log.
        if (!(error instanceof UndoOutOfReach)) throw error;
      }
    }
    const entry = { version: game.version, state: await stateAt(this.store, engine, game, game.version, this.options.cpu) };
    this.cache.set(game.id, entry);
    return entry;
  }

  /** After a seat or status change before play: tells the game's listeners (here and on other instances). */
  private async seated(gameId: string): Promise<GameSummary> {
    const game = await this.requireGame(gameId);
    this.events.publish({ gameId, seq: game.version, turns: [], seating: true });
    return summarize(game);
  }

  private committed(game: GameRow, deliveries: number): void {
    this.events.committed(game, deliveries);
  }

  private async requireGame(gameId: string): Promise<GameRow> {
    if (!isUuid(gameId)) throw notFound(gameId);
    const game = await this.store.getGame(gameId);
    if (!game) throw notFound(gameId);
    this.types.set(gameId, game.type);
    return game;
  }

  private async requireCreator(caller: Caller, gameId: string): Promise<GameRow> {
    const player = requirePlayer(caller);
    const game = await this.requireGame(gameId);
    if (game.createdById !== player.id) throw new ServiceError('FORBIDDEN', 'only the game\'s creator may do this');
    return game;
  }

  /** The seat a player acts for: the one named, or their only seat that is to move. */
  private actingSeat(player: Player, game: GameRow, seat: number | undefined): Seat {
    const seats = mySeats(player, game);
    if (seats.length === 0) throw new ServiceError('NOT_YOUR_SEAT', 'you hold no seat in this game');
    if (seat !== undefined) {
      if (!seats.includes(seat)) throw new ServiceError('NOT_YOUR_SEAT', `seat ${seat} is not yours`);
      return seat;
    }
    if (seats.length === 1) return seats[0] as Seat;
    const due = seats.filter((s) => game.toMove.includes(s));
    if (due.length === 1) return due[0] as Seat;
    throw new ServiceError('BAD_REQUEST', 'you hold several seats here: say which one moves');
  }

}

// ---- helpers -------------------------------------------------------------------------------------

function requirePlayer(caller: Caller): Player {
  if (!caller) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token: register at POST /v1/players');
  return caller;
}

function replayIdempotent(earlier: { requestHash: string; status: number; response: unknown }, requestHash: string): MoveResult {
  if (earlier.requestHash !== requestHash) {
    throw new ServiceError('IDEMPOTENCY_KEY_REUSED', 'this idempotency key was used for a different request');
  }
  return earlier.response as MoveResult;
}

/** The history's version-0 entry: the setup's log, for engines that log their setup and started games. */
function startRecord(engine: AnyGameDefinition, game: GameRow, viewer: Viewer): MoveRecord | null {
  if (!engine.setupLog || game.startedAt === null) return null;
  const log = engine.setupLog({ seats: game.seatCount, options: game.options, seed: game.seed, engineVersion: game.engineVersion });
  if (log.length === 0) return null;
  return { seq: 0, seat: null, kind: 'start', move: null, log: servedLog(log, viewer, game), at: game.startedAt.toISOString() };
}
