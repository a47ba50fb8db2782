/** JSON Schemas (TypeBox) of a move, for the API's validation and documentation (the view's is in view-schema.ts). */
import { Type } from 'typebox';
import { closedObjects } from '../../engine/schema.js';
import { CAPTAIN_CARD_VALUES, CARDS, GOODS, ISLAND_COUNT, ROLES } from './data.js';

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
