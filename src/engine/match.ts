/**
 * One seeded game between bot levels, played on an engine alone (no service, no database): for the
 * ladder and the strength tests. Each bot move gets the seed `<match seed>:<move number>:<seat>`, as the
 * service gives its bots the game id, version and seat, so a match replays move for move.
 */
import type { AnyGameDefinition, Outcome } from './types.js';

export interface MatchResult {
  readonly outcome: Outcome;
  readonly moves: number;
}

/** Plays `levels` (one per seat) to the end; throws when an engine refuses a bot's move or never ends. */
export function playMatch(game: AnyGameDefinition, levels: readonly string[], seed: string, options: unknown = {}, maxMoves = 20_000): MatchResult {
  const validated = game.validateOptions(options, levels.length);
  if (!validated.ok) throw new Error(`${game.id}: ${validated.error.message}`);
  let state: unknown = game.setup({ seats: levels.length, options: validated.value, seed });
  for (let moves = 0; moves < maxMoves; moves++) {
    const outcome = game.outcome(state);
    if (outcome) return { outcome, moves };
    const seat = game.toMove(state)[0];
    if (seat === undefined) throw new Error(`${game.id}: nobody to move in ${seed}`);
    const move = game.bot.choose(state, seat, { level: levels[seat] as string, seed: `${seed}:${moves}:${seat}` });
    const result = game.apply(state, seat, move);
    if (!result.ok) throw new Error(`${game.id}: ${levels[seat]} played ${JSON.stringify(move)}: ${result.error.message}`);
    state = result.state;
  }
  throw new Error(`${game.id}: ${seed} did not end in ${maxMoves} moves`);
}
