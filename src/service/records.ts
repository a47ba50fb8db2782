/**
 * A game record: one self-contained JSON document with everything needed to replay and check a game
 * (format version, type, engine version, options, seats, seed commitment and, once finished, the seed,
 * every move with its seat, time and log, and the outcome). A finished game's record is public and
 * complete; an unfinished game's record is redacted for the caller's seat (or for a spectator), exactly
 * as the history is. Logs name the seats' holders, as everywhere the service serves them.
 */
import type { LogEntry } from '../engine/types.js';
import type { EventStore, GameRow, GameStatus } from '../store/event-store.js';
import { notFound } from './errors.js';
import type { GameService } from './game-service.js';
import { summarize } from './game-summary.js';
import { isUuid } from './pagination.js';
import { renderLog } from '../engine/log-text.js';
import { seatNames } from './log-text.js';
import { viewerSeat as viewerSeatOf } from './seats.js';
import type { Caller, GameOutcome, MoveRecord, SeatSummary } from './types.js';

export const RECORD_FORMAT = 'portolan.game-record';
export const RECORD_FORMAT_VERSION = 1;

export interface GameRecordDocument {
  readonly format: typeof RECORD_FORMAT;
  readonly formatVersion: typeof RECORD_FORMAT_VERSION;
  readonly id: string;
  readonly type: string;
  readonly engineVersion: number;
  readonly options: unknown;
  readonly status: GameStatus;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  readonly seats: readonly SeatSummary[];
  readonly seedCommitment: string;
  /** The seed, once the game is over; null before. */
  readonly seed: string | null;
  /**
   * `full`: every move and log entry as made (a finished game); `seat`: redacted for `viewerSeat`;
   * `public`: redacted for a spectator.
   */
  readonly visibility: 'full' | 'seat' | 'public';
  readonly viewerSeat: number | null;
  readonly moves: readonly MoveRecord[];
  readonly outcome: GameOutcome | null;
}

const PAGE = 1000;
const HISTORY_PAGE = 200;

export class RecordService {
  constructor(
    private readonly store: EventStore,
    private readonly games: GameService,
  ) {}

  async record(caller: Caller, gameId: string): Promise<GameRecordDocument> {
    if (!isUuid(gameId)) throw notFound(gameId);
    const game = await this.store.getGame(gameId);
    if (!game) throw notFound(gameId);
    return this.recordOf(caller, game);
  }

  /** The record of a game already loaded (the archive's ndjson export streams many of them). */
  async recordOf(caller: Caller, game: GameRow): Promise<GameRecordDocument> {
    const summary = summarize(game);
    const finished = game.status === 'finished';
    const viewerSeat = finished ? null : viewerSeatOf(caller, game);
    return {
      format: RECORD_FORMAT,
      formatVersion: RECORD_FORMAT_VERSION,
      id: game.id,
      type: game.type,
      engineVersion: game.engineVersion,
      options: game.options,
      status: game.status,
      createdAt: summary.createdAt,
      startedAt: summary.startedAt,
      finishedAt: summary.finishedAt,
      seats: summary.seats,
      seedCommitment: game.seedCommitment,
      seed: summary.seed,
      visibility: finished ? 'full' : viewerSeat === null ? 'public' : 'seat',
      viewerSeat,
      moves: finished ? await this.allMoves(game) : await this.redactedMoves(caller, game),
      outcome: summary.outcome,
    };
  }

  /** Every move exactly as made, with every log entry (nothing is secret once the seed is public). */
  private async allMoves(game: GameRow): Promise<MoveRecord[]> {
    const moves: MoveRecord[] = [];
    const names = seatNames(game.seats);
    for (let after = 0; ; ) {
      const page = await this.store.moves(game.id, after, PAGE);
      for (const m of page) {
        moves.push({ seq: m.seq, seat: m.seat, kind: m.kind, move: m.payload, log: renderLog(m.log as LogEntry[], names), at: m.createdAt.toISOString() });
      }
      if (page.length < PAGE) return moves;
      after = page[page.length - 1]?.seq ?? after;
    }
  }

  /** The history as the caller sees it (the same redaction as GET /v1/games/:id/moves). */
  private async redactedMoves(caller: Caller, game: GameRow): Promise<MoveRecord[]> {
    if (game.version === 0) return [];
    const moves: MoveRecord[] = [];
    for (let after = 0; after < game.version; ) {
      const page = await this.games.history(caller, game.id, after, HISTORY_PAGE);
      moves.push(...page.items.filter((m) => m.seq <= game.version));
      const last = page.items[page.items.length - 1];
      if (!last || page.nextCursor === null) break;
      after = last.seq;
    }
    return moves;
  }
}
