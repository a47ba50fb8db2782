/**
 * Log texts in other languages. An engine writes each log entry's English text itself; for every other
 * language the service renders the text from the entry's structured fields with an ICU MessageFormat
 * message of the locale's catalogue (`locales/<lang>/log/<game>.json`, one message per entry type).
 *
 * Most entries format straight from their own fields (numbers, a `seat`). Where a field is a list, a
 * game term or a seat other than `seat`, the game's log-args code (`src/games/<game>/log-args.ts`) turns
 * the entry into message arguments through `LogWords`, which knows the locale's names for the game's
 * terms (the glossary, `locales/glossary/<game>.json`) and how the locale joins a list. That code is the
 * same for every language: a new language is a catalogue and a column of the glossaries.
 */
import type { LogEntry } from './types.js';

export type LogArg = string | number;
export type LogArgValues = Readonly<Record<string, LogArg>>;

export interface LogWords {
  readonly locale: string;
  /** The name of the seat's holder. */
  seat(seat: number): string;
  /** The glossary's word for a game term (`term('good', 'corn')`). */
  term(kind: string, id: string): string;
  /** "A, B and C" as the locale joins a list. */
  list(items: readonly string[]): string;
  /** A phrase of the same catalogue (keys starting with `_`), formatted with `args`. */
  phrase(key: string, args?: LogArgValues): string;
}

/** An entry's message arguments; the entry's own number, string and boolean fields are there already. */
export type LogArgsOf = (entry: LogEntry, words: LogWords) => LogArgValues;

/** Per entry type, the extra arguments its message needs. */
export type LogArgsTable = Readonly<Record<string, LogArgsOf>>;
