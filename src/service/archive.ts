/**
 * A player's archive (their games with filters, newest first), their statistics and ratings per game
 * type, the leaderboards, and the projector that keeps results and ratings up to date as games finish.
 * Results and ratings are projections of the log: `rebuild` recomputes them from the finished games
 * alone, in the same order, giving the same numbers.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { EventStore, GameStatus } from '../store/event-store.js';
import type { ResultsStore, TypeStatistics } from '../store/results-store.js';
import { ServiceError } from './errors.js';
import { summarize } from './game-summary.js';
import { clampLimit, cursorDate, isStorableDate, isStorableText, isUuid } from './pagination.js';
import { rateGame, ratedSubjects, seatResults, type FinishedGame, type SeatResult, type StoredRating } from './ratings.js';
import type { GameSummary, Page } from './types.js';

export interface ArchiveQuery {
  readonly type?: string | undefined;
  /** Default `finished`: the archive proper. */
  readonly status?: GameStatus | undefined;
  readonly result?: 'win' | 'loss' | 'draw' | undefined;
  readonly opponent?: string | undefined;
  readonly since?: string | undefined;
  readonly until?: string | undefined;
  readonly cursor?: string | undefined;
  readonly limit?: number | undefined;
}

export interface ArchiveItem {
  readonly game: GameSummary;
  /** The player's seat in that game. */
  readonly seat: number;
  /** Their place (1 = first), score and result; null until the game is finished. */
  readonly result: { readonly rank: number; readonly score: number; readonly result: SeatResult } | null;
}

export interface RatingView {
  readonly mu: number;
  readonly sigma: number;
  /** mu - 3 sigma, the leaderboard's order. */
  readonly ordinal: number;
  /** Rated games (multiplayer only). */
  readonly games: number;
}

export interface PlayerStatistics extends TypeStatistics {
  readonly rating: RatingView | null;
}

export interface LeaderboardEntry {
  readonly rank: number;
  readonly player: { readonly id: string; readonly name: string } | null;
  /** The bot level, when the rated subject is a server-side bot. */
  readonly bot: string | null;
  readonly rating: RatingView;
}

export class ArchiveService {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly results: ResultsStore,
    private readonly store: EventStore,
    private readonly gameTypes: ReadonlySet<string>,
    private readonly log: FastifyBaseLogger,
  ) {}

  // ---- the projector ---------------------------------------------------------------------------

  /** Projects every finished game not yet projected; concurrent calls share one run. */
  catchUp(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        while (!this.stopped && (await this.results.projectNext(compute, ratedSubjects)));
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** After a commit that finished a game: project it soon, without holding up the caller. */
  kick(): void {
    this.catchUp().catch((err: unknown) => this.log.error({ err }, 'projecting finished games failed; the next finish or start retries'));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => undefined);
  }

  /** Forgets every result and rating and projects all finished games again (`npm run ratings:rebuild`). */
  async rebuild(): Promise<void> {
    await this.running?.catch(() => undefined);
    await this.results.resetProjections();
    await this.catchUp();
  }

  // ---- reads -----------------------------------------------------------------------------------

  async playerGames(playerId: string, query: ArchiveQuery): Promise<Page<ArchiveItem>> {
    await this.requirePlayer(playerId);
    if (query.opponent !== undefined && !isUuid(query.opponent)) throw new ServiceError('BAD_REQUEST', 'opponent must be a player id');
    const limit = clampLimit(query.limit, 20, 100);
    const rows = await this.results.archive({
      playerId,
      type: query.type,
      status: query.status ?? 'finished',
      result: query.result,
      opponent: query.opponent,
      since: parseDate(query.since, 'since'),
      until: parseDate(query.until, 'until'),
      after: query.cursor === undefined ? undefined : decodeArchiveCursor(query.cursor),
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const games = new Map((await this.store.getGames([...new Set(page.map((r) => r.gameId))])).map((g) => [g.id, summarize(g)]));
    const items = page.flatMap((row) => {
      const game = games.get(row.gameId);
      return game ? [{ game, seat: row.seat, result: row.result }] : [];
    });
    const last = page[page.length - 1];
    return { items, nextCursor: rows.length > limit && last ? encodeArchiveCursor(last.at, last.gameId, last.seat) : null };
  }

  async statistics(playerId: string): Promise<PlayerStatistics[]> {
    await this.requirePlayer(playerId);
    const [stats, ratings] = await Promise.all([this.results.statistics(playerId), this.results.ratingsOf(playerId)]);
    const byType = new Map(ratings.map((r) => [r.gameType, r]));
    return stats.map((s) => {
      const r = byType.get(s.gameType);
      return { ...s, rating: r ? ratingView(r) : null };
    });
  }

  async leaderboard(gameType: string, cursor: string | undefined, limitArg: number | undefined): Promise<Page<LeaderboardEntry>> {
    if (!this.gameTypes.has(gameType)) throw new ServiceError('NOT_FOUND', `no game type ${gameType}`, 404);
    const limit = clampLimit(limitArg, 20, 100);
    const after = cursor === undefined ? undefined : decodeLeaderboardCursor(cursor);
    const rows = await this.results.leaderboard(gameType, after && { ordinal: after.ordinal, subject: after.subject }, limit + 1);
    const page = rows.slice(0, limit);
    const first = (after?.rank ?? 0) + 1;
    const items = page.map((row, i) => ({
      rank: first + i,
      player: row.playerId ? { id: row.playerId, name: row.playerName ?? '' } : null,
      bot: row.botLevel,
      rating: ratingView(row),
    }));
    const last = page[page.length - 1];
    return { items, nextCursor: rows.length > limit && last ? encodeLeaderboardCursor(last.ordinal, last.subject, first + page.length - 1) : null };
  }

  private async requirePlayer(playerId: string): Promise<void> {
    if (!isUuid(playerId) || !(await this.results.playerExists(playerId))) {
      throw new ServiceError('PLAYER_NOT_FOUND', `no player ${playerId}`, 404);
    }
  }
}

function compute(game: FinishedGame, ratings: ReadonlyMap<string, StoredRating>) {
  return { results: seatResults(game), ratings: rateGame(game, ratings) };
}

const ratingView = (r: StoredRating & { ordinal: number }): RatingView => ({ mu: r.mu, sigma: r.sigma, ordinal: r.ordinal, games: r.games });

function parseDate(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new ServiceError('BAD_REQUEST', `${name} must be a date-time (ISO 8601)`);
  if (!isStorableDate(date)) throw new ServiceError('BAD_REQUEST', `${name} must be a date between the years 1 and 9999`);
  return date;
}

const encode = (parts: readonly (string | number)[]) => Buffer.from(parts.join('|')).toString('base64url');
const decode = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8').split('|');
const badCursor = () => new ServiceError('BAD_REQUEST', 'invalid cursor');

function encodeArchiveCursor(at: Date, gameId: string, seat: number): string {
  return encode([at.toISOString(), gameId, seat]);
}

function decodeArchiveCursor(cursor: string): { at: Date; id: string; seat: number } {
  const [at, id, seat] = decode(cursor);
  const date = cursorDate(at);
  if (!date || !id || !isUuid(id) || !/^\d{1,5}$/.test(seat ?? '')) throw badCursor();
  return { at: date, id, seat: Number(seat) };
}

function encodeLeaderboardCursor(ordinal: number, subject: string, rank: number): string {
  return encode([ordinal, rank, subject]);
}

function decodeLeaderboardCursor(cursor: string): { ordinal: number; rank: number; subject: string } {
  const [ordinal, rank, ...subject] = decode(cursor);
  const value = Number(ordinal);
  if (!Number.isFinite(value) || !/^\d{1,9}$/.test(rank ?? '') || subject.length === 0 || !isStorableText(subject.join('|'))) throw badCursor();
  return { ordinal: value, rank: Number(rank), subject: subject.join('|') };
}
