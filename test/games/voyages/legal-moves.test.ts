/**
 * Discoverable moves, both directions, over thousands of states of seeded random games on the four maps:
 * every listed move is accepted, and every candidate apply accepts is listed, up to the documented
 * normalization (docs/api.md: `rows` order free and `[]` when no sailor is spent, a duty `value` may be omitted
 * on maps 1-2 where the box shows it). Voyages lists every move concretely: it has no move families.
 * Candidates cover each move type's whole field domains (every die, value, kind of sailor, crew rows in
 * any order, every duty box, every choice value). LEGAL_MOVES_STATES sets the number of states (default 2,000).
 */
import t, { type Test } from 'tap';
import { Random, createRng } from '../../../src/engine/random.js';
import type { GameDefinition } from '../../../src/engine/types.js';
import {
  CARGO_KINDS,
  CREW_ROWS,
  LOGBOOKS,
  MARAUDER_SIZES,
  PARTS,
  ROW_CHOICES,
  SAILOR_KINDS,
  SELL_MODES,
  type MapId,
} from '../../../src/games/voyages/data.js';
import { voyages as definition } from '../../../src/games/voyages/index.js';
import { board } from '../../../src/games/voyages/maps.js';
import type { VoyagesOptions, VoyagesState } from '../../../src/games/voyages/types.js';

type Move = Record<string, unknown>;
/** The definition with raw moves: candidates are arbitrary JSON, as a client may send. */
const voyages = definition as unknown as GameDefinition<VoyagesState, Move, VoyagesOptions>;

const STATES = Number(process.env.LEGAL_MOVES_STATES ?? 2000);
const CANDIDATES = 60;
const PLANS = [
  { map: 1, seats: 1 },
  { map: 2, seats: 2 },
  { map: 3, seats: 3 },
  { map: 4, seats: 2 },
] as const;

/** The documented normalization: the same move as apply sees it. */
function normalize(map: MapId, move: Move): Move {
  const out: Move = { ...move };
  if (Array.isArray(out.rows)) {
    if (out.rows.length === 0) delete out.rows;
    else out.rows = (out.rows as string[]).slice().sort();
  }
  if (out.type === 'duty' && map <= 2) delete out.value;
  return out;
}

function randomRows(rng: Random): string[] | undefined {
  const n = rng.int(5) - 1;
  return n < 0 ? undefined : Array.from({ length: n }, () => rng.pick(CREW_ROWS));
}

function candidate(rng: Random, map: MapId): Move {
  const b = board(map);
  const heroic = rng.int(2) === 0;
  const value = rng.between(1, 6);
  const space = () => (rng.int(4) === 0 ? null : rng.pick(b.ids));
  const rows = randomRows(rng);
  const withRows = (m: Move): Move => (rows === undefined ? m : { ...m, rows });
  switch (rng.int(20)) {
    case 0:
    case 1:
    case 2:
      return withRows({ type: rng.pick(['steer', 'sail']), die: rng.int(3), value, heroic });
    case 3:
    case 4:
    case 5: {
      const box = rng.int(10) === 0 ? null : rng.int(24);
      return withRows(rng.int(2) === 0 ? { type: 'duty', box, heroic } : { type: 'duty', box, heroic, value });
    }
    case 6:
      return { type: 'cargo', cargo: rng.pick(CARGO_KINDS) };
    case 7: {
      const mode = rng.pick(SELL_MODES);
      return { type: 'sell', mode, cargo: rng.int(3) === 0 ? null : rng.pick(CARGO_KINDS) };
    }
    case 8:
      return rng.int(2) === 0 ? { type: 'dread', sailor: rng.pick(SAILOR_KINDS) } : { type: 'fort', track: rng.pick(MARAUDER_SIZES) };
    case 9:
      return { type: 'attack', space: space() };
    case 10:
      return rng.int(2) === 0 ? { type: 'log', book: rng.pick(LOGBOOKS) } : { type: 'damage', part: rng.pick(PARTS) };
    case 11:
      return rng.int(2) === 0 ? { type: 'complete', choice: rng.pick(ROW_CHOICES) } : { type: 'write', value };
    case 12:
      return { type: 'reinforce', part: rng.pick(PARTS) };
    case 13:
      return { type: rng.pick(['recruit', 'promote']), row: rng.pick(CREW_ROWS) };
    case 14:
      return { type: 'boost', heroic, amount: value };
    case 15:
      return { type: 'bonus', heroic, direction: value };
    case 16:
      return { type: 'extra', heroic };
    case 17:
      return { type: 'build', building: rng.int(7), value };
    case 18:
      return { type: 'tower', column: rng.between(1, 4) };
    default:
      return { type: 'light', space: space() };
  }
}

/** Engine version 2 refuses crew rows on a skipped duty (nothing is spent); a version-1 game still accepts them. */
function checkSkipRows(t: Test, state: VoyagesState, seat: number): boolean {
  const move = { type: 'duty', box: null, heroic: false, rows: ['A'] };
  const now = voyages.apply(state, seat, move);
  const old = voyages.apply({ ...state, engineVersion: 1 }, seat, move);
  if (now.ok || !old.ok) t.fail(`rows on a skipped duty: ${now.ok ? 'accepted' : 'refused'} now, ${old.ok ? 'accepted' : 'refused'} in a version-1 game`);
  return !now.ok && old.ok;
}

t.test(`Voyages: offered and accepted moves agree over ${STATES} states`, async (t) => {
  const rng = new Random(createRng('voyages-legal-moves'));
  const perType = new Map<string, number>();
  let states = 0;
  let skipsChecked = 0;
  for (let game = 0; states < STATES; game++) {
    const { map, seats } = PLANS[game % PLANS.length] as (typeof PLANS)[number];
    const options = voyages.validateOptions({ map }, seats);
    if (!options.ok) throw new Error('options refused');
    let state = voyages.setup({ seats, options: options.value, seed: `legal-${game}` });
    while (voyages.outcome(state) === null && states < STATES) {
      states++;
      const seat = rng.pick(voyages.toMove(state));
      const legal = voyages.legalMoves(state, seat);
      for (const move of legal) {
        const r = voyages.apply(state, seat, move);
        if (!r.ok) t.fail(`map ${map}: listed ${JSON.stringify(move)} refused: ${r.error.code}`);
      }
      if (legal.some((m) => m.type === 'duty' && m.box === null)) skipsChecked += checkSkipRows(t, state, seat) ? 1 : 0;
      const offered = new Set(legal.map((m) => JSON.stringify(normalize(map, m))));
      for (let i = 0; i < CANDIDATES; i++) {
        const move = candidate(rng, map);
        if (!voyages.apply(state, seat, move).ok) continue;
        perType.set(move.type as string, (perType.get(move.type as string) ?? 0) + 1);
        if (!offered.has(JSON.stringify(normalize(map, move)))) {
          t.fail(`map ${map}: accepted but not offered: ${JSON.stringify(move)} (offered ${[...offered].join(' ')})`);
          return;
        }
      }
      const r = voyages.apply(state, seat, rng.pick(legal));
      if (!r.ok) throw new Error('a listed move was refused');
      state = r.state;
    }
  }
  t.equal(states, STATES, 'every state checked');
  t.ok(skipsChecked > 0, `skipped duties checked for crew rows: ${skipsChecked}`);
  const kinds = ['steer', 'sail', 'duty', 'cargo', 'sell', 'fort', 'attack', 'log', 'recruit', 'build', 'light'];
  for (const kind of kinds) t.ok((perType.get(kind) ?? 0) > 0, `accepted ${kind} candidates: ${perType.get(kind) ?? 0}`);
});
