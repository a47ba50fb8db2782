/**
 * Adjudication: the operator ends a game with a result of its choosing. It is logged like a resignation,
 * as an entry of its own kind (`adjudicate`) that the engines never see, whose payload holds the result
 * (`{ type: 'adjudicate', ranking, scores }`), so that a replay of the log, and a record's verification,
 * reach the same outcome without anything but the log.
 */
import type { LogEntry, Seat } from '../engine/types.js';
import { seatRef } from '../engine/log-text.js';
import type { GameOutcome } from './types.js';

export interface AdjudicationPayload {
  readonly type: 'adjudicate';
  /** Seats from first place down, grouped (shared places); every seat exactly once. */
  readonly ranking: readonly (readonly Seat[])[];
  /** Score per seat; all 0 when the operator gave none. */
  readonly scores: readonly number[];
}

/** The payload when `value` is a valid adjudication of a game of `seats` seats; otherwise why not. */
export function checkAdjudication(value: unknown, seats: number): { ok: true; payload: AdjudicationPayload } | { ok: false; message: string } {
  const given = value as { type?: unknown; ranking?: unknown; scores?: unknown } | null;
  if (typeof given !== 'object' || given === null || given.type !== 'adjudicate') return { ok: false, message: 'not an adjudication' };
  const ranking = given.ranking;
  if (!Array.isArray(ranking) || ranking.some((group) => !Array.isArray(group) || group.length === 0)) {
    return { ok: false, message: 'ranking must be a list of non-empty groups of seats' };
  }
  const listed = (ranking as unknown[][]).flat();
  const everySeatOnce = listed.length === seats && new Set(listed).size === seats && listed.every((s) => Number.isInteger(s) && (s as number) >= 0 && (s as number) < seats);
  if (!everySeatOnce) return { ok: false, message: `ranking must name every seat 0..${seats - 1} exactly once` };
  const scores = given.scores ?? Array.from({ length: seats }, () => 0);
  if (!Array.isArray(scores) || scores.length !== seats || scores.some((s) => typeof s !== 'number' || !Number.isFinite(s))) {
    return { ok: false, message: `scores must be ${seats} numbers, one per seat` };
  }
  return { ok: true, payload: { type: 'adjudicate', ranking: ranking as Seat[][], scores: scores as number[] } };
}

/** The outcome an adjudication gives: its ranking and scores; seats that had resigned stay listed as such. */
export function adjudicationOutcome(payload: AdjudicationPayload, seats: readonly { readonly index: number; readonly resigned: boolean }[]): GameOutcome {
  return {
    scores: [...payload.scores],
    breakdown: payload.scores.map((adjudicated) => ({ adjudicated })),
    ranking: payload.ranking.map((group) => [...group]),
    winners: [...(payload.ranking[0] ?? [])],
    resigned: seats.filter((s) => s.resigned).map((s) => s.index),
  };
}

const ORDINALS = ['1st', '2nd', '3rd'];
const place = (n: number) => ORDINALS[n] ?? `${n + 1}th`;

export function adjudicationLog(payload: AdjudicationPayload): LogEntry[] {
  let position = 0;
  const places = payload.ranking.map((group) => {
    const text = `${group.map((seat) => seatRef(seat)).join(' and ')} ${place(position)}`;
    position += group.length;
    return text;
  });
  return [{ type: 'game.adjudicated', ranking: payload.ranking, text: `The operator ended the game: ${places.join(', ')}.` }];
}
