/** JSON Schemas (TypeBox) of a move and of the view, for the API's validation and documentation. */
import { Type } from 'typebox';
import { closedObjects } from '../../engine/schema.js';
import { CAPTAIN_CARD_VALUES, CARDS, GOODS, ISLAND_COUNT, ROLES } from './data.js';
import { PHASES, SCORE_CATEGORIES } from './types.js';

const literals = <T extends string | number>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

const CardSchema = literals(CARDS);
const RoleSchema = literals(ROLES);
const Position = Type.Integer({ minimum: 0, maximum: ISLAND_COUNT - 1 });
const SaleSchema = Type.Object(
  { island: Position, good: literals(GOODS), count: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

export const moveSchema = closedObjects(Type.Union([
  Type.Object({ type: Type.Literal('setCaptainCard'), value: literals(CAPTAIN_CARD_VALUES) }, { description: 'Phase 1: X' }),
  Type.Object({ type: Type.Literal('offer'), card: CardSchema }, { description: 'Phase 2: one card face up' }),
  Type.Object({ type: Type.Literal('pass') }, { description: 'Phase 2: the rest of the hand goes face down' }),
  Type.Object({ type: Type.Literal('chooseAction'), role: RoleSchema }, { description: 'Phase 2, after a non-captain passes (D5)' }),
  Type.Object({ type: Type.Literal('playConflict'), count: Type.Integer({ minimum: 0 }) }, { description: 'Phase 4: k conflict cards from the kept set' }),
  Type.Object(
    { type: Type.Literal('allocateSales'), sales: Type.Array(SaleSchema, { maxItems: 2 }) },
    { description: 'Phase 5b: which good goes to which active island (D11)' },
  ),
  Type.Object(
    { type: Type.Literal('keepCards'), cards: Type.Array(CardSchema, { maxItems: 5 }) },
    { description: 'Phase 8: the loading clerk keeps these of his drawn cards' },
  ),
]));

const PlayerViewSchema = Type.Object({
  seat: Type.Integer(),
  handSize: Type.Integer(),
  hand: Type.Optional(Type.Array(CardSchema)),
  faceUp: Type.Array(CardSchema),
  keptCount: Type.Integer(),
  kept: Type.Optional(Type.Array(CardSchema)),
  mutinyCards: Type.Integer(),
  passed: Type.Boolean(),
  hasRole: Type.Boolean(),
  role: Type.Union([RoleSchema, Type.Null()]),
  score: Type.Integer(),
  breakdown: Type.Object(Object.fromEntries(SCORE_CATEGORIES.map((c) => [c, Type.Integer()]))),
  sales: Type.Union([Type.Array(SaleSchema), Type.Null()]),
});

const NullableInt = Type.Union([Type.Integer(), Type.Null()]);

export const viewSchema = Type.Object({
  seats: Type.Integer(),
  options: Type.Object({ pirates: Type.Boolean(), layout: Type.String() }),
  layout: Type.Array(Type.String(), { description: 'island id at each position clockwise; Hochland at 0' }),
  round: Type.Integer(),
  rounds: Type.Integer(),
  phase: literals(PHASES),
  toMove: Type.Array(Type.Integer()),
  captain: Type.Integer(),
  captainCard: NullableInt,
  ship: Type.Integer(),
  active: Type.Array(Type.Integer()),
  pirateShip: NullableInt,
  deckSize: Type.Integer(),
  discardSize: Type.Integer(),
  poolSize: Type.Integer(),
  pool: Type.Union([Type.Array(RoleSchema), Type.Null()]),
  captainDestination: NullableInt,
  mutineerDestination: NullableInt,
  mutinySucceeded: Type.Union([Type.Boolean(), Type.Null()]),
  drawn: Type.Union([Type.Array(CardSchema), Type.Null()]),
  players: Type.Array(PlayerViewSchema),
});
