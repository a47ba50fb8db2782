/** TypeBox schemas of the options and a move (docs/architecture.md, "The engine contract": the API validates input with them; the view's is in view-schema.ts). */
import { Type } from 'typebox';
import { closedObjects } from '../../engine/schema.js';
import { CARGO_KINDS, CREW_ROWS, LOGBOOKS, MAP_IDS, MARAUDER_SIZES, PARTS, ROW_CHOICES, SAILOR_KINDS, SELL_MODES } from './data.js';

const literals = <T extends string | number>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const optionsSchema = Type.Object(
  {
    map: Type.Union(MAP_IDS.map((m) => Type.Literal(m, { title: `Map ${m}` })), { default: 1, title: 'Map', description: 'The map every player sails; map 1 is the introductory one.' }),
    maxRounds: Type.Union([Type.Integer({ minimum: 1, maximum: 1000 }), Type.Null()], {
      default: null,
      title: 'Max rounds',
      description:
        'Games with several players: end after this many rounds even if nobody has 3 stars (a Portolan addition to the rules). Left unset, the game ends the round after someone reaches 3 stars. Solo games always last 16 rounds.',
    }),
  },
  { additionalProperties: false },
);

const die = Type.Integer({ minimum: 0, maximum: 2, description: 'Index of the die in `dice`' });
const value = Type.Integer({ minimum: 1, maximum: 6, description: 'The final value after sailors' });
const heroic = Type.Boolean({ description: 'A heroic sailor set the value (else normal sailors, one per step on the 6-1 wrap)' });
const row = literals(CREW_ROWS);
const rows = Type.Optional(Type.Array(row, { maxItems: 3, description: 'Map 4: the crew row of each sailor spent' }));

export const moveSchema = closedObjects(Type.Union([
  Type.Object({ type: Type.Literal('steer'), die, value, heroic, rows }, { description: 'Assign a die to direction (windrose 1 = N, clockwise)' }),
  Type.Object({ type: Type.Literal('sail'), die, value, heroic, rows }, { description: 'Assign a die to distance; the ship moves' }),
  Type.Object(
    { type: Type.Literal('duty'), box: Type.Union([Type.Integer({ minimum: 0, maximum: 23 }), Type.Null()]), heroic, value: Type.Optional(value), rows },
    {
      description:
        'Use the remaining die: map 1 grid box row*6+col, map 2 skill box row*4+col, map 3 part index (bow, aft, keel, mast) or map 4 building index, both with `value`; null skips when nothing can take the value',
    },
  ),
  Type.Object({ type: Type.Literal('cargo'), cargo: literals(CARGO_KINDS) }, { description: 'The track a barrel goes to' }),
  Type.Object(
    { type: Type.Literal('sell'), mode: literals(SELL_MODES), cargo: Type.Union([literals(CARGO_KINDS), Type.Null()]) },
    { description: 'Selling at a settlement; cargo names the kind for allOfKind' },
  ),
  Type.Object({ type: Type.Literal('dread'), sailor: literals(SAILOR_KINDS) }, { description: 'The sailor the Dread exhausts' }),
  Type.Object({ type: Type.Literal('fort'), track: literals(MARAUDER_SIZES) }, { description: 'Map 2: the marauder track a fort doubles' }),
  Type.Object(
    { type: Type.Literal('attack'), space: Type.Union([Type.String(), Type.Null()]) },
    { description: 'Map 2: the marauder attacked (space id), or null for none' },
  ),
  Type.Object({ type: Type.Literal('log'), book: literals(LOGBOOKS) }, { description: 'Map 3: the logbook a sighting fills' }),
  Type.Object({ type: Type.Literal('damage'), part: literals(PARTS) }, { description: 'Map 3: the part hit by the keel penalty' }),
  Type.Object({ type: Type.Literal('complete'), choice: literals(ROW_CHOICES) }, { description: 'Map 3: a completed row gives the star or its reward' }),
  Type.Object({ type: Type.Literal('write'), value }, { description: 'Map 3: the number the bow row reward writes in the pending row' }),
  Type.Object({ type: Type.Literal('reinforce'), part: literals(PARTS) }, { description: 'Map 3: the part a shipyard reinforces' }),
  Type.Object({ type: Type.Literal('recruit'), row }, { description: 'Map 4: the crew row a gained sailor joins' }),
  Type.Object({ type: Type.Literal('promote'), row }, { description: 'Map 4: the row whose normal sailor a relic makes heroic' }),
  Type.Object(
    { type: Type.Literal('boost'), heroic: Type.Boolean(), amount: Type.Integer({ minimum: 1, maximum: 6 }) },
    { description: 'Map 4 speed boost before sailing (experienced row A)' },
  ),
  Type.Object(
    { type: Type.Literal('bonus'), heroic: Type.Boolean(), direction: value },
    { description: 'Map 4 bonus move after sailing (experienced row B): 1 space, 2 when heroic' },
  ),
  Type.Object({ type: Type.Literal('extra'), heroic: Type.Boolean() }, { description: 'Map 4 extra duty (experienced row C): 1 write, 2 when heroic' }),
  Type.Object(
    { type: Type.Literal('build'), building: Type.Integer({ minimum: 0, maximum: 6 }), value },
    { description: 'Map 4: a write in a harbour building (extra duty, watchtower duty)' },
  ),
  Type.Object({ type: Type.Literal('tower'), column: Type.Integer({ minimum: 1, maximum: 4 }) }, { description: 'Map 4: the watchtower reward taken' }),
  Type.Object(
    { type: Type.Literal('light'), space: Type.Union([Type.String(), Type.Null()]) },
    { description: 'Map 4: the lighthouse lit (space id), or null to light none by line of sight' },
  ),
]));
