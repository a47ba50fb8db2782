/**
 * Puerto Rico's search levels. Secrets (§6): the face-down plantation stack's order, other players' VP
 * chips and the PRNG. A determinization shuffles the stack's tiles (sorted first, so only their public
 * multiset matters), spreads the chips the seat cannot see evenly over the other seats (their sum is
 * public while the supply lasts: the chips handed out), and reseeds the PRNG. The Mayor's arrangements
 * are searched through the few `legalMoves` suggests (one per sensible family member); rollouts play the
 * greedy bot; a cut-off position is valued by its score plus what doubloons, goods and production bring.
 */
import type { SearchAdapter } from '../../engine/mcts.js';
import { leadRewards, moveKey, rankRewards } from '../../engine/mcts.js';
import { createRng, type Random } from '../../engine/random.js';
import { withSearchLevels } from '../../engine/search-bot.js';
import type { Bot, Seat } from '../../engine/types.js';
import { chooseGreedy, puertoRicoBot } from './bot.js';
import { GOODS, SETUP_BY_COUNT } from './data.js';
import { Draft } from './draft.js';
import { actor, movesOfActor, play } from './flow.js';
import { goodsHeld, productionNow } from './rules.js';
import { outcomeOf, scoreBreakdown } from './score.js';
import type { PlayerState, PuertoRicoMove, PuertoRicoState } from './types.js';

function determinize(state: PuertoRicoState, seat: Seat, rng: Random): PuertoRicoState {
  const initial = SETUP_BY_COUNT[state.seats as 2 | 3 | 4 | 5].vpSupply;
  const me = state.players[seat] as PlayerState;
  const othersChips = Math.max(0, initial - state.vpSupply - me.vp);
  const others = state.players.length - 1;
  let other = 0;
  const players = state.players.map((p, i) => {
    if (i === seat) return p;
    const share = Math.floor(othersChips / others) + (other++ < othersChips % others ? 1 : 0);
    return { ...p, vp: share };
  });
  const stack = rng.shuffle([...state.stack].sort());
  return { ...state, players, stack, rng: createRng(`${rng.nextUint32()}`) };
}

/** The state after a move from `movesOfActor`, without the public path's parsing and log texts. */
function applyFast(state: PuertoRicoState, seat: Seat, move: PuertoRicoMove): PuertoRicoState | null {
  if (state.phase.name === 'over' || actor(state) !== seat) return null;
  const draft = new Draft(state);
  return play(draft, seat, move) ? null : draft.s;
}

/** Points now, plus what doubloons, goods and production will turn into. */
function value(state: PuertoRicoState, p: PlayerState): number {
  const production = GOODS.reduce((sum, good) => sum + productionNow(state, p)[good], 0);
  return scoreBreakdown(p).total + p.doubloons * 0.3 + goodsHeld(p) * 0.35 + production * 0.5;
}

export const searchAdapter: SearchAdapter<PuertoRicoState, PuertoRicoMove> = {
  determinize,
  toMove: (state) => {
    const seat = actor(state);
    return seat === null ? [] : [seat];
  },
  moves: movesOfActor,
  apply: applyFast,
  policy: (state, seat, rng) => chooseGreedy(state, seat, movesOfActor(state, seat), rng),
  rewards(state) {
    const outcome = outcomeOf(state);
    if (outcome) return rankRewards(outcome.ranking, state.seats);
    return leadRewards(state.players.map((p) => value(state, p)), 4);
  },
  key: moveKey,
};

export const bot: Bot<PuertoRicoState, PuertoRicoMove> = withSearchLevels(puertoRicoBot, searchAdapter, [
  { name: 'medium', iterations: 60, rolloutDepth: 12 },
  { name: 'strong', iterations: 250, rolloutDepth: 20 },
]);
