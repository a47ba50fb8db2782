/**
 * Adds search levels (src/engine/mcts.ts) to a game's bot: the base bot keeps its own levels (`random`,
 * `greedy`) and the search levels come after them, weakest first. A level is a budget of iterations and
 * a rollout depth, so its moves are reproducible and its cost is the same on any machine.
 */
import { searchMove, type SearchAdapter } from './mcts.js';
import type { Bot, BotInput, Seat } from './types.js';

export interface SearchLevel {
  readonly name: string;
  readonly iterations: number;
  readonly rolloutDepth: number;
  readonly exploration?: number;
}

export function withSearchLevels<S, M>(base: Bot<S, M>, adapter: SearchAdapter<S, M>, levels: readonly SearchLevel[]): Bot<S, M> {
  const byName = new Map(levels.map((level) => [level.name, level]));
  return {
    levels: [...base.levels, ...levels.map((level) => level.name)],
    // A resigned or timed-out seat gets the quick heuristic level, not a search.
    standIn: base.levels[base.levels.length - 1],
    choose(state: S, seat: Seat, input: BotInput): M {
      const level = byName.get(input.level);
      if (!level) return base.choose(state, seat, input);
      return searchMove(adapter, state, seat, input.seed, {
        iterations: input.iterations ?? level.iterations,
        rolloutDepth: level.rolloutDepth,
        ...(level.exploration === undefined ? {} : { exploration: level.exploration }),
      });
    },
  };
}
