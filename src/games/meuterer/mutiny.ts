/** Phases 3 and 4: revealing the action cards and the mutiny (§3.3, §3.4). */
import type { Seat } from '../../engine/types.js';
import type { Role } from './data.js';
import { clockwise, clockwiseFrom, countCards, islandAt, patchPlayer, roleHolder, seatName, withoutSome, type Log } from './rules.js';
import { scoreRound } from './score.js';
import type { MeutererState, PlayerState } from './types.js';

/** Roles that fight in the mutiny besides the captain (§3.4 "Who takes part"). */
const MUTINY_ROLES: readonly Role[] = ['mutineer', 'boy', 'boatswain'];

/**
 * §3.3: all action cards turn face up; the mutineer's destination is fixed now from his kept count.
 * With a mutineer the participants play clockwise from the captain (§3.4, D7: one lap); without one,
 * phase 4 is skipped.
 */
export function reveal(state: MeutererState, log: Log): MeutererState {
  const roles = state.players.map((p) => p.role);
  log.push({
    type: 'actions.revealed',
    text: `Action cards revealed: ${roles.map((r, s) => `${seatName(s)} ${r ?? 'captain'}`).join(', ')}; unused: ${state.pool.join(', ')}`,
    roles,
    unused: state.pool,
  });
  const revealed: MeutererState = { ...state, rolesRevealed: true };
  const mutineer = roleHolder(state, 'mutineer');
  if (mutineer === null) return scoreRound(revealed, log);
  const destination = clockwise(state.ship, (state.players[mutineer] as PlayerState).kept.length);
  log.push({
    type: 'mutiny.started',
    text: `${seatName(mutineer)} mutinies; mutineer's destination ${islandAt(state, destination).name}`,
    seat: mutineer,
    destination,
  });
  const [first, ...queue] = clockwiseFrom(state.captain, state.seats).filter((seat) => isParticipant(state, seat));
  return { ...revealed, mutineerDestination: destination, phase: 'mutiny', turn: first ?? state.captain, queue };
}

function isParticipant(state: MeutererState, seat: Seat): boolean {
  const role = (state.players[seat] as PlayerState).role;
  return seat === state.captain || (role !== null && MUTINY_ROLES.includes(role));
}

/** §3.4 steps 2–3 (D8): k conflict cards from the kept set, face up; one turn each (D6, D7). */
export function playConflict(state: MeutererState, seat: Seat, count: number, log: Log): MeutererState {
  log.push({ type: 'mutiny.played', text: `${seatName(seat)} played ${count} conflict card(s)`, seat, count });
  const players = patchPlayer(state.players, seat, (p) => ({
    ...p,
    kept: count === 0 ? p.kept : withoutSome(p.kept, 'conflict', count),
    mutinyCards: p.mutinyCards + count,
  }));
  const [next, ...queue] = state.queue;
  const played: MeutererState = { ...state, players };
  if (next !== undefined) return { ...played, turn: next, queue };
  return resolveMutiny({ ...played, queue: [] }, log);
}

/**
 * §3.4 steps 4–6 with D29: each side counts its members' phase-2 face-up conflict cards and phase-4
 * plays; the boatswain adds 1 to the captain's side. A tie goes to the mutineers.
 */
function resolveMutiny(state: MeutererState, log: Log): MeutererState {
  const { captain, mutineer } = sideStrengths(state);
  const succeeded = mutineer >= captain;
  log.push({
    type: 'mutiny.resolved',
    text: `The mutiny ${succeeded ? 'succeeded' : 'failed'} (${mutineer} against ${captain})`,
    succeeded,
    captainSide: captain,
    mutineerSide: mutineer,
  });
  return scoreRound({ ...state, mutinySucceeded: succeeded }, log);
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
