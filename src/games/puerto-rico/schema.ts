/** JSON Schemas (TypeBox) for the options and the moves (the view's is in view-schema.ts). */
import { Type } from 'typebox';
import { closedObjects } from '../../engine/schema.js';
import { BUILDINGS, GOODS, ROLE_CARDS, TILES } from './data.js';
import { ROLE_ORDERS } from './types.js';

const good = Type.Union(GOODS.map((g) => Type.Literal(g)));
const building = Type.Union(BUILDINGS.map((b) => Type.Literal(b)));
const count = Type.Integer({ minimum: 0 });
const ROLE_ORDER_TITLES: Record<(typeof ROLE_ORDERS)[number], string> = { official6: 'Six choices (official)', alternating5: 'Five choices' };

export const optionsSchema = Type.Object(
  {
    roleOrder: Type.Union(ROLE_ORDERS.map((o) => Type.Literal(o, { title: ROLE_ORDER_TITLES[o] })), {
      default: 'official6',
      title: 'Role choices per round',
      description: 'Two-player games only: six role choices a round (you, the other, you, the other, you, the other), as in the official two-player game, or five (you, the other, you, the other, you).',
    }),
    balance: Type.Boolean({
      default: false,
      title: 'Balanced buildings',
      description: 'Two-player games only: the Factory costs 8 and the University 7, to even out their strength.',
    }),
  },
  { additionalProperties: false },
);

const move = <T extends string>(type: T, fields: Parameters<typeof Type.Object>[0] = {}, description?: string) =>
  Type.Object({ type: Type.Literal(type), ...fields }, description ? { description } : {});

export const moveSchema = closedObjects(Type.Union([
  move('chooseRole', { role: Type.Union(ROLE_CARDS.map((r) => Type.Literal(r))) }, 'ROUND-1: take a role card.'),
  move('useHacienda', {}, 'SET-2: draw the top face-down plantation with an occupied Hacienda.'),
  move('takePlantation', { plantation: good, hospice: Type.Boolean({ default: false }) }, 'SET-3, SET-5.'),
  move('takeQuarry', { hospice: Type.Boolean({ default: false }) }, 'SET-4, SET-5.'),
  move('mayorPrivilege', { accept: Type.Boolean() }, 'MAY-1: take or refuse the privilege colonist.'),
  move(
    'arrange',
    {
      plantations: Type.Object(Object.fromEntries(TILES.map((t) => [t, Type.Optional(count)])), { additionalProperties: false }),
      buildings: Type.Object(Object.fromEntries(BUILDINGS.map((b) => [b, Type.Optional(count)])), { additionalProperties: false }),
    },
    'MAY-3/MAY-4: colonists per tile kind and per building; the rest wait in San Juan. legalMoves suggests a few arrangements; the legal-moves `families` entry (a count per owned tile kind and building, each up to its circles, adding up to min(colonists, circles)) holds every one. A count of 0 is the same as an absent key.',
  ),
  move('build', { building, university: Type.Boolean({ default: false }) }, 'BLD-1, BLD-5.'),
  move('produce', {}, 'CRA-2: take the whole production.'),
  move('craftsmanBonus', { good }, 'CRA-5.'),
  move('sell', { good }, 'TRD-1.'),
  move('load', { good, ship: Type.Integer({ minimum: 0, maximum: 2 }) }, 'CAP-3: ship is the index in the ships list.'),
  move('wharf', { good }, 'CAP-6.'),
  move('store', { warehouse: Type.Array(good, { maxItems: 3 }), barrel: Type.Union([good, Type.Null()]) }, 'CAP-8.'),
  move('pass', {}, 'Decline the optional action of this turn.'),
]));
