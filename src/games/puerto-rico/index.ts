/**
 * Puerto Rico (Alea 2002, English edition by Rio Grande) for 2–5 players, with the official 2-player game
 * and the seed's two online variants. Rules: shared/rules/puerto-rico.md; seed: shared/seeds/002.
 */
import { accept, parseWithSchema, refuse } from '../../engine/result.js';
import type { GameDefinition, Result, Seat, Viewer } from '../../engine/types.js';
import { puertoRicoBot } from './bot.js';
import { Draft } from './draft.js';
import { actor, movesOfActor, play } from './flow.js';
import { parseMove } from './moves.js';
import { outcomeOf } from './score.js';
import { moveSchema, optionsSchema, viewSchema } from './schema.js';
import { ENGINE_VERSION, setup } from './setup.js';
import type { PuertoRicoMove, PuertoRicoOptions, PuertoRicoState } from './types.js';
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
  apply,
  view: (state: PuertoRicoState, viewer: Viewer) => viewOf(state, viewer),
  // §6: every move is public; nothing to redact.
  redactMove: (_state, _seat, move) => move,
  outcome: outcomeOf,
  bot: puertoRicoBot,
};
