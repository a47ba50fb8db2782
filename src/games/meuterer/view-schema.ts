/**
 * JSON Schema of what `view` returns (view.ts), complete and closed: every field of a seat's and a
 * spectator's view, no other (§7: own hand and kept set, roles after phase 3, sizes of the rest).
 */
import { Type } from 'typebox';
import { JSON_SCHEMA_DIALECT, closedObject, keyedObject, literals, nullable } from '../../engine/json-schema.js';
import { CAPTAIN_CARD_VALUES, CARDS, GOODS, ISLAND_COUNT, ISLAND_IDS, ROLES } from './data.js';
import { LAYOUTS, PHASES, SCORE_CATEGORIES } from './types.js';

const seat = Type.Integer({ minimum: 0 });
const count = Type.Integer({ minimum: 0 });
const card = literals(CARDS);
const role = literals(ROLES);
const position = Type.Integer({ minimum: 0, maximum: ISLAND_COUNT - 1, description: 'island position, clockwise from Hochland (0)' });
const sale = closedObject({ island: position, good: literals(GOODS), count: Type.Integer({ minimum: 1 }) });

const player = closedObject({
  seat,
  handSize: count,
  hand: Type.Optional(Type.Array(card, { description: "only in the viewer's own entry" })),
  faceUp: Type.Array(card),
  keptCount: count,
  kept: Type.Optional(Type.Array(card, { description: "only in the viewer's own entry" })),
  mutinyCards: count,
  passed: Type.Boolean(),
  hasRole: Type.Boolean({ description: 'holds an action card this round (public)' }),
  role: nullable(role, 'his action card when the viewer may see it (his own, or everyone’s after phase 3)'),
  score: Type.Integer(),
  breakdown: keyedObject(SCORE_CATEGORIES, Type.Integer()),
  sales: nullable(Type.Array(sale), "this round's phase-5b allocation, once made"),
});

export const viewSchema = Type.Object(
  {
    seats: Type.Integer({ minimum: 3, maximum: 4 }),
    options: closedObject({ pirates: Type.Boolean(), layout: literals(LAYOUTS) }),
    layout: Type.Array(literals(ISLAND_IDS), { description: 'island id at each position clockwise; Hochland at 0' }),
    round: Type.Integer({ minimum: 1 }),
    rounds: Type.Integer({ minimum: 1 }),
    phase: literals(PHASES),
    toMove: Type.Array(seat),
    captain: seat,
    captainCard: nullable(literals(CAPTAIN_CARD_VALUES), 'X, once chosen this round'),
    ship: position,
    active: Type.Array(position, { description: 'active island positions: [ship] or [previous island, ship]' }),
    pirateShip: nullable(position, 'the pirate ship (pirate variant), else null'),
    deckSize: count,
    discardSize: count,
    poolSize: count,
    pool: nullable(Type.Array(role), 'the pool’s action cards when the viewer may see them'),
    captainDestination: nullable(position),
    mutineerDestination: nullable(position),
    mutinySucceeded: nullable(Type.Boolean()),
    drawn: nullable(Type.Array(card), "the loading clerk's draw, in his own view only while he chooses"),
    players: Type.Array(player),
  },
  { $schema: JSON_SCHEMA_DIALECT, additionalProperties: false, description: "Meuterer: a seat's or a spectator's view (§7)" },
);
