/** TypeBox schemas of the options and the moves (the service validates input against them; the view's is in view-schema.ts). */
import { Type } from 'typebox';
import { BUILDING_COSTS, BUILDINGS, COLUMNS, GOODS, MAX_WORKERS, REGION_COUNT, RONDEL_SIZE, SHIPS_PER_PLAYER } from './data.js';

const Count = Type.Integer({ minimum: 0, maximum: 1000 });
const RegionId = Type.Integer({ minimum: 0, maximum: REGION_COUNT - 1 });
const counts = (keys: readonly string[]) =>
  Type.Object(Object.fromEntries(keys.map((k) => [k, Type.Optional(Count)])), { additionalProperties: false });

const SailPath = Type.Object(
  { path: Type.Array(RegionId, { minItems: 2, maxItems: 4 }), count: Type.Integer({ minimum: 1, maximum: SHIPS_PER_PLAYER }) },
  { additionalProperties: false, description: 'count ships sailing from path[0] through each next adjacent region' },
);
const Paths = Type.Array(SailPath, { maxItems: 64 });

export const optionsSchema = Type.Object({}, { additionalProperties: false, description: 'Navegador has no options' });

export const moveSchema = Type.Union([
  Type.Object({ type: Type.Literal('navegador'), paths: Paths }, { additionalProperties: false }),
  Type.Object(
    {
      type: Type.Literal('rondel'),
      field: Type.Integer({ minimum: 0, maximum: RONDEL_SIZE - 1 }),
      pay: Type.Optional(Type.Array(RegionId, { maxItems: 5, description: 'region of each ship paid' })),
    },
    { additionalProperties: false },
  ),
  Type.Object({ type: Type.Literal('sail'), paths: Paths }, { additionalProperties: false }),
  // §3.1: k ≤ max(9 - w, c) ≤ 9 (at most 1 + 8 churches).
  Type.Object({ type: Type.Literal('recruit'), count: Type.Integer({ minimum: 1, maximum: Math.max(MAX_WORKERS, 1 + BUILDING_COSTS.church.length) }) }, { additionalProperties: false }),
  // §3.2: k ≤ max(7 - b, s), and a player may own up to 1 + 8 shipyards (2 players).
  Type.Object({ type: Type.Literal('buildShips'), count: Type.Integer({ minimum: 1, maximum: 1 + BUILDING_COSTS.shipyard.length }) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('found'), regions: Type.Array(RegionId, { minItems: 1, maxItems: 4 }) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('build'), pieces: counts(BUILDINGS) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('market'), sell: counts(GOODS), process: counts(GOODS) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('privilege'), column: Type.Union(COLUMNS.map((c) => Type.Literal(c))) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('skip') }, { additionalProperties: false }),
]);
