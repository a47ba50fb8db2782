/**
 * JSON Schema of what `view` returns (view.ts), complete and closed: every field of the player's and
 * the spectator's view, no other. The property tests validate every view they produce against it.
 */
import { Type } from 'typebox';
import { JSON_SCHEMA_DIALECT, closedObject, keyedObject, literals, nullable } from '../../engine/json-schema.js';
import { BUILDINGS, GOODS, ROLE_CARDS, TILES } from './data.js';
import { ROLE_ORDERS } from './types.js';

const count = Type.Integer({ minimum: 0 });
const seat = Type.Integer({ minimum: 0 });
const good = literals(GOODS);
const goods = Type.Array(good);
const role = literals(ROLE_CARDS.filter((r) => r !== 'prospector2'));

const turn = { turn: seat, remaining: Type.Integer({ minimum: 0, description: 'turns left in this phase, the current one included' }) };
const phase = Type.Union(
  [
    closedObject({ name: Type.Literal('chooseRole') }),
    closedObject({ name: Type.Literal('settler'), ...turn, haciendaUsed: Type.Boolean() }),
    closedObject({ name: Type.Literal('mayorPrivilege') }),
    closedObject({ name: Type.Literal('mayor'), ...turn }),
    closedObject({ name: Type.Literal('builder'), ...turn }),
    closedObject({ name: Type.Literal('craftsman'), ...turn, received: goods }),
    closedObject({ name: Type.Literal('craftsmanBonus'), received: goods }),
    closedObject({ name: Type.Literal('trader'), ...turn }),
    closedObject({
      name: Type.Literal('captain'),
      turn: seat,
      passes: Type.Integer({ minimum: 0, description: 'consecutive passes; loading ends at the seat count (CAP-7)' }),
      privilegeUsed: Type.Boolean({ description: "the captain's +1 was paid (CAP-4)" }),
      wharfUsed: Type.Array(Type.Boolean(), { description: 'per seat: its wharf was used this phase (CAP-6)' }),
    }),
    closedObject({ name: Type.Literal('storage'), ...turn }),
    closedObject({ name: Type.Literal('over') }),
  ],
  { description: 'where the game stands; `name` tells the kind' },
);

const player = closedObject({
  seat,
  doubloons: count,
  vp: Type.Optional(Type.Integer({ minimum: 0, description: 'VP chips: only in the owner’s view, and in everyone’s once the game is over' })),
  goods: keyedObject(GOODS, count),
  island: Type.Array(closedObject({ tile: literals(TILES), occupied: Type.Boolean() }), { description: 'tiles in the order they were placed' }),
  city: Type.Array(closedObject({ building: literals(BUILDINGS), colonists: count }), { description: 'buildings in the order they were built' }),
  sanJuan: Type.Integer({ minimum: 0, description: 'colonists waiting in San Juan' }),
});

export const viewSchema = Type.Object(
  {
    rulesVersion: Type.Integer({ description: 'the rules (engine) version the game began with; not the game version' }),
    seats: Type.Integer({ minimum: 2, maximum: 5 }),
    options: closedObject({ roleOrder: literals(ROLE_ORDERS), balance: Type.Boolean() }),
    round: Type.Integer({ minimum: 1 }),
    governor: seat,
    choices: Type.Integer({ minimum: 0, description: 'roles chosen this round' }),
    role: nullable(role, 'the role being played, null while choosing'),
    roleHolder: seat,
    phase,
    toMove: Type.Array(seat),
    roles: Type.Array(closedObject({ card: literals(ROLE_CARDS), doubloons: count, taken: Type.Boolean() })),
    players: Type.Array(player),
    colonistShip: count,
    colonistSupply: count,
    vpSupply: count,
    quarries: count,
    faceUp: goods,
    stackSize: Type.Integer({ minimum: 0, description: 'the face-down stack’s order is secret; only its size is shown' }),
    discard: goods,
    goodsSupply: keyedObject(GOODS, count),
    buildingSupply: keyedObject(BUILDINGS, count),
    ships: Type.Array(closedObject({ capacity: count, good: nullable(good), load: count }), { description: 'cargo ships, sorted by capacity' }),
    tradingHouse: goods,
    endTriggers: closedObject({ colonists: Type.Boolean(), city: Type.Boolean(), vp: Type.Boolean() }),
  },
  { $schema: JSON_SCHEMA_DIALECT, additionalProperties: false, description: "Puerto Rico: a seat's or a spectator's view (§6)" },
);
