/** Phases 6 to 10: moving the ship, cleanup, the refill with the loading clerk, the next round (§3.6–3.10). */
import { Random } from '../../engine/random.js';
import type { Seat } from '../../engine/types.js';
import { HAND_SIZE, LOADING_CLERK_EXTRA, ROLES, type Card } from './data.js';
import { clockwiseFrom, copyPlayer, islandAt, updatePlayer, type Log } from './rules.js';
import { cardList, cards, seatRef } from './words.js';
import type { Draft, PlayerState } from './types.js';

/** Phases 6 to 8 (and 9–10 once the refill is done) after phase 5 of any but the last round. */
export function endRound(s: Draft, log: Log): void {
  const order = clockwiseFrom(s.captain, s.seats);
  moveShip(s, log);
  cleanUp(s, log);
  refill(s, order, log);
}

/**
 * §3.6: every island but the ship's goes dark; the ship sails to the winning destination, which
 * lights up. The active islands are then {where it came from, where it is}, or one if it stayed.
 */
function moveShip(s: Draft, log: Log): void {
  const destination = (s.mutinySucceeded === true ? s.mutineerDestination : s.captainDestination) ?? s.ship;
  log.push({
    type: 'ship.moved',
    text: destination === s.ship
      ? `The ship stayed at ${islandAt(s, s.ship).name}.`
      : `The ship sailed from ${islandAt(s, s.ship).name} to ${islandAt(s, destination).name}.`,
    from: s.ship,
    to: destination,
    fromIsland: s.layout[s.ship],
    toIsland: s.layout[destination],
  });
  s.active = destination === s.ship ? [destination] : [s.ship, destination];
  s.ship = destination;
}

/** §3.7: destination cards aside; every face-up card (phase 2 and phase 4) to the discard; kept cards back to hand. */
function cleanUp(s: Draft, log: Log): void {
  const discarded: Card[] = [];
  for (const p of s.players) {
    discarded.push(...p.faceUp);
    for (let i = 0; i < p.mutinyCards; i++) discarded.push('conflict');
  }
  log.push({ type: 'cards.discarded', text: `${cards(discarded.length)} laid face up went to the discard pile${discarded.length ? `: ${cardList(discarded)}` : ''}.`, cards: discarded });
  s.captainDestination = null;
  s.mutineerDestination = null;
  s.discard = [...s.discard, ...discarded];
  s.players = s.players.map((old) => {
    const p = copyPlayer(old);
    p.hand = [...p.hand, ...p.kept];
    p.kept = [];
    p.faceUp = [];
    p.mutinyCards = 0;
    p.passed = false;
    p.sales = null;
    return p;
  });
}

/** A draw pile being dealt from inside one `apply`: the only place that reshuffles (D14). */
class Dealer {
  private deck: Card[];
  private discard: Card[];
  private readonly rng: Random;
  private readonly log: Log;

  constructor(s: Draft, log: Log) {
    this.deck = s.deck.slice();
    this.discard = s.discard.slice();
    this.rng = new Random(s.rng);
    this.log = log;
  }

  /** D14: the discard pile is shuffled into a new deck only when a card must be drawn from an empty deck. */
  draw(count: number): Card[] {
    const drawn: Card[] = [];
    while (drawn.length < count) {
      if (this.deck.length === 0) {
        this.log.push({ type: 'deck.reshuffled', text: `The discard pile (${cards(this.discard.length)}) was shuffled into a new deck.`, size: this.discard.length });
        this.deck = this.rng.shuffle(this.discard);
        this.discard = [];
        // At most 23 cards are held at once out of 36, so the pile is never empty here (§3.8).
        if (this.deck.length === 0) break;
      }
      drawn.push(this.deck.shift() as Card);
    }
    return drawn;
  }

  store(s: Draft): void {
    s.deck = this.deck;
    s.discard = this.discard;
    s.rng = this.rng.state;
  }
}

/**
 * §3.8: clockwise from the captain each player draws to 5. The loading clerk draws (5 − h) + 3 and
 * chooses among the drawn cards before anyone after him draws (D15), so the refill pauses there.
 */
function refill(s: Draft, order: readonly Seat[], log: Log): void {
  const dealer = new Dealer(s, log);
  for (let i = 0; i < order.length; i++) {
    const seat = order[i] as Seat;
    const p = s.players[seat] as PlayerState;
    const need = HAND_SIZE - p.hand.length;
    if (p.role === 'loadingClerk') {
      const drawn = dealer.draw(need + LOADING_CLERK_EXTRA);
      log.push({ type: 'cards.drawn', text: `${seatRef(seat)} (Loading Clerk) drew ${cards(drawn.length)} to choose from.`, seat, hiddenFrom: [seat], count: drawn.length, loadingClerk: true });
      log.push({ type: 'cards.drawn.private', text: `${seatRef(seat)} drew ${cardList(drawn)}.`, seat, visibleTo: [seat], cards: drawn });
      dealer.store(s);
      s.phase = 'loadingClerk';
      s.turn = seat;
      s.queue = order.slice(i + 1);
      s.clerkDrawn = drawn;
      return;
    }
    if (need <= 0) continue;
    const drawn = dealer.draw(need);
    updatePlayer(s, seat, (q) => {
      q.hand = [...q.hand, ...drawn];
    });
    log.push({ type: 'cards.drawn', text: `${seatRef(seat)} drew ${cards(drawn.length)}.`, seat, hiddenFrom: [seat], count: drawn.length });
    log.push({ type: 'cards.drawn.private', text: `${seatRef(seat)} drew ${cardList(drawn)}.`, seat, visibleTo: [seat], cards: drawn });
  }
  dealer.store(s);
  s.queue = [];
  s.clerkDrawn = [];
  nextRound(s, log);
}

/**
 * The keepCards move (validated by the caller): the kept cards join his hand, the rest go face down
 * under the discard pile, and the refill continues with the next player.
 */
export function keepCards(s: Draft, seat: Seat, kept: readonly Card[], rejected: readonly Card[], log: Log): void {
  log.push({
    type: 'cards.kept',
    text: `${seatRef(seat)} (Loading Clerk) kept ${cards(kept.length)} and put ${cards(rejected.length)} under the discard pile.`,
    seat,
    hiddenFrom: [seat],
    kept: kept.length,
    rejected: rejected.length,
  });
  log.push({ type: 'cards.kept.private', text: `${seatRef(seat)} kept ${cardList(kept)} and put ${cardList(rejected)} under the discard pile.`, seat, visibleTo: [seat], cards: kept, rejectedCards: rejected });
  updatePlayer(s, seat, (p) => {
    p.hand = [...p.hand, ...kept];
  });
  s.discard = [...rejected, ...s.discard];
  s.clerkDrawn = [];
  refill(s, s.queue, log);
}

/** §3.9–3.10: action cards back to the middle; the next round starts at phase 1 with the captain. */
function nextRound(s: Draft, log: Log): void {
  log.push({ type: 'round.started', text: `Round ${s.round + 1} begins; ${seatRef(s.captain)} is the Captain.`, round: s.round + 1, captain: s.captain });
  s.round += 1;
  s.phase = 'captainCard';
  s.turn = s.captain;
  s.queue = [];
  s.captainCard = null;
  s.pool = ROLES.slice();
  s.rolesRevealed = false;
  s.mutinySucceeded = null;
  s.players = s.players.map((old) => {
    if (old.role === null) return old;
    const p = copyPlayer(old);
    p.role = null;
    return p;
  });
}
