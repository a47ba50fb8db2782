/**
 * Whether a move may be taken back: an engine-generic rule over the states before and after it, so the
 * engines stay pure and need no undo of their own. A move may be taken back only when nobody learned from
 * it anything the undo would have to make them forget:
 * - no chance was used: the PRNG state (every engine keeps it in a top-level `rng` field) is unchanged,
 *   so no die was rolled and no card drawn from a shuffle;
 * - no secret that nobody sees was turned up: the engine's `secrets` (a face-down stack's order) unchanged;
 * - every viewer (every seat, the mover included, and a spectator) saw the same change: a change that
 *   shows to one seat only (a card leaving or entering the mover's hand, a pool the next seat now sees)
 *   means a secret moved, and a change that shows differently (a card named to one, counted to another)
 *   too;
 * - the move did not end the game.
 * The service adds the rest: the move is the log's latest entry (so the next seat has not acted) and the
 * caller made it.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AnyGameDefinition, Seat, Viewer } from '../engine/types.js';

/** Why the move may not be taken back, in one sentence, or null when it may. */
export function undoRefusal(engine: AnyGameDefinition, before: unknown, after: unknown, seats: number): string | null {
  if (engine.outcome(after) !== null) return 'the move ended the game';
  if (!isDeepStrictEqual(rngOf(before), rngOf(after))) return 'the move used chance (a roll or a draw)';
  if (engine.secrets && !isDeepStrictEqual(engine.secrets(before), engine.secrets(after)))
    return 'the move turned up something face down';
  const viewers: Viewer[] = [null, ...Array.from({ length: seats }, (_, seat): Seat => seat)];
  const [first, ...rest] = viewers.map((viewer) => changes(engine.view(before, viewer), engine.view(after, viewer)));
  if (rest.some((other) => !sameChanges(first!, other))) return 'the move showed something to some players only';
  return null;
}

const rngOf = (state: unknown): unknown =>
  state !== null && typeof state === 'object' ? (state as { rng?: unknown }).rng : undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The leaves that differ between two JSON values, by path, with their new value (as JSON text). */
export function changes(a: unknown, b: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (isDeepStrictEqual(a, b)) return out;
  if (isRecord(a) && isRecord(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) changes(a[key], b[key], `${path}.${key}`, out);
  } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((item, index) => changes(item, b[index], `${path}[${index}]`, out));
  } else {
    out.set(path, b === undefined ? 'absent' : JSON.stringify(b));
  }
  return out;
}

function sameChanges(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [path, value] of a) if (b.get(path) !== value) return false;
  return true;
}
