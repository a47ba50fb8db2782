/**
 * Discoverable moves, both directions, over the states of seeded random games: every listed move and
 * every sampled member of a move family is accepted by `apply`; every candidate `apply` accepts (built by
 * running each move field over its schema's values, arrangements at random) is listed or in a family.
 * LEGAL_MOVES_GAMES sets the number of games (a few by default).
 */
import t from 'tap';
import { inFamily, jsonEqual, sampleFamily } from '../../../src/engine/families.js';
import { Random, createRng } from '../../../src/engine/random.js';
import { BUILDINGS, GOODS, ROLE_CARDS, TILES } from '../../../src/games/puerto-rico/data.js';
import { puertoRico } from '../../../src/games/puerto-rico/index.js';
import type { PuertoRicoMove, PuertoRicoState } from '../../../src/games/puerto-rico/types.js';
import { VARIANTS } from './property-support.js';

const GAMES = Number(process.env['LEGAL_MOVES_GAMES'] ?? 5);
const bools = [false, true];

/** Every value of every field but the arrangement's counts, per the move schema. */
const FIXED_CANDIDATES: PuertoRicoMove[] = [
  ...ROLE_CARDS.map((role): PuertoRicoMove => ({ type: 'chooseRole', role })),
  { type: 'useHacienda' },
  ...GOODS.flatMap((plantation) => bools.map((hospice): PuertoRicoMove => ({ type: 'takePlantation', plantation, hospice }))),
  ...bools.map((hospice): PuertoRicoMove => ({ type: 'takeQuarry', hospice })),
  ...bools.map((accept): PuertoRicoMove => ({ type: 'mayorPrivilege', accept })),
  ...BUILDINGS.flatMap((building) => bools.map((university): PuertoRicoMove => ({ type: 'build', building, university }))),
  { type: 'produce' },
  { type: 'pass' },
  ...GOODS.flatMap((good): PuertoRicoMove[] => [
    { type: 'craftsmanBonus', good },
    { type: 'sell', good },
    { type: 'wharf', good },
    ...[0, 1, 2].map((ship): PuertoRicoMove => ({ type: 'load', good, ship })),
  ]),
  ...storeCandidates(),
];

/** Warehouses of 0–3 kinds (in both orders for two kinds) with any barrel. */
function storeCandidates(): PuertoRicoMove[] {
  const sets: (typeof GOODS[number])[][] = [[]];
  for (const a of GOODS) {
    sets.push([a]);
    for (const b of GOODS) {
      if (a !== b) sets.push([a, b]);
      for (const c of GOODS) if (a < b && b < c) sets.push([a, b, c]);
    }
  }
  return sets.flatMap((warehouse) => [...GOODS, null].map((barrel): PuertoRicoMove => ({ type: 'store', warehouse, barrel })));
}

/** Random arrangements: counts 0–3 on random tile kinds and buildings. */
function arrangeCandidates(rng: Random, count: number): PuertoRicoMove[] {
  return Array.from({ length: count }, () => {
    const plantations: Record<string, number> = {};
    const buildings: Record<string, number> = {};
    for (const tile of TILES) if (rng.int(2)) plantations[tile] = rng.int(4);
    for (const building of BUILDINGS) if (rng.int(4) === 0) buildings[building] = rng.int(4);
    return { type: 'arrange', plantations, buildings } as PuertoRicoMove;
  });
}

/**
 * apply's sameness: a count of 0 is an absent key; a storage move is what it keeps (listed once per
 * distinct result, CAP-8), whichever kind it names for the warehouse or the barrel.
 */
function normalize(move: PuertoRicoMove, held: Readonly<Record<string, number>>): unknown {
  if (move.type === 'arrange') {
    const nonZero = (o: Record<string, number | undefined>) => Object.fromEntries(Object.entries(o).filter(([, n]) => n));
    return { type: 'arrange', plantations: nonZero(move.plantations), buildings: nonZero(move.buildings) };
  }
  if (move.type === 'store') return { type: 'store', kept: GOODS.map((g) => (move.warehouse.includes(g) ? held[g] : move.barrel === g ? 1 : 0)) };
  return move;
}

function offered(state: PuertoRicoState, seat: number, move: PuertoRicoMove): boolean {
  const held = state.players[seat]!.goods;
  const n = normalize(move, held);
  if (puertoRico.legalMoves(state, seat).some((m) => jsonEqual(normalize(m, held), n))) return true;
  return (puertoRico.moveFamilies?.(state, seat) ?? []).some((f) => inFamily(f, n));
}

t.test('whatever apply accepts is listed or in a family, and everything offered is accepted', async (t) => {
  let states = 0;
  let sampled = 0;
  let accepted = 0;
  let mayorStates = 0;
  const problems: string[] = [];
  for (let g = 0; g < GAMES; g++) {
    const variant = VARIANTS[g % VARIANTS.length]!;
    const seed = `legal-moves-${g}`;
    const rng = new Random(createRng(seed));
    const options = puertoRico.validateOptions(variant.options, variant.seats);
    if (!options.ok) throw new Error(options.error.message);
    let state = puertoRico.setup({ seats: variant.seats, options: options.value, seed });
    while (puertoRico.outcome(state) === null) {
      const seat = puertoRico.toMove(state)[0]!;
      states++;
      const listed = puertoRico.legalMoves(state, seat);
      for (const m of listed) if (!puertoRico.apply(state, seat, m).ok) problems.push(`${seed}: listed ${JSON.stringify(m)} refused`);
      for (const family of puertoRico.moveFamilies?.(state, seat) ?? []) {
        mayorStates++;
        for (let i = 0; i < 20; i++) {
          const member = sampleFamily(family, rng);
          sampled++;
          if (!member || !puertoRico.apply(state, seat, member as PuertoRicoMove).ok) problems.push(`${seed}: family member ${JSON.stringify(member)} refused`);
        }
      }
      const candidates = state.phase.name === 'mayor' ? [...FIXED_CANDIDATES, ...arrangeCandidates(rng, 300)] : FIXED_CANDIDATES;
      for (const candidate of candidates) {
        if (!puertoRico.apply(state, seat, candidate).ok) continue;
        accepted++;
        if (!offered(state, seat, candidate)) problems.push(`${seed} (${state.phase.name}): accepted ${JSON.stringify(candidate)} is not offered`);
      }
      const move = rng.pick(listed);
      const result = puertoRico.apply(state, seat, move);
      if (!result.ok) break;
      state = result.state;
    }
  }
  t.same(problems.slice(0, 10), [], `${problems.length} problems`);
  t.ok(states > 150 * GAMES, `${states} states`);
  t.ok(mayorStates > 10 && sampled > 200, `${mayorStates} mayor turns, ${sampled} family members sampled`);
  t.ok(accepted > states, `${accepted} accepted candidates checked`);
});
