/** The Builder phase (§2.4): BLD-1 one build each, BLD-2 legality, BLD-3 price, BLD-5 University, BLD-6 END-2. */
import { ruleError } from '../../engine/result.js';
import type { RuleError, Seat } from '../../engine/types.js';
import { BUILDINGS, BUILDING_DATA, CITY_SPACES } from './data.js';
import type { Draft } from './draft.js';
import { buildRefusal, buildingCost, buildingPrice, citySpacesUsed, occupiedQuarries, owns, colonistAvailable, isOccupied, takeBonusColonist } from './rules.js';
import { aBuilding, doubloons, seatRef } from './words.js';
import type { MoveOf, PlayerState, PuertoRicoMove, PuertoRicoState } from './types.js';

/** BLD-5: an occupied University owned before this build, and a colonist to put. */
function universityChoices(state: PuertoRicoState, player: PlayerState): readonly boolean[] {
  return isOccupied(player, 'university') && colonistAvailable(state) ? [true, false] : [false];
}

export function builderMoves(state: PuertoRicoState, seat: Seat): PuertoRicoMove[] {
  const player = state.players[seat] as PlayerState;
  const moves: PuertoRicoMove[] = [];
  const university = universityChoices(state, player);
  // BLD-2 and BLD-3 with the board read once (buildRefusal, used by apply, checks one building at a time).
  const freeSpaces = CITY_SPACES - citySpacesUsed(player);
  const quarries = occupiedQuarries(player);
  const privilege = state.role === 'builder' && state.roleHolder === seat ? 1 : 0;
  for (const building of BUILDINGS) {
    const data = BUILDING_DATA[building];
    if (data.spaces > freeSpaces || state.buildingSupply[building] <= 0 || owns(player, building)) continue;
    const price = Math.max(0, buildingCost(state, building) - Math.min(quarries, data.quarryCap) - privilege);
    if (price > player.doubloons) continue;
    for (const u of university) moves.push({ type: 'build', building, university: u });
  }
  moves.push({ type: 'pass' });
  return moves;
}

export function applyBuild(draft: Draft, seat: Seat, move: MoveOf<'build'>): RuleError | null {
  const state = draft.s;
  const refusal = buildRefusal(state, seat, move.building);
  if (refusal) return ruleError(refusal.includes('costs more') ? 'INSUFFICIENT_FUNDS' : 'ILLEGAL_MOVE', `${refusal} (BLD-2)`);
  const before = state.players[seat] as PlayerState;
  if (move.university && !universityChoices(state, before).includes(true)) {
    return ruleError('ILLEGAL_MOVE', 'no occupied University or no colonist left (BLD-5)');
  }
  const price = buildingPrice(state, seat, move.building);
  const source = move.university ? takeBonusColonist(draft) : null;
  const player = draft.player(seat);
  player.doubloons -= price;
  player.city.push({ building: move.building, colonists: source ? 1 : 0 });
  draft.buildingSupply()[move.building]--;
  draft.say({
    type: 'builder.built',
    text: `${seatRef(seat)} built ${aBuilding(move.building)} for ${doubloons(price)}${source ? ' and put a University colonist on it' : ''}.`,
    seat,
    building: move.building,
    price,
    university: source !== null,
    ...(source ? { colonistFrom: source } : {}),
  });
  if (citySpacesUsed(player) === CITY_SPACES && !draft.s.endTriggers.city) {
    draft.s.endTriggers.city = true;
    draft.say({ type: 'game.endTriggered', text: `${seatRef(seat)} filled the last space of their city: the game ends after this round.`, trigger: 'city', seat });
  }
  return null;
}
