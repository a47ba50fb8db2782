/**
 * Matchmaking seeks: a player asks for a game (type, seat count or range, options, clock, the ratings of
 * opponents they accept, whether bots may fill after a wait) and is put into one as soon as enough
 * compatible players wait. The rule is ./seek-matching.ts; this file runs it safely across instances.
 *
 * Every posted seek is matched at once on the instance that took it, and a sweep on every instance
 * matches again (expiry, bots after a wait, a crash between two steps). A match runs in one transaction
 * that first takes a transaction-level advisory lock of its game type, so matches of one type never run
 * side by side (two instances each seeing only their own new seek would otherwise both leave it waiting),
 * then locks the waiting rows (`FOR UPDATE SKIP LOCKED`: a row a cancel holds is left to the next match),
 * and marks the grouped seeks matched before it commits. Only then are the games made, outside the lock;
 * a match whose game a crash left unmade goes back to waiting after a minute. Nothing is queued in memory:
 * the rows are the queue, and one waiting seek per player (a unique index) keeps anyone out of two games.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../store/database.js';
import type { Clock } from '../store/clock.js';
import { parseClockOptions } from './clock-options.js';
import { ServiceError } from './errors.js';
import type { GameService } from './game-service.js';
import { isUuid } from './pagination.js';
import type { Player } from './players.js';
import { canonical, matchSeeks, type Match, type WaitingSeek } from './seek-matching.js';
import type { TableEvents } from './table-events.js';
import type { Caller } from './types.js';

export interface SeekOptions {
  /** Seconds a seek waits when its player says nothing. */
  readonly defaultSeekSeconds: number;
}

export const DEFAULT_SEEK_OPTIONS: SeekOptions = { defaultSeekSeconds: 3_600 };

export interface CreateSeek {
  readonly type: string;
  readonly seats?: number | undefined;
  readonly minSeats?: number | undefined;
  readonly maxSeats?: number | undefined;
  readonly options?: unknown;
  readonly clock?: unknown;
  readonly minRating?: number | undefined;
  readonly maxRating?: number | undefined;
  readonly botsAfterSeconds?: number | undefined;
  readonly expiresInSeconds?: number | undefined;
}

export interface SeekView {
  readonly id: string;
  readonly type: string;
  readonly minSeats: number;
  readonly maxSeats: number;
  readonly options: unknown;
  readonly clock: unknown;
  readonly rating: number;
  readonly minRating: number | null;
  readonly maxRating: number | null;
  readonly botsAfterSeconds: number | null;
  readonly status: 'waiting' | 'matched' | 'cancelled' | 'expired';
  readonly gameId: string | null;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly matchedAt: string | null;
}

interface SeekRow {
  id: string; player_id: string; game_type: string; min_seats: number; max_seats: number; options: unknown; clock: unknown; rating: number;
  min_rating: number | null; max_rating: number | null; bots_after_seconds: number | null; status: SeekView['status']; game_id: string | null;
  created_at: Date; expires_at: Date; matched_at: Date | null;
}

/** A match whose game was never made (the process died in between) is given back after this long. */
const ORPHAN_AFTER_MS = 60_000;

function requirePlayer(caller: Caller): Player {
  if (!caller) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token: register at POST /v1/players');
  return caller;
}

export class SeekService {
  constructor(
    private readonly db: Database,
    private readonly pool: pg.Pool,
    private readonly games: GameService,
    private readonly events: TableEvents,
    private readonly clock: Clock,
    private readonly options: SeekOptions,
  ) {}

  async create(caller: Caller, input: CreateSeek): Promise<SeekView> {
    const me = requirePlayer(caller);
    const engine = this.games.engine(input.type);
    const minSeats = input.minSeats ?? input.seats ?? Math.max(2, engine.players.min);
    const maxSeats = input.maxSeats ?? input.seats ?? Math.max(minSeats, Math.min(engine.players.max, minSeats));
    if (minSeats < Math.max(2, engine.players.min) || maxSeats > engine.players.max || minSeats > maxSeats) {
      throw new ServiceError('INVALID_SEAT_COUNT', `${engine.title} is matched for 2 or more seats within ${engine.players.min} to ${engine.players.max}`);
    }
    const options = engine.validateOptions(input.options ?? {}, minSeats);
    if (!options.ok) throw new ServiceError(options.error.code, options.error.message, 400);
    const clock = parseClockOptions(input.clock);
    if (input.minRating !== undefined && input.maxRating !== undefined && input.minRating > input.maxRating) {
      throw new ServiceError('BAD_REQUEST', 'minRating is above maxRating');
    }
    const now = this.clock.now();
    const id = randomUUID();
    const rating = await this.ratingOf(me.id, engine.id);
    try {
      await this.db.seek.create({
        data: {
          id, playerId: me.id, gameType: engine.id, minSeats, maxSeats, options: options.value as object, ...(clock ? { clock: clock as object } : {}), rating,
          minRating: input.minRating ?? null, maxRating: input.maxRating ?? null, botsAfterSeconds: input.botsAfterSeconds ?? null,
          createdAt: now, expiresAt: new Date(now.getTime() + (input.expiresInSeconds ?? this.options.defaultSeekSeconds) * 1000),
        },
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') throw new ServiceError('ALREADY_SEEKING', 'you already have a waiting seek: cancel it first');
      throw error;
    }
    await this.match(engine.id);
    return this.get(me, id);
  }

  async cancel(caller: Caller, id: string): Promise<SeekView> {
    const me = requirePlayer(caller);
    const seek = await this.row(me, id);
    if (seek.status !== 'waiting') throw new ServiceError('SEEK_CLOSED', `the seek is ${seek.status}`);
    const cancelled = await this.db.seek.updateMany({ where: { id, playerId: me.id, status: 'waiting' }, data: { status: 'cancelled' } });
    if (cancelled.count === 0) throw new ServiceError('SEEK_CLOSED', 'the seek was matched or ended meanwhile');
    return this.get(me, id);
  }

  async get(caller: Caller, id: string): Promise<SeekView> {
    return toView(await this.row(requirePlayer(caller), id));
  }

  /** The caller's seeks, newest first (the last 20). */
  async list(caller: Caller): Promise<SeekView[]> {
    const me = requirePlayer(caller);
    const rows = await this.db.$queryRaw<SeekRow[]>`SELECT * FROM seeks WHERE player_id = ${me.id}::uuid ORDER BY created_at DESC, id LIMIT 20`;
    return rows.map(toView);
  }

  /** Matches every game type with waiting seeks (the sweep), and gives back matches a crash left unmade. */
  async sweep(): Promise<number> {
    const orphanBefore = new Date(this.clock.now().getTime() - ORPHAN_AFTER_MS);
    await this.db.$executeRaw`UPDATE seeks SET status = 'waiting', matched_at = NULL WHERE status = 'matched' AND game_id IS NULL AND matched_at < ${orphanBefore}`;
    const types = await this.db.$queryRaw<{ game_type: string }[]>`SELECT DISTINCT game_type FROM seeks WHERE status = 'waiting'`;
    let games = 0;
    for (const { game_type } of types) games += await this.match(game_type);
    return games;
  }

  /** One match of a game type (see the file comment); returns how many games it made. */
  async match(gameType: string): Promise<number> {
    const matches = await this.claim(gameType);
    for (const match of matches) await this.makeGame(gameType, match);
    return matches.length;
  }

  // ---- helpers ---------------------------------------------------------------------------------

  /** In one transaction under the type's lock: expire, read the waiting seeks, mark the groups matched. */
  private async claim(gameType: string): Promise<Match[]> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("SELECT pg_advisory_xact_lock(hashtext('portolan-seeks'), hashtext($1))", [gameType]);
      const now = this.clock.now();
      await client.query("UPDATE seeks SET status = 'expired' WHERE game_type = $1 AND status = 'waiting' AND expires_at <= $2", [gameType, now]);
      const { rows } = await client.query<SeekRow>(
        "SELECT * FROM seeks WHERE game_type = $1 AND status = 'waiting' ORDER BY created_at, id FOR UPDATE SKIP LOCKED",
        [gameType],
      );
      const matches = matchSeeks(rows.map(toWaiting), now);
      for (const match of matches) {
        await client.query("UPDATE seeks SET status = 'matched', matched_at = $2 WHERE id = ANY($1::uuid[])", [match.seeks.map((s) => s.id), now]);
      }
      await client.query('COMMIT');
      return matches;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** The matched players' game: the longest-waiting takes seat 0 and creates it, the others join, bots fill, it starts. */
  private async makeGame(gameType: string, match: Match): Promise<void> {
    const [first] = match.seeks;
    if (!first) return;
    const row = await this.db.seek.findUniqueOrThrow({ where: { id: first.id } });
    const names = await this.db.player.findMany({ where: { id: { in: match.seeks.map((s) => s.playerId) } }, select: { id: true, name: true } });
    const player = (id: string): Player => names.find((p) => p.id === id) ?? { id, name: '' };
    const engine = this.games.engine(gameType);
    const level = engine.bot.levels[engine.bot.levels.length - 1] ?? 'random';
    const bots = Array.from({ length: match.bots }, (_, i) => ({ seat: match.seeks.length + i, level }));
    const game = await this.games.createGame(player(first.playerId), { type: gameType, seats: match.seats, options: row.options, clock: row.clock ?? undefined, join: true, seat: 0, bots });
    for (const [index, seek] of match.seeks.entries()) {
      if (index > 0) await this.games.joinGame(player(seek.playerId), game.id, index);
    }
    await this.games.startGame(player(first.playerId), game.id);
    await this.db.seek.updateMany({ where: { id: { in: match.seeks.map((s) => s.id) } }, data: { gameId: game.id } });
    await Promise.all(match.seeks.map((seek) => this.events.publish({ kind: 'match', playerId: seek.playerId, gameId: game.id, id: seek.id })));
  }

  private async ratingOf(playerId: string, gameType: string): Promise<number> {
    const [row] = await this.db.$queryRaw<{ ordinal: number }[]>`SELECT ordinal FROM ratings WHERE game_type = ${gameType} AND subject = ${playerId}`;
    return row?.ordinal ?? 0;
  }

  private async row(me: Player, id: string): Promise<SeekRow> {
    const [row] = isUuid(id) ? await this.db.$queryRaw<SeekRow[]>`SELECT * FROM seeks WHERE id = ${id}::uuid AND player_id = ${me.id}::uuid` : [];
    if (!row) throw new ServiceError('SEEK_NOT_FOUND', `you have no seek ${id.slice(0, 64)}`);
    return row;
  }
}

function toWaiting(row: SeekRow): WaitingSeek {
  return {
    id: row.id, playerId: row.player_id, key: canonical([row.options, row.clock]), minSeats: row.min_seats, maxSeats: row.max_seats,
    rating: row.rating, minRating: row.min_rating, maxRating: row.max_rating, botsAfterSeconds: row.bots_after_seconds, createdAt: new Date(row.created_at),
  };
}

function toView(row: SeekRow): SeekView {
  return {
    id: row.id, type: row.game_type, minSeats: row.min_seats, maxSeats: row.max_seats, options: row.options, clock: row.clock, rating: row.rating,
    minRating: row.min_rating, maxRating: row.max_rating, botsAfterSeconds: row.bots_after_seconds, status: row.status, gameId: row.game_id,
    createdAt: new Date(row.created_at).toISOString(), expiresAt: new Date(row.expires_at).toISOString(), matchedAt: row.matched_at ? new Date(row.matched_at).toISOString() : null,
  };
}
