/**
 * The rows the store returns for finished games, their results and ratings: the contract between
 * results-store.ts and the service's projection (src/service/ratings.ts), kept here so the store needs
 * nothing from the layers above it.
 */
export type SeatResult = 'win' | 'loss' | 'draw';

export interface FinishedSeat {
  readonly index: number;
  readonly playerId: string | null;
  readonly botLevel: string | null;
  readonly resigned: boolean;
}

/** A finished game to project; `O` is the stored outcome's shape, which the store passes through unread. */
export interface FinishedGame<O = unknown> {
  readonly id: string;
  readonly type: string;
  readonly seatCount: number;
  readonly finishedAt: Date;
  readonly outcome: O;
  readonly seats: readonly FinishedSeat[];
}

export interface ResultRow {
  readonly seat: number;
  readonly playerId: string | null;
  readonly botLevel: string | null;
  /** 1 for the first place; seats sharing a place share the rank. */
  readonly rank: number;
  readonly score: number;
  readonly result: SeatResult;
  readonly resigned: boolean;
}

export interface StoredRating {
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
}

export interface RatingRow extends StoredRating {
  readonly subject: string;
  readonly playerId: string | null;
  readonly botLevel: string | null;
  /** mu - 3 sigma: a conservative estimate, the leaderboard's order. */
  readonly ordinal: number;
}

