/**
 * Meuterer's search levels. Secrets (§7): other players' hands and kept sets, the deck, the discard pile,
 * the loading clerk's draw, the action cards in the pool and other players' action cards until they are
 * revealed. A determinization gathers every card the seat cannot see (sorted, so only their multiset
 * counts), shuffles them and deals them back into the same places in the same numbers; the hidden action
 * cards are dealt back the same way; the PRNG is reseeded. Rollouts play the greedy bot; a cut-off
 * position is valued by the points scored plus a little for the cards in hand.
 */
import type { SearchAdapter } from '../../engine/mcts.js';
import { leadRewards, moveKey, rankRewards } from '../../engine/mcts.js';
import { createRng, type Random } from '../../engine/random.js';
import { withSearchLevels } from '../../engine/search-bot.js';
import type { Bot, Seat } from '../../engine/types.js';
import { bot as baseBot } from './bot.js';
import type { Card, Role } from './data.js';
import { outcome } from './outcome.js';
import { apply, legalMoves, toMove } from './moves.js';
import type { MeutererMove, MeutererState, PlayerState } from './types.js';

/** Deals `pool` (already shuffled) back into slots of the given sizes, in order. */
function dealer<T>(pool: T[]): (size: number) => T[] {
  return (size) => pool.splice(0, size);
}

function determinize(state: MeutererState, seat: Seat, rng: Random): MeutererState {
  const clerkSees = state.phase === 'loadingClerk' && state.turn === seat;
  const poolSeen = state.rolesRevealed || (state.phase === 'chooseAction' && state.turn === seat);
  const cards: Card[] = [...state.deck, ...state.discard, ...(clerkSees ? [] : state.clerkDrawn)];
  const roles: Role[] = poolSeen ? [] : [...state.pool];
  state.players.forEach((p, i) => {
    if (i === seat) return;
    cards.push(...p.hand, ...p.kept);
    if (!state.rolesRevealed && p.role !== null) roles.push(p.role);
  });
  const deal = dealer(rng.shuffle(cards.sort()));
  const dealRoles = dealer(rng.shuffle(roles.sort()));
  const players = state.players.map((p, i): PlayerState => {
    if (i === seat) return p;
    const role = !state.rolesRevealed && p.role !== null ? (dealRoles(1)[0] as Role) : p.role;
    return { ...p, hand: deal(p.hand.length), kept: deal(p.kept.length), role };
  });
  return {
    ...state,
    players,
    pool: poolSeen ? state.pool : dealRoles(state.pool.length),
    clerkDrawn: clerkSees ? state.clerkDrawn : deal(state.clerkDrawn.length),
    deck: deal(state.deck.length),
    discard: deal(state.discard.length),
    rng: createRng(`${rng.nextUint32()}`),
  };
}

export const searchAdapter: SearchAdapter<MeutererState, MeutererMove> = {
  determinize,
  toMove,
  moves: legalMoves,
  apply(state, seat, move) {
    const result = apply(state, seat, move);
    return result.ok ? result.state : null;
  },
  policy: (state, seat, rng) => baseBot.choose(state, seat, { level: 'greedy', seed: `${rng.nextUint32()}` }),
  rewards(state) {
    const result = outcome(state);
    if (result) return rankRewards(result.ranking, state.seats);
    return leadRewards(state.players.map((p) => p.score + 0.4 * p.hand.length + 0.4 * p.kept.length), 3);
  },
  key: moveKey,
};

export const bot: Bot<MeutererState, MeutererMove> = withSearchLevels(baseBot, searchAdapter, [
  { name: 'medium', iterations: 60, rolloutDepth: 12 },
  { name: 'strong', iterations: 250, rolloutDepth: 24 },
]);
