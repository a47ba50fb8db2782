/**
 * JSON Schema of what `view` returns (view.ts), complete and closed: the whole state without the PRNG
 * (§8: nothing else is hidden), the same for every viewer but for `viewer`.
 */
import { Type } from 'typebox';
import { JSON_SCHEMA_DIALECT, closedObject, literals, nullable } from '../../engine/json-schema.js';
import { CARGO_FEATURES, MAP_IDS, MARAUDER_SIZES, MONSTERS, PARTS, ROUND_STEPS, STAR_SOURCES } from './data.js';

const count = Type.Integer({ minimum: 0 });
const space = Type.Integer({ description: 'a space number; -1 when the effect comes from a reward, not a space' });
const numbers = (description: string) => Type.Array(Type.Integer(), { description });
const crew = { normal: count, heroic: count, exhausted: count };

/** Work left in a player's round, front first (`k` tells the kind; see Effect in types.ts). */
const effect = Type.Union(
  [
    closedObject({ k: Type.Literal('sailor') }),
    closedObject({ k: Type.Literal('relic'), space }),
    closedObject({ k: Type.Literal('cargo'), cargo: literals(CARGO_FEATURES), space }),
    closedObject({ k: Type.Literal('star'), source: literals(STAR_SOURCES) }),
    closedObject({ k: Type.Literal('action') }),
    closedObject({ k: Type.Literal('sell'), space }),
    closedObject({ k: Type.Literal('settle'), space }),
    closedObject({ k: Type.Literal('dread') }),
    closedObject({ k: Type.Literal('fort'), space }),
    closedObject({ k: Type.Literal('attack') }),
    closedObject({ k: Type.Literal('log'), monster: nullable(literals(MONSTERS), 'null: any monster') }),
    closedObject({ k: Type.Literal('keelHit') }),
    closedObject({ k: Type.Literal('rowDone'), part: literals(PARTS) }),
    closedObject({ k: Type.Literal('write'), part: literals(PARTS) }),
    closedObject({ k: Type.Literal('yard'), space }),
    closedObject({ k: Type.Literal('build'), value: nullable(Type.Integer({ minimum: 1, maximum: 6 }), 'null: any value') }),
    closedObject({ k: Type.Literal('tower') }),
    closedObject({ k: Type.Literal('lightAny') }),
    closedObject({ k: Type.Literal('sight') }),
  ],
  { description: "an item of work left in the player's round" },
);

const sheet = closedObject({
  ship: Type.Integer({ minimum: 0, description: "the ship's space number" }),
  step: literals(ROUND_STEPS),
  directionDie: Type.Integer({ minimum: -1, maximum: 2, description: 'die index given to direction this round, -1 before' }),
  direction: Type.Integer({ minimum: 0, maximum: 6, description: 'windrose 1 = N, clockwise; 0 before steering' }),
  distanceDie: Type.Integer({ minimum: -1, maximum: 2, description: 'die index given to distance this round, -1 before' }),
  crew: closedObject(crew),
  collected: numbers('spaces whose one-time effect was used'),
  visited: numbers('numbered islands visited'),
  explored: numbers('region indices explored'),
  stars: closedObject(Object.fromEntries(STAR_SOURCES.map((s) => [s, Type.Optional(count)])), 'stars per source (the map’s sources only)'),
  queue: Type.Array(effect),
  grid: Type.Integer({ minimum: 0, description: 'map 1 duty grid: bit row*6+col set when marked' }),
  cargo: Type.Array(closedObject({ taken: count, sold: count }), { description: 'map 1 cargo tracks (fruit, gems, spice, furs)' }),
  dreadDefeated: Type.Boolean(),
  skills: numbers('map 2: marks per skill row'),
  doubled: Type.Array(literals(MARAUDER_SIZES), { description: 'map 2: marauder tracks whose x2 box is marked' }),
  parts: Type.Array(closedObject({ numbers: numbers('numbers written in the row'), damage: count, reinforced: Type.Boolean() }), {
    description: `map 3 ship parts (${PARTS.join(', ')})`,
  }),
  logbooks: Type.Array(Type.Array(Type.Boolean()), { description: 'map 3: per logbook, which slots are filled' }),
  aftBlocked: Type.Boolean({ description: 'map 3: no sailor may change a die this round' }),
  rows: Type.Array(closedObject({ ...crew, added: count }), { description: 'map 4 crew rows A, B, C' }),
  lit: numbers('map 4: lit lighthouse islands'),
  tower: Type.Array(Type.Integer({ minimum: 0, maximum: 2 }), { description: 'map 4 watchtower cells: 0 open, 1 circled, 2 crossed' }),
  buildings: Type.Array(numbers('numbers written'), { description: 'map 4 harbour buildings' }),
  boost: count,
  extraWrites: count,
});

export const viewSchema = Type.Object(
  {
    rulesVersion: Type.Integer({ description: 'the rules (engine) version the game began with; not the game version' }),
    map: literals(MAP_IDS),
    seats: Type.Integer({ minimum: 1, maximum: 12 }),
    maxRounds: nullable(Type.Integer({ minimum: 1 }), 'our safety limit on rounds (not a rule of the seed); null: no limit'),
    round: Type.Integer({ minimum: 1 }),
    dice: Type.Array(Type.Integer({ minimum: 1, maximum: 6 }), { minItems: 3, maxItems: 3, description: "this round's three shared dice" }),
    finalRound: nullable(Type.Integer(), 'the last round once a player reached 3 stars'),
    over: Type.Boolean(),
    players: Type.Array(sheet, { description: 'one sheet per seat' }),
    viewer: nullable(Type.Integer({ minimum: 0 }), 'the seat this view is for; null for a spectator'),
  },
  { $schema: JSON_SCHEMA_DIALECT, additionalProperties: false, description: 'Voyages: the whole state without the PRNG (§8: nothing else is hidden)' },
);
