/**
 * Discoverable moves, both directions, over many states of seeded random games:
 * - offered => accepted: every listed move, and sampled members of every move family, are accepted;
 * - accepted => offered: random candidates over the whole move space (every rondel field with random
 *   payments, random sailing walks and counts, every action with random amounts) that apply accepts are
 *   listed or members of a family, up to the documented normalization (docs/api.md: pay order free, an omitted
 *   pay is the default payment, zero counts are absent keys, region lists and sailing groups order free).
 * LEGAL_MOVES_STATES sets the number of states checked (default 600; thousands for a long run).
 */
import t from 'tap';
import { isDeepStrictEqual } from 'node:util';
import { Random, createRng } from '../../../src/engine/random.js';
import type { GameDefinition } from '../../../src/engine/types.js';
import { BUILDINGS, COLUMNS, GOODS, NEIGHBOURS, REGION_COUNT, RONDEL_SIZE } from '../../../src/games/navegador/data.js';
import { moveFamilies } from '../../../src/games/navegador/families.js';
import { navegador as definition } from '../../../src/games/navegador/index.js';
import { defaultPayment, rondelDistance, rondelShipCost, sailingRange } from '../../../src/games/navegador/rules.js';
import type { NavegadorState, PlayerState } from '../../../src/games/navegador/types.js';
import { inFamily, sampleFamily } from '../../../src/engine/families.js';

const STATES = Number(process.env.LEGAL_MOVES_STATES ?? 600);
const CANDIDATES = 40;

type Move = Record<string, unknown>;
/** The definition with raw moves: candidates are arbitrary JSON, as a client may send. */
const navegador = definition as unknown as GameDefinition<NavegadorState, Move, Record<string, never>>;

/** The documented normalization: the same move as apply sees it. */
function normalize(state: NavegadorState, move: Move): Move {
  const player = state.players[state.current] as PlayerState;
  const noZeros = (counts: unknown) => Object.fromEntries(Object.entries((counts ?? {}) as Record<string, number>).filter(([, n]) => n !== 0));
  switch (move.type) {
    case 'rondel': {
      const cost = player.field === null ? 0 : rondelShipCost(rondelDistance(player.field, move.field as number));
      const pay = ((move.pay as number[] | undefined) ?? defaultPayment(player, cost)).slice().sort((a, b) => a - b);
      return { type: 'rondel', field: move.field, pay };
    }
    case 'sail':
    case 'navegador': {
      const merged = new Map<string, number>();
      for (const g of move.paths as { path: number[]; count: number }[]) merged.set(JSON.stringify(g.path), (merged.get(JSON.stringify(g.path)) ?? 0) + g.count);
      return { type: move.type, paths: [...merged].sort().map(([path, count]) => ({ path: JSON.parse(path) as number[], count })) };
    }
    case 'found':
      return { type: 'found', regions: (move.regions as number[]).slice().sort((a, b) => a - b) };
    case 'build':
      return { type: 'build', pieces: noZeros(move.pieces) };
    case 'market':
      return { type: 'market', sell: noZeros(move.sell), process: noZeros(move.process) };
    default:
      return move;
  }
}

/** A random walk of 1..range+1 borders from `from`, now and then across a border that does not exist. */
function randomPath(rng: Random, state: NavegadorState, from: number): number[] {
  const path = [from];
  const length = rng.between(1, sailingRange(state) + 1);
  for (let i = 0; i < length; i++) {
    const near = NEIGHBOURS[path[path.length - 1] as number] as readonly number[];
    const explored = near.filter((r) => state.regions[r]?.explored);
    path.push(rng.int(20) === 0 ? rng.int(REGION_COUNT) : explored.length > 0 && rng.int(4) > 0 ? rng.pick(explored) : rng.pick(near));
  }
  return path;
}

function randomPaths(rng: Random, state: NavegadorState, player: PlayerState): Move[] {
  const starts = player.ships.flatMap((n, r) => (n > 0 ? [r] : []));
  const groups = rng.between(1, 3);
  const paths: Move[] = [];
  for (let i = 0; i < groups; i++) {
    const from = starts.length > 0 && rng.int(10) > 0 ? rng.pick(starts) : rng.int(REGION_COUNT);
    paths.push({ path: randomPath(rng, state, from), count: rng.between(1, Math.max(1, player.ships[from] as number)) });
  }
  return paths;
}

const randomCounts = (rng: Random, keys: readonly string[], max: number) =>
  Object.fromEntries(keys.flatMap((k) => (rng.int(2) === 0 ? [] : [[k, rng.between(0, max)]])));

function candidate(rng: Random, state: NavegadorState, player: PlayerState): Move {
  const kind = rng.int(state.step === 'start' ? 3 : 10);
  if (state.step === 'start') {
    if (kind === 0) return { type: 'navegador', paths: randomPaths(rng, state, player) };
    const field = rng.int(RONDEL_SIZE);
    if (kind === 1) return { type: 'rondel', field };
    const starts = player.ships.flatMap((n, r) => (n > 0 ? [r] : []));
    const cost = player.field === null ? 0 : rondelShipCost(rondelDistance(player.field, field));
    const pay = Array.from({ length: rng.int(2) === 0 ? cost : rng.between(0, 5) }, () => (starts.length > 0 && rng.int(8) > 0 ? rng.pick(starts) : rng.int(REGION_COUNT)));
    return { type: 'rondel', field, pay };
  }
  switch (kind) {
    case 0:
    case 1:
      return { type: 'sail', paths: randomPaths(rng, state, player) };
    case 2:
      return { type: rng.pick(['recruit', 'buildShips']), count: rng.between(0, 10) };
    case 3:
      return { type: 'found', regions: Array.from({ length: rng.between(1, 4) }, () => rng.int(REGION_COUNT)) };
    case 4:
      return { type: 'build', pieces: randomCounts(rng, BUILDINGS, 3) };
    case 5:
    case 6:
      return { type: 'market', sell: randomCounts(rng, GOODS, 4), process: randomCounts(rng, GOODS, 4) };
    case 7:
      return { type: 'privilege', column: rng.pick(COLUMNS) };
    default:
      return { type: 'skip' };
  }
}

t.test(`Navegador: offered and accepted moves agree over ${STATES} states`, async (t) => {
  const rng = new Random(createRng('navegador-legal-moves'));
  const stats = { states: 0, listed: 0, familyMembers: 0, candidatesAccepted: 0, viaFamily: 0, nonDefaultPay: 0, sailsViaFamily: 0, explored: 0 };
  for (let game = 0; stats.states < STATES; game++) {
    const seats = 2 + (game % 4);
    let state = navegador.setup({ seats, options: {}, seed: `legal-${game}` });
    while (navegador.outcome(state) === null && stats.states < STATES) {
      stats.states++;
      const seat = state.current;
      const player = state.players[seat] as PlayerState;
      const legal = navegador.legalMoves(state, seat) as Move[];
      const families = moveFamilies(state, seat);
      const listed = legal.length > 200 ? Array.from({ length: 50 }, () => rng.pick(legal)) : legal;
      for (const move of listed) {
        const r = navegador.apply(state, seat, move);
        if (!r.ok) t.fail(`listed ${JSON.stringify(move)} refused: ${r.error.code}`);
        stats.listed++;
      }
      const members: Move[] = [];
      for (const family of families) {
        for (let i = 0; i < 2; i++) {
          const member = sampleFamily(family, rng);
          if (!member) {
            t.fail(`family ${family.description} could not be sampled`);
            continue;
          }
          const r = navegador.apply(state, seat, member);
          if (!r.ok) t.fail(`family member ${JSON.stringify(member)} refused: ${r.error.code} ${r.error.message}`);
          stats.familyMembers++;
          members.push(member);
        }
      }
      const offeredKeys = new Set(legal.map((m) => JSON.stringify(normalize(state, m))));
      for (let i = 0; i < CANDIDATES; i++) {
        const move = candidate(rng, state, player);
        if (!navegador.apply(state, seat, move).ok) continue;
        stats.candidatesAccepted++;
        const norm = normalize(state, move);
        if (offeredKeys.has(JSON.stringify(norm))) continue;
        if (families.some((f) => inFamily(f, norm))) {
          stats.viaFamily++;
          if (move.type === 'rondel' && !isDeepStrictEqual(norm, normalize(state, { type: 'rondel', field: move.field }))) stats.nonDefaultPay++;
          if (move.type === 'sail' || move.type === 'navegador') stats.sailsViaFamily++;
          continue;
        }
        t.fail(`accepted but not offered: ${JSON.stringify(move)} (step ${state.step}, field ${player.field})`);
        return;
      }
      // Walk on with a listed move or, now and then, a family member, so payments and sails vary.
      const next = members.length > 0 && rng.int(3) === 0 ? rng.pick(members) : rng.pick(legal);
      const r = navegador.apply(state, seat, next);
      if (!r.ok) throw new Error('a checked move was refused');
      if (r.log.some((e) => e.type === 'region.explored')) stats.explored++;
      state = r.state;
    }
  }
  t.equal(stats.states, STATES, 'every state checked');
  t.ok(stats.familyMembers > stats.states / 2, `family members sampled: ${stats.familyMembers}`);
  t.ok(stats.viaFamily > 0 && stats.nonDefaultPay > 0, `accepted candidates found only in a family: ${stats.viaFamily} (payments other than the default: ${stats.nonDefaultPay})`);
  t.ok(stats.sailsViaFamily > 0, `accepted sails found only in a family: ${stats.sailsViaFamily}`);
  t.ok(stats.candidatesAccepted > stats.states, `accepted candidates: ${stats.candidatesAccepted}`);
  t.ok(stats.explored > 0, `explorations on the way: ${stats.explored}`);
});
