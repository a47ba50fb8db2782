/**
 * Results and ratings of a finished game: a projection of the log. Each seat gets its place, score and
 * result (win, loss, or draw when every seat tied); multiplayer games (2 seats or more) update the
 * Weng-Lin ratings of their subjects with `openskill`, a well-kept implementation of the Bayesian
 * method built for multiplayer and team games (ties are equal ranks). A subject is a player, or a bot
 * level ("bot:greedy"), so people can see how they compare to the bots. Solo games are not rated.
 */
import { ordinal, rate, rating as newRating } from 'openskill';
import type { FinishedGame as FinishedGameRow, FinishedSeat, RatingRow, ResultRow, StoredRating } from '../store/result-rows.js';
import type { GameOutcome } from './types.js';

export type { FinishedSeat, RatingRow, ResultRow, SeatResult, StoredRating } from '../store/result-rows.js';
/** A finished game as the projection reads it: its outcome is the service's. */
export type FinishedGame = FinishedGameRow<GameOutcome>;

/** Who a seat's rating belongs to; null for a seat nobody holds any more (not rated). */
export function subjectOf(seat: FinishedSeat): string | null {
  if (seat.playerId) return seat.playerId;
  return seat.botLevel ? `bot:${seat.botLevel}` : null;
}

export function seatResults(game: FinishedGame): ResultRow[] {
  const { ranking, winners, scores } = game.outcome;
  const everyoneTied = game.seatCount > 1 && ranking.length === 1;
  return game.seats.map((seat) => ({
    seat: seat.index,
    playerId: seat.playerId,
    botLevel: seat.playerId ? null : seat.botLevel,
    rank: ranking.findIndex((group) => group.includes(seat.index)) + 1,
    score: scores[seat.index] ?? 0,
    result: everyoneTied ? 'draw' : winners.includes(seat.index) ? 'win' : 'loss',
    resigned: seat.resigned,
  }));
}

/** The subjects whose ratings `game` changes (empty for a solo game or fewer than two rated seats). */
export function ratedSubjects(game: FinishedGame): string[] {
  if (game.seatCount < 2) return [];
  const subjects = game.seats.map(subjectOf).filter((s): s is string => s !== null);
  return subjects.length < 2 ? [] : [...new Set(subjects)];
}

/**
 * The new ratings after `game`, from the current ones (a subject without one starts at openskill's
 * default). Each seat is one team of one; a subject holding several seats (a player with two seats, or
 * one bot level in several) gets the mean of its seats' new ratings and counts the game once.
 */
export function rateGame(game: FinishedGame, current: ReadonlyMap<string, StoredRating>): RatingRow[] {
  if (ratedSubjects(game).length === 0) return [];
  const results = new Map(seatResults(game).map((r) => [r.seat, r]));
  const rated = game.seats.flatMap((seat) => {
    const subject = subjectOf(seat);
    return subject ? [{ seat, subject }] : [];
  });
  const prior = (subject: string) => {
    const stored = current.get(subject);
    return stored ? { mu: stored.mu, sigma: stored.sigma } : newRating();
  };
  const teams = rated.map(({ subject }) => [prior(subject)]);
  const updated = rate(teams, { rank: rated.map(({ seat }) => results.get(seat.index)?.rank ?? rated.length) });
  const bySubject = new Map<string, { seat: FinishedSeat; mus: number[]; sigmas: number[] }>();
  rated.forEach(({ seat, subject }, i) => {
    const entry = bySubject.get(subject) ?? { seat, mus: [], sigmas: [] };
    const next = updated[i]?.[0] ?? prior(subject);
    entry.mus.push(next.mu);
    entry.sigmas.push(next.sigma);
    bySubject.set(subject, entry);
  });
  return [...bySubject].map(([subject, { seat, mus, sigmas }]) => {
    const mu = mean(mus);
    const sigma = mean(sigmas);
    return {
      subject,
      playerId: seat.playerId,
      botLevel: seat.playerId ? null : seat.botLevel,
      mu,
      sigma,
      ordinal: ordinal({ mu, sigma }),
      games: (current.get(subject)?.games ?? 0) + 1,
    };
  });
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
