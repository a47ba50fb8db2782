/**
 * The hosted games, by id. The service knows games only through this list and the contract in
 * src/engine/types.ts.
 */
import type { AnyGameDefinition } from '../engine/types.js';
import { meuterer } from './meuterer/index.js';
import { navegador } from './navegador/index.js';
import { puertoRico } from './puerto-rico/index.js';
import { voyages } from './voyages/index.js';

export const GAMES: readonly AnyGameDefinition[] = [puertoRico, navegador, meuterer, voyages];

export type GameRegistry = ReadonlyMap<string, AnyGameDefinition>;

export function createRegistry(games: readonly AnyGameDefinition[] = GAMES): GameRegistry {
  const byId = new Map<string, AnyGameDefinition>();
  for (const game of games) {
    if (byId.has(game.id)) throw new Error(`two games share the id ${game.id}`);
    byId.set(game.id, game);
  }
  return byId;
}
