/**
 * Discoverable moves, both directions, over the states of seeded random games (3 and 4 seats, with and
 * without pirates): every listed move passes the move schema and is accepted by `apply`; every candidate
 * `apply` accepts is listed. Candidates run each field over its whole domain and beyond it: every captain
 * card, card, role and conflict count; every sales allocation of up to two entries (each active island and
 * one inactive, each good, each count from 0 to one more than held) and some of three; every sub-multiset
 * of the loading clerk's draw in a shuffled order; and malformed moves. Meuterer lists every move
 * concretely (no families). Sameness is apply's: a sales allocation and a kept set are order free (docs/api.md, "Legal moves and logs").
 * LEGAL_MOVES_GAMES sets the number of games (8 by default, a few seconds; 400 for a long run).
 */
import t from 'tap';
import { Value } from 'typebox/value';
import { Random, createRng } from '../../../src/engine/random.js';
import { CAPTAIN_CARD_VALUES, CARDS, GOODS, ISLAND_COUNT, ROLES, type Card } from '../../../src/games/meuterer/data.js';
import { meuterer } from '../../../src/games/meuterer/index.js';
import type { MeutererState, Sale } from '../../../src/games/meuterer/types.js';

const GAMES = Number(process.env['LEGAL_MOVES_GAMES'] ?? 8);
const CONFIGS = [3, 4].flatMap((seats) => [false, true].map((pirates) => ({ seats, pirates })));

type Move = Record<string, unknown>;

/** apply's sameness: sales entries and kept cards in any order. */
function key(move: Move): string {
  if (move.type === 'allocateSales' && Array.isArray(move.sales)) {
    return JSON.stringify({ type: move.type, sales: move.sales.map((s) => JSON.stringify(s)).sort() });
  }
  if (move.type === 'keepCards' && Array.isArray(move.cards)) return JSON.stringify({ type: move.type, cards: [...(move.cards as Card[])].sort() });
  return JSON.stringify(move);
}

/** Moves of every phase, each field over its domain and a little beyond, and malformed ones. */
const FIXED: unknown[] = [
  ...[...CAPTAIN_CARD_VALUES, -1, 4, 1.5, '2'].map((value) => ({ type: 'setCaptainCard', value })),
  ...[...CARDS, 'gold'].map((card) => ({ type: 'offer', card })),
  { type: 'pass' },
  ...[...ROLES, 'captain'].map((role) => ({ type: 'chooseAction', role })),
  ...[-1, 0, 1, 2, 3, 4, 5, 6, 7, 0.5].map((count) => ({ type: 'playConflict', count })),
  ...CARDS.map((card) => ({ type: 'keepCards', cards: [card] })),
  { type: 'keepCards', cards: [] },
  { type: 'offer' },
  { type: 'allocateSales', sales: 'all' },
  { type: 'keepCards', cards: ['ruby', 7] },
  { type: 'mutiny' },
  null,
  'pass',
];

/** One sale entry per island (the active ones and one other), good and count from 0 to one more than held. */
function saleEntries(state: MeutererState): Sale[] {
  const faceUp = state.players[state.turn]!.faceUp;
  const inactive = Array.from({ length: ISLAND_COUNT }, (_, i) => i).find((i) => !state.active.includes(i))!;
  return [...state.active, inactive].flatMap((island) =>
    GOODS.flatMap((good) => {
      const held = faceUp.filter((c) => c === good).length;
      return Array.from({ length: held + 2 }, (_, count) => ({ island, good, count }));
    }),
  );
}

/** Allocations of 0, 1 and 2 entries (in both orders), and each listed allocation with one entry more. */
function saleCandidates(state: MeutererState): Move[] {
  const entries = saleEntries(state);
  const out: Move[] = [{ type: 'allocateSales', sales: [] }];
  for (const a of entries) {
    out.push({ type: 'allocateSales', sales: [a] });
    for (const b of entries) out.push({ type: 'allocateSales', sales: [a, b] });
  }
  for (const listed of meuterer.legalMoves(state, state.turn)) {
    if (listed.type === 'allocateSales') for (const extra of entries) out.push({ type: 'allocateSales', sales: [...listed.sales, extra] });
  }
  return out;
}

/** Every sub-multiset of the clerk's draw (by position, so of every size) in a shuffled order, and each with a foreign card. */
function keepCandidates(state: MeutererState, rng: Random): Move[] {
  const drawn = state.clerkDrawn;
  const out: Move[] = [];
  for (let mask = 0; mask < 1 << drawn.length; mask++) {
    const cards = rng.shuffle(drawn.filter((_, i) => mask & (1 << i)));
    out.push({ type: 'keepCards', cards });
    const foreign = CARDS.find((c) => !drawn.includes(c));
    if (foreign !== undefined && cards.length > 0) out.push({ type: 'keepCards', cards: [...cards.slice(1), foreign] });
  }
  return out;
}

function candidates(state: MeutererState, rng: Random): unknown[] {
  if (state.phase === 'allocate') return [...FIXED, ...saleCandidates(state)];
  if (state.phase === 'loadingClerk') return [...FIXED, ...keepCandidates(state, rng)];
  return FIXED;
}

t.test(`Meuterer: offered and accepted moves agree over ${GAMES} random games`, async (t) => {
  const problems: string[] = [];
  const acceptedByType = new Map<string, number>();
  let states = 0;
  for (let g = 0; g < GAMES; g++) {
    const { seats, pirates } = CONFIGS[g % CONFIGS.length]!;
    const seed = `legal-moves-${g}`;
    const rng = new Random(createRng(seed));
    let state = meuterer.setup({ seats, options: { pirates, layout: g % 3 === 0 ? 'standard' : 'random' }, seed });
    while (meuterer.outcome(state) === null) {
      states++;
      const seat = state.turn;
      const listed = meuterer.legalMoves(state, seat);
      const offered = new Set<string>();
      for (const move of listed) {
        const k = key(move);
        if (offered.has(k)) problems.push(`${seed} (${state.phase}): ${k} listed twice`);
        offered.add(k);
        if (!Value.Check(meuterer.moveSchema, move)) problems.push(`${seed} (${state.phase}): listed ${k} breaks the move schema`);
        const r = meuterer.apply(state, seat, move);
        if (!r.ok) problems.push(`${seed} (${state.phase}): listed ${k} refused: ${r.error.code}`);
      }
      for (const other of Array.from({ length: seats }, (_, s) => s).filter((s) => s !== seat)) {
        if (meuterer.legalMoves(state, other).length > 0) problems.push(`${seed}: moves listed for seat ${other} off turn`);
        if (listed[0] && meuterer.apply(state, other, listed[0]).ok) problems.push(`${seed}: seat ${other} moved off turn`);
      }
      for (const candidate of candidates(state, rng)) {
        if (!meuterer.apply(state, seat, candidate as never).ok) continue;
        const move = candidate as Move;
        acceptedByType.set(`${move.type}`, (acceptedByType.get(`${move.type}`) ?? 0) + 1);
        if (!offered.has(key(move))) problems.push(`${seed} (${state.phase}): accepted ${JSON.stringify(move)} is not listed`);
      }
      const r = meuterer.apply(state, seat, rng.pick(listed));
      if (!r.ok) throw new Error(`${seed}: a listed move was refused`);
      state = r.state;
    }
  }
  t.same(problems.slice(0, 10), [], `${problems.length} problems`);
  t.ok(states > 100 * GAMES, `${states} states`);
  // Each kind of move was accepted somewhere, so each was compared with the list.
  for (const type of ['setCaptainCard', 'offer', 'pass', 'chooseAction', 'playConflict', 'allocateSales', 'keepCards']) {
    t.ok((acceptedByType.get(type) ?? 0) > 0, `accepted ${type} candidates: ${acceptedByType.get(type) ?? 0}`);
  }
});

/** A state up to the order of the cards in hand, which only the loading clerk's kept order changes. */
const handsSorted = (state: MeutererState): string => JSON.stringify({ ...state, players: state.players.map((p) => ({ ...p, hand: [...p.hand].sort() })) });

t.test('a kept set and a sales allocation play the same in any order', async (t) => {
  // Found in seeded games rather than built by hand, so the states are ones play reaches.
  let keeps = 0;
  let splits = 0;
  for (let g = 0; g < 20 && (keeps === 0 || splits === 0); g++) {
    const rng = new Random(createRng(`order-free-${g}`));
    let state = meuterer.setup({ seats: 4, options: { pirates: false, layout: 'standard' }, seed: `order-free-${g}` });
    while (meuterer.outcome(state) === null) {
      const seat = state.turn;
      const listed = meuterer.legalMoves(state, seat);
      for (const move of listed) {
        const reversed =
          move.type === 'keepCards' && new Set(move.cards).size > 1
            ? { ...move, cards: [...move.cards].reverse() }
            : move.type === 'allocateSales' && move.sales.length === 2
              ? { ...move, sales: [...move.sales].reverse() }
              : null;
        if (reversed === null) continue;
        const a = meuterer.apply(state, seat, move);
        const b = meuterer.apply(state, seat, reversed);
        if (!a.ok || !b.ok || handsSorted(a.state) !== handsSorted(b.state)) t.fail(`${JSON.stringify(reversed)} does not play as ${JSON.stringify(move)}`);
        if (move.type === 'keepCards') keeps++;
        else splits++;
      }
      const r = meuterer.apply(state, seat, rng.pick(listed));
      if (!r.ok) throw new Error('a listed move was refused');
      state = r.state;
    }
  }
  t.ok(keeps > 0 && splits > 0, `${keeps} kept sets and ${splits} two-island allocations reversed`);
});
