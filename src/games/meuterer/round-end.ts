/** Phases 6 to 10: moving the ship, cleanup, the refill with the loading clerk, the next round (§3.6–3.10). */
import { Random } from '../../engine/random.js';
import type { Seat } from '../../engine/types.js';
import { HAND_SIZE, LOADING_CLERK_EXTRA, ROLES, type Card } from './data.js';
import { clockwiseFrom, islandAt, seatName, type Log } from './rules.js';
import type { MeutererState, PlayerState } from './types.js';

export function endRound(state: MeutererState, log: Log): MeutererState {
  return refill(cleanUp(moveShip(state, log), log), clockwiseFrom(state.captain, state.seats), log);
}

/**
 * §3.6: every island but the ship's goes dark; the ship sails to the winning destination, which
 * lights up. The active islands are then {where it came from, where it is}, or one if it stayed.
 */
function moveShip(state: MeutererState, log: Log): MeutererState {
  const destination = (state.mutinySucceeded === true ? state.mutineerDestination : state.captainDestination) ?? state.ship;
  log.push({
    type: 'ship.moved',
    text: `The ship sailed from ${islandAt(state, state.ship).name} to ${islandAt(state, destination).name}`,
    from: state.ship,
    to: destination,
  });
  return { ...state, ship: destination, active: destination === state.ship ? [destination] : [state.ship, destination] };
}

/** §3.7: destination cards aside; every face-up card (phase 2 and phase 4) to the discard; kept cards back to hand. */
function cleanUp(state: MeutererState, log: Log): MeutererState {
  const discarded: Card[] = [];
  for (const p of state.players) {
    discarded.push(...p.faceUp);
    for (let i = 0; i < p.mutinyCards; i++) discarded.push('conflict');
  }
  log.push({ type: 'cards.discarded', text: `${discarded.length} face-up card(s) were discarded`, cards: discarded });
  return {
    ...state,
    captainDestination: null,
    mutineerDestination: null,
    discard: [...state.discard, ...discarded],
    players: state.players.map((p) => ({ ...p, hand: [...p.hand, ...p.kept], kept: [], faceUp: [], mutinyCards: 0, passed: false, sales: null })),
  };
}

/** A draw pile being dealt from inside one `apply`: the only place that reshuffles (D14). */
class Dealer {
  deck: Card[];
  discard: Card[];
  private readonly rng: Random;
  private readonly log: Log;

  constructor(state: MeutererState, log: Log) {
    this.deck = state.deck.slice();
    this.discard = state.discard.slice();
    this.rng = new Random(state.rng);
    this.log = log;
  }

  /** D14: the discard pile is shuffled into a new deck only when a card must be drawn from an empty deck. */
  draw(count: number): Card[] {
    const drawn: Card[] = [];
    while (drawn.length < count) {
      if (this.deck.length === 0) {
        this.log.push({ type: 'deck.reshuffled', text: `The discard pile (${this.discard.length}) was shuffled into a new deck`, size: this.discard.length });
        this.deck = this.rng.shuffle(this.discard);
        this.discard = [];
        // At most 23 cards are held at once out of 36, so the pile is never empty here (§3.8).
        if (this.deck.length === 0) break;
      }
      drawn.push(this.deck.shift() as Card);
    }
    return drawn;
  }

  store(state: MeutererState): MeutererState {
    return { ...state, deck: this.deck, discard: this.discard, rng: this.rng.state };
  }
}

/**
 * §3.8: clockwise from the captain each player draws to 5. The loading clerk draws (5 − h) + 3 and
 * chooses among the drawn cards before anyone after him draws (D15), so the refill pauses there.
 */
function refill(state: MeutererState, order: readonly Seat[], log: Log): MeutererState {
  const dealer = new Dealer(state, log);
  const players = state.players.slice();
  for (let i = 0; i < order.length; i++) {
    const seat = order[i] as Seat;
    const p = players[seat] as PlayerState;
    const need = HAND_SIZE - p.hand.length;
    if (p.role === 'loadingClerk') {
      const drawn = dealer.draw(need + LOADING_CLERK_EXTRA);
      log.push({ type: 'cards.drawn', text: `${seatName(seat)} (loading clerk) drew ${drawn.length} card(s)`, seat, count: drawn.length });
      log.push({ type: 'cards.drawn.private', text: `${seatName(seat)} drew ${drawn.join(', ')}`, seat, visibleTo: [seat], cards: drawn });
      return dealer.store({ ...state, players, phase: 'loadingClerk', turn: seat, queue: order.slice(i + 1), clerkDrawn: drawn });
    }
    if (need <= 0) continue;
    const drawn = dealer.draw(need);
    players[seat] = { ...p, hand: [...p.hand, ...drawn] };
    log.push({ type: 'cards.drawn', text: `${seatName(seat)} drew ${drawn.length} card(s)`, seat, count: drawn.length });
    log.push({ type: 'cards.drawn.private', text: `${seatName(seat)} drew ${drawn.join(', ')}`, seat, visibleTo: [seat], cards: drawn });
  }
  return nextRound(dealer.store({ ...state, players, queue: [], clerkDrawn: [] }), log);
}

/**
 * The keepCards move (validated by the caller): the kept cards join his hand, the rest go face down
 * under the discard pile, and the refill continues with the next player.
 */
export function keepCards(state: MeutererState, seat: Seat, kept: readonly Card[], rejected: readonly Card[], log: Log): MeutererState {
  log.push({
    type: 'cards.kept',
    text: `${seatName(seat)} (loading clerk) kept ${kept.length} and put ${rejected.length} under the discard pile`,
    seat,
    kept: kept.length,
    rejected: rejected.length,
  });
  log.push({ type: 'cards.kept.private', text: `${seatName(seat)} kept ${kept.join(', ') || 'nothing'}`, seat, visibleTo: [seat], cards: kept, rejectedCards: rejected });
  const players = state.players.slice();
  const p = players[seat] as PlayerState;
  players[seat] = { ...p, hand: [...p.hand, ...kept] };
  const next: MeutererState = { ...state, players, discard: [...rejected, ...state.discard], clerkDrawn: [] };
  return refill(next, state.queue, log);
}

/** §3.9–3.10: action cards back to the middle; the next round starts at phase 1 with the captain. */
function nextRound(state: MeutererState, log: Log): MeutererState {
  log.push({ type: 'round.started', text: `Round ${state.round + 1} begins; ${seatName(state.captain)} is captain`, round: state.round + 1, captain: state.captain });
  return {
    ...state,
    round: state.round + 1,
    phase: 'captainCard',
    turn: state.captain,
    queue: [],
    captainCard: null,
    pool: ROLES.slice(),
    rolesRevealed: false,
    mutinySucceeded: null,
    players: state.players.map((p) => (p.role === null ? p : { ...p, role: null })),
  };
}
