/**
 * Bots. `random` picks any legal move; `greedy` scores each option with a one-round heuristic: the
 * landing space's worth and newly explored regions for the move, completed rows and columns for the
 * duty, the best sale at a settlement, minus the sailors spent. Deterministic given `input.seed`.
 */
import { createRng, Random } from '../../engine/random.js';
import type { Bot, BotInput } from '../../engine/types.js';
import { CARGO_KINDS, CREW_ROWS, LOGBOOKS, PARTS, wrapDistance } from './data.js';
import { board } from './maps.js';
import { commonSheet, map1Sheet, map2Sheet, map4Sheet, type Board } from './board.js';
import { boxMarked, GRID_COLUMNS, GRID_ROWS, heldKinds } from './map1.js';
import { attackTargets, defeatedOf, skillActive } from './map2.js';
import { broken, malfunctioning, openBooks, working } from './map3.js';
import { nextTier, unlit } from './map4.js';
import { dutyDie, legalMovesFor } from './moves.js';
import { sailPath } from './movement.js';
import { isCollected, traced } from './effects.js';
import type { Sheet, VoyagesMove, VoyagesState } from './types.js';

export const BOT_LEVELS = ['random', 'greedy'] as const;

const NORMAL_COST = 1;
const HEROIC_COST = 3;
const STAR_WORTH = 9;

function spendCost(raw: number, value: number, heroic: boolean): number {
  if (raw === value) return 0;
  return heroic ? HEROIC_COST : wrapDistance(raw, value) * NORMAL_COST;
}

/** What defeating the marauder on `space` adds (§5.4): its track box, a star for a full track. */
function targetGain(b: Board, s: Sheet, space: number): number {
  const f = b.feature[space];
  if (f?.kind !== 'marauder') return 0;
  const track = map2Sheet(b).marauders[f.size];
  const crossed = defeatedOf(b, s, f.size);
  const gain = (track.track[crossed] ?? 0) - (track.track[crossed - 1] ?? 0) + (crossed + 1 === track.count ? STAR_WORTH : 0);
  return gain * (s.doubled.includes(f.size) ? 2 : 1);
}

/** The best marauder this sheet could defeat from `ship`, cached per space for one decision. */
function attackWorth(b: Board, s: Sheet, ship: number, cache: Map<number, number>): number {
  if (b.map !== 2) return 0;
  const known = cache.get(ship);
  if (known !== undefined) return known;
  const worth = attackTargets(b, { ...s, ship }).reduce((best, t) => Math.max(best, targetGain(b, s, t.space)), 0);
  cache.set(ship, worth);
  return worth;
}

/** Map 3 (§6.4, §6.6): ice and passed monsters hurt; sightings with a free slot help. */
function hazardWorth(b: Board, s: Sheet, entered: readonly number[]): number {
  if (b.map !== 3) return 0;
  let worth = 0;
  entered.forEach((space, i) => {
    if (b.terrain[space] === 'ice') worth -= 1.5;
    const f = b.feature[space];
    if (f?.kind !== 'monster' || isCollected(s, space)) return;
    worth += openBooks(b, s, f.monster).length > 0 ? 1.5 : 0;
    if (i < entered.length - 1) worth -= 1.5;
  });
  const last = entered[entered.length - 1];
  if (last !== undefined && b.island[last] !== null && broken(b, s, 'keel')) worth -= 2;
  return worth;
}

/** What ending the move after entering `entered` is worth to `s` (§3.2, §5.3, §2.5). */
function landingWorth(b: Board, s: Sheet, entered: readonly number[], cache: Map<number, number>): number {
  const sheet = commonSheet(b);
  let worth = 0;
  const explored = new Set(s.explored);
  for (const space of entered) {
    const region = b.region[space] ?? -1;
    if (region >= 0 && !explored.has(region)) {
      worth += 2 * explored.size + 1;
      explored.add(region);
    }
  }
  const space = entered[entered.length - 1] ?? s.ship;
  worth += attackWorth(b, s, space, cache);
  const island = b.island[space];
  if (island?.kind === 'numbered' && !s.visited.includes(space)) worth += island.gold ?? 0;
  if (island?.kind === 'settlement' && !isCollected(s, space)) worth += 2 + bestSale(b, s).gold;
  if (island?.kind === 'fort' && !isCollected(s, space)) worth += 2.5 + 2 * s.doubled.length;
  if (island?.kind === 'star' && !isCollected(s, space)) worth += STAR_WORTH;
  if (island?.kind === 'shipyard' && !isCollected(s, space)) worth += 3 + (s.parts.some((p) => malfunctioning(b, p)) ? 4 : 1);
  if (island?.kind === 'lighthouse' && unlit(b, s).includes(space)) worth += 5;
  if (island?.kind === 'watchtower' && !isCollected(s, space) && nextTier(s) > 0) worth += 5;
  const feature = b.feature[space];
  if (!feature || isCollected(s, space)) return worth;
  if ((feature.kind === 'sailor' || feature.kind === 'relic') && broken(b, s, 'mast')) return worth;
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
      return s.dreadDefeated ? worth : worth + (s.crew.heroic >= map1Sheet(b).dread.heroicCost ? map1Sheet(b).dread.gold + STAR_WORTH - 4 : -2);
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

/** Map 2 skill row worth (§5.5): activation, mastery and the duty star. */
const SKILL_WORTH: Readonly<Record<string, number>> = { oars: 3, rudder: 3, prow: 2, ballista: 3, quarters: 2, armoury: 5 };
function skillWorth(b: Board, s: Sheet, box: number): number {
  const duties = map2Sheet(b).duties;
  const row = Math.floor(box / duties.boxesPerRow);
  const marks = (s.skills[row] ?? 0) + 1;
  const mastered = s.skills.filter((n) => n >= duties.masterAtBox).length;
  if (marks === duties.activateAtBox) return 2 + (SKILL_WORTH[duties.rows[row]?.skill ?? ''] ?? 0);
  if (marks === duties.masterAtBox) return duties.masteryGold + (mastered + 1 === duties.starAtMasteredSkills ? STAR_WORTH : 1);
  return 2 + marks * 0.5;
}

/** Map 3 repair worth (§6.5): mending a broken part first, then column bonuses and row completion. */
function repairWorth(b: Board, s: Sheet, box: number): number {
  const part = s.parts[box];
  if (!part) return 0;
  let worth = malfunctioning(b, part) ? 6 : 1;
  const column = part.numbers.length + 1;
  if (column <= 3 && s.parts.every((p, i) => i === box || p.numbers.length >= column)) worth += 3;
  if (column === 6) worth += (s.stars.duty ?? 0) === 0 ? STAR_WORTH : 3;
  return worth;
}

/** Duty box worth: progress plus the bonuses it completes (§3.3, §5.5, §6.5). */
function dutyWorth(b: Board, s: Sheet, box: number | null): number {
  if (box === null) return 0;
  if (b.map === 2) return skillWorth(b, s, box);
  if (b.map === 3) return repairWorth(b, s, box);
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

function dutyValue(b: Board, box: number | null, raw: number): number {
  if (box === null) return raw;
  if (b.map === 2) return map2Sheet(b).duties.rows[Math.floor(box / map2Sheet(b).duties.boxesPerRow)]?.value ?? raw;
  return map1Sheet(b).duties.grid[Math.floor(box / GRID_COLUMNS)]?.[box % GRID_COLUMNS] ?? raw;
}

/** A sailor spent on an ability: a normal one, or a heroic one (2 gold at the end). */
const abilityCost = (heroic: boolean): number => (heroic ? HEROIC_COST : 2 * NORMAL_COST);

/** A watchtower reward's rough worth (§7.4): gold as is, a star, sailors and writes. */
function towerCellWorth(b: Board, s: Sheet, column: number): number {
  const cell = map4Sheet(b).watchtowers.grid.find((c) => c.tier === nextTier(s) && c.column === column);
  return (cell?.reward ?? []).reduce((sum, r) => {
    switch (r.type) {
      case 'gold':
        return sum + r.value;
      case 'star':
        return sum + STAR_WORTH;
      case 'sailor':
        return sum + 2 * r.count;
      case 'duty':
        return sum + 1.5 * r.count;
      default:
        return sum + 2;
    }
  }, 0);
}

function moveWorth(b: Board, state: VoyagesState, s: Sheet, move: VoyagesMove, cache: Map<number, number>): number {
  switch (move.type) {
    case 'steer': {
      // The best distance that follows this heading.
      const raw = state.dice[move.die] ?? 0;
      const after: Sheet = { ...s, crew: { ...s.crew }, step: 'distance', directionDie: move.die, direction: move.value };
      if (move.value !== raw) {
        if (move.heroic) after.crew.heroic -= 1;
        else after.crew.normal -= wrapDistance(raw, move.value);
      }
      const best = Math.max(...sameRowsOnce(legalMovesFor(state, after)).map((m) => moveWorth(b, state, after, m, cache)));
      return best - spendCost(raw, move.value, move.heroic);
    }
    case 'sail': {
      const raw = state.dice[move.die] ?? 0;
      const steps = (broken(b, s, 'bow') ? Math.max(0, move.value - 2) : move.value) + s.boost;
      const entered = sailPath(b, s.ship, s.direction, steps, skillActive(b, s, 'prow'));
      return landingWorth(b, s, entered, cache) + hazardWorth(b, s, entered) - spendCost(raw, move.value, move.heroic);
    }
    case 'duty': {
      const raw = state.dice[dutyDie(s)] ?? 0;
      return dutyWorth(b, s, move.box) - spendCost(raw, move.value ?? dutyValue(b, move.box, raw), move.heroic);
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
    case 'fort':
      // Double the track with the most marauders down already.
      return defeatedOf(b, s, move.track) + (move.track === 'small' ? 0.5 : 0);
    case 'attack':
      return move.space === null ? 0 : 1 + targetGain(b, s, b.ids.indexOf(move.space));
    case 'log': {
      // The book closest to completion.
      const filled = s.logbooks[LOGBOOKS.indexOf(move.book)] ?? [];
      return filled.filter(Boolean).length / Math.max(1, filled.length);
    }
    case 'damage': {
      const part = s.parts[PARTS.indexOf(move.part)];
      return part ? working(b, part) : 0;
    }
    case 'complete':
      return move.choice === 'star' ? 1 : 0;
    case 'write':
      return 0;
    case 'reinforce': {
      const part = s.parts[PARTS.indexOf(move.part)];
      return part ? 10 - working(b, part) : 0;
    }
    case 'recruit': {
      // Fill rows towards experience (2 new) first, then towards the recruitment star (4 new).
      const added = s.rows[CREW_ROWS.indexOf(move.row)]?.added ?? 0;
      return added < 2 ? 3 - added : added;
    }
    case 'promote':
      return s.rows[CREW_ROWS.indexOf(move.row)]?.normal ?? 0;
    case 'boost': {
      // §7.6: worth the best sail it makes possible, less the sailor.
      const after: Sheet = { ...s, boost: s.boost + move.amount };
      const sails = legalMovesFor(state, after).filter((m) => m.type === 'sail');
      return Math.max(-Infinity, ...sameRowsOnce(sails).map((m) => moveWorth(b, state, after, m, cache))) - abilityCost(move.heroic);
    }
    case 'bonus': {
      // §7.6: worth what the new final space adds over the current one, less the sailor.
      const entered = sailPath(b, s.ship, move.direction, move.heroic ? 2 : 1, false);
      return landingWorth(b, s, entered, cache) - landingWorth(b, s, [s.ship], cache) - abilityCost(move.heroic);
    }
    case 'extra':
      // One more write of the same value rarely beats keeping the sailor for the dice.
      return -2;
    case 'build':
      return (s.buildings[move.building]?.length ?? 0) + 1;
    case 'tower':
      return towerCellWorth(b, s, move.column);
    case 'light':
      return move.space === null ? 0 : 3;
    default: {
      const never: never = move;
      return never;
    }
  }
}

/**
 * Map 4 lists one move per choice of crew rows; the heuristic does not tell rows apart, so it weighs
 * each die change once (with the first rows listed).
 */
export function sameRowsOnce(moves: readonly VoyagesMove[]): VoyagesMove[] {
  const seen = new Set<string>();
  return moves.filter((m) => {
    if (!('rows' in m)) return true;
    const key = `${m.type}:${'die' in m ? m.die : ''}:${'box' in m ? m.box : ''}:${m.value}:${m.heroic}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The greedy bot's worth of each of `moves` for `seat` (what its heuristic ranks them by). */
export function worths(state: VoyagesState, seat: number, moves: readonly VoyagesMove[]): number[] {
  const s = state.players[seat] as Sheet;
  const b = board(state.map);
  const cache = new Map<number, number>();
  return moves.map((move) => moveWorth(b, state, s, move, cache));
}

function choose(state: VoyagesState, seat: number, input: BotInput): VoyagesMove {
  const s = state.players[seat] as Sheet;
  const all = legalMovesFor(state, s);
  const moves = input.level === 'greedy' ? sameRowsOnce(all) : all;
  const rng = new Random(createRng(input.seed));
  if (input.level !== 'greedy') return rng.pick(moves);
  const b = board(state.map);
  let best: VoyagesMove[] = [];
  let bestWorth = -Infinity;
  // Attack worth depends only on the final space (the crew spent on the way barely changes who wins).
  const cache = new Map<number, number>();
  for (const move of moves) {
    const worth = moveWorth(b, state, s, move, cache);
    if (worth > bestWorth + 1e-9) {
      bestWorth = worth;
      best = [move];
    } else if (Math.abs(worth - bestWorth) <= 1e-9) best.push(move);
  }
  return rng.pick(best);
}

export const bot: Bot<VoyagesState, VoyagesMove> = { levels: BOT_LEVELS, choose };
