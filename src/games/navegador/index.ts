/**
 * Navegador (Mac Gerdts, PD-Verlag 2010), 2-5 players: the engine contract for docs/rules/navegador.md
 * (the reference; the Japanese seed 000 wins where they differ). Board values marked "decision: our
 * edition" there live in data.ts. Engine rulings where the reference leaves a choice open:
 * - every action move must do something; `skip` ends an action without acting, and apply skips by itself
 *   when the field offers nothing (§2.2 "moving without acting");
 * - sailing and the rondel payment are listed as suggestions (legal.ts) and exactly as move families (families.ts);
 * - the Navegador sail must move at least 1 ship (§5 decision);
 * - recruiting and ship building are capped at max(9 - w, c) and max(7 - b, s) (§3.1, §3.2 decisions);
 * - the King's privilege is placed automatically at scoring (§6.3 decision).
 */
import { parseWithSchema, ruleError } from '../../engine/result.js';
import type { GameDefinition, Result } from '../../engine/types.js';
import { bot } from './search.js';
import { moveFamilies } from './families.js';
import { legalMoves } from './legal.js';
import { optionsSchema, moveSchema } from './schema.js';
import { viewSchema } from './view-schema.js';
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
  moveFamilies,
  apply: applyMove,
  view: viewState,
  // Unexplored regions' face-down tokens and the set-aside tokens: nobody sees them until they are turned.
  secrets: (state) => ({ regions: state.regions.map((r) => r.hidden), setAside: state.setAside }),
  // §8: every choice in Navegador is public, so history entries are never redacted.
  redactMove: (_stateBefore, _seat, move) => move,
  outcome,
  bot,
};
