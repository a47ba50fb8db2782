/** Phases 1 and 2: the captain card, offering goods, passing and choosing an action card (§3.1, §3.2, §6). */
import type { Seat } from '../../engine/types.js';
import type { CaptainCardValue, Card, Role } from './data.js';
import { reveal } from './mutiny.js';
import { clockwise, counterclockwise, copyPlayer, islandAt, updatePlayer, type Log } from './rules.js';
import { aCard, cardList, cards, plural, roleName, seatRef } from './words.js';
import type { Draft } from './types.js';

/** §3.1: the captain lays a captain card; X is public. Phase 2 starts with him. */
export function setCaptainCard(s: Draft, value: CaptainCardValue, log: Log): void {
  log.push({ type: 'captainCard.set', text: `${seatRef(s.captain)} (Captain) set the captain card to ${value}.`, seat: s.captain, value });
  s.captainCard = value;
  s.phase = 'offer';
  s.turn = s.captain;
}

/** §3.2 A: one card from hand face up; then the turn passes on. The pirate card sails at once (§6). */
export function offerCard(s: Draft, seat: Seat, card: Card, hand: Card[], log: Log): void {
  log.push({ type: 'goods.offered', text: `${seatRef(seat)} offered ${aCard(card)}.`, seat, card, handSize: hand.length });
  updatePlayer(s, seat, (p) => {
    p.hand = hand;
    p.faceUp = [...p.faceUp, card];
  });
  if (card === 'pirate') sailPirate(s, seat, hand.length, log);
  advanceOffer(s, seat, log);
}

/**
 * §6 with D20–D25: the pirate ship moves counterclockwise by the number of cards left in the player's
 * hand (D21). If one of the islands it enters holds the merchant ship (D22, D23), every face-up card in
 * front of every player, the pirate card among them, is plundered to the discard pile (D25).
 */
function sailPirate(s: Draft, seat: Seat, steps: number, log: Log): void {
  const from = s.pirateShip ?? 0;
  let reached = false;
  for (let i = 1; i <= steps; i++) if (counterclockwise(from, i) === s.ship) reached = true;
  const to = counterclockwise(from, steps);
  log.push({
    type: 'pirate.sailed',
    text: `The pirate ship sailed ${plural(steps, 'island')} (the cards left in ${seatRef(seat)}'s hand) counterclockwise from ${islandAt(s, from).name} to ${islandAt(s, to).name}${reached ? ' and caught up with the merchant ship' : ''}.`,
    seat,
    from,
    to,
    steps,
    fromIsland: s.layout[from],
    toIsland: s.layout[to],
    plunder: reached,
  });
  s.pirateShip = to;
  if (!reached) return;
  const plundered = s.players.flatMap((p) => p.faceUp);
  log.push({ type: 'pirate.plundered', text: `The pirates plundered ${cards(plundered.length)} laid face up: ${cardList(plundered)}.`, cards: plundered });
  s.discard = [...s.discard, ...plundered];
  s.players = s.players.map((p) => {
    if (p.faceUp.length === 0) return p;
    const robbed = copyPlayer(p);
    robbed.faceUp = [];
    return robbed;
  });
}

/**
 * §3.2 B: the hand goes face down as the kept set, its count public. The captain's destination is
 * that many islands clockwise from the ship; a non-captain then chooses an action card (D5).
 */
export function pass(s: Draft, seat: Seat, log: Log): void {
  let keptCount = 0;
  updatePlayer(s, seat, (p) => {
    p.kept = p.hand;
    p.hand = [];
    p.passed = true;
    keptCount = p.kept.length;
  });
  if (seat === s.captain) {
    const destination = clockwise(s.ship, keptCount);
    log.push({
      type: 'player.passed',
      text: `${seatRef(seat)} (Captain) passed keeping ${cards(keptCount)}: the Captain's destination is ${islandAt(s, destination).name}.`,
      seat,
      kept: keptCount,
      destination,
      destinationIsland: s.layout[destination],
    });
    s.captainDestination = destination;
    advanceOffer(s, seat, log);
    return;
  }
  log.push({
    type: 'player.passed',
    text: `${seatRef(seat)} passed keeping ${cards(keptCount)} and chooses among ${plural(s.pool.length, 'action card')}.`,
    seat,
    kept: keptCount,
    poolSize: s.pool.length,
  });
  s.phase = 'chooseAction';
}

/** §3.2: the passer keeps one action card face down and returns the rest (D5: only he sees them). */
export function chooseAction(s: Draft, seat: Seat, role: Role, log: Log): void {
  log.push({ type: 'action.chosen', text: `${seatRef(seat)} took an action card.`, seat, hiddenFrom: [seat], poolSize: s.pool.length });
  log.push({
    type: 'action.chosen.private',
    text: `${seatRef(seat)} saw ${s.pool.map(roleName).join(', ')} and kept the ${roleName(role)}.`,
    seat,
    visibleTo: [seat],
    pool: s.pool,
    role,
  });
  s.pool = s.pool.filter((r) => r !== role);
  updatePlayer(s, seat, (p) => {
    p.role = role;
  });
  advanceOffer(s, seat, log);
}

/** §3.2 turn order: clockwise, skipping those who passed; when all have passed, phase 3 follows. */
function advanceOffer(s: Draft, from: Seat, log: Log): void {
  for (let i = 1; i <= s.seats; i++) {
    const seat = (from + i) % s.seats;
    if (!s.players[seat]?.passed) {
      s.phase = 'offer';
      s.turn = seat;
      return;
    }
  }
  reveal(s, log);
}
