/**
 * Map 4's own moves (§7): crew-row choices, the three experienced-row abilities, harbour writes,
 * watchtower visits and lighting. `moves.ts` dispatches here.
 */
import { CREW_ROWS, DIRECTIONS, type CrewRow } from './data.js';
import type { Board } from './board.js';
import {
  abilityRow,
  build,
  buildOptions,
  experienced,
  exhaustFromRow,
  light,
  openRows,
  promote,
  recruit,
  rowsWith,
  sightTargets,
  towerColumns,
  unlit,
  visitTower,
} from './map4.js';
import { moveShip, sailPath } from './movement.js';
import { sailText, stopCause } from './texts.js';
import { collect, seatRef, type Log } from './effects.js';
import { awaiting, drain } from './rules.js';
import type { Effect, Sheet, VoyagesMove } from './types.js';

const [ROW_A, ROW_B, ROW_C] = CREW_ROWS;

/**
 * The sailors a die change may spend: every multiset of `count` rows the crew can pay (§1.5, map 4),
 * as row lists in order (AA, AB, AC, BB, ...). Written without closures: it runs for every listed move.
 */
export function rowCombos(s: Sheet, count: number, heroic: boolean): CrewRow[][] {
  const have = [0, 1, 2].map((i) => {
    const r = s.rows[i];
    return r === undefined ? 0 : heroic ? r.heroic : r.normal;
  });
  const out: CrewRow[][] = [];
  for (let a = Math.min(count, have[0] ?? 0); a >= 0; a--) {
    for (let b = Math.min(count - a, have[1] ?? 0); b >= 0; b--) {
      const c = count - a - b;
      if (c > (have[2] ?? 0)) continue;
      out.push([...Array<CrewRow>(a).fill(ROW_A), ...Array<CrewRow>(b).fill(ROW_B), ...Array<CrewRow>(c).fill(ROW_C)]);
    }
  }
  return out;
}

/** Whether the named rows hold the sailors a change spends. */
export function rowsCanPay(s: Sheet, rows: readonly CrewRow[], heroic: boolean): boolean {
  return CREW_ROWS.every((row, i) => {
    const r = s.rows[i];
    const need = rows.filter((x) => x === row).length;
    return need === 0 || (r !== undefined && (heroic ? r.heroic : r.normal) >= need);
  });
}

const isRow = (x: unknown): x is CrewRow => typeof x === 'string' && (CREW_ROWS as readonly string[]).includes(x);

export const validRows = (rows: unknown): rows is readonly CrewRow[] => Array.isArray(rows) && rows.every(isRow);

/** Spends the named sailors. */
export function spendRows(s: Sheet, rows: readonly CrewRow[], heroic: boolean): void {
  for (const row of rows) exhaustFromRow(s, row, heroic);
}

/** An ability's sailors: the row must be experienced and hold one of that kind (§7.6). */
function abilityKinds(b: Board, s: Sheet, ability: 'speedBoost' | 'bonusMove' | 'extraDuty'): boolean[] {
  const row = abilityRow(b, ability);
  if (!experienced(b, s, row)) return [];
  return [false, true].filter((heroic) => rowsWith(s, heroic).includes(row));
}

/** Speed boosts before sailing (§7.6): +1-3 for a normal sailor, +1-6 for a heroic one. */
export function boostMoves(b: Board, s: Sheet): VoyagesMove[] {
  return abilityKinds(b, s, 'speedBoost').flatMap((heroic) =>
    Array.from({ length: heroic ? 6 : 3 }, (_, i) => ({ type: 'boost', heroic, amount: i + 1 }) as const),
  );
}

/** Bonus moves and extra duty, after the move and before the duty (§7.6). */
export function afterMoveAbilities(b: Board, s: Sheet): VoyagesMove[] {
  const bonus = abilityKinds(b, s, 'bonusMove').flatMap((heroic) => DIRECTIONS.map((direction) => ({ type: 'bonus', heroic, direction }) as const));
  const extra = abilityKinds(b, s, 'extraDuty').map((heroic) => ({ type: 'extra', heroic }) as const);
  return [...bonus, ...extra];
}

/** The choices a map 4 queue item asks for. */
export function choiceMoves4(b: Board, s: Sheet, head: Effect): VoyagesMove[] {
  switch (head.k) {
    case 'sailor':
      return openRows(b, s).map((row) => ({ type: 'recruit', row }));
    case 'relic':
      return rowsWith(s, false).map((row) => ({ type: 'promote', row }));
    case 'build':
      return buildOptions(b, s, head.value).map(({ building, value }) => ({ type: 'build', building, value }));
    case 'tower':
      return towerColumns(s).map((column) => ({ type: 'tower', column }));
    case 'lightAny':
      return unlit(b, s).map((x) => ({ type: 'light', space: b.ids[x] ?? null }));
    case 'sight':
      return [...sightTargets(b, s).map((x) => ({ type: 'light', space: b.ids[x] ?? null }) as const), { type: 'light', space: null }];
    default:
      return [];
  }
}

type Map4Move = Extract<VoyagesMove, { type: 'recruit' | 'promote' | 'boost' | 'bonus' | 'extra' | 'build' | 'tower' | 'light' }>;

const isInt = (x: unknown, min: number, max: number): x is number => typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

/** Applies a map 4 move; returns an error code or null. */
export function playMap4(b: Board, s: Sheet, move: Map4Move, seat: number, log: Log): string | null {
  if (b.map !== 4) return 'ILLEGAL_MOVE';
  switch (move.type) {
    case 'recruit': {
      if (!isRow(move.row)) return 'INVALID_MOVE';
      if (!awaiting(b, s, 'sailor') || !openRows(b, s).includes(move.row)) return 'ILLEGAL_MOVE';
      s.queue.shift();
      recruit(b, s, move.row, seat, log);
      break;
    }
    case 'promote': {
      if (!isRow(move.row)) return 'INVALID_MOVE';
      const head = awaiting(b, s, 'relic');
      if (!head || !rowsWith(s, false).includes(move.row)) return 'ILLEGAL_MOVE';
      s.queue.shift();
      promote(s, move.row, seat, log);
      collect(s, head.space);
      break;
    }
    case 'boost': {
      if (typeof move.heroic !== 'boolean' || !isInt(move.amount, 1, 6)) return 'INVALID_MOVE';
      if (s.step !== 'distance' || !boostMoves(b, s).some((m) => m.type === 'boost' && m.heroic === move.heroic && m.amount === move.amount)) return 'ILLEGAL_MOVE';
      exhaustFromRow(s, abilityRow(b, 'speedBoost'), move.heroic);
      s.boost += move.amount;
      log.push({ type: 'ability.boost', text: `${seatRef(seat)} boosts the distance by ${move.amount}`, seat, amount: move.amount, heroic: move.heroic });
      return null;
    }
    case 'bonus': {
      if (typeof move.heroic !== 'boolean' || !isInt(move.direction, 1, 6)) return 'INVALID_MOVE';
      if (s.step !== 'duty' || s.queue.length > 0 || !abilityKinds(b, s, 'bonusMove').includes(move.heroic)) return 'ILLEGAL_MOVE';
      exhaustFromRow(s, abilityRow(b, 'bonusMove'), move.heroic);
      const distance = move.heroic ? 2 : 1;
      const entered = sailPath(b, s.ship, move.direction, distance, false);
      const text = `${sailText(seatRef(seat), b, s.ship, move.direction, distance, entered)} as a bonus move`;
      log.push({
        type: 'ability.bonusMove',
        text,
        seat,
        from: b.ids[s.ship],
        path: entered.map((x) => b.ids[x]),
        heroic: move.heroic,
        direction: move.direction,
        stopped: stopCause(b, s.ship, move.direction, distance, entered),
      });
      moveShip(b, s, entered, seat, log);
      return null;
    }
    case 'extra': {
      if (typeof move.heroic !== 'boolean') return 'INVALID_MOVE';
      if (s.step !== 'duty' || s.queue.length > 0 || !abilityKinds(b, s, 'extraDuty').includes(move.heroic)) return 'ILLEGAL_MOVE';
      exhaustFromRow(s, abilityRow(b, 'extraDuty'), move.heroic);
      s.extraWrites += move.heroic ? 2 : 1;
      log.push({ type: 'ability.extraDuty', text: `${seatRef(seat)} takes ${move.heroic ? 'two extra duty writes' : 'an extra duty write'}`, seat, heroic: move.heroic });
      return null;
    }
    case 'build': {
      if (!isInt(move.building, 0, s.buildings.length - 1) || !isInt(move.value, 1, 6)) return 'INVALID_MOVE';
      const head = awaiting(b, s, 'build');
      if (!head || !buildOptions(b, s, head.value).some((o) => o.building === move.building && o.value === move.value)) return 'ILLEGAL_MOVE';
      s.queue.shift();
      s.queue.unshift(...build(b, s, move.building, move.value, seat, log));
      break;
    }
    case 'tower': {
      if (!isInt(move.column, 1, 4)) return 'INVALID_MOVE';
      if (!awaiting(b, s, 'tower') || !towerColumns(s).includes(move.column)) return 'ILLEGAL_MOVE';
      s.queue.shift();
      s.queue.unshift(...visitTower(b, s, move.column, seat, log));
      break;
    }
    case 'light': {
      if (move.space !== null && typeof move.space !== 'string') return 'INVALID_MOVE';
      const target = move.space === null ? -1 : b.ids.indexOf(move.space);
      if (awaiting(b, s, 'lightAny')) {
        if (!unlit(b, s).includes(target)) return 'ILLEGAL_MOVE';
        s.queue.shift();
        light(b, s, target, 'reward', seat, log);
      } else if (awaiting(b, s, 'sight')) {
        if (target >= 0 && !sightTargets(b, s).includes(target)) return 'ILLEGAL_MOVE';
        if (move.space !== null && target < 0) return 'ILLEGAL_MOVE';
        s.queue.shift();
        if (target >= 0) light(b, s, target, 'line of sight', seat, log);
      } else return 'ILLEGAL_MOVE';
      break;
    }
    default: {
      const never: never = move;
      void never;
      return 'INVALID_MOVE';
    }
  }
  drain(b, s, seat, log);
  return null;
}
