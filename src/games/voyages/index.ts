/**
 * Voyages (Postmark Games), a roll-and-write for 1-12 players acting simultaneously on three shared dice.
 * Rules: docs/rules/voyages.md. types.ts describes the moves of one player's round.
 *
 * Engine decisions where the reference leaves the move shape open:
 * - A round is several small moves per player (steer, sail, duty, then the choices the rules ask for)
 *   instead of one compound move, so `legalMoves` stays small; a step with a single legal move is
 *   played inside `apply`. The duty die is modified at the duty step; nothing a player gains while
 *   moving changes what sailors may do (the map 3 aft check is taken at the start of the round, §1.4
 *   step 3), so this is the same game as modifying all three dice first.
 * - Map 2's free Oars/Rudder/Quarters step is used automatically whenever a die changes without a
 *   heroic sailor: it only ever saves sailors.
 * - Solo games last 16 rounds on every map. A multi-player game ends the round after a player reaches 3
 *   stars (§2.8); the `maxRounds` option (our rule, none by default) may also cut it off after a round.
 * - Forced choices are never asked: one open cargo track, one open fort track, one logbook with a slot,
 *   one part to damage or reinforce, one crew row with room, one watchtower column, one lighthouse.
 */
import { sentence } from '../../engine/log-text.js';
import { accept, parseWithSchema, refuse } from '../../engine/result.js';
import type { GameDefinition, LogEntry, Result, Seat } from '../../engine/types.js';
import { searchBot } from './search.js';
import { legalMovesFor } from './moves.js';
import { applyToCopy } from './round.js';
import { moveSchema, optionsSchema } from './schemas.js';
import { viewSchema } from './view-schema.js';
import { outcome } from './score.js';
import { ENGINE_VERSION, setup, setupLog } from './setup.js';
import type { VoyagesMove, VoyagesMoveType, VoyagesOptions, VoyagesState } from './types.js';
import { view } from './view.js';

/** Every move type; the union in types.ts is the source, this list checks raw input against it. */
const MOVE_TYPES: readonly VoyagesMoveType[] = [
  ...(['steer', 'sail', 'duty'] as const), // every map (§1.4)
  ...(['cargo', 'sell', 'dread'] as const), // map 1
  ...(['fort', 'attack'] as const), // map 2
  ...(['log', 'damage', 'complete', 'write', 'reinforce'] as const), // map 3
  ...(['recruit', 'promote', 'boost', 'bonus', 'extra', 'build', 'tower', 'light'] as const), // map 4
];
const MIN_PLAYERS = 1;
const MAX_PLAYERS = 12;

function validateOptions(input: unknown, seats: number): Result<VoyagesOptions> {
  const parsed = parseWithSchema<VoyagesOptions>(optionsSchema, input);
  if (!parsed.ok) return parsed;
  if (!Number.isInteger(seats) || seats < MIN_PLAYERS || seats > MAX_PLAYERS) {
    return { ok: false, error: { code: 'INVALID_SEAT_COUNT', message: `Voyages plays ${MIN_PLAYERS} to ${MAX_PLAYERS} players` } };
  }
  return parsed;
}

function toMove(state: VoyagesState): Seat[] {
  if (state.over) return [];
  const seats: Seat[] = [];
  state.players.forEach((s, seat) => {
    if (s.step !== 'done') seats.push(seat);
  });
  return seats;
}

function legalMoves(state: VoyagesState, seat: Seat): VoyagesMove[] {
  const sheet = state.players[seat];
  if (state.over || !sheet) return [];
  return legalMovesFor(state, sheet, false);
}

function isMove(move: unknown): move is VoyagesMove {
  return typeof move === 'object' && move !== null && MOVE_TYPES.includes((move as { type?: unknown }).type as VoyagesMoveType);
}

function apply(state: VoyagesState, seat: Seat, move: VoyagesMove) {
  if (state.over) return refuse('GAME_OVER', 'The game is over');
  if (!isMove(move)) return refuse('INVALID_MOVE', 'Not a Voyages move');
  const sheet = state.players[seat];
  if (!sheet || sheet.step === 'done') return refuse('NOT_YOUR_TURN', `Seat ${seat} has nothing to do this round`);
  const next: VoyagesState = { ...state, players: state.players.slice() };
  const log: LogEntry[] = [];
  const error = applyToCopy(next, seat, move, log);
  if (error !== null) return refuse(error, `${move.type} is not possible now`);
  // Each entry one sentence with its full stop (the texts are written as clauses), so a history reads.
  return accept(next, log.map((entry) => ({ ...entry, text: sentence(entry.text) })));
}

export const voyages: GameDefinition<VoyagesState, VoyagesMove, VoyagesOptions> = {
  id: 'voyages',
  title: 'Voyages',
  players: { min: MIN_PLAYERS, max: MAX_PLAYERS },
  engineVersion: ENGINE_VERSION,
  optionsSchema,
  moveSchema,
  viewSchema,
  validateOptions,
  setup,
  setupLog,
  toMove,
  legalMoves,
  apply,
  view,
  // §8: nothing is secret, so history shows every move as made.
  redactMove: (_state, _seat, move) => move,
  outcome,
  bot: searchBot({ toMove, legalMoves, apply }),
};
