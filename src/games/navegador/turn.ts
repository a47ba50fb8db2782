/**
 * The turn procedure (§2.1): optional Navegador sail, the mandatory rondel move with its ship payment and
 * the card's expiry check, the field's action, then end-game bookkeeping and the next seat.
 */
import { accept, refuse, ruleError } from '../../engine/result.js';
import type { ApplyResult, LogEntry } from '../../engine/types.js';
import { GOODS, REGION_COUNT, RONDEL, RONDEL_SIZE, type RondelAction } from './data.js';
import { build, buildShips, found, isRefusal, market, privilege, recruit, sail, type ActionResult } from './actions.js';
import { hasAction } from './legal.js';
import { parseMove } from './parse.js';
import { cloneState, defaultPayment, navegadorUsable, rightOf, rondelDistance, rondelShipCost, shipsOnBoard } from './rules.js';
import type { NavegadorMove, NavegadorState, PlayerState, SailPath } from './types.js';
import { count, fieldName, list, regionName, seatRef } from './words.js';

export function applyMove(state: NavegadorState, seat: number, raw: unknown): ApplyResult<NavegadorState> {
  if (state.finished) return refuse('GAME_OVER', 'the game is over');
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats || seat !== state.current) return refuse('NOT_YOUR_TURN', `it is seat ${state.current}'s turn`);
  const move = parseMove(raw);
  if (move === null) return refuse('INVALID_MOVE', 'malformed move');
  const draft = cloneState(state, seat);
  const result = dispatch(draft, seat, move);
  return isRefusal(result) ? { ok: false, error: result } : accept(draft, result);
}

function dispatch(draft: NavegadorState, seat: number, move: NavegadorMove): ActionResult {
  if (move.type === 'navegador') return navegadorSail(draft, seat, move.paths);
  if (move.type === 'rondel') return rondelMove(draft, seat, move.field, move.pay);
  if (draft.step !== 'action') return ruleError('WRONG_STEP', 'move your rondel stone first');
  const action = actionMove(draft, seat, move);
  return isRefusal(action) ? action : [...action, ...endTurn(draft, seat)];
}

type ActionMoveType = Exclude<NavegadorMove['type'], 'navegador' | 'rondel' | 'skip'>;

/** T1: the rondel action each action move belongs to. */
const ACTION_FIELD: Readonly<Record<ActionMoveType, RondelAction>> = {
  sail: 'sailing',
  recruit: 'workers',
  buildShips: 'ships',
  found: 'colony',
  build: 'buildings',
  market: 'market',
  privilege: 'privilege',
};

/** Checks that the move is the action of the field the stone stands on, then carries it out. */
function actionMove(draft: NavegadorState, seat: number, move: Exclude<NavegadorMove, { type: 'navegador' | 'rondel' }>): ActionResult {
  const field = RONDEL[(draft.players[seat] as PlayerState).field as number];
  if (move.type === 'skip') {
    const field = (draft.players[seat] as PlayerState).field as number;
    return [{ type: 'action.skipped', text: `${seatRef(seat)} did not act on ${fieldName(field)}.`, seat, field }];
  }
  const wanted = ACTION_FIELD[move.type];
  if (wanted !== field) return ruleError('WRONG_ACTION', `the stone is on ${field}, not ${wanted}`);
  switch (move.type) {
    case 'sail':
      return move.paths.length === 0 ? ruleError('INVALID_MOVE', 'sail at least 1 ship (or skip)') : sail(draft, seat, move.paths);
    case 'recruit':
      return recruit(draft, seat, move.count);
    case 'buildShips':
      return buildShips(draft, seat, move.count);
    case 'found':
      return found(draft, seat, move.regions);
    case 'build':
      return build(draft, seat, move.pieces);
    case 'market':
      return market(draft, seat, move.sell, move.process);
    case 'privilege':
      return privilege(draft, seat, move.column);
  }
}

/** §5: the extra sail before the rondel move; the card then passes right with a fresh orange ship. */
function navegadorSail(draft: NavegadorState, seat: number, paths: readonly SailPath[]): ActionResult {
  if (!navegadorUsable(draft, seat)) return ruleError('NAVEGADOR_UNAVAILABLE', 'you cannot use the Navegador card now');
  if (paths.length === 0) return ruleError('INVALID_MOVE', 'the Navegador sail moves at least 1 ship');
  const sailed = sail(draft, seat, paths);
  if (isRefusal(sailed)) return sailed;
  return [...sailed, ...passCard(draft, 'used')];
}

function passCard(draft: NavegadorState, why: 'used' | 'expired'): LogEntry[] {
  const from = draft.navegador.holder;
  const to = rightOf(draft, from);
  const field = (draft.players[to] as PlayerState).field;
  draft.navegador = { holder: to, orangeField: field, moved: 0 };
  const text =
    why === 'used'
      ? `The Navegador card passes from ${seatRef(from)}, who used it, to ${seatRef(to)}.`
      : `The Navegador card expired unused: it passes from ${seatRef(from)} to ${seatRef(to)}.`;
  return [{ type: `navegador.${why}`, text, from, to, orangeField: field }];
}

/** §2.2 rondel move, then the §5 expiry check, then the field's action (skipped when none is possible). */
function rondelMove(draft: NavegadorState, seat: number, field: number, pay: readonly number[] | undefined): ActionResult {
  if (draft.step !== 'start') return ruleError('WRONG_STEP', 'the stone has already moved this turn');
  if (field >= RONDEL_SIZE) return ruleError('INVALID_MOVE', `no rondel field ${field}`);
  const p = draft.players[seat] as PlayerState;
  const from = p.field;
  const distance = from === null ? 0 : rondelDistance(from, field);
  const cost = rondelShipCost(distance);
  if (cost > shipsOnBoard(p)) return ruleError('NOT_ENOUGH_SHIPS', `moving ${distance} fields costs ${cost} ship(s)`);
  const payment = pay ?? defaultPayment(p, cost);
  if (payment.length !== cost) return ruleError('WRONG_PAYMENT', `pay exactly ${cost} ship(s)`);
  for (const r of payment) {
    if (r >= REGION_COUNT || (p.ships[r] as number) < 1) return ruleError('WRONG_PAYMENT', `no ship of yours left in region ${r} to pay`);
    p.ships[r] = (p.ships[r] as number) - 1;
    p.supply += 1;
  }
  p.field = field;
  draft.step = 'action';
  const log: LogEntry[] = [
    {
      type: 'rondel.moved',
      text: `${seatRef(seat)} moved to ${fieldName(field)}${cost ? `, paying ${count(cost, 'ship')} from ${list(paidFrom(payment))}` : ''}.`,
      seat,
      field,
      action: RONDEL[field],
      distance,
      shipsPaid: payment.slice(),
    },
  ];
  log.push(...expiryCheck(draft, seat, distance));
  if (!hasAction(draft, seat)) log.push({ type: 'action.none', text: `${seatRef(seat)} cannot act on ${fieldName(field)} this turn.`, seat, field }, ...endTurn(draft, seat));
  return log;
}

/** "Guiné", "2 in Angola": the regions of the ships paid. */
function paidFrom(payment: readonly number[]): string[] {
  const per = new Map<number, number>();
  for (const r of payment) per.set(r, (per.get(r) ?? 0) + 1);
  return [...per].sort(([a], [b]) => a - b).map(([r, n]) => (n === 1 ? regionName(r) : `${n} in ${regionName(r)}`));
}

/** §5 expiry: the holder who did not use the card counts the fields moved since the orange ship was placed. */
function expiryCheck(draft: NavegadorState, seat: number, distance: number): LogEntry[] {
  const card = draft.navegador;
  if (card.holder !== seat) return [];
  if (card.orangeField === null) {
    // §5 first turn: no check; the orange ship goes where the stone arrives.
    card.orangeField = (draft.players[seat] as PlayerState).field;
    card.moved = 0;
    return [];
  }
  card.moved += distance;
  return card.moved >= RONDEL_SIZE ? passCard(draft, 'expired') : [];
}

/** §2.1 step 5 and §6.2: count down the final turns, then hand the turn to the left neighbour. */
function endTurn(draft: NavegadorState, seat: number): LogEntry[] {
  draft.turn += 1;
  draft.step = 'start';
  draft.current = (seat + 1) % draft.seats;
  if (draft.turnsLeft === null) return [];
  draft.turnsLeft -= 1;
  if (draft.turnsLeft > 0) return [];
  draft.finished = true;
  const setAside = GOODS.map((good, g) => `${good} ${draft.setAside[g]}`);
  return [{ type: 'game.ended', text: `The game is over. The colony tokens set aside were ${list(setAside)}.`, setAside: draft.setAside.slice() }];
}
