/** Phase 5: VP for the roles (5a) and for sales (5b), and the game's end (§3.5, §5). */
import type { Seat } from '../../engine/types.js';
import { BOY_REWARD } from './data.js';
import { endRound } from './round-end.js';
import { clockwiseFrom, islandAt, patchPlayer, roleHolder, seatName, type Log } from './rules.js';
import { allocationOptions, autoAllocation, hasChoice, islandVp } from './sales.js';
import type { MeutererState, PlayerState, Sale, ScoreCategory } from './types.js';

/** Phase 5: roles first, then the sales allocation, which may wait for players' choices. */
export function scoreRound(state: MeutererState, log: Log): MeutererState {
  return startAllocation(scoreRoles(state, log), log);
}

function addPoints(players: readonly PlayerState[], seat: Seat, category: ScoreCategory, points: number): PlayerState[] {
  return patchPlayer(players, seat, (p) => ({
    ...p,
    score: p.score + points,
    breakdown: { ...p.breakdown, [category]: p.breakdown[category] + points },
  }));
}

/**
 * 5a. A successful mutiny pays the mutineer his destination's ship VP and the boy 2, and the mutineer
 * takes the captain cards (D10: he is "the captain" from here on). Otherwise the captain scores his
 * destination's ship VP and, with a boatswain, pays him X while the boatswain gets 1 + X (D9).
 */
function scoreRoles(state: MeutererState, log: Log): MeutererState {
  let players: readonly PlayerState[] = state.players;
  const mutineer = roleHolder(state, 'mutineer');
  const boy = roleHolder(state, 'boy');
  const boatswain = roleHolder(state, 'boatswain');
  if (state.mutinySucceeded === true && mutineer !== null) {
    const destination = state.mutineerDestination ?? state.ship;
    const shipVp = islandAt(state, destination).shipVp;
    players = addPoints(players, mutineer, 'ship', shipVp);
    log.push({ type: 'score.ship', text: `${seatName(mutineer)} (mutineer) scored ${shipVp} for ${islandAt(state, destination).name}`, seat: mutineer, points: shipVp });
    if (boy !== null) {
      players = addPoints(players, boy, 'boy', BOY_REWARD);
      log.push({ type: 'score.boy', text: `${seatName(boy)} (ship's boy) scored ${BOY_REWARD}`, seat: boy, points: BOY_REWARD });
    }
    log.push({ type: 'captain.changed', text: `${seatName(mutineer)} is the new captain`, seat: mutineer, previous: state.captain });
    return { ...state, players, captain: mutineer };
  }
  const destination = state.captainDestination ?? state.ship;
  const shipVp = islandAt(state, destination).shipVp;
  players = addPoints(players, state.captain, 'ship', shipVp);
  log.push({ type: 'score.ship', text: `${seatName(state.captain)} (captain) scored ${shipVp} for ${islandAt(state, destination).name}`, seat: state.captain, points: shipVp });
  if (boatswain !== null) {
    const x = state.captainCard ?? 0;
    players = addPoints(players, state.captain, 'boatswain', -x);
    players = addPoints(players, boatswain, 'boatswain', 1 + x);
    log.push({ type: 'score.boatswain', text: `${seatName(boatswain)} (boatswain) scored ${1 + x}; the captain paid ${x}`, seat: boatswain, points: 1 + x, paidByCaptain: x });
  }
  return { ...state, players };
}

/**
 * 5b, D11: players without a choice are allocated automatically; those with one decide one at a
 * time clockwise from the captain, each seeing the earlier allocations.
 */
function startAllocation(state: MeutererState, log: Log): MeutererState {
  const choosers: Seat[] = [];
  let current = state;
  for (const seat of clockwiseFrom(state.captain, state.seats)) {
    if (hasChoice(state, seat)) choosers.push(seat);
    else current = recordSales(current, seat, autoAllocation(state, seat), log);
  }
  return runAllocation({ ...current, queue: choosers }, log);
}

function withSales(players: readonly PlayerState[], seat: Seat, sales: readonly Sale[]): PlayerState[] {
  return patchPlayer(players, seat, (p) => ({ ...p, sales }));
}

/** Asks the next chooser, allocating directly when only one allocation is valid (a forced step). */
function runAllocation(state: MeutererState, log: Log): MeutererState {
  let current = state;
  for (;;) {
    const [seat, ...queue] = current.queue;
    if (seat === undefined) return finishSales(current, log);
    const options = allocationOptions(current, seat);
    if (options.length > 1) return { ...current, phase: 'allocate', turn: seat, queue };
    current = recordSales({ ...current, queue }, seat, options[0] ?? [], log);
  }
}

function recordSales(state: MeutererState, seat: Seat, sales: readonly Sale[], log: Log): MeutererState {
  const text = sales.length === 0 ? 'nothing' : sales.map((s) => `${s.count} ${s.good} at ${islandAt(state, s.island).name}`).join(', ');
  log.push({ type: 'sales.allocated', text: `${seatName(seat)} sells ${text}`, seat, sales });
  return { ...state, players: withSales(state.players, seat, sales) };
}

/** The allocateSales move (already validated against `allocationOptions`). */
export function allocateSales(state: MeutererState, seat: Seat, sales: readonly Sale[], log: Log): MeutererState {
  return runAllocation(recordSales(state, seat, sales, log), log);
}

/** Scores every active island, then ends the game after the last round's phase 5 (§5) or the round. */
function finishSales(state: MeutererState, log: Log): MeutererState {
  const vpByIsland = islandVp(state, state.players.map((p) => p.sales ?? []), roleHolder(state, 'merchant'));
  let players: readonly PlayerState[] = state.players;
  vpByIsland.forEach((vps, i) => {
    const island = state.active[i] ?? state.ship;
    vps.forEach((points, seat) => {
      if (points === 0) return;
      players = addPoints(players, seat, 'sales', points);
      log.push({ type: 'score.sales', text: `${seatName(seat)} scored ${points} at ${islandAt(state, island).name}`, seat, island, points });
    });
  });
  const scored: MeutererState = { ...state, players, queue: [] };
  if (state.round < state.rounds) return endRound(scored, log);
  log.push({ type: 'game.ended', text: `The game ended after round ${state.round}`, scores: players.map((p) => p.score) });
  return { ...scored, phase: 'gameOver' };
}
