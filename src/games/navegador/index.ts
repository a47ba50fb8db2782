/**
 * Navegador (Mac Gerdts, PD-Verlag 2010), 2-5 players: the engine contract for shared/rules/navegador.md.
 * Deliberate choices where the reference is silent are listed in the final report of issue 4 and in the
 * file comments (legal.ts: representative sailing moves and the default rondel payment).
 */
import { parseWithSchema, ruleError } from '../../engine/result.js';
import type { GameDefinition, Result } from '../../engine/types.js';
import { bot } from './bot.js';
import { legalMoves } from './legal.js';
import { optionsSchema, moveSchema, viewSchema } from './schema.js';
import { outcome } from './score.js';
import { ENGINE_VERSION, setupState } from './setup.js';
import { applyMove } from './turn.js';
import type { NavegadorMove, NavegadorOptions, NavegadorState } from './types.js';
import { viewState } from './view.js';

const PLAYERS = { min: 2, max: 5 } as const;

function validateOptions(options: unknown, seats: number): Result<NavegadorOptions> {
  if (!Number.isInteger(seats) || seats < PLAYERS.min || seats > PLAYERS.max) {
    return { ok: false, error: ruleError('INVALID_SEAT_COUNT', `Navegador seats ${PLAYERS.min} to ${PLAYERS.max} players`) };
  }
  return parseWithSchema<NavegadorOptions>(optionsSchema, options);
}

export const navegador: GameDefinition<NavegadorState, NavegadorMove, NavegadorOptions> = {
  id: 'navegador',
  title: 'Navegador',
  players: PLAYERS,
  engineVersion: ENGINE_VERSION,
  optionsSchema,
  moveSchema,
  viewSchema,
  validateOptions,
  setup: ({ seats, seed }) => setupState(seats, seed),
  toMove: (state) => (state.finished ? [] : [state.current]),
  legalMoves,
  apply: applyMove,
  view: viewState,
  // §8: every choice in Navegador is public, so history entries are never redacted.
  redactMove: (_stateBefore, _seat, move) => move,
  outcome,
  bot,
};
