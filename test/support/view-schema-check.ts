/**
 * Checks views against their game's `viewSchema` with ajv (strict mode, every error), so a field the
 * engine adds, renames or reshapes without the schema fails the property tests that produce it.
 */
import assert from 'node:assert/strict';
import { Ajv, type ValidateFunction } from 'ajv';
import type { AnyGameDefinition, Seat } from '../../src/engine/types.js';

const ajv = new Ajv({ strict: true, allErrors: true });
const validators = new WeakMap<object, ValidateFunction>();

export function viewValidator(game: AnyGameDefinition): ValidateFunction {
  let validate = validators.get(game.viewSchema);
  if (!validate) {
    validate = ajv.compile(game.viewSchema);
    validators.set(game.viewSchema, validate);
  }
  return validate;
}

/** Every seat's view and the spectator's view of `state` match the game's view schema. */
export function assertViewsMatchSchema(game: AnyGameDefinition, state: unknown, seats: number, where: string): void {
  const validate = viewValidator(game);
  const viewers: (Seat | null)[] = [null, ...Array.from({ length: seats }, (_, seat) => seat)];
  for (const viewer of viewers) {
    if (!validate(game.view(state, viewer))) {
      assert.fail(`${where}: the view for ${viewer ?? 'a spectator'} does not match ${game.id}'s viewSchema: ${ajv.errorsText(validate.errors)}`);
    }
  }
}
