/**
 * Bots. `random` plays a uniform legal move. `greedy` looks one turn ahead: for each rondel field it
 * plays the field's best action and scores the position with `evaluate`; it uses the Navegador card
 * whenever a sail improves the position. It never peeks: face-down tokens are replaced by the average
 * of the values still unseen (§8) before it simulates anything.
 */
import { Random, createRng } from '../../engine/random.js';
import type { Bot } from '../../engine/types.js';
import { GOODS, NEIGHBOURS, PORTUGAL, REGION_COUNT, STACKS } from './data.js';
import { actionMoves, legalMoves } from './legal.js';
import { scoreBreakdown } from './score.js';
import { shipsOnBoard } from './rules.js';
import { applyMove } from './turn.js';
import type { NavegadorMove, NavegadorState, PlayerState } from './types.js';
import { unseenValues } from './view.js';

export const BOT_LEVELS = ['random', 'greedy'] as const;

/** Borders from Portugal to each region (the route east is the bot's sense of progress). */
const DEPTH: readonly number[] = (() => {
  const depth = new Array<number>(REGION_COUNT).fill(-1);
  depth[PORTUGAL] = 0;
  const queue = [PORTUGAL];
  for (let i = 0; i < queue.length; i++) {
    const here = queue[i] as number;
    for (const next of NEIGHBOURS[here] as readonly number[]) {
      if (depth[next] !== -1) continue;
      depth[next] = (depth[here] as number) + 1;
      queue.push(next);
    }
  }
  return depth;
})();

/**
 * The bot's belief: the state with every secret token replaced by the average of the values not yet
 * revealed (public knowledge, §8), so its simulations never depend on where a token really lies.
 */
export function belief(state: NavegadorState): NavegadorState {
  const average = unseenValues(state).map((values) => Math.round(values.reduce((a, b) => a + b, 0) / values.length / 10) * 10);
  return {
    ...state,
    regions: state.regions.map((r, id) => {
      const good = STACKS[id]?.good;
      return good && r.hidden.length > 0 ? { ...r, hidden: r.hidden.map(() => average[GOODS.indexOf(good)] as number) } : r;
    }),
    setAside: state.setAside.map(() => 0),
  };
}

/** Cash beyond what the next turns can spend is only worth its final VP (1 per 200, §6.3). */
const WORKING_CASH = 600;

/**
 * Position value for `seat`: VP now, plus working cash, fleet size, progress east and ships ready to
 * found colonies; once the end is triggered, being ahead is what counts.
 */
export function evaluate(state: NavegadorState, seat: number): number {
  const p = state.players[seat] as PlayerState;
  const vp = scoreBreakdown(p).total as number;
  if (state.finished) return vp;
  let progress = 0;
  let colonyReady = 0;
  p.ships.forEach((n, r) => {
    progress += n * (DEPTH[r] as number);
    colonyReady += Math.min(n, state.regions[r]?.faceUp.length ?? 0);
  });
  const cash = Math.min(p.cash, WORKING_CASH) / 60 + Math.max(0, p.cash - WORKING_CASH) / 200;
  // Workers up to 7 open buildings and colonies (a church needs 5, two buildings 7-9).
  const crew = Math.min(p.workers, 7);
  return vp + cash + crew + shipsOnBoard(p) * 0.8 + progress * 0.2 + colonyReady * 1.2 + endPressure(state, seat, vp);
}

/** After this many turns per seat the bot presses for the end, so that bot games always finish. */
const LATE_TURNS_PER_SEAT = 40;

/**
 * Triggering the end (or letting it come) is worth it while ahead of every rival; in a long game the
 * bot also values emptying the building chart and triggering the end whoever leads.
 */
function endPressure(state: NavegadorState, seat: number, vp: number): number {
  const late = state.turn > LATE_TURNS_PER_SEAT * state.seats;
  const chart = late ? 2 * state.chartTaken.reduce((a, b) => a + b, 0) : 0;
  if (state.end === null) return chart;
  if (late) return chart + 30;
  const best = Math.max(...state.players.map((q, s) => (s === seat ? -Infinity : (scoreBreakdown(q).total as number))));
  return vp > best ? 15 : -5;
}

function bestBy(moves: readonly NavegadorMove[], score: (m: NavegadorMove) => number, rng: Random): NavegadorMove {
  let best = moves[0] as NavegadorMove;
  let bestScore = -Infinity;
  for (const move of moves) {
    const s = score(move) + rng.int(1000) * 1e-7;
    if (s > bestScore) {
      bestScore = s;
      best = move;
    }
  }
  return best;
}

/** The best value reachable by one action move (or skipping) from `state`, where seat stands on a field. */
export function bestActionValue(state: NavegadorState, seat: number): number {
  if (state.current !== seat || state.step !== 'action') return evaluate(state, seat);
  let best = evaluate(state, seat);
  for (const move of actionMoves(state, seat)) {
    const r = applyMove(state, seat, move);
    if (r.ok) best = Math.max(best, evaluate(r.state, seat));
  }
  return best;
}

function greedy(real: NavegadorState, seat: number, rng: Random): NavegadorMove {
  const state = belief(real);
  const moves = legalMoves(state, seat);
  if (state.step === 'action') {
    return bestBy(moves, (m) => {
      const r = applyMove(state, seat, m);
      return r.ok ? evaluate(r.state, seat) : -Infinity;
    }, rng);
  }
  const now = evaluate(state, seat);
  const sails = moves.filter((m) => m.type === 'navegador');
  if (sails.length > 0) {
    const sail = bestBy(sails, (m) => {
      const r = applyMove(state, seat, m);
      return r.ok ? evaluate(r.state, seat) : -Infinity;
    }, rng);
    const after = applyMove(state, seat, sail);
    if (after.ok && evaluate(after.state, seat) > now + 0.5) return sail;
  }
  return bestBy(moves.filter((m) => m.type === 'rondel'), (m) => {
    const r = applyMove(state, seat, m);
    return r.ok ? bestActionValue(r.state, seat) : -Infinity;
  }, rng);
}

export const bot: Bot<NavegadorState, NavegadorMove> = {
  levels: BOT_LEVELS,
  choose(state, seat, input) {
    const rng = new Random(createRng(input.seed));
    if (input.level === 'greedy') return greedy(state, seat, rng);
    return rng.pick(legalMoves(state, seat));
  },
};
