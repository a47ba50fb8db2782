/** Which bot level plays where the service chooses one itself. */
import type { AnyGameDefinition } from '../engine/types.js';

/**
 * The level that plays for a resigned seat or a seat whose time ran out: the game's stand-in (its quick
 * heuristic level, so a search level's cost is only spent on seats a person gave to it), else its
 * strongest level.
 */
export function standInLevel(engine: AnyGameDefinition): string {
  const levels = engine.bot.levels;
  return engine.bot.standIn ?? levels[levels.length - 1] ?? 'random';
}
