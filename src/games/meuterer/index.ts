/**
 * Meuterer (Casasola Merkle, Adlung Spiele 2000) for 3–4 players, with the pirate variant.
 * Rules: docs/rules/meuterer.md; the original rules are authoritative where they speak. The ten phases of a round
 * run inside `apply`; the state rests only where a player decides (see `Phase` in types.ts).
 */
import type { GameDefinition, Outcome, Seat } from '../../engine/types.js';
import { bot } from './bot.js';
import { MAX_SEATS, MIN_SEATS } from './data.js';
import { apply, legalMoves, toMove } from './moves.js';
import { moveSchema } from './schemas.js';
import { viewSchema } from './view-schema.js';
import { optionsSchema, setup, validateOptions } from './setup.js';
import type { MeutererMove, MeutererOptions, MeutererState } from './types.js';
import { redactMove, view } from './view.js';

/** §5 with D17: the most VP wins; ties share a place (standard competition ranking), no tie-break. */
export function outcome(state: MeutererState): Outcome | null {
  if (state.phase !== 'gameOver') return null;
  const scores = state.players.map((p) => p.score);
  const distinctScores = [...new Set(scores)].sort((a, b) => b - a);
  const ranking: Seat[][] = distinctScores.map((score) => scores.flatMap((s, seat) => (s === score ? [seat] : [])));
  return {
    scores,
    breakdown: state.players.map((p) => ({ ...p.breakdown })),
    ranking,
    winners: ranking[0] ?? [],
  };
}

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
