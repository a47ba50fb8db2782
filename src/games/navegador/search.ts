/**
 * Navegador's search levels. Secrets (§8): the face-down tokens' values, the set-aside tokens and the
 * PRNG. A determinization deals each good's unrevealed values (a public multiset, `unseenValues`) at
 * random to the face-down places and the set-aside slot, and reseeds the PRNG. Payments are searched
 * through the member `legalMoves` suggests for each field (the cheapest sensible one); the full
 * families would multiply the tree by the ways of choosing regions without changing the position much.
 * The greedy bot is too slow for rollouts (it looks two steps ahead for every field), so the tree
 * itself does most of the looking ahead: a rollout only finishes the turn under way (see `policy`) and
 * the leaf is valued with the greedy bot's `evaluate`.
 */
import type { SearchAdapter } from '../../engine/mcts.js';
import { leadRewards, moveKey, rankRewards } from '../../engine/mcts.js';
import { createRng, type Random } from '../../engine/random.js';
import { withSearchLevels } from '../../engine/search-bot.js';
import type { Bot, Seat } from '../../engine/types.js';
import { bestActionValue, belief, bot as baseBot, evaluate } from './bot.js';
import { GOODS, STACKS } from './data.js';
import { legalMoves, rondelMoves } from './legal.js';
import { outcome } from './score.js';
import { applyMove } from './turn.js';
import type { NavegadorMove, NavegadorState, PlayerState } from './types.js';
import { unseenValues } from './view.js';

function determinize(state: NavegadorState, _seat: Seat, rng: Random): NavegadorState {
  const deals = unseenValues(state).map((values) => rng.shuffle(values));
  const setAside = deals.map((values) => values.pop() as number);
  const regions = state.regions.map((region, id) => {
    const good = STACKS[id]?.good;
    if (!good || region.hidden.length === 0) return region;
    const deal = deals[GOODS.indexOf(good)] as number[];
    return { ...region, hidden: region.hidden.map(() => deal.pop() as number) };
  });
  return { ...state, regions, setAside, rng: createRng(`${rng.nextUint32()}`) };
}

/**
 * The rollout policy: the action that scores best at once (what the greedy bot plays once its stone has
 * moved), or a random rondel move. A rollout of one move thus finishes a turn whose rondel move ended
 * the tree walk, so the leaf is valued with the action the field gives, not only with its cost.
 */
function policy(state: NavegadorState, seat: Seat, rng: Random): NavegadorMove {
  if (state.step !== 'action') return rng.pick(treeMoves(state, seat));
  const moves = legalMoves(state, seat);
  let best = moves[0] as NavegadorMove;
  let bestValue = -Infinity;
  for (const move of moves) {
    const result = applyMove(state, seat, move);
    const value = result.ok ? evaluate(result.state, seat) + rng.int(1000) * 1e-7 : -Infinity;
    if (value > bestValue) {
      best = move;
      bestValue = value;
    }
  }
  return best;
}

/**
 * Below the root, a turn's start offers the rondel moves only: listing the Navegador card's sails costs
 * more than the rest of an iteration, and the card is a choice the searching seat weighs at the root.
 */
function treeMoves(state: NavegadorState, seat: Seat): NavegadorMove[] {
  if (state.finished || seat !== state.current || state.step !== 'start') return legalMoves(state, seat);
  return rondelMoves(state.players[seat] as PlayerState);
}

/** Root moves the search weighs: the greedy bot's best few by its own look ahead. */
const ROOT_CANDIDATES = 4;

/**
 * The searching seat's candidates: its legal moves ranked by the greedy bot's look ahead over its belief
 * (face-down tokens at the average of the unrevealed values, so nothing hidden is used), best first,
 * the best few kept. The search then weighs them deeper, against the rivals' replies and sampled tokens.
 */
function rootMoves(state: NavegadorState, seat: Seat): NavegadorMove[] {
  const believed = belief(state);
  const scored = legalMoves(state, seat).map((move, index) => {
    const result = applyMove(believed, seat, move);
    const value = !result.ok ? -Infinity : state.step === 'action' ? evaluate(result.state, seat) : bestActionValue(result.state, seat);
    return { move, value, index };
  });
  scored.sort((a, b) => b.value - a.value || a.index - b.index);
  return scored.slice(0, ROOT_CANDIDATES).map((entry) => entry.move);
}

export const searchAdapter: SearchAdapter<NavegadorState, NavegadorMove> = {
  determinize,
  toMove: (state) => (state.finished ? [] : [state.current]),
  moves: treeMoves,
  rootMoves,
  apply(state, seat, move) {
    const result = applyMove(state, seat, move);
    return result.ok ? result.state : null;
  },
  policy,
  rewards(state) {
    const result = outcome(state);
    if (result) return rankRewards(result.ranking, state.seats);
    return leadRewards(state.players.map((_, seat) => evaluate(state, seat)), 2);
  },
  key: moveKey,
};

export const bot: Bot<NavegadorState, NavegadorMove> = withSearchLevels(baseBot, searchAdapter, [
  { name: 'medium', iterations: 40, rolloutDepth: 1, exploration: 0.4 },
  { name: 'strong', iterations: 200, rolloutDepth: 1, exploration: 0.4 },
]);
