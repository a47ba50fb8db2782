/** Phases 3 and 4: revealing the action cards and the mutiny (§3.3, §3.4). */
import type { Seat } from '../../engine/types.js';
import type { Role } from './data.js';
import { clockwise, clockwiseFrom, countCards, islandAt, roleHolder, updatePlayer, withoutSome, type Log } from './rules.js';
import { plural, roleName, seatRef } from './words.js';
import { scoreRound } from './score.js';
import type { Draft, MeutererState, PlayerState } from './types.js';

/** Roles that fight in the mutiny besides the captain (§3.4 "Who takes part"). */
const MUTINY_ROLES: readonly Role[] = ['mutineer', 'boy', 'boatswain'];

/**
 * §3.3: all action cards turn face up; the mutineer's destination is fixed now from his kept count.
 * With a mutineer the participants play clockwise from the captain (§3.4, D7: one lap); without one,
 * phase 4 is skipped.
 */
export function reveal(s: Draft, log: Log): void {
  const roles = s.players.map((p) => p.role);
  log.push({
    type: 'actions.revealed',
    text: `Action cards revealed: ${roles.map((r, seat) => `${seatRef(seat)} ${roleName(r)}`).join(', ')}; unused: ${s.pool.map(roleName).join(', ') || 'none'}.`,
    roles,
    unused: s.pool,
  });
  s.rolesRevealed = true;
  const mutineer = roleHolder(s, 'mutineer');
  if (mutineer === null) {
    scoreRound(s, log);
    return;
  }
  const destination = clockwise(s.ship, (s.players[mutineer] as PlayerState).kept.length);
  log.push({
    type: 'mutiny.started',
    text: `${seatRef(mutineer)} (Mutineer) mutinies: the Mutineer's destination is ${islandAt(s, destination).name}.`,
    seat: mutineer,
    destination,
    destinationIsland: s.layout[destination],
  });
  const [first, ...queue] = clockwiseFrom(s.captain, s.seats).filter((seat) => isParticipant(s, seat));
  s.mutineerDestination = destination;
  s.phase = 'mutiny';
  s.turn = first ?? s.captain;
  s.queue = queue;
}

function isParticipant(state: MeutererState, seat: Seat): boolean {
  const role = (state.players[seat] as PlayerState).role;
  return seat === state.captain || (role !== null && MUTINY_ROLES.includes(role));
}

/** §3.4 steps 2–3 (D8): k conflict cards from the kept set, face up; one turn each (D6, D7). */
export function playConflict(s: Draft, seat: Seat, count: number, log: Log): void {
  log.push({ type: 'mutiny.played', text: `${seatRef(seat)} played ${plural(count, 'conflict card')} in the mutiny.`, seat, count });
  if (count > 0) {
    updatePlayer(s, seat, (p) => {
      p.kept = withoutSome(p.kept, 'conflict', count);
      p.mutinyCards += count;
    });
  }
  const [next, ...queue] = s.queue;
  s.queue = queue;
  if (next !== undefined) s.turn = next;
  else resolveMutiny(s, log);
}

/**
 * §3.4 steps 4–6 with D29: each side counts its members' phase-2 face-up conflict cards and phase-4
 * plays; the boatswain adds 1 to the captain's side. A tie goes to the mutineers.
 */
function resolveMutiny(s: Draft, log: Log): void {
  const { captain, mutineer } = sideStrengths(s);
  const succeeded = mutineer >= captain;
  log.push({
    type: 'mutiny.resolved',
    text: `The mutiny ${succeeded ? 'succeeded' : 'failed'}: mutineers ${mutineer}, the Captain's side ${captain}.`,
    succeeded,
    captainSide: captain,
    mutineerSide: mutineer,
  });
  s.mutinySucceeded = succeeded;
  scoreRound(s, log);
}

export function sideStrengths(state: MeutererState): { captain: number; mutineer: number } {
  let captain = 0;
  let mutineer = 0;
  state.players.forEach((p, seat) => {
    const strength = countCards(p.faceUp, 'conflict') + p.mutinyCards;
    if (seat === state.captain || p.role === 'boatswain') captain += strength;
    else if (p.role === 'mutineer' || p.role === 'boy') mutineer += strength;
  });
  if (roleHolder(state, 'boatswain') !== null) captain += 1;
  return { captain, mutineer };
}
