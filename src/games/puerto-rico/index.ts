/**
 * Puerto Rico (Alea 2002, English edition by Rio Grande) for 2–5 players, with the official 2-player game
 * and the seed's two online variants. Rules: docs/rules/puerto-rico.md (rule ids such as CAP-3 cite it;
 * it names the sections of the original Japanese rules summary each rule follows).
 *
 * Engine decisions where the reference leaves the choice to us:
 * - Forced steps: whenever the seat to act has exactly one legal move (a pass-only turn, a single legal
 *   load, a unique storage or arrangement, a privilege with nothing to take), `apply` plays it and logs
 *   it like any other move, so `toMove` only ever names a seat with a real choice (ROUND-7).
 * - Mayor (MAY-3): an arrangement is counts per tile kind and per building; `legalMoves` lists up to four
 *   sensible ones (production first, buildings first, plantations first, current one topped up) and
 *   `moveFamilies` gives all of them (`arrangementFamily` in mayor.ts), which is what `apply` accepts.
 *   A count of 0 and an absent key are the same; storage moves are listed once per distinct result (what
 *   the player keeps), so `{warehouse: [sugar], barrel: indigo}` may stand for one that names them the other way.
 * - Storage (CAP-8): a player keeps as much as the rule allows; throwing away more is not offered.
 * - The Hospice (SET-5) and the University (BLD-5) are optional: a flag on the take or build move.
 * - Options (§5): with 3–5 players only the defaults are accepted.
 * - `outcome().breakdown` per seat: chips, buildings, each large-building bonus, total and tieBreak.
 * - Error codes: INVALID_MOVE (malformed), NOT_YOUR_TURN, ILLEGAL_MOVE, INSUFFICIENT_FUNDS (a build
 *   above the player's doubloons), GAME_OVER, INVALID_OPTIONS, INVALID_SEAT_COUNT.
 */
import { accept, parseWithSchema, refuse } from '../../engine/result.js';
import type { GameDefinition, Result, Seat, Viewer } from '../../engine/types.js';
import { bot } from './search.js';
import { Draft } from './draft.js';
import { actor, movesOfActor, play } from './flow.js';
import { arrangementFamily } from './mayor.js';
import { parseMove } from './moves.js';
import { outcomeOf } from './score.js';
import { moveSchema, optionsSchema } from './schema.js';
import { viewSchema } from './view-schema.js';
import { ENGINE_VERSION, setup } from './setup.js';
import type { PlayerState, PuertoRicoMove, PuertoRicoOptions, PuertoRicoState } from './types.js';
import { viewOf } from './view.js';

export type { PuertoRicoMove, PuertoRicoOptions, PuertoRicoState } from './types.js';

/** §5 "How they combine": both options are 2-player rules; any player count outside 2–5 is refused. */
function validateOptions(options: unknown, seats: number): Result<PuertoRicoOptions> {
  if (!Number.isInteger(seats) || seats < 2 || seats > 5) {
    return refuse('INVALID_SEAT_COUNT', `Puerto Rico is for 2 to 5 players, not ${seats}`);
  }
  const parsed = parseWithSchema<PuertoRicoOptions>(optionsSchema, options);
  if (!parsed.ok) return parsed;
  if (seats !== 2 && (parsed.value.balance || parsed.value.roleOrder !== 'official6')) {
    return refuse('INVALID_OPTIONS', 'the balance and alternating5 variants are 2-player rules (§5)');
  }
  return parsed;
}

function apply(state: PuertoRicoState, seat: Seat, input: PuertoRicoMove) {
  if (state.phase.name === 'over') return refuse('GAME_OVER', 'the game is over');
  const parsed = parseMove(input);
  if (!parsed.ok) return parsed;
  if (actor(state) !== seat) return refuse('NOT_YOUR_TURN', `it is not seat ${seat}'s turn`);
  const draft = new Draft(state);
  const refusal = play(draft, seat, parsed.value);
  return refusal ? { ok: false as const, error: refusal } : accept(draft.s, draft.log);
}

export const puertoRico: GameDefinition<PuertoRicoState, PuertoRicoMove, PuertoRicoOptions> = {
  id: 'puerto-rico',
  title: 'Puerto Rico',
  players: { min: 2, max: 5 },
  engineVersion: ENGINE_VERSION,
  optionsSchema,
  moveSchema,
  viewSchema,
  validateOptions,
  setup,
  toMove(state) {
    const seat = actor(state);
    return seat === null ? [] : [seat];
  },
  legalMoves(state, seat) {
    return actor(state) === seat ? movesOfActor(state, seat) : [];
  },
  // The Mayor's arrangements are too many to list: legalMoves suggests a few, the family holds them all.
  moveFamilies(state, seat) {
    return actor(state) === seat && state.phase.name === 'mayor' ? [arrangementFamily(state.players[seat] as PlayerState)] : [];
  },
  apply,
  view: (state: PuertoRicoState, viewer: Viewer) => viewOf(state, viewer),
  // The face-down plantation stack's order: a refill from it turns up tiles nobody knew.
  secrets: (state) => state.stack,
  // §6: every move is public; nothing to redact.
  redactMove: (_state, _seat, move) => move,
  outcome: outcomeOf,
  bot,
};
