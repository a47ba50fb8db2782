/**
 * JSON Schema of what `view` returns (view.ts), complete and closed. Every viewer gets the same view:
 * the state without the PRNG, face-down regions as counts, the set-aside tokens only at the end.
 */
import { Type } from 'typebox';
import { JSON_SCHEMA_DIALECT, closedObject, literals, nullable } from '../../engine/json-schema.js';
import { BUILDINGS, COLUMNS, GOODS, PHASES, REGION_COUNT, RONDEL_SIZE } from './data.js';
import { END_TRIGGERS, STEPS } from './types.js';

const count = Type.Integer({ minimum: 0 });
const seat = Type.Integer({ minimum: 0 });
const list = (description: string) => Type.Array(count, { description });
const perGood = (what: string) => list(`${what}, per good (${GOODS.join(', ')})`);
const perColumn = (what: string) => list(`${what}, per privilege column (${COLUMNS.join(', ')})`);

const player = closedObject({
  cash: count,
  workers: Type.Integer({ minimum: 0, description: 'the Lisboa chart, 2..9' }),
  ships: list(`ships on the board, per region id (0..${REGION_COUNT - 1})`),
  supply: Type.Integer({ minimum: 0, description: 'ships in the personal supply' }),
  field: nullable(Type.Integer({ minimum: 0, maximum: RONDEL_SIZE - 1 }), 'rondel field of the game stone; null while in the middle'),
  colonies: perGood('colony tokens held'),
  factories: perGood('coloured factories'),
  shipyards: count,
  churches: count,
  explorers: count,
  privileges: perColumn('privilege tokens'),
});

const region = closedObject({
  explored: Type.Boolean(),
  hiddenCount: Type.Integer({ minimum: 0, description: 'face-down tokens left (their values are secret)' }),
  faceUp: Type.Array(Type.Integer(), { description: 'face-up token values, sorted ascending' }),
});

export const viewSchema = Type.Object(
  {
    rulesVersion: Type.Integer({ description: 'the rules (engine) version the game began with; not the game version' }),
    seats: Type.Integer({ minimum: 2, maximum: 5 }),
    startSeat: seat,
    current: seat,
    step: literals(STEPS, '`start`: before the rondel move; `action`: the field’s action'),
    phase: literals(PHASES),
    players: Type.Array(player),
    regions: Type.Array(region, { description: `per region id (0..${REGION_COUNT - 1})` }),
    market: perGood('market cube row, 1 (top) .. 10 (bottom)'),
    gallery: perColumn('privilege tokens in the gallery arch'),
    box: perColumn('privilege tokens in the box'),
    chartTaken: list(`pieces taken from each building row (${BUILDINGS.join(', ')})`),
    navegador: closedObject({
      holder: seat,
      orangeField: nullable(Type.Integer({ minimum: 0, maximum: RONDEL_SIZE - 1 }), 'null until the holder’s stone first moves'),
      moved: Type.Integer({ minimum: 0, description: 'fields moved since the orange ship was placed' }),
    }),
    end: nullable(closedObject({ trigger: literals(END_TRIGGERS), seat }), 'the end trigger, once pulled'),
    turnsLeft: nullable(Type.Integer({ minimum: 0 }), 'turns still to play once the end is triggered'),
    finished: Type.Boolean(),
    turn: Type.Integer({ minimum: 0, description: 'completed turns' }),
    setAside: nullable(perGood('the set-aside token value'), 'secret until the game is over'),
    unseenValues: Type.Array(Type.Array(Type.Integer()), { description: 'per good, the sorted token values not yet revealed' }),
    toMove: Type.Array(seat),
  },
  { $schema: JSON_SCHEMA_DIALECT, additionalProperties: false, description: 'Navegador: the view, the same for every viewer (§8)' },
);
