/**
 * What a viewer may see (§6): everything but the face-down stack's order, the PRNG state, and other
 * players' VP chips (visible only to their owner until the game is over).
 */
import type { Viewer } from '../../engine/types.js';
import { actor } from './flow.js';
import type { PuertoRicoState } from './types.js';

export function viewOf(state: PuertoRicoState, viewer: Viewer) {
  const over = state.phase.name === 'over';
  const seat = actor(state);
  return {
    rulesVersion: state.version,
    seats: state.seats,
    options: state.options,
    round: state.round,
    governor: state.governor,
    choices: state.choices,
    role: state.role,
    roleHolder: state.roleHolder,
    phase: state.phase,
    toMove: seat === null ? [] : [seat],
    roles: state.roles,
    players: state.players.map((player, index) => {
      const { vp, ...visible } = player;
      return over || index === viewer ? { seat: index, ...visible, vp } : { seat: index, ...visible };
    }),
    colonistShip: state.colonistShip,
    colonistSupply: state.colonistSupply,
    vpSupply: state.vpSupply,
    quarries: state.quarries,
    faceUp: state.faceUp,
    stackSize: state.stack.length,
    discard: state.discard,
    goodsSupply: state.goodsSupply,
    buildingSupply: state.buildingSupply,
    ships: state.ships,
    tradingHouse: state.tradingHouse,
    endTriggers: state.endTriggers,
  };
}

export type PuertoRicoView = ReturnType<typeof viewOf>;
