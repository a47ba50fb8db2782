/** The Settler phase (§2.2): SET-2 Hacienda, SET-3 face-up tile, SET-4 quarry, SET-5 Hospice, SET-7 refill. */
import { Random } from '../../engine/random.js';
import { ruleError } from '../../engine/result.js';
import type { RuleError, Seat } from '../../engine/types.js';
import type { Good } from './data.js';
import type { Draft } from './draft.js';
import {
  colonistAvailable,
  hasEmptyIslandSpace,
  isOccupied,
  takeBonusColonist,
} from './rules.js';
import { aTile, seatRef } from './words.js';
import type { PlayerState, PuertoRicoMove, PuertoRicoState } from './types.js';

/** What a handler tells the flow: the same player acts again, or his turn is over. */
export type StepResult = RuleError | 'stay' | 'next';

type SettlerPhase = Extract<PuertoRicoState['phase'], { name: 'settler' }>;

function canUseHacienda(state: PuertoRicoState, player: PlayerState, phase: SettlerPhase): boolean {
  // SET-2: once, at the start of the turn, with room on the island and a tile to draw.
  return (
    !phase.haciendaUsed &&
    isOccupied(player, 'hacienda') &&
    hasEmptyIslandSpace(player) &&
    state.stack.length + state.discard.length > 0
  );
}

/** SET-4: the settler's privilege, or an occupied Construction hut. */
function canTakeQuarry(state: PuertoRicoState, seat: Seat, player: PlayerState): boolean {
  return state.quarries > 0 && (state.roleHolder === seat || isOccupied(player, 'constructionHut'));
}

function hospiceChoices(state: PuertoRicoState, player: PlayerState): readonly boolean[] {
  return isOccupied(player, 'hospice') && colonistAvailable(state) ? [true, false] : [false];
}

export function settlerMoves(state: PuertoRicoState, seat: Seat, phase: SettlerPhase): PuertoRicoMove[] {
  const player = state.players[seat] as PlayerState;
  const moves: PuertoRicoMove[] = [];
  if (canUseHacienda(state, player, phase)) moves.push({ type: 'useHacienda' });
  if (hasEmptyIslandSpace(player)) {
    const hospice = hospiceChoices(state, player);
    const seen = new Set<Good>();
    for (const plantation of state.faceUp) {
      if (seen.has(plantation)) continue;
      seen.add(plantation);
      for (const h of hospice) moves.push({ type: 'takePlantation', plantation, hospice: h });
    }
    if (canTakeQuarry(state, seat, player)) for (const h of hospice) moves.push({ type: 'takeQuarry', hospice: h });
  }
  moves.push({ type: 'pass' });
  return moves;
}

/** Draws the top face-down tile, reshuffling the discard pile into a new stack when it is empty (SET-7). */
function drawTile(draft: Draft): Good | null {
  const tiles = draft.tiles();
  if (tiles.stack.length === 0 && tiles.discard.length > 0) {
    const rng = new Random(draft.s.rng);
    draft.s.stack = rng.shuffle(tiles.discard);
    draft.s.discard = [];
    draft.s.rng = rng.state;
    draft.say({ type: 'settler.reshuffle', text: 'The discarded plantations were shuffled into a new stack.' });
  }
  return draft.s.stack.shift() ?? null;
}

function placeTaken(draft: Draft, seat: Seat, tile: Good | 'quarry', hospice: boolean): void {
  // SET-5: the Hospice colonist comes from the supply, else from the ship, else not at all.
  const source = hospice ? takeBonusColonist(draft) : null;
  draft.player(seat).island.push({ tile, occupied: source !== null });
  draft.say({
    type: tile === 'quarry' ? 'settler.quarry' : 'settler.plantation',
    text: `${seatRef(seat)} took ${aTile(tile)}${source ? ' and put a Hospice colonist on it' : ''}.`,
    seat,
    tile,
    hospice: source !== null,
    ...(source ? { colonistFrom: source } : {}),
  });
}

export function applySettler(draft: Draft, seat: Seat, phase: SettlerPhase, move: PuertoRicoMove): StepResult {
  const state = draft.s;
  const player = state.players[seat] as PlayerState;
  if (move.type === 'useHacienda') {
    if (!canUseHacienda(state, player, phase)) return ruleError('ILLEGAL_MOVE', 'the Hacienda cannot be used now (SET-2)');
    const tile = drawTile(draft) as Good;
    // SET-2: the drawn tile is placed at once, without a colonist.
    draft.player(seat).island.push({ tile, occupied: false });
    draft.s.phase = { ...phase, haciendaUsed: true };
    draft.say({ type: 'settler.hacienda', text: `${seatRef(seat)} drew ${aTile(tile)} with the Hacienda.`, seat, tile });
    return 'stay';
  }
  if (move.type === 'takePlantation') {
    const refusal = takeRefusal(state, player, move.hospice);
    if (refusal) return refusal;
    const index = state.faceUp.indexOf(move.plantation);
    if (index < 0) return ruleError('ILLEGAL_MOVE', `no face-up ${move.plantation} plantation (SET-3)`);
    draft.tiles().faceUp.splice(index, 1);
    placeTaken(draft, seat, move.plantation, move.hospice);
    return 'next';
  }
  if (move.type === 'takeQuarry') {
    const refusal = takeRefusal(state, player, move.hospice);
    if (refusal) return refusal;
    if (!canTakeQuarry(state, seat, player)) return ruleError('ILLEGAL_MOVE', 'a quarry needs the privilege or an occupied Construction hut, and a quarry left (SET-4)');
    draft.s.quarries--;
    placeTaken(draft, seat, 'quarry', move.hospice);
    return 'next';
  }
  if (move.type === 'pass') {
    draft.say({ type: 'settler.pass', text: `${seatRef(seat)} chose not to take a plantation.`, seat });
    return 'next';
  }
  return ruleError('ILLEGAL_MOVE', `${move.type} is not a Settler move`);
}

function takeRefusal(state: PuertoRicoState, player: PlayerState, hospice: boolean): RuleError | null {
  if (!hasEmptyIslandSpace(player)) return ruleError('ILLEGAL_MOVE', 'the island is full (SET-6)');
  if (hospice && !hospiceChoices(state, player).includes(true)) return ruleError('ILLEGAL_MOVE', 'no occupied Hospice or no colonist left (SET-5)');
  return null;
}

/** SET-7: discard the face-up row and draw n+1, reshuffling the discards when the stack runs out. */
export function refillPlantations(draft: Draft): void {
  const tiles = draft.tiles();
  tiles.discard.push(...tiles.faceUp);
  draft.s.faceUp = [];
  const wanted = draft.s.seats + 1;
  while (draft.s.faceUp.length < wanted) {
    const tile = drawTile(draft);
    if (tile === null) break;
    draft.s.faceUp.push(tile);
  }
  draft.say({ type: 'settler.refill', text: `New face-up plantations: ${draft.s.faceUp.join(', ') || 'none'}.`, faceUp: draft.s.faceUp.slice() });
}
