/**
 * Every hosted game's `viewSchema` is complete and closed, declares its dialect, and agrees with the
 * views (the property tests check every view they produce; this file checks the schemas themselves
 * and that the checker would catch a drift).
 */
import t from 'tap';
import { JSON_SCHEMA_DIALECT } from '../../src/engine/json-schema.js';
import { GAMES } from '../../src/games/registry.js';
import { viewValidator } from '../support/view-schema-check.js';

/** JSON paths of every object schema that leaves its properties open. */
function openObjects(schema: unknown, path = '#'): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  if (Array.isArray(schema)) return schema.flatMap((item, i) => openObjects(item, `${path}/${i}`));
  const node = schema as Record<string, unknown>;
  const own = node['type'] === 'object' && node['additionalProperties'] !== false && node['patternProperties'] === undefined ? [path] : [];
  return [...own, ...Object.entries(node).flatMap(([key, value]) => openObjects(value, `${path}/${key}`))];
}

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  if (Array.isArray(value)) return value.flatMap(keysOf);
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

for (const game of GAMES) {
  const seats = game.players.min === 1 ? 2 : game.players.min;
  const options = game.validateOptions({}, seats);
  if (!options.ok) throw new Error(`${game.id}: default options refused`);
  const state = game.setup({ seats, options: options.value, seed: 'view-schema' });

  t.test(`${game.id}: the view schema is closed and declares its dialect`, async (t) => {
    const schema = game.viewSchema as unknown as Record<string, unknown>;
    t.equal(schema['$schema'], JSON_SCHEMA_DIALECT);
    t.same(openObjects(schema), [], 'every object lists its properties and allows no other');
  });

  t.test(`${game.id}: the checker catches a view that drifts from its schema`, async (t) => {
    const validate = viewValidator(game);
    for (const viewer of [null, 0]) {
      const view = game.view(state, viewer) as Record<string, unknown>;
      t.ok(validate(view), `the view for ${viewer} matches`);
      t.notOk(validate({ ...view, undocumented: 1 }), 'an unknown top-level field fails');
      const [firstKey] = Object.keys(view);
      const { [firstKey!]: _dropped, ...missing } = view;
      t.notOk(validate(missing), `a missing ${firstKey} fails`);
      const players = view['players'] as Record<string, unknown>[];
      t.notOk(validate({ ...view, players: [{ ...players[0], secret: [] }, ...players.slice(1)] }), 'an unknown field in a player fails');
    }
  });

  t.test(`${game.id}: only the game's move count is called version`, async (t) => {
    for (const viewer of [null, 0]) {
      const keys = keysOf(game.view(state, viewer));
      t.notOk(keys.includes('version') || keys.includes('engineVersion'), `no version-like key in the view for ${viewer}`);
    }
    const view = game.view(state, null) as Record<string, unknown>;
    // Meuterer's view carries no rules version; the others show the one the game began with.
    if (game.id !== 'meuterer') t.equal(view['rulesVersion'], game.engineVersion, 'rulesVersion is the engine version');
  });
}
