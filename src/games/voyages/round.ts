/**
 * The round loop (§1.4, §1.6, §2.8, §4): players act simultaneously; a player's forced steps are played
 * for them; when the last player finishes, the end check runs and the next dice are rolled.
 */
import { Random } from '../../engine/random.js';
import { board } from './maps.js';
import { commonSheet } from './board.js';
import { legalMovesFor, playStep } from './moves.js';
import { broken, rollDamage } from './map3.js';
import { copySheet, totalStars, type Log } from './effects.js';
import type { Sheet, VoyagesMove, VoyagesState } from './types.js';

/** §2.8: three stars trigger the final round. */
export const STARS_TO_END = 3;

/** §1.4 step 1: three shared dice from the seeded PRNG. */
export function rollDice(rng: Random): [number, number, number] {
  return [rng.between(1, 6), rng.between(1, 6), rng.between(1, 6)];
}

export const rolledText = (round: number, dice: readonly number[]): string => `Round ${round}: the dice show ${dice.join(', ')}`;

/** Plays `seat`'s steps while exactly one move is legal (a forced step, played inside apply). */
export function autoplay(state: VoyagesState, seat: number, log: Log): void {
  const sheet = state.players[seat];
  if (!sheet || forcedMove(state, sheet) === null) return;
  const copy = copySheet(sheet);
  playForced(state, copy, seat, log);
  state.players[seat] = copy;
}

function forcedMove(state: VoyagesState, sheet: Sheet): VoyagesMove | null {
  if (sheet.step === 'done') return null;
  const moves = legalMovesFor(state, sheet);
  return moves.length === 1 ? (moves[0] ?? null) : null;
}

/** Plays forced steps on a sheet this apply already owns (a fresh copy). */
function playForced(state: VoyagesState, sheet: Sheet, seat: number, log: Log): void {
  for (let move = forcedMove(state, sheet); move !== null; move = forcedMove(state, sheet)) {
    if (playStep(state, sheet, move, seat, log) !== null) return;
  }
}

export function autoplayAll(state: VoyagesState, log: Log): void {
  for (let seat = 0; seat < state.seats; seat++) autoplay(state, seat, log);
}

/**
 * Applies `seat`'s move to `state` (a shallow copy the caller owns, with its own `players` array).
 * Returns an error code or null.
 */
export function applyToCopy(state: VoyagesState, seat: number, move: VoyagesMove, log: Log): string | null {
  const sheet = state.players[seat];
  if (!sheet) return 'NOT_YOUR_TURN';
  const copy = copySheet(sheet);
  const error = playStep(state, copy, move, seat, log);
  if (error !== null) return error;
  playForced(state, copy, seat, log);
  state.players[seat] = copy;
  settleRounds(state, log);
  return null;
}

/** Ends rounds while every player is done (forced steps may finish a whole round by themselves). */
export function settleRounds(state: VoyagesState, log: Log): void {
  while (!state.over && state.players.every((s) => s.step === 'done')) endRound(state, log);
}

/** §2.8 end check, §4 solo length, the optional `maxRounds` limit; then the next roll. */
function endRound(state: VoyagesState, log: Log): void {
  const solo = state.seats === 1;
  if (!solo && state.finalRound === null && state.players.some((s) => totalStars(s) >= STARS_TO_END)) {
    state.finalRound = state.round + 1;
    log.push({ type: 'game.finalRound', text: `A player has ${STARS_TO_END} stars: round ${state.finalRound} is the last`, round: state.finalRound });
  }
  const limit = state.maxRounds ?? Infinity;
  const lastRound = solo ? commonSheet(board(state.map)).soloRounds : Math.min(state.finalRound ?? limit, limit);
  if (state.round >= lastRound) {
    state.over = true;
    log.push({ type: 'game.over', text: `The game ends after round ${state.round}`, round: state.round });
    return;
  }
  const rng = new Random(state.rng);
  state.dice = rollDice(rng);
  state.rng = rng.state;
  state.round += 1;
  state.players = state.players.map((s) => ({ ...s, step: 'direction', directionDie: -1, direction: 0, distanceDie: -1, boost: 0, extraWrites: 0 }));
  log.push({ type: 'round.rolled', text: rolledText(state.round, state.dice), round: state.round, dice: state.dice });
  startRound(state, log);
}

/**
 * The start of a round after the roll: map 3 dice damage (§6.4 step 2) and the aft check for this
 * round's sailors, then every player's forced steps.
 */
export function startRound(state: VoyagesState, log: Log): void {
  const b = board(state.map);
  if (b.map === 3) {
    state.players = state.players.map((sheet, seat) => {
      const s = copySheet(sheet);
      rollDamage(b, s, state.dice, seat, log);
      s.aftBlocked = broken(b, s, 'aft');
      return s;
    });
  }
  autoplayAll(state, log);
}
