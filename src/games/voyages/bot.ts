/**
 * Bots. `random` picks any legal move; `greedy` scores each option with a one-round heuristic: the
 * landing space's worth and newly explored regions for the move, completed rows and columns for the
 * duty, the best sale at a settlement, minus the sailors spent. Deterministic given `input.seed`.
 */
import { createRng, Random } from '../../engine/random.js';
import type { Bot, BotInput } from '../../engine/types.js';
import { CARGO_KINDS, wrapDistance } from './data.js';
import { board, map1Sheet, type Board } from './maps.js';
import { dutyDie, legalMovesFor } from './moves.js';
import { sailPath } from './movement.js';
import { boxMarked, GRID_COLUMNS, GRID_ROWS, heldKinds, isCollected, traced } from './rules.js';
import type { Sheet, VoyagesMove, VoyagesState } from './types.js';

export const BOT_LEVELS = ['random', 'greedy'] as const;

const NORMAL_COST = 1;
const HEROIC_COST = 3;
const STAR_WORTH = 9;

function spendCost(raw: number, value: number, heroic: boolean): number {
  if (raw === value) return 0;
  return heroic ? HEROIC_COST : wrapDistance(raw, value) * NORMAL_COST;
}

/** What ending the move on `space` after entering `entered` is worth to `s` (§3.2, §2.5). */
function landingWorth(b: Board, s: Sheet, entered: readonly number[]): number {
  const sheet = map1Sheet(b);
  let worth = 0;
  const explored = new Set(s.explored);
  for (const space of entered) {
    const region = b.region[space] ?? -1;
    if (region >= 0 && !explored.has(region)) {
      worth += 2 * explored.size + 1;
      explored.add(region);
    }
  }
  const space = entered[entered.length - 1];
  if (space === undefined) return worth;
  const island = b.island[space];
  if (island?.kind === 'numbered' && !s.visited.includes(space)) worth += island.gold ?? 0;
  if (island?.kind === 'settlement' && !isCollected(s, space)) worth += 2 + bestSale(b, s).gold;
  const feature = b.feature[space];
  if (!feature || isCollected(s, space)) return worth;
  switch (feature.kind) {
    case 'sailor':
      return worth + (traced(s) < sheet.crew.capacity ? 2.5 : 0) + (traced(s) + 1 === sheet.crew.starAtSailorNumber ? STAR_WORTH : 0);
    case 'relic':
      return worth + (s.crew.normal > 0 ? 2 : 0);
    case 'cargo':
      return worth + 2;
    case 'star':
      return worth + STAR_WORTH;
    case 'dread':
      return s.dreadDefeated ? worth : worth + (s.crew.heroic >= sheet.dread.heroicCost ? sheet.dread.gold + STAR_WORTH - 4 : -2);
    case 'marauder':
    case 'monster':
      return worth;
    default: {
      const never: never = feature;
      return never;
    }
  }
}

/** The sale worth most now (gold, plus a star for a 3rd box sold). */
function bestSale(b: Board, s: Sheet): { gold: number; move: VoyagesMove } {
  const sheet = map1Sheet(b);
  const starLeft = (s.stars.cargo ?? 0) === 0;
  const saleWorth = (kind: number, count: number): number => {
    const track = s.cargo[kind];
    const values = sheet.cargo.tracks[CARGO_KINDS[kind] ?? 'fruit'] ?? [];
    if (!track) return 0;
    let gold = 0;
    for (let i = track.sold; i < Math.min(track.taken, track.sold + count); i++) {
      gold += (values[i] ?? 0) - sheet.cargo.goldPerUnsold;
      if (i + 1 === sheet.cargo.starOnSellingBox && starLeft) gold += STAR_WORTH;
    }
    return gold;
  };
  let best: { gold: number; move: VoyagesMove } = { gold: 0, move: { type: 'sell', mode: 'none', cargo: null } };
  const held = heldKinds(s);
  const each = held.reduce((sum, kind) => sum + saleWorth(CARGO_KINDS.indexOf(kind), 1), 0);
  if (each > best.gold) best = { gold: each, move: { type: 'sell', mode: 'eachKind', cargo: null } };
  for (const kind of held) {
    const all = saleWorth(CARGO_KINDS.indexOf(kind), 6);
    if (all > best.gold) best = { gold: all, move: { type: 'sell', mode: 'allOfKind', cargo: kind } };
  }
  return best;
}

/** Duty box worth: progress plus the bonuses it completes (§3.3). */
function dutyWorth(b: Board, s: Sheet, box: number | null): number {
  if (box === null) return 0;
  const grid = s.grid | (1 << box);
  const row = Math.floor(box / GRID_COLUMNS);
  const col = box % GRID_COLUMNS;
  let worth = 1;
  let rowMarks = 0;
  for (let c = 0; c < GRID_COLUMNS; c++) if (grid & (1 << (row * GRID_COLUMNS + c))) rowMarks++;
  let colMarks = 0;
  for (let r = 0; r < GRID_ROWS; r++) if (grid & (1 << (r * GRID_COLUMNS + col))) colMarks++;
  worth += rowMarks * (row === 1 ? 0.8 : 0.4) + colMarks * 0.5;
  if (rowMarks === GRID_COLUMNS) worth += map1Sheet(b).duties.rowBonuses[row]?.some((x) => x.type === 'star') ? STAR_WORTH : 4;
  if (colMarks === GRID_ROWS) worth += 3;
  return boxMarked(s, box) ? -100 : worth;
}

function moveWorth(b: Board, state: VoyagesState, s: Sheet, move: VoyagesMove): number {
  switch (move.type) {
    case 'steer': {
      // The best distance that follows this heading.
      const raw = state.dice[move.die] ?? 0;
      const after: Sheet = { ...s, crew: { ...s.crew }, step: 'distance', directionDie: move.die, direction: move.value };
      if (move.value !== raw) {
        if (move.heroic) after.crew.heroic -= 1;
        else after.crew.normal -= wrapDistance(raw, move.value);
      }
      const best = Math.max(...legalMovesFor(state, after).map((m) => moveWorth(b, state, after, m)));
      return best - spendCost(raw, move.value, move.heroic);
    }
    case 'sail': {
      const raw = state.dice[move.die] ?? 0;
      const entered = sailPath(b, s.ship, s.direction, move.value);
      return landingWorth(b, s, entered) - spendCost(raw, move.value, move.heroic);
    }
    case 'duty': {
      const raw = state.dice[dutyDie(s)] ?? 0;
      const value = move.box === null ? raw : (map1Sheet(b).duties.grid[Math.floor(move.box / GRID_COLUMNS)]?.[move.box % GRID_COLUMNS] ?? raw);
      return dutyWorth(b, s, move.box) - spendCost(raw, value, move.heroic);
    }
    case 'cargo': {
      const track = s.cargo[CARGO_KINDS.indexOf(move.cargo)];
      const values = map1Sheet(b).cargo.tracks[move.cargo] ?? [];
      return values[track?.taken ?? 0] ?? 0;
    }
    case 'sell': {
      const best = bestSale(b, s).move;
      return best.type === 'sell' && best.mode === move.mode && best.cargo === move.cargo ? 1 : 0;
    }
    case 'dread':
      // Keep heroic sailors: each is worth 2 gold and half a Dread victory.
      return move.sailor === 'normal' ? 1 : 0;
    default: {
      const never: never = move;
      return never;
    }
  }
}

function choose(state: VoyagesState, seat: number, input: BotInput): VoyagesMove {
  const s = state.players[seat] as Sheet;
  const moves = legalMovesFor(state, s);
  const rng = new Random(createRng(input.seed));
  if (input.level !== 'greedy') return rng.pick(moves);
  const b = board(state.map);
  let best: VoyagesMove[] = [];
  let bestWorth = -Infinity;
  for (const move of moves) {
    const worth = moveWorth(b, state, s, move);
    if (worth > bestWorth + 1e-9) {
      bestWorth = worth;
      best = [move];
    } else if (Math.abs(worth - bestWorth) <= 1e-9) best.push(move);
  }
  return rng.pick(best);
}

export const bot: Bot<VoyagesState, VoyagesMove> = { levels: BOT_LEVELS, choose };
