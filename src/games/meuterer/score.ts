/** Phase 5: VP for the roles (5a) and for sales (5b), and the game's end (§3.5, §5). */
import type { Seat } from '../../engine/types.js';
import { BOY_REWARD } from './data.js';
import { endRound } from './round-end.js';
import { clockwiseFrom, islandAt, roleHolder, updatePlayer, type Log } from './rules.js';
import { cards, joinAnd, seatRef, seatsAnd } from './words.js';
import { allocationOptions, autoAllocation, hasChoice, islandVp } from './sales.js';
import type { Breakdown, Draft, Sale, ScoreCategory } from './types.js';

/** Phase 5: roles first, then the sales allocation, which may wait for players' choices. */
export function scoreRound(s: Draft, log: Log): void {
  scoreRoles(s, log);
  startAllocation(s, log);
}

function addPoints(s: Draft, seat: Seat, category: ScoreCategory, points: number): void {
  updatePlayer(s, seat, (p) => {
    const breakdown: Breakdown = { ship: p.breakdown.ship, boatswain: p.breakdown.boatswain, boy: p.breakdown.boy, sales: p.breakdown.sales };
    breakdown[category] += points;
    p.score += points;
    p.breakdown = breakdown;
  });
}

/**
 * 5a. A successful mutiny pays the mutineer his destination's ship VP and the boy 2, and the mutineer
 * takes the captain cards (D10: he is "the captain" from here on). Otherwise the captain scores his
 * destination's ship VP and, with a boatswain, pays him X while the boatswain gets 1 + X (D9).
 */
function scoreRoles(s: Draft, log: Log): void {
  const mutineer = roleHolder(s, 'mutineer');
  const boy = roleHolder(s, 'boy');
  const boatswain = roleHolder(s, 'boatswain');
  if (s.mutinySucceeded === true && mutineer !== null) {
    const destination = islandAt(s, s.mutineerDestination ?? s.ship);
    addPoints(s, mutineer, 'ship', destination.shipVp);
    log.push({ type: 'score.ship', text: `${seatRef(mutineer)} (Mutineer) scored ${destination.shipVp} VP for taking the ship to ${destination.name}.`, seat: mutineer, points: destination.shipVp, role: 'mutineer', islandId: s.layout[s.mutineerDestination ?? s.ship] });
    if (boy !== null) {
      addPoints(s, boy, 'boy', BOY_REWARD);
      log.push({ type: 'score.boy', text: `${seatRef(boy)} (Ship's Boy) scored ${BOY_REWARD} VP for the successful mutiny.`, seat: boy, points: BOY_REWARD });
    }
    log.push({ type: 'captain.changed', text: `${seatRef(mutineer)} is the new Captain.`, seat: mutineer, previous: s.captain });
    s.captain = mutineer;
    return;
  }
  const destination = islandAt(s, s.captainDestination ?? s.ship);
  addPoints(s, s.captain, 'ship', destination.shipVp);
  log.push({ type: 'score.ship', text: `${seatRef(s.captain)} (Captain) scored ${destination.shipVp} VP for taking the ship to ${destination.name}.`, seat: s.captain, points: destination.shipVp, role: 'captain', islandId: s.layout[s.captainDestination ?? s.ship] });
  if (boatswain !== null) {
    const x = s.captainCard ?? 0;
    addPoints(s, s.captain, 'boatswain', -x);
    addPoints(s, boatswain, 'boatswain', 1 + x);
    log.push({ type: 'score.boatswain', text: `${seatRef(boatswain)} (Boatswain) scored ${1 + x} VP, ${x} of them paid by the Captain.`, seat: boatswain, points: 1 + x, paidByCaptain: x });
  }
}

/**
 * 5b, D11: players without a choice are allocated automatically; those with one decide one at a
 * time clockwise from the captain, each seeing the earlier allocations.
 */
function startAllocation(s: Draft, log: Log): void {
  const choosers: Seat[] = [];
  for (const seat of clockwiseFrom(s.captain, s.seats)) {
    if (hasChoice(s, seat)) choosers.push(seat);
    else recordSales(s, seat, autoAllocation(s, seat), log);
  }
  s.queue = choosers;
  runAllocation(s, log);
}

/** Asks the next chooser, allocating directly when only one allocation is valid (a forced step). */
function runAllocation(s: Draft, log: Log): void {
  for (;;) {
    const [seat, ...queue] = s.queue;
    if (seat === undefined) {
      finishSales(s, log);
      return;
    }
    s.queue = queue;
    const options = allocationOptions(s, seat);
    if (options.length > 1) {
      s.phase = 'allocate';
      s.turn = seat;
      return;
    }
    recordSales(s, seat, options[0] ?? [], log);
  }
}

function recordSales(s: Draft, seat: Seat, sales: readonly Sale[], log: Log): void {
  const text = sales.length === 0
    ? `${seatRef(seat)} has no goods to sell at the active islands.`
    : `${seatRef(seat)} sells ${joinAnd(sales.map((x) => `${x.count} ${x.good} at ${islandAt(s, x.island).name}`))}.`;
  log.push({ type: 'sales.allocated', text, seat, sales, islands: sales.map((x) => s.layout[x.island]) });
  updatePlayer(s, seat, (p) => {
    p.sales = sales;
  });
}

/** The allocateSales move (already validated against `allocationOptions`). */
export function allocateSales(s: Draft, seat: Seat, sales: readonly Sale[], log: Log): void {
  recordSales(s, seat, sales, log);
  runAllocation(s, log);
}

/** Scores every active island, then ends the game after the last round's phase 5 (§5) or the round. */
function finishSales(s: Draft, log: Log): void {
  const salesBySeat = s.players.map((p) => p.sales ?? []);
  const merchant = roleHolder(s, 'merchant');
  islandVp(s, salesBySeat, merchant).forEach((vps, i) => {
    const position = s.active[i] ?? s.ship;
    const counts = salesBySeat.map((sales) => sales.reduce((n, x) => (x.island === position ? n + x.count : n), 0));
    const top = Math.max(...counts);
    const tied = counts.flatMap((c, seat) => (c === top && top > 0 ? [seat] : []));
    const name = islandAt(s, position).name;
    if (tied.length > 0 && vps.every((points) => points === 0)) {
      log.push({
        type: 'score.tie',
        text: `At ${name}, ${seatsAnd(tied)} tied with ${cards(top)} each: a ${tied.length}-way tie scores nobody.`,
        island: position,
        islandId: s.layout[position],
        seats: tied,
        count: top,
      });
      return;
    }
    vps.forEach((points, seat) => {
      if (points === 0) return;
      addPoints(s, seat, 'sales', points);
      const others = tied.filter((t) => t !== seat);
      const tie = others.length > 0 ? `, tied with ${seatsAnd(others)}${seat === merchant ? ' (the Merchant takes the full value)' : ''}` : '';
      log.push({ type: 'score.sales', text: `${seatRef(seat)} scored ${points} VP at ${name} with ${cards(top)}${tie}.`, seat, island: position, islandId: s.layout[position], points, count: top, tiedWith: others, merchant: seat === merchant });
    });
  });
  s.queue = [];
  if (s.round < s.rounds) {
    endRound(s, log);
    return;
  }
  const scores = s.players.map((p) => p.score);
  log.push({ type: 'game.ended', text: `The game ended after round ${s.round}. Scores: ${scores.map((n, seat) => `${seatRef(seat)} ${n}`).join(', ')}.`, round: s.round, scores });
  s.phase = 'gameOver';
}
