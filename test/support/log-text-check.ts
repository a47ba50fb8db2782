/**
 * Shared by the per-game log-text tests: plays seeded bot games, renders every log entry with player
 * names (as the service serves it) and checks that the text is for people: no seat placeholder or
 * "Seat N", no internal camelCase id, the acting seat named, and the specifics each kind of entry owes.
 */
import assert from 'node:assert/strict';
import { renderLogText } from '../../src/engine/log-text.js';
import type { AnyGameDefinition, LogEntry } from '../../src/engine/types.js';

export const NAMES = ['Ana', 'Ben', 'Cyd', 'Dee', 'Eve', 'Fox'] as const;

/** The strings a rendered entry must contain, given the entry and the seat names. */
export type Specifics = (entry: LogEntry, names: readonly string[]) => readonly string[];

export interface LoggedMove {
  readonly seed: string;
  readonly index: number;
  readonly log: readonly LogEntry[];
}

/** Plays one game with the game's bots (the level per seat cycling through `levels`) and keeps each move's log. */
export function playLogged(game: AnyGameDefinition, seats: number, options: unknown, seed: string, levels: readonly string[], maxMoves = 5000): LoggedMove[] {
  const parsed = game.validateOptions(options, seats);
  if (!parsed.ok) throw new Error(parsed.error.message);
  let state = game.setup({ seats, options: parsed.value, seed });
  const out: LoggedMove[] = [];
  for (let index = 0; index < maxMoves && game.outcome(state) === null; index++) {
    const seat = game.toMove(state)[0];
    if (seat === undefined) break;
    const level = levels[(seat + index) % levels.length] as string;
    const move = game.bot.choose(state, seat, { level, seed: `${seed}:${index}` });
    const result = game.apply(state, seat, move);
    if (!result.ok) throw new Error(`${seed} move ${index}: the bot's move was refused: ${result.error.message}`);
    out.push({ seed, index, log: result.log });
    state = result.state;
  }
  return out;
}

/** An internal id: a lower-case word with an upper-case letter inside (`largeMarket`, `loadingClerk`). */
const CAMEL_CASE = /\b[a-z]+[A-Z][A-Za-z]*\b/;

/**
 * Checks every entry; returns how often each type was seen (so the caller can check that the games
 * reached every kind of entry). Fails on the first entry whose type has no specifics.
 */
export function checkLogTexts(moves: readonly LoggedMove[], specifics: Readonly<Record<string, Specifics>>): Map<string, number> {
  const seen = new Map<string, number>();
  for (const { seed, index, log } of moves) {
    for (const entry of log) {
      const where = `${seed} move ${index}, ${entry.type}: ${JSON.stringify(entry)}`;
      const wants = specifics[entry.type];
      assert.ok(wants, `${where}: a kind of entry the test does not know (add its specifics)`);
      const text = renderLogText(entry.text, NAMES);
      assert.doesNotMatch(text, /\{seat:|\bSeat \d/, `${where}: a seat is not named`);
      assert.doesNotMatch(text, CAMEL_CASE, `${where}: an internal id in "${text}"`);
      // One sentence (or more) with its punctuation, and plurals by rule.
      assert.match(text, /[.!?]$/, `${where}: "${text}" does not end its sentence`);
      assert.doesNotMatch(text, /\(s\)/, `${where}: "${text}" leaves the plural to the reader`);
      if (typeof entry.seat === 'number') assert.ok(text.includes(NAMES[entry.seat] as string), `${where}: "${text}" does not name the seat`);
      for (const want of wants(entry, NAMES)) assert.ok(text.includes(want), `${where}: "${text}" does not say "${want}"`);
      seen.set(entry.type, (seen.get(entry.type) ?? 0) + 1);
    }
  }
  return seen;
}
