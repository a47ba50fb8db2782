/**
 * Meuterer (Marcel-André Casasola Merkle, Adlung Spiele 2000): the vocabulary and data tables.
 * Reference: docs/rules/meuterer.md (§1 components, §2 islands); the original rules win where they speak.
 */

/** The five sellable goods (§1.1). */
export const GOODS = ['ruby', 'salt', 'wine', 'cloth', 'wheat'] as const;
export type Good = (typeof GOODS)[number];

/** Every goods-card kind: the goods, the conflict card and the pirate card (variant only, §6). */
export const CARDS = [...GOODS, 'conflict', 'pirate'] as const;
export type Card = (typeof CARDS)[number];

/** Deck composition (§1.1): 36 cards, plus the pirate card in the variant. */
export const CARD_COUNTS: Readonly<Record<Card, number>> = {
  ruby: 4,
  salt: 5,
  wine: 6,
  cloth: 7,
  wheat: 8,
  conflict: 6,
  pirate: 1,
};

/** The five action cards in the pool order used for display (§1.1). */
export const ROLES = ['mutineer', 'boy', 'boatswain', 'merchant', 'loadingClerk'] as const;
export type Role = (typeof ROLES)[number];

/** The captain cards show 0/1 and 2/3; X is the face-up side (§3.1). */
export const CAPTAIN_CARD_VALUES = [0, 1, 2, 3] as const;
export type CaptainCardValue = (typeof CAPTAIN_CARD_VALUES)[number];

export const ISLAND_IDS = [
  'hochland',
  'frosthoehle',
  'gruenland',
  'kargeZunge',
  'eisfelsen',
  'affeninsel',
  'kalteKlippe',
  'sommerland',
  'rotesRiff',
  'piratennest',
  'fingerhut',
  'sandkap',
] as const;
export type IslandId = (typeof ISLAND_IDS)[number];

export interface Island {
  readonly name: string;
  /** The good it buys, or `null` for "any good" (Hochland, Piratennest). */
  readonly buys: Good | null;
  /** VP for [sole majority, each in a 2-way tie, each in a 3-way tie]. */
  readonly values: readonly [number, number, number];
  /** The ship VP a captain or mutineer scores when this island is the winning destination. */
  readonly shipVp: number;
}

/** §2, decision D4: values from an unofficial source (R), consistent with every check in the seed. */
export const ISLANDS: Readonly<Record<IslandId, Island>> = {
  hochland: { name: 'Hochland', buys: null, values: [4, 3, 2], shipVp: 5 },
  frosthoehle: { name: 'Frosthöhle', buys: 'cloth', values: [3, 2, 1], shipVp: 3 },
  gruenland: { name: 'Grünland', buys: 'salt', values: [5, 3, 2], shipVp: 4 },
  kargeZunge: { name: 'Karge Zunge', buys: 'wheat', values: [6, 3, 2], shipVp: 4 },
  eisfelsen: { name: 'Eisfelsen', buys: 'ruby', values: [6, 4, 3], shipVp: 5 },
  affeninsel: { name: 'Affeninsel', buys: 'wheat', values: [2, 1, 1], shipVp: 2 },
  kalteKlippe: { name: 'Kalte Klippe', buys: 'cloth', values: [5, 2, 2], shipVp: 4 },
  sommerland: { name: 'Sommerland', buys: 'salt', values: [3, 1, 1], shipVp: 2 },
  rotesRiff: { name: 'Rotes Riff', buys: 'wine', values: [4, 2, 2], shipVp: 3 },
  piratennest: { name: 'Piratennest', buys: null, values: [4, 3, 2], shipVp: 5 },
  fingerhut: { name: 'Fingerhut', buys: 'ruby', values: [2, 1, 0], shipVp: 2 },
  sandkap: { name: 'Sandkap', buys: 'wine', values: [4, 2, 1], shipVp: 3 },
};

/** The seed's Figure 3 order, clockwise from Hochland (§1.2 D2, option `layout: 'standard'`). */
export const STANDARD_LAYOUT: readonly IslandId[] = ISLAND_IDS;

export const ISLAND_COUNT = 12;
export const HAND_SIZE = 5;
/** §1.3: the ship's boy's reward and the loading clerk's extra draw. */
export const BOY_REWARD = 2;
export const LOADING_CLERK_EXTRA = 3;
/** §1.3 / §5: 9 rounds with 3 players, 8 with 4. */
export const ROUNDS_BY_SEATS: Readonly<Record<number, number>> = { 3: 9, 4: 8 };
export const MIN_SEATS = 3;
export const MAX_SEATS = 4;
