/**
 * The order of play (§2.1): role choices, each role's phase in turn order from its chooser, the end of
 * the round (ROUND-5) and of the game (ROUND-6, END-4). Every handler edits a Draft; forced steps (a
 * single legal choice) are played here too, so a player is only ever asked a real question.
 */
import { ruleError } from '../../engine/result.js';
import type { LogEntry, RuleError, Seat } from '../../engine/types.js';
import { roleOf, type RoleCard } from './data.js';
import type { Draft } from './draft.js';
import { builderMoves, applyBuild } from './builder.js';
import { applyCaptainPass, applyLoad, applyStore, applyWharf, captainMoves, storageMoves, unloadFullShips } from './captain.js';
import { applyCraftsmanBonus, applyProduce, craftsmanBonusMoves, craftsmanMoves } from './craftsman.js';
import { applyArrangement, applyMayorPrivilege, arrangementIsForced, arrangementMoves, mayorPrivilegeMoves, refillColonistShip, startMayor } from './mayor.js';
import { nextSeat } from './rules.js';
import { doubloons, roleName, seatRef } from './words.js';
import { applySell, closeTradingHouse, traderMoves } from './trader.js';
import { applySettler, refillPlantations, settlerMoves } from './settler.js';
import { choicesPerRound } from './setup.js';
import type { Phase, PlayerState, PuertoRicoMove, PuertoRicoState } from './types.js';

/** The seat that acts now, or null once the game is over. */
export function actor(state: PuertoRicoState): Seat | null {
  const phase = state.phase;
  switch (phase.name) {
    case 'chooseRole':
      return (state.governor + state.choices) % state.seats;
    case 'mayorPrivilege':
    case 'craftsmanBonus':
      return state.roleHolder;
    case 'settler':
    case 'mayor':
    case 'builder':
    case 'craftsman':
    case 'trader':
    case 'captain':
    case 'storage':
      return phase.turn;
    case 'over':
      return null;
  }
}

/** The legal moves of the seat to act (for the Mayor, a few representative arrangements: see mayor.ts). */
export function movesOfActor(state: PuertoRicoState, seat: Seat): PuertoRicoMove[] {
  const phase = state.phase;
  const player = state.players[seat] as PlayerState;
  switch (phase.name) {
    case 'chooseRole':
      return state.roles.filter((slot) => !slot.taken).map((slot) => ({ type: 'chooseRole', role: slot.card }));
    case 'settler':
      return settlerMoves(state, seat, phase);
    case 'mayorPrivilege':
      return mayorPrivilegeMoves();
    case 'mayor':
      return arrangementMoves(player);
    case 'builder':
      return builderMoves(state, seat);
    case 'craftsman':
      return craftsmanMoves(state, seat);
    case 'craftsmanBonus':
      return craftsmanBonusMoves(state, phase.received);
    case 'trader':
      return traderMoves(state, seat);
    case 'captain':
      return captainMoves(state, seat, phase);
    case 'storage':
      return storageMoves(state, seat);
    case 'over':
      return [];
  }
}

/** The move the rules make for the seat to act, when it has exactly one choice (ROUND-7). */
function forcedMove(state: PuertoRicoState): { seat: Seat; move: PuertoRicoMove } | null {
  const seat = actor(state);
  if (seat === null) return null;
  if (state.phase.name === 'mayor') {
    const player = state.players[seat] as PlayerState;
    return arrangementIsForced(player) ? { seat, move: arrangementMoves(player)[0] as PuertoRicoMove } : null;
  }
  const moves = movesOfActor(state, seat);
  return moves.length === 1 ? { seat, move: moves[0] as PuertoRicoMove } : null;
}

/** A pass the rules made says why (the seat could do nothing else), rather than that nothing happened. */
const FORCED_PASS: Readonly<Record<string, string>> = {
  'settler.pass': 'cannot take a plantation',
  'builder.pass': 'cannot build anything',
  'craftsman.pass': 'has nothing to produce',
  'trader.pass': 'has nothing to sell',
};

function forcedText(entry: LogEntry): { text?: string } {
  const why = FORCED_PASS[entry.type];
  return why !== undefined && typeof entry.seat === 'number' ? { text: `${seatRef(entry.seat)} ${why}.` } : {};
}

/** Applies a move already checked to come from the seat to act, then every forced step after it. */
export function play(draft: Draft, seat: Seat, move: PuertoRicoMove): RuleError | null {
  const refusal = step(draft, seat, move);
  if (refusal) return refusal;
  for (let forced = forcedMove(draft.s); forced; forced = forcedMove(draft.s)) {
    const at = draft.log.length;
    const error = step(draft, forced.seat, forced.move);
    // A forced move comes from the legal list, so it cannot be refused; stop rather than loop if it is.
    if (error) return error;
    // Mark the move's own entry, so a frontend can tell a choice from a step the rules made.
    // (A step may write no entry of its own: a seat with no goods stores nothing.)
    const entry = draft.log[at];
    if (entry && entry.seat === forced.seat) draft.log[at] = { ...entry, ...forcedText(entry), forced: true };
  }
  return null;
}

function wrongPhase(move: PuertoRicoMove, phase: Phase): RuleError {
  return ruleError('ILLEGAL_MOVE', `${move.type} is not a move of the ${phase.name} step`);
}

function step(draft: Draft, seat: Seat, move: PuertoRicoMove): RuleError | null {
  const phase = draft.s.phase;
  switch (phase.name) {
    case 'chooseRole': {
      if (move.type !== 'chooseRole') return wrongPhase(move, phase);
      const slot = draft.s.roles.find((r) => r.card === move.role);
      if (!slot || slot.taken) return ruleError('ILLEGAL_MOVE', `the ${move.role} card is not available (ROUND-1)`);
      startRole(draft, seat, move.role);
      return null;
    }
    case 'settler': {
      const result = applySettler(draft, seat, phase, move);
      if (typeof result === 'object') return result;
      if (result === 'next') endTurn(draft);
      return null;
    }
    case 'mayorPrivilege': {
      if (move.type !== 'mayorPrivilege') return wrongPhase(move, phase);
      applyMayorPrivilege(draft, seat, move);
      return null;
    }
    case 'mayor': {
      if (move.type !== 'arrange') return wrongPhase(move, phase);
      return applyThenEndTurn(draft, applyArrangement(draft, seat, move));
    }
    case 'builder': {
      if (move.type === 'pass') return passThenEndTurn(draft, seat, 'builder.pass', 'chose not to build');
      if (move.type !== 'build') return wrongPhase(move, phase);
      return applyThenEndTurn(draft, applyBuild(draft, seat, move));
    }
    case 'craftsman': {
      if (move.type === 'pass') return passThenEndTurn(draft, seat, 'craftsman.pass', 'chose not to produce');
      if (move.type !== 'produce') return wrongPhase(move, phase);
      if (craftsmanMoves(draft.s, seat).length === 1) return ruleError('ILLEGAL_MOVE', 'nothing to produce (CRA-1, CRA-2)');
      const received = applyProduce(draft, seat);
      if (seat === draft.s.roleHolder) draft.s.phase = { ...phase, received };
      endTurn(draft);
      return null;
    }
    case 'craftsmanBonus': {
      if (move.type === 'pass') {
        draft.say({ type: 'craftsman.noBonus', text: `${seatRef(seat)} took no extra good.`, seat });
      } else if (move.type === 'craftsmanBonus') {
        const refusal = applyCraftsmanBonus(draft, seat, phase.received, move);
        if (refusal) return refusal;
      } else return wrongPhase(move, phase);
      endRole(draft);
      return null;
    }
    case 'trader': {
      if (move.type === 'pass') return passThenEndTurn(draft, seat, 'trader.pass', 'chose not to sell');
      if (move.type !== 'sell') return wrongPhase(move, phase);
      return applyThenEndTurn(draft, applySell(draft, seat, move));
    }
    case 'captain': {
      if (move.type === 'load') return applyThenEndTurn(draft, applyLoad(draft, seat, phase, move));
      if (move.type === 'wharf') return applyThenEndTurn(draft, applyWharf(draft, seat, phase, move));
      if (move.type !== 'pass') return wrongPhase(move, phase);
      // CAP-2: passing is legal only without a legal cargo-ship load.
      if (!captainMoves(draft.s, seat, phase).some((m) => m.type === 'pass')) {
        return ruleError('ILLEGAL_MOVE', 'a player who can load must load (CAP-2)');
      }
      applyCaptainPass(draft, seat, phase);
      endTurn(draft);
      return null;
    }
    case 'storage': {
      if (move.type !== 'store') return wrongPhase(move, phase);
      return applyThenEndTurn(draft, applyStore(draft, seat, move));
    }
    case 'over':
      return ruleError('GAME_OVER', 'the game is over');
  }
}

function applyThenEndTurn(draft: Draft, refusal: RuleError | null): RuleError | null {
  if (refusal) return refusal;
  endTurn(draft);
  return null;
}

function passThenEndTurn(draft: Draft, seat: Seat, type: string, what: string): null {
  draft.say({ type, text: `${seatRef(seat)} ${what}.`, seat });
  endTurn(draft);
  return null;
}

/** ROUND-2, ROUND-3: the chooser takes the card's doubloons and its phase begins with him. */
function startRole(draft: Draft, seat: Seat, card: RoleCard): void {
  const slot = draft.roles().find((r) => r.card === card);
  if (!slot) return;
  const bonus = slot.doubloons;
  slot.taken = true;
  slot.doubloons = 0;
  if (bonus > 0) draft.player(seat).doubloons += bonus;
  const role = roleOf(card);
  draft.s.role = role;
  draft.s.roleHolder = seat;
  draft.say({ type: 'role.chosen', text: `${seatRef(seat)} chose the ${roleName(card)}${bonus ? ` and took ${doubloons(bonus)} from the card` : ''}.`, seat, role, card, doubloons: bonus });
  const n = draft.s.seats;
  switch (role) {
    case 'settler':
      draft.s.phase = { name: 'settler', turn: seat, remaining: n, haciendaUsed: false };
      return;
    case 'mayor':
      startMayor(draft);
      return;
    case 'builder':
      draft.s.phase = { name: 'builder', turn: seat, remaining: n };
      return;
    case 'craftsman':
      draft.s.phase = { name: 'craftsman', turn: seat, remaining: n, received: [] };
      return;
    case 'trader':
      draft.s.phase = { name: 'trader', turn: seat, remaining: n };
      return;
    case 'captain':
      draft.s.phase = { name: 'captain', turn: seat, passes: 0, privilegeUsed: false, wharfUsed: Array<boolean>(n).fill(false) };
      return;
    case 'prospector':
      // PRO-1: 1 doubloon from the bank; nobody else acts.
      draft.player(seat).doubloons += 1;
      draft.say({ type: 'prospector', text: `${seatRef(seat)} took 1 doubloon as Prospector.`, seat });
      endRole(draft);
      return;
  }
}

/** The next player's turn in the phase, or the end of the phase after the last one. */
function endTurn(draft: Draft): void {
  const phase = draft.s.phase;
  switch (phase.name) {
    case 'captain':
      // CAP-7: loading ends after n consecutive passes.
      if (phase.passes >= draft.s.seats) {
        draft.s.phase = { name: 'storage', turn: draft.s.roleHolder, remaining: draft.s.seats };
      } else {
        draft.s.phase = { ...phase, turn: nextSeat(draft.s, phase.turn) };
      }
      return;
    case 'settler':
      if (phase.remaining > 1) draft.s.phase = { ...phase, turn: nextSeat(draft.s, phase.turn), remaining: phase.remaining - 1, haciendaUsed: false };
      else {
        refillPlantations(draft);
        endRole(draft);
      }
      return;
    case 'mayor':
    case 'builder':
    case 'craftsman':
    case 'trader':
    case 'storage':
      if (phase.remaining > 1) draft.s.phase = { ...phase, turn: nextSeat(draft.s, phase.turn), remaining: phase.remaining - 1 };
      else endPhase(draft, phase);
      return;
    case 'chooseRole':
    case 'mayorPrivilege':
    case 'craftsmanBonus':
    case 'over':
      return;
  }
}

function endPhase(draft: Draft, phase: Extract<Phase, { name: 'mayor' | 'builder' | 'craftsman' | 'trader' | 'storage' }>): void {
  switch (phase.name) {
    case 'mayor':
      refillColonistShip(draft);
      endRole(draft);
      return;
    case 'builder':
      endRole(draft);
      return;
    case 'craftsman':
      // CRA-5: the privilege comes after everyone has produced.
      draft.s.phase = { name: 'craftsmanBonus', received: phase.received };
      return;
    case 'trader':
      closeTradingHouse(draft);
      endRole(draft);
      return;
    case 'storage':
      unloadFullShips(draft);
      endRole(draft);
      return;
  }
}

/** After a role's phase: the next chooser, or the end of the round. */
function endRole(draft: Draft): void {
  draft.s.role = null;
  draft.s.choices++;
  if (draft.s.choices >= choicesPerRound(draft.s)) endRound(draft);
  else draft.s.phase = { name: 'chooseRole' };
}

/** ROUND-5, ROUND-6: doubloons on the unchosen cards and a new governor, unless the game has ended. */
function endRound(draft: Draft): void {
  const triggers = draft.s.endTriggers;
  if (triggers.colonists || triggers.city || triggers.vp) {
    draft.s.phase = { name: 'over' };
    draft.say({ type: 'game.over', text: 'The round is finished and the game is over.', round: draft.s.round });
    return;
  }
  for (const slot of draft.roles()) {
    if (!slot.taken) slot.doubloons++;
    slot.taken = false;
  }
  draft.s.governor = nextSeat(draft.s, draft.s.governor);
  draft.s.choices = 0;
  draft.s.round++;
  draft.s.phase = { name: 'chooseRole' };
  draft.say({ type: 'round.end', text: `Round ${draft.s.round - 1} is over; ${seatRef(draft.s.governor)} is the new governor.`, governor: draft.s.governor, round: draft.s.round });
}
