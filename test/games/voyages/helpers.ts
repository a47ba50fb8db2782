/** Builders for Voyages rule tests: a state "given" by a scenario, and moves that must be accepted. */
import assert from 'node:assert/strict';
import { voyages } from '../../../src/games/voyages/index.js';
import { spaceIndex } from '../../../src/games/voyages/board.js';
import { board } from '../../../src/games/voyages/maps.js';
import type { MapId } from '../../../src/games/voyages/data.js';
import type { Sheet, VoyagesMove, VoyagesState } from '../../../src/games/voyages/types.js';
import type { LogEntry } from '../../../src/engine/types.js';
import { startRound } from '../../../src/games/voyages/round.js';
import { newSheet } from '../../../src/games/voyages/setup.js';

/** Space number of an id on a map. */
export function at(id: string, map: MapId = 1): number {
  const index = spaceIndex(board(map), id);
  assert.ok(index >= 0, `no space ${id}`);
  return index;
}

export interface Given {
  readonly seats?: number;
  readonly map?: MapId;
  readonly dice: readonly [number, number, number];
  readonly round?: number;
  /** Per-seat sheet changes; seat 0 is the scenario's player. */
  readonly sheets?: readonly ((s: Sheet) => void)[];
}

/** A state at the start of a round with the given dice and sheets (every player about to steer). */
export function given(g: Given): VoyagesState {
  const seats = g.seats ?? 1;
  const options = voyages.validateOptions({ map: g.map ?? 1 }, seats);
  assert.ok(options.ok);
  const state = structuredClone(voyages.setup({ seats, options: options.value, seed: 'given' })) as VoyagesState;
  state.dice = [...g.dice];
  state.round = g.round ?? 1;
  // Fresh sheets: the setup's own roll (and, on map 3, its dice damage) is not part of the scenario.
  state.players = state.players.map(() => newSheet(board(g.map ?? 1)));
  state.players.forEach((s, seat) => {
    g.sheets?.[seat]?.(s);
  });
  return state;
}

/**
 * As `given`, then the start of the round runs on the given sheets: map 3 dice damage and the aft
 * check (§6.4 step 2), and any forced steps.
 */
export function givenRolled(g: Given): { state: VoyagesState; log: LogEntry[] } {
  const state = given(g);
  const log: LogEntry[] = [];
  startRound(state, log);
  return { state, log };
}

/** Applies a move that must be accepted; returns the new state and its log. */
export function play(state: VoyagesState, seat: number, move: VoyagesMove): { state: VoyagesState; log: readonly LogEntry[] } {
  const r = voyages.apply(state, seat, move);
  assert.ok(r.ok, `move ${JSON.stringify(move)} refused: ${JSON.stringify(r)}`);
  return { state: r.state, log: r.log };
}

/** Plays several moves of one seat in order. */
export function playAll(state: VoyagesState, seat: number, moves: readonly VoyagesMove[]): { state: VoyagesState; log: LogEntry[] } {
  let current = state;
  const log: LogEntry[] = [];
  for (const move of moves) {
    const r = play(current, seat, move);
    current = r.state;
    log.push(...r.log);
  }
  return { state: current, log };
}

export const steer = (die: number, value: number, heroic = false): VoyagesMove => ({ type: 'steer', die, value, heroic });
export const sail = (die: number, value: number, heroic = false): VoyagesMove => ({ type: 'sail', die, value, heroic });
export const duty = (box: number | null, heroic = false): VoyagesMove => ({ type: 'duty', box, heroic });

/** Duty grid box number of row (0 top, 1 middle, 2 bottom) and column c1..c6. */
export const box = (row: number, column: number): number => row * 6 + column - 1;

export const crewOf = (s: Sheet | undefined) => ({ ...s?.crew });
export const sheet = (state: VoyagesState, seat = 0): Sheet => {
  const s = state.players[seat];
  assert.ok(s);
  return s;
};
export const ids = (spaces: readonly number[], map: MapId = 1): string[] => spaces.map((x) => board(map).ids[x] ?? '?');
