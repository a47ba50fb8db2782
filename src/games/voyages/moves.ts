/**
 * One player's round, move by move (§1.4): steer, sail, duty, then the choices the action asks for.
 * `legalMoves` enumerates each step; `playStep` applies one move to a copied sheet and returns an error
 * code or null.
 */
import { CARGO_KINDS, DIE_VALUES, LOGBOOKS, MARAUDER_SIZES, PARTS, wrapDistance, type CargoKind, type CrewRow, type MarauderSize, type Part, type Skill } from './data.js';
import { board } from './maps.js';
import { map1Sheet, map2Sheet, map4Sheet, type Board } from './board.js';
import { fightDread, GRID_BOXES, gridValue, heldKinds, markBox, openBoxes, openTracks, sellCargo, takeCargo } from './map1.js';
import { attackTargets, defeatMarauder, markFort, markSkillRow, openForts, skillActive, skillBoxCount, skillBoxFor } from './map2.js';
import {
  broken,
  damage,
  damageableParts,
  entryEffects,
  fillLog,
  openBooks,
  reinforce,
  reinforceableParts,
  repairTargets,
  rowReward,
  writableValues,
  writeNumber,
} from './map3.js';
import { build, buildTargets } from './map4.js';
import { afterMoveAbilities, boostMoves, choiceMoves4, playMap4, rowCombos, rowsCanPay, spendRows, validRows } from './moves4.js';
import { moveShip, sailPath } from './movement.js';
import { changeText, directionName, dutyBoxFacts, dutyBoxText, sailText, stopCause } from './texts.js';
import { collect, gainStar, seatRef, type Log } from './effects.js';
import { awaiting, drain, gainSailor, needsChoice } from './rules.js';
import type { Effect, Sheet, VoyagesMove, VoyagesState } from './types.js';

/** The three uses of the dice (§1.4 step 3) and the map 2 skill that may turn each for free (§5.5). */
type Role = 'direction' | 'distance' | 'duty';
const ROLE_SKILL: Readonly<Record<Role, Skill>> = { direction: 'rudder', distance: 'oars', duty: 'quarters' };

/** The die left for duty once direction and distance took theirs. */
export function dutyDie(s: Sheet): number {
  return 3 - s.directionDie - s.distanceDie;
}

/**
 * Normal sailors needed to turn `from` into `to` (§1.5 normal form: the circular distance). An active
 * Oars/Rudder/Quarters skill gives one free step; the engine always uses it when the value changes,
 * since it only saves sailors (decision recorded in the final report).
 */
export function normalsNeeded(b: Board, s: Sheet, role: Role, from: number, to: number): number {
  const steps = wrapDistance(from, to);
  return steps > 0 && skillActive(b, s, ROLE_SKILL[role]) ? steps - 1 : steps;
}

/**
 * Whether a die may go from `from` to `to` (§1.5). On map 4 the move names the crew row of each
 * sailor spent (`rows`); elsewhere sailors of a kind are interchangeable and `rows` is absent.
 */
function canAdjust(b: Board, s: Sheet, role: Role, from: number, to: number, heroic: boolean, rows?: readonly CrewRow[]): boolean {
  if (from === to) return !heroic && (rows === undefined || rows.length === 0);
  // §6.4 aft penalty: no sailor may change a die this round.
  if (s.aftBlocked) return false;
  const cost = heroic ? 1 : normalsNeeded(b, s, role, from, to);
  if (b.map === 4) return rows !== undefined && rows.length === cost && rowsCanPay(s, rows, heroic);
  if (rows !== undefined && rows.length > 0) return false;
  return heroic ? s.crew.heroic > 0 : cost <= s.crew.normal;
}

/** Spends the sailors of a die change; returns the normal sailors spent (for the log). */
function spend(b: Board, s: Sheet, role: Role, from: number, to: number, heroic: boolean, rows?: readonly CrewRow[]): number {
  if (from === to) return 0;
  if (b.map === 4) {
    spendRows(s, rows ?? [], heroic);
    return heroic ? 0 : (rows ?? []).length;
  }
  const cost = heroic ? 1 : normalsNeeded(b, s, role, from, to);
  if (heroic) s.crew.heroic -= 1;
  else s.crew.normal -= cost;
  s.crew.exhausted += cost;
  return heroic ? 0 : cost;
}

interface Adjustment {
  readonly value: number;
  readonly heroic: boolean;
  readonly rows?: readonly CrewRow[];
}

function adjustments(b: Board, s: Sheet, role: Role, raw: number): Adjustment[] {
  const out: Adjustment[] = [];
  for (const value of DIE_VALUES) {
    if (value === raw) {
      out.push({ value, heroic: false });
      continue;
    }
    if (b.map === 4) {
      if (s.aftBlocked) continue;
      for (const rows of rowCombos(s, normalsNeeded(b, s, role, raw, value), false)) out.push({ value, heroic: false, rows });
      for (const rows of rowCombos(s, 1, true)) out.push({ value, heroic: true, rows });
      continue;
    }
    if (canAdjust(b, s, role, raw, value, false)) out.push({ value, heroic: false });
    if (canAdjust(b, s, role, raw, value, true)) out.push({ value, heroic: true });
  }
  return out;
}

/**
 * Dice still free for this step. `distinct`: one index per distinct value (equal dice give equal moves),
 * as the forced-step check and the bot count them; otherwise every die, as clients may name any.
 */
function freeDice(state: VoyagesState, used: readonly number[], distinct: boolean): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  state.dice.forEach((value, die) => {
    if (used.includes(die) || (distinct && seen.has(value))) return;
    seen.add(value);
    out.push(die);
  });
  return out;
}

/**
 * The moves of `s`'s current step. With `distinct` (the default: forced steps and the bot), equal dice
 * are listed once; the public `legalMoves` lists every die, so a client can find each move apply accepts.
 */
export function legalMovesFor(state: VoyagesState, s: Sheet, distinct = true): VoyagesMove[] {
  const b = board(state.map);
  switch (s.step) {
    case 'direction':
    case 'distance': {
      const type = s.step === 'direction' ? 'steer' : 'sail';
      const used = s.step === 'direction' ? [] : [s.directionDie];
      const moves: VoyagesMove[] = freeDice(state, used, distinct).flatMap((die) =>
        adjustments(b, s, s.step === 'direction' ? 'direction' : 'distance', state.dice[die] ?? 0).map(({ value, heroic, rows }) => ({
          type,
          die,
          value,
          heroic,
          ...(rows ? { rows } : {}),
        })),
      );
      return s.step === 'distance' && b.map === 4 ? [...moves, ...boostMoves(b, s)] : moves;
    }
    case 'duty':
      // Map 3 sightings and the keel penalty wait for their choices before the duty (§1.6 step 4).
      if (s.queue.length > 0) return choiceMoves(b, s);
      return b.map === 4 ? [...dutyMoves(b, state, s), ...afterMoveAbilities(b, s)] : dutyMoves(b, state, s);
    case 'resolve':
      return choiceMoves(b, s);
    case 'done':
      return [];
    default: {
      const never: never = s.step;
      throw new Error(`unknown step ${String(never)}`);
    }
  }
}

function dutyMoves(b: Board, state: VoyagesState, s: Sheet): VoyagesMove[] {
  const raw = state.dice[dutyDie(s)] ?? 0;
  const out: VoyagesMove[] = [];
  // §3.3, §5.5, §6.5: a value no box can take skips the duty; sailors may first change the value.
  if (dutyTargets(b, s, raw).length === 0) out.push({ type: 'duty', box: null, heroic: false });
  const named = b.map === 3 || b.map === 4;
  for (const { value, heroic, rows } of adjustments(b, s, 'duty', raw)) {
    for (const box of dutyTargets(b, s, value)) out.push({ type: 'duty', box, heroic, ...(named ? { value } : {}), ...(rows ? { rows } : {}) });
  }
  return out;
}

/**
 * The boxes a duty value may mark: any open box showing it (map 1), the next box of its row (map 2),
 * a part that can take the number (map 3).
 */
function dutyTargets(b: Board, s: Sheet, value: number): number[] {
  switch (b.map) {
    case 1:
      return openBoxes(b, s, value);
    case 2: {
      const box = skillBoxFor(b, s, value);
      return box === null ? [] : [box];
    }
    case 3:
      return repairTargets(b, s, value);
    case 4:
      return buildTargets(b, s, value);
    default: {
      const never: never = b.map;
      throw new Error(`unknown map ${String(never)}`);
    }
  }
}

/** The value a duty box shows (map 3 and 4 boxes show none: the move names it). */
function boxValue(b: Board, box: number, named: number): number {
  if (b.map === 1) return gridValue(b, box);
  if (b.map === 3 || b.map === 4) return named;
  const duties = map2Sheet(b).duties;
  return duties.rows[Math.floor(box / duties.boxesPerRow)]?.value ?? 0;
}

const dutyBoxCount = (b: Board): number =>
  b.map === 1 ? GRID_BOXES : b.map === 2 ? skillBoxCount(b) : b.map === 3 ? PARTS.length : map4Sheet(b).buildings.list.length;

function choiceMoves(b: Board, s: Sheet): VoyagesMove[] {
  const head = s.queue[0];
  if (!head || !needsChoice(b, s, head)) return [];
  if (b.map === 4) return choiceMoves4(b, s, head);
  switch (head.k) {
    case 'cargo':
      return openTracks(s).map((cargo) => ({ type: 'cargo', cargo }));
    case 'sell': {
      const held = heldKinds(s);
      return [
        { type: 'sell', mode: 'none', cargo: null },
        { type: 'sell', mode: 'eachKind', cargo: null },
        ...held.map((cargo) => ({ type: 'sell', mode: 'allOfKind', cargo }) as const),
      ];
    }
    case 'dread':
      return [
        { type: 'dread', sailor: 'normal' },
        { type: 'dread', sailor: 'heroic' },
      ];
    case 'fort':
      return openForts(s).map((track) => ({ type: 'fort', track }));
    case 'attack':
      return [...attackTargets(b, s).map((t) => ({ type: 'attack', space: b.ids[t.space] ?? null }) as const), { type: 'attack', space: null }];
    case 'log':
      return openBooks(b, s, head.monster).map((book) => ({ type: 'log', book }));
    case 'keelHit':
      return damageableParts(b, s).map((part) => ({ type: 'damage', part }));
    case 'rowDone':
      return [
        { type: 'complete', choice: 'star' },
        { type: 'complete', choice: 'reward' },
      ];
    case 'write':
      return writableValues(b, s, head.part).map((value) => ({ type: 'write', value }));
    case 'yard':
      return reinforceableParts(b, s).map((part) => ({ type: 'reinforce', part }));
    case 'sailor':
    case 'relic':
    case 'star':
    case 'action':
    case 'settle':
    case 'build':
    case 'tower':
    case 'lightAny':
    case 'sight':
      return [];
    default: {
      const never: never = head;
      throw new Error(`unknown effect ${JSON.stringify(never)}`);
    }
  }
}

const isDie = (x: unknown): x is number => x === 0 || x === 1 || x === 2;
const isValue = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= 6;
const isCargo = (x: unknown): x is CargoKind => typeof x === 'string' && (CARGO_KINDS as readonly string[]).includes(x);
const isSize = (x: unknown): x is MarauderSize => typeof x === 'string' && (MARAUDER_SIZES as readonly string[]).includes(x);
const isPart = (x: unknown): x is Part => typeof x === 'string' && (PARTS as readonly string[]).includes(x);
const rowsField = (rows: unknown): boolean => rows === undefined || validRows(rows);

/**
 * Applies one move of `seat` to its copied sheet `s`. Returns null when accepted, else an error code:
 * `INVALID_MOVE` for a malformed move, `ILLEGAL_MOVE` for a move the step does not allow.
 */
export function playStep(state: VoyagesState, s: Sheet, move: VoyagesMove, seat: number, log: Log): string | null {
  const b = board(state.map);
  switch (move.type) {
    case 'steer': {
      if (!isDie(move.die) || !isValue(move.value) || typeof move.heroic !== 'boolean' || !rowsField(move.rows)) return 'INVALID_MOVE';
      if (s.step !== 'direction') return 'ILLEGAL_MOVE';
      const raw = state.dice[move.die] ?? 0;
      if (!canAdjust(b, s, 'direction', raw, move.value, move.heroic, move.rows)) return 'ILLEGAL_MOVE';
      const normals = spend(b, s, 'direction', raw, move.value, move.heroic, move.rows);
      s.directionDie = move.die;
      s.direction = move.value;
      s.step = 'distance';
      const text = `${seatRef(seat)} steers ${directionName(move.value)} (${move.value})${changeText(raw, move.value, move.heroic, normals)}`;
      log.push({ type: 'ship.steered', text, seat, die: move.die, raw, value: move.value, heroic: move.heroic, sailors: normals });
      return null;
    }
    case 'sail': {
      if (!isDie(move.die) || !isValue(move.value) || typeof move.heroic !== 'boolean' || !rowsField(move.rows)) return 'INVALID_MOVE';
      if (s.step !== 'distance' || move.die === s.directionDie) return 'ILLEGAL_MOVE';
      const raw = state.dice[move.die] ?? 0;
      if (!canAdjust(b, s, 'distance', raw, move.value, move.heroic, move.rows)) return 'ILLEGAL_MOVE';
      const normals = spend(b, s, 'distance', raw, move.value, move.heroic, move.rows);
      s.distanceDie = move.die;
      // §6.4 bow penalty: distance -2 after all modifications; §7.6 speed boosts add to it.
      const steps = (broken(b, s, 'bow') ? Math.max(0, move.value - 2) : move.value) + s.boost;
      const entered = sailPath(b, s.ship, s.direction, steps, skillActive(b, s, 'prow'));
      // The move first, then what it causes: regions explored, then (map 3) ice and monsters on the way.
      log.push({
        type: 'ship.moved',
        text: sailText(seatRef(seat), b, s.ship, s.direction, steps, entered, ` with a ${move.value}${changeText(raw, move.value, move.heroic, normals)}`),
        seat,
        die: move.die,
        raw,
        value: move.value,
        heroic: move.heroic,
        sailors: normals,
        direction: s.direction,
        from: b.ids[s.ship],
        path: entered.map((x) => b.ids[x]),
        stopped: stopCause(b, s.ship, s.direction, steps, entered),
      });
      moveShip(b, s, entered, seat, log);
      s.step = 'duty';
      if (b.map === 3) s.queue = entryEffects(b, s, entered, seat, log);
      drain(b, s, seat, log);
      return null;
    }
    case 'duty':
      return playDuty(b, state, s, move, seat, log);
    case 'cargo': {
      if (!isCargo(move.cargo)) return 'INVALID_MOVE';
      const head = awaiting(b, s, 'cargo');
      if (!head || !openTracks(s).includes(move.cargo)) return 'ILLEGAL_MOVE';
      s.queue.shift();
      takeCargo(s, move.cargo, seat, log);
      collect(s, head.space);
      drain(b, s, seat, log);
      return null;
    }
    case 'sell':
      return playSell(b, s, move, seat, log);
    case 'dread': {
      if (move.sailor !== 'normal' && move.sailor !== 'heroic') return 'INVALID_MOVE';
      if (!awaiting(b, s, 'dread')) return 'ILLEGAL_MOVE';
      s.queue.shift();
      fightDread(b, s, move.sailor, seat, log);
      drain(b, s, seat, log);
      return null;
    }
    case 'fort': {
      if (!isSize(move.track)) return 'INVALID_MOVE';
      const head = awaiting(b, s, 'fort');
      if (!head || !openForts(s).includes(move.track)) return 'ILLEGAL_MOVE';
      s.queue.shift();
      // §5.3: mark the x2 box, then gain the sailor.
      markFort(s, move.track, seat, log);
      collect(s, head.space);
      gainSailor(b, s, seat, log);
      drain(b, s, seat, log);
      return null;
    }
    case 'attack': {
      if (move.space !== null && typeof move.space !== 'string') return 'INVALID_MOVE';
      if (!awaiting(b, s, 'attack')) return 'ILLEGAL_MOVE';
      const target = move.space === null ? null : attackTargets(b, s).find((t) => b.ids[t.space] === move.space);
      if (target === undefined) return 'ILLEGAL_MOVE';
      s.queue.shift();
      if (target) defeatMarauder(b, s, target.space, seat, log);
      else log.push({ type: 'marauder.ignored', text: `${seatRef(seat)} attacks nobody`, seat });
      drain(b, s, seat, log);
      return null;
    }
    case 'log': {
      if (!(LOGBOOKS as readonly string[]).includes(move.book)) return 'INVALID_MOVE';
      const head = awaiting(b, s, 'log');
      if (!head || !openBooks(b, s, head.monster).includes(move.book)) return 'ILLEGAL_MOVE';
      s.queue.shift();
      fillLog(b, s, move.book, head.monster, seat, log);
      drain(b, s, seat, log);
      return null;
    }
    case 'damage': {
      if (!isPart(move.part)) return 'INVALID_MOVE';
      if (!awaiting(b, s, 'keelHit') || !damageableParts(b, s).includes(move.part)) return 'ILLEGAL_MOVE';
      s.queue.shift();
      damage(b, s, move.part, 'keel', seat, log);
      drain(b, s, seat, log);
      return null;
    }
    case 'complete': {
      if (move.choice !== 'star' && move.choice !== 'reward') return 'INVALID_MOVE';
      const head = awaiting(b, s, 'rowDone');
      if (!head) return 'ILLEGAL_MOVE';
      s.queue.shift();
      // §6.5: the duty star or the part's row reward.
      if (move.choice === 'star') gainStar(b, s, 'duty', seat, log);
      else s.queue.unshift(...rowReward(b, s, head.part, seat, log));
      drain(b, s, seat, log);
      return null;
    }
    case 'write': {
      if (!isValue(move.value)) return 'INVALID_MOVE';
      const head = awaiting(b, s, 'write');
      if (!head || !writableValues(b, s, head.part).includes(move.value)) return 'ILLEGAL_MOVE';
      s.queue.shift();
      s.queue.unshift(...writeNumber(b, s, head.part, move.value, seat, log));
      drain(b, s, seat, log);
      return null;
    }
    case 'recruit':
    case 'promote':
    case 'boost':
    case 'bonus':
    case 'extra':
    case 'build':
    case 'tower':
    case 'light':
      return playMap4(b, s, move, seat, log);
    case 'reinforce': {
      if (!isPart(move.part)) return 'INVALID_MOVE';
      const head = awaiting(b, s, 'yard');
      if (!head || !reinforceableParts(b, s).includes(move.part)) return 'ILLEGAL_MOVE';
      s.queue.shift();
      // §6.7: reinforce, then the sailor.
      reinforce(b, s, move.part, seat, log);
      collect(s, head.space);
      gainSailor(b, s, seat, log);
      drain(b, s, seat, log);
      return null;
    }
    default: {
      // `apply` refuses unknown move types before calling here.
      const never: never = move;
      void never;
      return 'INVALID_MOVE';
    }
  }
}

function playDuty(b: Board, state: VoyagesState, s: Sheet, move: Extract<VoyagesMove, { type: 'duty' }>, seat: number, log: Log): string | null {
  const box = move.box;
  if (typeof move.heroic !== 'boolean' || (box !== null && !(Number.isInteger(box) && box >= 0 && box < dutyBoxCount(b)))) return 'INVALID_MOVE';
  if ((move.value !== undefined && !isValue(move.value)) || !rowsField(move.rows)) return 'INVALID_MOVE';
  if (s.step !== 'duty' || s.queue.length > 0) return 'ILLEGAL_MOVE';
  const raw = state.dice[dutyDie(s)] ?? 0;
  let effects: Effect[] = [];
  if (box === null) {
    // Skipping spends no sailor: naming crew rows is refused since engine version 2.
    const rowsNamed = state.engineVersion >= 2 && (move.rows?.length ?? 0) > 0;
    if (move.heroic || rowsNamed || dutyTargets(b, s, raw).length > 0) return 'ILLEGAL_MOVE';
    log.push({ type: 'duty.skipped', text: `${seatRef(seat)} has no duty box for the ${raw} and skips the duty`, seat, value: raw });
  } else {
    if ((b.map === 3 || b.map === 4) && move.value === undefined) return 'INVALID_MOVE';
    const value = boxValue(b, box, move.value ?? 0);
    if (move.value !== undefined && move.value !== value) return 'ILLEGAL_MOVE';
    if (!dutyTargets(b, s, value).includes(box) || !canAdjust(b, s, 'duty', raw, value, move.heroic, move.rows)) return 'ILLEGAL_MOVE';
    const normals = spend(b, s, 'duty', raw, value, move.heroic, move.rows);
    const text = `${seatRef(seat)} ${dutyBoxText(b, box, value)}${changeText(raw, value, move.heroic, normals)}`;
    log.push({ type: 'duty.marked', text, seat, box, raw, value, heroic: move.heroic, sailors: normals, ...dutyBoxFacts(b, box) });
    effects = markDuty(b, s, box, value, seat, log);
  }
  // §1.4: the duty and its bonuses (map 4: and the extra-duty writes of the same value), then the final
  // space's action, then step 7: one optional attack (map 2) or line-of-sight lighting (map 4).
  const value = box === null ? raw : boxValue(b, box, move.value ?? 0);
  const extra: Effect[] = Array.from({ length: box === null ? 0 : s.extraWrites }, () => ({ k: 'build', value }));
  const step7: Effect[] = b.map === 2 ? [{ k: 'attack' }] : b.map === 4 ? [{ k: 'sight' }] : [];
  s.queue = [...effects, ...extra, { k: 'action' }, ...step7];
  s.step = 'resolve';
  drain(b, s, seat, log);
  return null;
}

function markDuty(b: Board, s: Sheet, box: number, value: number, seat: number, log: Log): Effect[] {
  switch (b.map) {
    case 1:
      return markBox(b, s, box);
    case 2:
      return markSkillRow(b, s, Math.floor(box / map2Sheet(b).duties.boxesPerRow), seat, log);
    case 3:
      return writeNumber(b, s, PARTS[box] ?? 'bow', value, seat, log);
    case 4:
      return build(b, s, box, value, seat, log);
    default: {
      const never: never = b.map;
      throw new Error(`unknown map ${String(never)}`);
    }
  }
}

function playSell(b: Board, s: Sheet, move: Extract<VoyagesMove, { type: 'sell' }>, seat: number, log: Log): string | null {
  const mode = move.mode;
  if (mode !== 'none' && mode !== 'eachKind' && mode !== 'allOfKind') return 'INVALID_MOVE';
  if (mode === 'allOfKind' ? !isCargo(move.cargo) : move.cargo !== null) return 'INVALID_MOVE';
  const head = awaiting(b, s, 'sell');
  if (!head) return 'ILLEGAL_MOVE';
  const held = heldKinds(s);
  if (mode === 'allOfKind' && (move.cargo === null || !held.includes(move.cargo))) return 'ILLEGAL_MOVE';
  s.queue.shift();
  let gold = 0;
  const sold: Record<string, number> = {};
  // The star a sale earns is logged after the sale.
  const earned: Log = [];
  const sell = (kind: CargoKind, n: number) => {
    const before = s.cargo[CARGO_KINDS.indexOf(kind)]?.sold ?? 0;
    gold += sellCargo(b, s, kind, n, seat, earned);
    sold[kind] = (s.cargo[CARGO_KINDS.indexOf(kind)]?.sold ?? 0) - before;
  };
  // §3.4: "one of each kind" sells one box of every held kind; "all of one kind" every held box of it.
  if (mode === 'eachKind') for (const kind of held) sell(kind, 1);
  if (mode === 'allOfKind' && move.cargo !== null) sell(move.cargo, map1Sheet(b).cargo.tracks[move.cargo]?.length ?? 0);
  const goods = Object.entries(sold).map(([kind, n]) => `${n} ${kind}`);
  const text = mode === 'none' ? `${seatRef(seat)} sells nothing at the settlement` : `${seatRef(seat)} sells ${goods.join(', ')} for ${gold} gold`;
  log.push({ type: 'cargo.sold', text, seat, mode, sold, gold }, ...earned);
  s.queue.unshift({ k: 'settle', space: head.space });
  drain(b, s, seat, log);
  return null;
}
