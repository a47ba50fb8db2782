/** Setup (§1.3): every ship on START with 6 unused normal sailors; round 1's dice are rolled at once. */
import { sentence } from '../../engine/log-text.js';
import { createRng, Random } from '../../engine/random.js';
import type { SetupInput } from '../../engine/types.js';
import { CARGO_KINDS } from './data.js';
import { board } from './maps.js';
import { commonSheet, map2Sheet, map3Sheet, map4Sheet, type Board } from './board.js';
import type { Log } from './effects.js';
import { rolledText, rollDice, settleRounds, startRound } from './round.js';
import type { Sheet, VoyagesOptions, VoyagesState } from './types.js';

/**
 * Bumped when a rules change would alter recorded games (docs/architecture.md, "Rules change by version"). Version 2: a duty skipped with
 * `box: null` refuses crew `rows` (version 1 ignored them). Older games keep their version in the state.
 */
export const ENGINE_VERSION = 2;

export function newSheet(b: Board): Sheet {
  const sheet = commonSheet(b);
  const crewRows = b.map === 4 ? map4Sheet(b).crew.rows : [];
  return {
    ship: b.start,
    step: 'direction',
    directionDie: -1,
    direction: 0,
    distanceDie: -1,
    // Map 4 sits its 6 sailors 2 per crew row (§1.3).
    crew: { normal: b.map === 4 ? crewRows.reduce((n, r) => n + r.startSailors, 0) : sheet.crew.startSailors, heroic: 0, exhausted: 0 },
    collected: [],
    visited: [],
    explored: [],
    stars: Object.fromEntries(sheet.starSources.map((x) => [x.source, 0])),
    queue: [],
    grid: 0,
    cargo: b.map === 1 ? CARGO_KINDS.map(() => ({ taken: 0, sold: 0 })) : [],
    dreadDefeated: false,
    skills: b.map === 2 ? map2Sheet(b).duties.rows.map(() => 0) : [],
    doubled: [],
    parts: b.map === 3 ? map3Sheet(b).parts.map(() => ({ numbers: [], damage: 0, reinforced: false })) : [],
    logbooks: b.map === 3 ? map3Sheet(b).logbooks.map((book) => book.slots.map(() => false)) : [],
    aftBlocked: false,
    rows: crewRows.map((r) => ({ normal: r.startSailors, heroic: 0, exhausted: 0, added: 0 })),
    lit: [],
    tower: b.map === 4 ? map4Sheet(b).watchtowers.grid.map(() => 0) : [],
    buildings: b.map === 4 ? map4Sheet(b).buildings.list.map(() => []) : [],
    boost: 0,
    extraWrites: 0,
  };
}

export function setup(input: SetupInput<VoyagesOptions>): VoyagesState {
  return setupWithLog(input).state;
}

/** The setup's log: round 1's dice, map 3's dice damage and any forced first steps (§1.4 step 1). */
export function setupLog(input: SetupInput<VoyagesOptions>): Log {
  return setupWithLog(input).log.map((entry) => ({ ...entry, text: sentence(entry.text) }));
}

function setupWithLog({ seats, options, seed, engineVersion }: SetupInput<VoyagesOptions>): { state: VoyagesState; log: Log } {
  const b = board(options.map);
  const rng = new Random(createRng(seed));
  const dice = rollDice(rng);
  const state: VoyagesState = {
    engineVersion: engineVersion ?? ENGINE_VERSION,
    map: options.map,
    seats,
    maxRounds: options.maxRounds,
    round: 1,
    dice,
    finalRound: null,
    over: false,
    players: Array.from({ length: seats }, () => newSheet(b)),
    rng: rng.state,
  };
  const log: Log = [{ type: 'round.rolled', text: rolledText(state.round, dice), round: state.round, dice }];
  startRound(state, log);
  settleRounds(state, log);
  return { state, log };
}
