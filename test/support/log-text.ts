/**
 * Checks on log texts shared by the per-game log-text tests. Engines write seats as `{seat:N}`; the
 * service renders names (src/service/log-text.ts on the service side). Here a local renderer stands in,
 * so an engine's texts are checked as a player reads them.
 */
import type { LogEntry } from '../../src/engine/types.js';

export const NAMES = ['Ana', 'Ben', 'Chloé', 'Dev', 'Eun', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kai', 'Lea'];

export function render(text: string, names: readonly string[] = NAMES): string {
  return text.replace(/\{seat:(\d+)\}/g, (_, n: string) => names[Number(n)] ?? `Seat ${n}`);
}

/** What a readable text never contains, with the reason shown on failure. */
const FORBIDDEN: readonly [RegExp, string][] = [
  [/\bSeat \d+\b|\bseat \d+\b/, 'a seat number instead of a name'],
  [/\{seat:/, 'an unrendered placeholder'],
  [/\b[a-z]+[A-Z]\w*\b/, 'a camelCase code id'],
  [/\b[a-z]+\.[a-z]+\b/, 'a dotted code id'],
  [/\((s|ies|es)\)/, 'a "(s)" plural'],
  [/\ba [aeiou]/i, '"a" before a vowel'],
  [/\b(undefined|null|NaN)\b/, 'a missing value'],
  [/\bregion \d+\b|\bR\d+\b|\bbox \d+ \(/, 'an internal number'],
];

/** The problems of one rendered text (empty when readable). */
export function unreadable(text: string): string[] {
  return FORBIDDEN.flatMap(([pattern, why]) => (pattern.test(text) ? [`${why}: "${text}"`] : []));
}

/** Every rendered text of `log`, with problems collected into `problems`. */
export function checkTexts(log: readonly LogEntry[], problems: string[]): void {
  for (const entry of log) {
    if (!/\{seat:\d+\}/.test(entry.text) && entry.seat !== undefined) problems.push(`${entry.type} does not name its seat: "${entry.text}"`);
    problems.push(...unreadable(render(entry.text)));
  }
}
