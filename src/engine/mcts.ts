/**
 * A generic Monte Carlo tree search for the bots: single-observer information-set MCTS (Cowling, Powley
 * and Whitehouse, 2012). Each iteration samples one determinization, a full state that agrees with
 * everything the searching seat may see (its secrets drawn afresh with the search's own PRNG), then walks
 * one shared tree whose edges are keyed by (actor, move): selection by UCB1 counted over the iterations
 * in which an edge was available, expansion of one untried move, a short rollout with the game's policy
 * and a heuristic evaluation where the rollout stops.
 *
 * Pure and deterministic: no clock, no global randomness. The budget is a number of iterations, so the
 * same state, seat and seed always give the same move on any machine, and nothing is kept between calls
 * (a search can run in any worker thread).
 */
import { Random, createRng } from './random.js';
import type { Seat } from './types.js';

/** What the search needs of a game; every function must be pure. */
export interface SearchAdapter<S, M> {
  /**
   * A state that agrees with everything `seat` may see of `state`, whose secrets (others' hands, deck
   * order, the PRNG state...) are drawn with `rng` from what `seat` cannot tell apart. It must depend on
   * the hidden part of `state` only through what `seat` sees, so equal views give equal samples.
   */
  determinize(state: S, seat: Seat, rng: Random): S;
  /** Seats that may act; in a simultaneous step the search plays them one after another. */
  toMove(state: S): readonly Seat[];
  /** The moves the tree tells apart for `seat` (a large space may be grouped into representatives). */
  moves(state: S, seat: Seat): readonly M[];
  /** The searching seat's choices at the root, when wider than `moves` (absent: `moves`). */
  rootMoves?(state: S, seat: Seat): readonly M[];
  /** The state after the move, or null when the engine refuses it. */
  apply(state: S, seat: Seat, move: M): S | null;
  /** The rollout policy: a cheap, reasonable move. */
  policy(state: S, seat: Seat, rng: Random): M;
  /** Per seat, a reward in [0, 1]: the result when the game is over, an estimate of it otherwise. */
  rewards(state: S): readonly number[];
  /** A stable key telling moves apart. */
  key(move: M): string;
}

export interface SearchBudget {
  /** Iterations (determinize, select, expand, roll out, back up). */
  readonly iterations: number;
  /** Moves a rollout plays past the tree before it is evaluated. */
  readonly rolloutDepth: number;
  /** UCB1's exploration constant. */
  readonly exploration?: number;
}

interface Edge<M> {
  readonly actor: Seat;
  readonly move: M;
  visits: number;
  /** Sum of the rewards of `actor` seen through this edge. */
  reward: number;
  /** Iterations in which this edge was legal at its node (ISMCTS's availability count). */
  available: number;
  readonly child: Node<M>;
}

interface Node<M> {
  readonly edges: Map<string, Edge<M>>;
}

const newNode = <M>(): Node<M> => ({ edges: new Map() });

/** Who acts at a tree node: the searching seat at the root when it is among the seats to move. */
function actorOf(toMove: readonly Seat[], root: boolean, seat: Seat): Seat | undefined {
  if (root && toMove.includes(seat)) return seat;
  return toMove[0];
}

function select<M>(edges: readonly Edge<M>[], c: number): Edge<M> {
  let best = edges[0] as Edge<M>;
  let bestScore = -Infinity;
  for (const edge of edges) {
    const score = edge.reward / edge.visits + c * Math.sqrt(Math.log(edge.available) / edge.visits);
    if (score > bestScore) {
      bestScore = score;
      best = edge;
    }
  }
  return best;
}

/** One iteration on one determinization; returns nothing, updates the tree. */
function iterate<S, M>(adapter: SearchAdapter<S, M>, root: Node<M>, candidates: readonly M[], start: S, seat: Seat, rng: Random, budget: SearchBudget): void {
  const c = budget.exploration ?? 0.7;
  let state = start;
  let node = root;
  const path: Edge<M>[] = [];
  // Selection and expansion.
  for (;;) {
    const atRoot = node === root;
    const actor = actorOf(adapter.toMove(state), atRoot, seat);
    if (actor === undefined) break;
    // The seat's own choices at the root are the same in every determinization (it sees them all).
    const legal = atRoot && actor === seat ? candidates : adapter.moves(state, actor);
    if (legal.length === 0) break;
    const available: Edge<M>[] = [];
    const untried: M[] = [];
    for (const move of legal) {
      const edge = node.edges.get(`${actor}|${adapter.key(move)}`);
      if (edge) available.push(edge);
      else untried.push(move);
    }
    for (const edge of available) edge.available++;
    if (untried.length > 0) {
      const move = rng.pick(untried);
      const next = adapter.apply(state, actor, move);
      if (next === null) break;
      const edge: Edge<M> = { actor, move, visits: 0, reward: 0, available: 1, child: newNode() };
      node.edges.set(`${actor}|${adapter.key(move)}`, edge);
      path.push(edge);
      state = next;
      break;
    }
    const edge = select(available, c);
    const next = adapter.apply(state, actor, edge.move);
    if (next === null) break;
    path.push(edge);
    state = next;
    node = edge.child;
  }
  // Rollout.
  for (let depth = 0; depth < budget.rolloutDepth; depth++) {
    const actor = adapter.toMove(state)[0];
    if (actor === undefined) break;
    const next = adapter.apply(state, actor, adapter.policy(state, actor, rng));
    if (next === null) break;
    state = next;
  }
  // Backpropagation.
  const rewards = adapter.rewards(state);
  for (const edge of path) {
    edge.visits++;
    edge.reward += rewards[edge.actor] ?? 0;
  }
}

/**
 * The move the search prefers for `seat` (the most visited root move), from `moves(state, seat)`.
 * Deterministic in (state as `seat` sees it, seat, seed, budget).
 */
export function searchMove<S, M>(adapter: SearchAdapter<S, M>, state: S, seat: Seat, seed: string, budget: SearchBudget): M {
  const rng = new Random(createRng(`mcts:${seed}`));
  const candidates = (adapter.rootMoves ?? adapter.moves)(state, seat);
  if (candidates.length === 0) throw new Error('searchMove: no move to search');
  if (candidates.length === 1) return candidates[0] as M;
  const root = newNode<M>();
  for (let i = 0; i < budget.iterations; i++) {
    iterate(adapter, root, candidates, adapter.determinize(state, seat, rng), seat, rng, budget);
  }
  let best = candidates[0] as M;
  let bestVisits = -1;
  let bestMean = -Infinity;
  for (const move of candidates) {
    const edge = root.edges.get(`${seat}|${adapter.key(move)}`);
    const visits = edge?.visits ?? 0;
    const mean = edge && edge.visits > 0 ? edge.reward / edge.visits : -Infinity;
    if (visits > bestVisits || (visits === bestVisits && mean > bestMean)) {
      best = move;
      bestVisits = visits;
      bestMean = mean;
    }
  }
  return best;
}

/** Rewards from a final ranking: 1 for the first group, 0 for the last, evenly between. */
export function rankRewards(ranking: readonly (readonly Seat[])[], seats: number): number[] {
  const out = new Array<number>(seats).fill(0);
  const groups = ranking.length;
  ranking.forEach((group, place) => {
    for (const seat of group) out[seat] = groups === 1 ? 0.5 : 1 - place / (groups - 1);
  });
  return out;
}

/**
 * Rewards from estimated values (points): each seat's mean, over its rivals, of a logistic in the lead
 * over that rival, `scale` points making about a 73% chance. A solo seat gets a logistic in its value.
 */
export function leadRewards(values: readonly number[], scale: number): number[] {
  const n = values.length;
  const logistic = (x: number) => 1 / (1 + Math.exp(-x / scale));
  return values.map((v, i) => {
    if (n === 1) return logistic(v);
    let sum = 0;
    for (let j = 0; j < n; j++) if (j !== i) sum += logistic(v - (values[j] as number));
    return sum / (n - 1);
  });
}

/** A stable key for a plain JSON move (object keys sorted, so field order never matters). */
export function moveKey(move: unknown): string {
  return JSON.stringify(move, (_k, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}
