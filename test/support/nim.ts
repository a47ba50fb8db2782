/**
 * A tiny game for the platform's tests (not shipped): two-player Nim with a hidden card.
 * A pile of stones; on your turn take 1-3. Whoever takes the last stone wins. Each seat holds a face-down
 * card drawn from a shuffled deck of 1-9 (its secret), and once per game may swap it for the top of the
 * deck: the swap is public, the cards are not. The cards are revealed when the game ends.
 */
import { Type } from 'typebox';
import { seatRef } from '../../src/engine/log-text.js';
import { Random, createRng, type RngState } from '../../src/engine/random.js';
import { accept, parseWithSchema, refuse } from '../../src/engine/result.js';
import type { GameDefinition, Seat, Viewer } from '../../src/engine/types.js';

export interface NimOptions {
  stones: number;
}

export interface NimState {
  stones: number;
  turn: Seat;
  cards: number[];
  deck: number[];
  swapped: boolean[];
  winner: Seat | null;
  rng: RngState;
}

export type NimMove = { type: 'take'; count: number } | { type: 'swap' };

const optionsSchema = Type.Object(
  { stones: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 15, description: 'stones in the pile' }) },
  { additionalProperties: false },
);

const moveSchema = Type.Union([
  Type.Object({ type: Type.Literal('take'), count: Type.Integer({ minimum: 1, maximum: 3 }) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('swap') }, { additionalProperties: false }),
]);

export const nim: GameDefinition<NimState, NimMove, NimOptions> = {
  id: 'nim',
  title: 'Nim with a hidden card (test game)',
  players: { min: 2, max: 2 },
  engineVersion: 1,
  optionsSchema,
  moveSchema,
  viewSchema: Type.Object({}, { additionalProperties: true }),

  validateOptions: (options) => parseWithSchema<NimOptions>(optionsSchema, options),

  setup({ options, seed }) {
    const rng = new Random(createRng(seed));
    const deck = rng.shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const cards = deck.splice(0, 2);
    return { stones: options.stones, turn: 0, cards, deck, swapped: [false, false], winner: null, rng: rng.state };
  },

  toMove: (state) => (state.winner === null ? [state.turn] : []),

  legalMoves(state, seat) {
    if (state.winner !== null || seat !== state.turn) return [];
    const moves: NimMove[] = [];
    for (let count = 1; count <= Math.min(3, state.stones); count++) moves.push({ type: 'take', count });
    if (!state.swapped[seat]) moves.push({ type: 'swap' });
    return moves;
  },

  apply(state, seat, move) {
    if (state.winner !== null) return refuse('GAME_OVER', 'the game is over');
    if (seat !== state.turn) return refuse('NOT_YOUR_TURN', `it is seat ${state.turn}'s turn`);
    if (typeof move !== 'object' || move === null) return refuse('INVALID_MOVE', 'a move is an object');
    const next = 1 - seat;
    switch (move.type) {
      case 'take': {
        if (!Number.isInteger(move.count) || move.count < 1 || move.count > 3 || move.count > state.stones) {
          return refuse('ILLEGAL_MOVE', `cannot take ${String(move.count)} of ${state.stones} stones`);
        }
        const stones = state.stones - move.count;
        const winner = stones === 0 ? seat : null;
        return accept({ ...state, stones, turn: next, winner }, [
          { type: 'stones.taken', seat, count: move.count, text: `${seatRef(seat)} took ${move.count}.` },
        ]);
      }
      case 'swap': {
        if (state.swapped[seat]) return refuse('ILLEGAL_MOVE', 'you have already swapped');
        const [top, ...deck] = state.deck;
        const cards = state.cards.slice();
        cards[seat] = top as number;
        const swapped = state.swapped.slice();
        swapped[seat] = true;
        return accept({ ...state, cards, deck: [...deck, state.cards[seat] as number], swapped, turn: next }, [
          { type: 'card.swapped', seat, text: `${seatRef(seat)} swapped their card.` },
          { type: 'card.drawn', seat, card: top, text: `You drew ${top}`, visibleTo: [seat] },
        ]);
      }
      default:
        return refuse('INVALID_MOVE', 'unknown move type');
    }
  },

  view(state, viewer: Viewer) {
    const over = state.winner !== null;
    return {
      stones: state.stones,
      turn: state.turn,
      swapped: state.swapped,
      winner: state.winner,
      deckSize: state.deck.length,
      cards: state.cards.map((card, seat) => (over || seat === viewer ? card : null)),
    };
  },

  redactMove: (_state, _seat, move) => move,

  outcome(state) {
    if (state.winner === null) return null;
    const winner = state.winner;
    const scores = [0, 1].map((seat) => (seat === winner ? 1 : 0));
    return {
      scores,
      breakdown: scores.map((score, seat) => ({ win: score, card: state.cards[seat] ?? 0 })),
      ranking: [[winner], [1 - winner]],
      winners: [winner],
    };
  },

  bot: {
    levels: ['random', 'perfect'],
    choose(state, seat, { level, seed }) {
      const takes = Math.min(3, state.stones);
      // Perfect play leaves a multiple of four; random play takes any legal count.
      const count = level === 'perfect' && state.stones % 4 !== 0 ? state.stones % 4 : 1 + new Random(createRng(seed)).int(takes);
      return { type: 'take', count: Math.min(count, takes) };
    },
  },
};
