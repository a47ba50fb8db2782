/** Options and setup (§1.2). */
import { Type } from 'typebox';
import { Random, createRng } from '../../engine/random.js';
import { parseWithSchema, ruleError } from '../../engine/result.js';
import type { Result, SetupInput } from '../../engine/types.js';
import {
  CARDS,
  CARD_COUNTS,
  HAND_SIZE,
  ISLAND_IDS,
  MAX_SEATS,
  MIN_SEATS,
  ROLES,
  ROUNDS_BY_SEATS,
  STANDARD_LAYOUT,
  type Card,
  type IslandId,
} from './data.js';
import { clockwiseFrom } from './rules.js';
import { LAYOUTS, type MeutererOptions, type MeutererState, type PlayerState } from './types.js';

export const optionsSchema = Type.Object(
  {
    pirates: Type.Boolean({ default: false, title: 'Pirates', description: 'Adds the pirate card and the pirate ship, which raids the island it lands on.' }),
    layout: Type.Union(
      LAYOUTS.map((l) => Type.Literal(l, { title: l === 'random' ? 'Shuffled' : 'As printed in the rules' })),
      { default: 'random', title: 'Island order', description: 'The order of the islands around the circle: shuffled (Hochland always first) or the order printed in the rules.' },
    ),
  },
  { additionalProperties: false },
);

export function validateOptions(options: unknown, seats: number): Result<MeutererOptions> {
  if (!Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS) {
    return { ok: false, error: ruleError('INVALID_SEAT_COUNT', `Meuterer is for ${MIN_SEATS} to ${MAX_SEATS} players`) };
  }
  return parseWithSchema<MeutererOptions>(optionsSchema, options);
}

/** The goods deck before shuffling: 36 cards, 37 with the pirate card (§1.2 step 5, §6). */
export function fullDeck(pirates: boolean): Card[] {
  const deck: Card[] = [];
  for (const card of CARDS) {
    if (card === 'pirate' && !pirates) continue;
    for (let i = 0; i < CARD_COUNTS[card]; i++) deck.push(card);
  }
  return deck;
}

export function newPlayer(hand: readonly Card[]): PlayerState {
  return {
    hand,
    faceUp: [],
    kept: [],
    mutinyCards: 0,
    passed: false,
    role: null,
    score: 0,
    breakdown: { ship: 0, boatswain: 0, boy: 0, sales: 0 },
    sales: null,
  };
}

export function setup({ seats, options, seed }: SetupInput<MeutererOptions>): MeutererState {
  const rng = new Random(createRng(seed));
  // D1: the starting captain by lot.
  const captain = rng.int(seats);
  // D2: Hochland fixed at position 0, the other eleven shuffled clockwise after it.
  const layout: IslandId[] =
    options.layout === 'standard' ? STANDARD_LAYOUT.slice() : ['hochland', ...rng.shuffle(ISLAND_IDS.slice(1))];
  const deck = rng.shuffle(fullDeck(options.pirates));
  // D3: clockwise from the captain, each player takes the top five as one block.
  const hands: Card[][] = Array.from({ length: seats }, () => []);
  let top = 0;
  for (const seat of clockwiseFrom(captain, seats)) {
    hands[seat] = deck.slice(top, top + HAND_SIZE);
    top += HAND_SIZE;
  }
  const hochland = 0;
  return {
    seats,
    options,
    rng: rng.state,
    layout,
    round: 1,
    rounds: ROUNDS_BY_SEATS[seats] ?? 8,
    phase: 'captainCard',
    turn: captain,
    queue: [],
    captain,
    captainCard: null,
    ship: hochland,
    active: [hochland],
    // §6 setup: the pirate ship starts on Piratennest.
    pirateShip: options.pirates ? layout.indexOf('piratennest') : null,
    deck: deck.slice(top),
    discard: [],
    pool: ROLES.slice(),
    rolesRevealed: false,
    captainDestination: null,
    mutineerDestination: null,
    mutinySucceeded: null,
    clerkDrawn: [],
    players: hands.map(newPlayer),
  };
}
