/** Phases 1 and 2: the captain card, offering goods, passing and choosing an action card (§3.1, §3.2, §6). */
import type { Seat } from '../../engine/types.js';
import type { CaptainCardValue, Card, Role } from './data.js';
import { reveal } from './mutiny.js';
import { clockwise, counterclockwise, islandAt, patchPlayer, player, seatName, type Log } from './rules.js';
import type { MeutererState } from './types.js';

/** §3.1: the captain lays a captain card; X is public. Phase 2 starts with him. */
export function setCaptainCard(state: MeutererState, value: CaptainCardValue, log: Log): MeutererState {
  log.push({
    type: 'captainCard.set',
    text: `${seatName(state.captain)} set the captain card to ${value}`,
    seat: state.captain,
    value,
  });
  return { ...state, captainCard: value, phase: 'offer', turn: state.captain };
}

/** §3.2 A: one card from hand face up; then the turn passes on. The pirate card sails at once (§6). */
export function offerCard(state: MeutererState, seat: Seat, card: Card, hand: Card[], log: Log): MeutererState {
  log.push({ type: 'goods.offered', text: `${seatName(seat)} offered ${card}`, seat, card, handSize: hand.length });
  let next: MeutererState = {
    ...state,
    players: patchPlayer(state.players, seat, (p) => ({ ...p, hand, faceUp: [...p.faceUp, card] })),
  };
  if (card === 'pirate') next = sailPirate(next, seat, hand.length, log);
  return advanceOffer(next, seat, log);
}

/**
 * §6 with D20–D25: the pirate ship moves counterclockwise by the number of cards left in the player's
 * hand (D21). If one of the islands it enters holds the merchant ship (D22, D23), every face-up card in
 * front of every player, the pirate card among them, is plundered to the discard pile (D25).
 */
function sailPirate(state: MeutererState, seat: Seat, steps: number, log: Log): MeutererState {
  const from = state.pirateShip ?? 0;
  let reached = false;
  for (let i = 1; i <= steps; i++) if (counterclockwise(from, i) === state.ship) reached = true;
  const to = counterclockwise(from, steps);
  log.push({
    type: 'pirate.sailed',
    text: `The pirate ship sailed ${steps} island(s) from ${islandAt(state, from).name} to ${islandAt(state, to).name}`,
    seat,
    from,
    to,
    plunder: reached,
  });
  if (!reached) return { ...state, pirateShip: to };
  const plundered = state.players.flatMap((p) => p.faceUp);
  log.push({
    type: 'pirate.plundered',
    text: `The pirates plundered ${plundered.length} face-up card(s)`,
    cards: plundered,
  });
  return {
    ...state,
    pirateShip: to,
    discard: [...state.discard, ...plundered],
    players: state.players.map((p) => (p.faceUp.length === 0 ? p : { ...p, faceUp: [] })),
  };
}

/**
 * §3.2 B: the hand goes face down as the kept set, its count public. The captain's destination is
 * that many islands clockwise from the ship; a non-captain then chooses an action card (D5).
 */
export function pass(state: MeutererState, seat: Seat, log: Log): MeutererState {
  const kept = player(state, seat).hand;
  const players = patchPlayer(state.players, seat, (p) => ({ ...p, hand: [], kept, passed: true }));
  if (seat === state.captain) {
    const destination = clockwise(state.ship, kept.length);
    log.push({
      type: 'player.passed',
      text: `${seatName(seat)} (captain) passed keeping ${kept.length} card(s); destination ${islandAt(state, destination).name}`,
      seat,
      kept: kept.length,
      destination,
    });
    return advanceOffer({ ...state, players, captainDestination: destination }, seat, log);
  }
  log.push({
    type: 'player.passed',
    text: `${seatName(seat)} passed keeping ${kept.length} card(s) and takes the action cards`,
    seat,
    kept: kept.length,
    poolSize: state.pool.length,
  });
  return { ...state, players, phase: 'chooseAction' };
}

/** §3.2: the passer keeps one action card face down and returns the rest (D5: only he sees them). */
export function chooseAction(state: MeutererState, seat: Seat, role: Role, log: Log): MeutererState {
  log.push({ type: 'action.chosen', text: `${seatName(seat)} chose an action card`, seat, poolSize: state.pool.length });
  log.push({
    type: 'action.chosen.private',
    text: `${seatName(seat)} saw ${state.pool.join(', ')} and kept ${role}`,
    seat,
    visibleTo: [seat],
    pool: state.pool,
    role,
  });
  const next: MeutererState = {
    ...state,
    phase: 'offer',
    pool: state.pool.filter((r) => r !== role),
    players: patchPlayer(state.players, seat, (p) => ({ ...p, role })),
  };
  return advanceOffer(next, seat, log);
}

/** §3.2 turn order: clockwise, skipping those who passed; when all have passed, phase 3 follows. */
function advanceOffer(state: MeutererState, from: Seat, log: Log): MeutererState {
  for (let i = 1; i <= state.seats; i++) {
    const seat = (from + i) % state.seats;
    if (!player(state, seat).passed) return { ...state, phase: 'offer', turn: seat };
  }
  return reveal(state, log);
}
