/**
 * Moves are checked against their game's JSON Schema before an engine sees them, so an engine only ever
 * parses well-formed input (it still refuses anything odd: it never trusts its caller).
 */
import { Compile } from 'typebox/compile';
import type { AnyGameDefinition } from '../engine/types.js';

/** Returns null for a well-formed move, or a message saying what is wrong. */
export type MoveValidator = (move: unknown) => string | null;

export function validatorFor(game: AnyGameDefinition): MoveValidator {
  const compiled = Compile(game.moveSchema);
  return (move) => {
    if (compiled.Check(move)) return null;
    const first = compiled.Errors(move)[0];
    return first ? `move${first.instancePath} ${first.message}` : 'the move does not match the game\'s move schema';
  };
}
