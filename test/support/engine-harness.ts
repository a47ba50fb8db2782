/**
 * Shared property checks for every engine (the contract in src/engine/types.ts). Runner-agnostic: it
 * throws (node:assert) on the first broken invariant, with the seed and move index in the message so
 * the failing game can be replayed by hand.
 *
 * A game's own property test calls `playGame` for many seeds and adds its own invariants through
 * `check` (conservation of pieces, no negative counts, ...).
 */
import assert from 'node:assert/strict';
import { Random, createRng } from '../../src/engine/random.js';
import { replay, type RecordedMove } from '../../src/engine/replay.js';
import type { AnyGameDefinition, Seat } from '../../src/engine/types.js';
import { assertViewsMatchSchema } from './view-schema-check.js';

export interface PlayOptions {
  readonly seats: number;
  readonly options?: unknown;
  readonly seed: string;
  /** `random` picks uniformly among legal moves; a bot level uses the game's bot for every seat. */
  readonly policy?: 'random' | string;
  /** A game that has not ended after this many moves fails the check. */
  readonly maxMoves: number;
  /** Per-move invariants of the game; `before` and `after` are full states. */
  readonly check?: (before: unknown, after: unknown, seat: Seat, move: unknown, index: number) => void;
  /** How often (every N moves) to run the expensive checks: unlisted moves refused, JSON round trip, views against the view schema. */
  readonly deepEvery?: number;
}

export interface PlayedGame {
  readonly seats: number;
  readonly options: unknown;
  readonly seed: string;
  readonly moves: RecordedMove[];
  readonly state: unknown;
}

const canonical = (value: unknown): string => JSON.stringify(value);

/** Plays one game to the end, checking the contract after every move. */
export function playGame(game: AnyGameDefinition, opts: PlayOptions): PlayedGame {
  const validated = game.validateOptions(opts.options ?? {}, opts.seats);
  assert.ok(validated.ok, `options refused: ${JSON.stringify(validated)}`);
  const options = validated.value;
  let state: unknown = game.setup({ seats: opts.seats, options, seed: opts.seed });
  assert.equal(canonical(game.setup({ seats: opts.seats, options, seed: opts.seed })), canonical(state), 'setup is deterministic');
  assertViewsMatchSchema(game, state, opts.seats, `${game.id} seed=${opts.seed} setup`);
  const chooser = new Random(createRng(`policy:${opts.seed}`));
  const moves: RecordedMove[] = [];
  const deepEvery = opts.deepEvery ?? 1;
  const where = (i: number) => `${game.id} seed=${opts.seed} seats=${opts.seats} move#${i}`;

  for (let i = 0; game.outcome(state) === null; i++) {
    assert.ok(i < opts.maxMoves, `${where(i)}: no end after ${opts.maxMoves} moves`);
    const toMove = game.toMove(state);
    assert.ok(toMove.length > 0, `${where(i)}: nobody to move in a running game`);
    const seat = chooser.pick(toMove);
    const legal = game.legalMoves(state, seat);
    assert.ok(legal.length > 0, `${where(i)}: seat ${seat} is to move but has no legal move`);
    const move =
      opts.policy && opts.policy !== 'random'
        ? game.bot.choose(state, seat, { level: opts.policy, seed: `${opts.seed}:${i}` })
        : chooser.pick(legal);
    const frozen = canonical(state);
    const result = game.apply(state, seat, move);
    assert.ok(result.ok, `${where(i)}: ${opts.policy ?? 'random'} move ${canonical(move)} refused: ${canonical(result)}`);
    assert.equal(canonical(state), frozen, `${where(i)}: apply mutated its argument`);
    if (i % deepEvery === 0) deepChecks(game, state, result.state, legal, seat, where(i), opts.seats);
    opts.check?.(state, result.state, seat, move, i);
    moves.push({ seat, move });
    state = result.state;
  }
  assert.deepEqual(game.toMove(state), [], `${game.id} seed=${opts.seed}: a finished game has nobody to move`);
  assertViewsMatchSchema(game, state, opts.seats, `${game.id} seed=${opts.seed} end`);
  const replayed = replay(game, { seats: opts.seats, options, seed: opts.seed, moves });
  assert.ok(replayed.ok, `${game.id} seed=${opts.seed}: replay refused a recorded move`);
  assert.equal(canonical(replayed.state), canonical(state), `${game.id} seed=${opts.seed}: replay differs`);
  return { seats: opts.seats, options, seed: opts.seed, moves, state };
}

/** The expensive checks: every listed move accepted, seats not to move refused, JSON-clean state, views as their schema says. */
function deepChecks(
  game: AnyGameDefinition,
  before: unknown,
  after: unknown,
  legal: readonly unknown[],
  seat: Seat,
  where: string,
  seatCount: number,
): void {
  assert.equal(canonical(JSON.parse(canonical(after))), canonical(after), `${where}: state is not plain JSON`);
  assertViewsMatchSchema(game, after, seatCount, where);
  for (const move of legal) {
    const r = game.apply(before, seat, move);
    assert.ok(r.ok, `${where}: listed move ${canonical(move)} refused: ${canonical(r)}`);
  }
  const toMove = new Set(game.toMove(before));
  const seats = Array.from({ length: 16 }, (_, s) => s).filter((s) => !toMove.has(s));
  for (const other of seats.slice(0, 2)) {
    const r = game.apply(before, other, legal[0]);
    assert.ok(!r.ok, `${where}: seat ${other} (not to move) was allowed to move`);
  }
  const junk = game.apply(before, seat, { type: '__no_such_move__' });
  assert.ok(!junk.ok, `${where}: an unknown move type was accepted`);
  const notAnObject = game.apply(before, seat, null);
  assert.ok(!notAnObject.ok, `${where}: a null move was accepted`);
}

/** Every seat's view and the spectator's view must be plain JSON and free of `forbidden` strings. */
export function assertViewsOmit(game: AnyGameDefinition, state: unknown, viewer: Seat | null, forbidden: readonly string[]): void {
  const text = canonical(game.view(state, viewer));
  for (const secret of forbidden) {
    assert.ok(!text.includes(secret), `view for ${viewer} leaks ${secret}`);
  }
}
