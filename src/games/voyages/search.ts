/**
 * Voyages' search levels. Nothing is secret but the PRNG (§8), so a determinization only reseeds it:
 * the search never knows the dice of later rounds. A round is simultaneous; the search plays the seats
 * one after another (none sees the others' choices of the round before making its own in the rules, and
 * in the tree the searching seat moves first). Map 4 lists one move per choice of crew rows; the tree
 * keeps one of them per die change (`sameRowsOnce`). Rollouts play the greedy bot; a cut-off position
 * is valued by the sheets' scores as they stand.
 */
import type { SearchAdapter } from '../../engine/mcts.js';
import { leadRewards, moveKey, rankRewards } from '../../engine/mcts.js';
import { createRng } from '../../engine/random.js';
import { withSearchLevels } from '../../engine/search-bot.js';
import type { ApplyResult, Bot, Seat } from '../../engine/types.js';
import { bot as baseBot, sameRowsOnce, worths } from './bot.js';
import { board } from './maps.js';
import { outcome, scoreSheet, total } from './score.js';
import type { Sheet, VoyagesMove, VoyagesState } from './types.js';

/** The engine's own functions (index.ts passes them in, so this file does not import it). */
export interface VoyagesRules {
  toMove(state: VoyagesState): readonly Seat[];
  legalMoves(state: VoyagesState, seat: Seat): readonly VoyagesMove[];
  apply(state: VoyagesState, seat: Seat, move: VoyagesMove): ApplyResult<VoyagesState>;
}

/** Root moves the search weighs: the greedy bot's best few by its own heuristic. */
const ROOT_CANDIDATES = 4;

export function searchAdapter(rules: VoyagesRules): SearchAdapter<VoyagesState, VoyagesMove> {
  const moves = (state: VoyagesState, seat: Seat) => sameRowsOnce(rules.legalMoves(state, seat));
  return {
    // The dice make single outcomes noisy: the search weighs the heuristic's best few moves deeper
    // rather than spreading its iterations over every move.
    rootMoves(state, seat) {
      const listed = moves(state, seat);
      const worth = worths(state, seat, listed);
      return listed
        .map((move, index) => ({ move, index, worth: worth[index] as number }))
        .sort((a, b) => b.worth - a.worth || a.index - b.index)
        .slice(0, ROOT_CANDIDATES)
        .map((entry) => entry.move);
    },
    determinize: (state, _seat, rng) => ({ ...state, rng: createRng(`${rng.nextUint32()}`) }),
    toMove: rules.toMove,
    moves,
    apply(state, seat, move) {
      const result = rules.apply(state, seat, move);
      return result.ok ? result.state : null;
    },
    policy: (state, seat, rng) => baseBot.choose(state, seat, { level: 'greedy', seed: `${rng.nextUint32()}` }),
    rewards(state) {
      const result = outcome(state);
      if (result) return rankRewards(result.ranking, state.seats);
      const b = board(state.map);
      return leadRewards(state.players.map((s: Sheet) => total(scoreSheet(b, s))), 4);
    },
    key: moveKey,
  };
}

export function searchBot(rules: VoyagesRules): Bot<VoyagesState, VoyagesMove> {
  return withSearchLevels(baseBot, searchAdapter(rules), [
    { name: 'medium', iterations: 60, rolloutDepth: 12 },
    { name: 'strong', iterations: 250, rolloutDepth: 24 },
  ]);
}
