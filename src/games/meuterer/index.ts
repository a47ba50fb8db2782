/**
 * Meuterer (Casasola Merkle, Adlung Spiele 2000) for 3–4 players, with the pirate variant.
 * Rules: docs/rules/meuterer.md; the original rules are authoritative where they speak. The ten phases of a round
 * run inside `apply`; the state rests only where a player decides (see `Phase` in types.ts).
 */
import type { GameDefinition } from '../../engine/types.js';
import { outcome } from './outcome.js';
import { bot } from './search.js';
import { MAX_SEATS, MIN_SEATS } from './data.js';
import { apply, legalMoves, toMove } from './moves.js';
import { moveSchema } from './schemas.js';
import { viewSchema } from './view-schema.js';
import { optionsSchema, setup, validateOptions } from './setup.js';
import type { MeutererMove, MeutererOptions, MeutererState } from './types.js';
import { redactMove, view } from './view.js';

export const meuterer: GameDefinition<MeutererState, MeutererMove, MeutererOptions> = {
  id: 'meuterer',
  title: 'Meuterer',
  players: { min: MIN_SEATS, max: MAX_SEATS },
  engineVersion: 1,
  optionsSchema,
  moveSchema,
  viewSchema,
  validateOptions,
  setup,
  toMove,
  legalMoves,
  apply,
  view,
  // The deck's order: a draw turns up cards nobody knew.
  secrets: (state) => state.deck,
  redactMove,
  outcome,
  bot,
};
