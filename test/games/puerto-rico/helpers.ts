/**
 * Given/when/then helpers for Puerto Rico's rule tests: build a position from a real setup, then play
 * moves through the public definition. Seats: A = 0, B = 1, C = 2, D = 3, E = 4; A is governor unless a
 * test says otherwise.
 */
import assert from 'node:assert/strict';
import type { LogEntry, Seat } from '../../../src/engine/types.js';
import type { Building, Good, Role, RoleCard, Tile } from '../../../src/games/puerto-rico/data.js';
import { puertoRico } from '../../../src/games/puerto-rico/index.js';
import type { CityBuilding, IslandTile, Phase, PlayerState, PuertoRicoMove, PuertoRicoOptions, PuertoRicoState } from '../../../src/games/puerto-rico/types.js';

export const A = 0;
export const B = 1;
export const C = 2;
export const D = 3;
export const E = 4;

/** A fresh game whose first governor is `governor` (the seed is searched, so setup itself is untouched). */
export function newGame(seats = 3, options: Partial<PuertoRicoOptions> = {}, governor: Seat = A): PuertoRicoState {
  const validated = puertoRico.validateOptions(options, seats);
  assert.ok(validated.ok, 'options are valid');
  for (let i = 0; ; i++) {
    const state = puertoRico.setup({ seats, options: validated.value, seed: `golden-${i}` });
    if (state.governor === governor) return state;
  }
}

/** Island tiles: 'corn' is an empty corn plantation, 'corn+' an occupied one. */
export function island(...tiles: string[]): IslandTile[] {
  return tiles.map((spec) => ({ tile: spec.replace('+', '') as Tile, occupied: spec.endsWith('+') }));
}

/** Buildings: 'harbor' is empty, 'harbor+' has 1 colonist, 'indigoPlant:2' has 2. */
export function city(...buildings: string[]): CityBuilding[] {
  return buildings.map((spec) => {
    const [name, count] = spec.replace('+', ':1').split(':');
    return { building: name as Building, colonists: Number(count ?? 0) };
  });
}

export function goods(counts: Partial<Record<Good, number>> = {}): Record<Good, number> {
  return { corn: 0, indigo: 0, sugar: 0, tobacco: 0, coffee: 0, ...counts };
}

export function withPlayer(state: PuertoRicoState, seat: Seat, patch: Partial<PlayerState>): PuertoRicoState {
  const players = state.players.slice();
  players[seat] = { ...(players[seat] as PlayerState), ...patch };
  return { ...state, players };
}

export function withPlayers(state: PuertoRicoState, patches: Record<number, Partial<PlayerState>>): PuertoRicoState {
  let out = state;
  for (const [seat, patch] of Object.entries(patches)) out = withPlayer(out, Number(seat), patch);
  return out;
}

/** The position at the start of `holder`'s turn in a role's phase (the card marked as taken). */
export function inPhase(state: PuertoRicoState, card: RoleCard, holder: Seat, phase: Phase, choices = 0): PuertoRicoState {
  const role = (card === 'prospector2' ? 'prospector' : card) as Role;
  return {
    ...state,
    role,
    roleHolder: holder,
    choices,
    roles: state.roles.map((slot) => (slot.card === card ? { ...slot, taken: true, doubloons: 0 } : slot)),
    phase,
  };
}

export function play(state: PuertoRicoState, seat: Seat, move: PuertoRicoMove): { state: PuertoRicoState; log: readonly LogEntry[] } {
  const result = puertoRico.apply(state, seat, move);
  if (!result.ok) assert.fail(`${JSON.stringify(move)} by seat ${seat} refused: ${result.error.code} ${result.error.message}`);
  return { state: result.state, log: result.log };
}

/** Plays moves in order; each is [seat, move]. */
export function playAll(state: PuertoRicoState, moves: readonly (readonly [Seat, PuertoRicoMove])[]): PuertoRicoState {
  let current = state;
  for (const [seat, move] of moves) current = play(current, seat, move).state;
  return current;
}

export function refusal(state: PuertoRicoState, seat: Seat, move: unknown): string | null {
  const result = puertoRico.apply(state, seat, move as PuertoRicoMove);
  return result.ok ? null : result.error.code;
}

export function legal(state: PuertoRicoState, seat: Seat): PuertoRicoMove[] {
  return [...puertoRico.legalMoves(state, seat)];
}

export function toMove(state: PuertoRicoState): Seat | undefined {
  return puertoRico.toMove(state)[0];
}

/** Chooses roles in order (each by the seat to move), answering nothing else. */
export function chooseRoles(state: PuertoRicoState, ...cards: RoleCard[]): PuertoRicoState {
  let current = state;
  for (const card of cards) current = play(current, toMove(current) as Seat, { type: 'chooseRole', role: card }).state;
  return current;
}

export function roleDoubloons(state: PuertoRicoState): Partial<Record<RoleCard, number>> {
  return Object.fromEntries(state.roles.map((slot) => [slot.card, slot.doubloons]));
}

/** Plays the current role's phase to its end with the most passive legal move of each seat. */
export function playOut(state: PuertoRicoState): PuertoRicoState {
  let current = state;
  while (current.phase.name !== 'chooseRole' && current.phase.name !== 'over') {
    const seat = toMove(current) as Seat;
    const moves = legal(current, seat);
    const passive =
      moves.find((m) => m.type === 'pass') ?? moves.find((m) => m.type === 'mayorPrivilege' && !m.accept) ?? (moves[0] as PuertoRicoMove);
    current = play(current, seat, passive).state;
  }
  return current;
}

/** The chooser to move takes `card`, and its phase is played out passively. */
export function chooseAndPlayOut(state: PuertoRicoState, card: RoleCard): PuertoRicoState {
  return playOut(play(state, toMove(state) as Seat, { type: 'chooseRole', role: card }).state);
}

/** The start of a new round's choices (every card back, no choice made yet), same governor. */
export function freshRound(state: PuertoRicoState): PuertoRicoState {
  return { ...state, choices: 0, role: null, phase: { name: 'chooseRole' }, roles: state.roles.map((r) => ({ ...r, taken: false })) };
}
