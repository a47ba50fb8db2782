/** Shared by the property tests: the game count, the variants, and the legalMoves/apply agreement check. */
import assert from 'node:assert/strict';
import { Random, createRng } from '../../../src/engine/random.js';
import { BUILDINGS, GOODS, ROLE_CARDS } from '../../../src/games/puerto-rico/data.js';
import { puertoRico } from '../../../src/games/puerto-rico/index.js';
import type { PuertoRicoMove, PuertoRicoState } from '../../../src/games/puerto-rico/types.js';
import { checkInvariants } from './invariants.js';

/** Every move shape but `arrange` (a family: see mayor.ts), to test that unlisted moves are refused. */
export const MOVE_UNIVERSE: readonly PuertoRicoMove[] = [
  ...ROLE_CARDS.map((role): PuertoRicoMove => ({ type: 'chooseRole', role })),
  { type: 'useHacienda' },
  ...GOODS.flatMap((plantation): PuertoRicoMove[] => [
    { type: 'takePlantation', plantation, hospice: false },
    { type: 'takePlantation', plantation, hospice: true },
  ]),
  { type: 'takeQuarry', hospice: false },
  { type: 'takeQuarry', hospice: true },
  { type: 'mayorPrivilege', accept: true },
  { type: 'mayorPrivilege', accept: false },
  ...BUILDINGS.flatMap((building): PuertoRicoMove[] => [
    { type: 'build', building, university: false },
    { type: 'build', building, university: true },
  ]),
  { type: 'produce' },
  ...GOODS.flatMap((good): PuertoRicoMove[] => [
    { type: 'craftsmanBonus', good },
    { type: 'sell', good },
    { type: 'wharf', good },
    { type: 'load', good, ship: 0 },
    { type: 'load', good, ship: 1 },
    { type: 'load', good, ship: 2 },
    { type: 'store', warehouse: [], barrel: good },
    { type: 'store', warehouse: [good], barrel: null },
  ]),
  { type: 'store', warehouse: [], barrel: null },
  { type: 'pass' },
  { type: 'arrange', plantations: { corn: 99 }, buildings: {} },
];

export const VARIANTS: readonly { seats: number; options: object }[] = [
  { seats: 2, options: {} },
  { seats: 2, options: { roleOrder: 'alternating5' } },
  { seats: 2, options: { balance: true } },
  { seats: 2, options: { roleOrder: 'alternating5', balance: true } },
  { seats: 3, options: {} },
  { seats: 4, options: {} },
  { seats: 5, options: {} },
];

/** Games per policy, spread over the variants: a quick seeded run by default, PROPERTY_GAMES=1000 (or more) for a long one. */
export const PROPERTY_GAMES = Number(process.env['PROPERTY_GAMES'] ?? 35);

/**
 * The per-move check: invariants on the new state, and on a sample of unlisted moves, that `apply`
 * refuses exactly the moves `legalMoves` leaves out.
 */
export function makeCheck(seed: string, sampleEvery: number) {
  const rng = new Random(createRng(`universe:${seed}`));
  return (before: unknown, after: unknown, seat: number, _move: unknown, index: number): void => {
    checkInvariants(after as PuertoRicoState, `seed=${seed} move#${index}`);
    if (index % sampleEvery !== 0) return;
    const state = before as PuertoRicoState;
    const listed = new Set(puertoRico.legalMoves(state, seat).map((m) => JSON.stringify(m)));
    for (let i = 0; i < 5; i++) {
      const candidate = rng.pick(MOVE_UNIVERSE);
      if (candidate.type === 'arrange' && state.phase.name !== 'mayor') continue;
      const accepted = puertoRico.apply(state, seat, candidate).ok;
      if (candidate.type === 'arrange') assert.equal(accepted, false, `seed=${seed} move#${index}: an arrangement of 99 colonists was accepted`);
      else assert.equal(accepted, listed.has(JSON.stringify(candidate)), `seed=${seed} move#${index}: apply and legalMoves disagree on ${JSON.stringify(candidate)} in ${state.phase.name}`);
    }
  };
}
