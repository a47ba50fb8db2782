/**
 * Seats in log text. An engine writes a seat as the placeholder `{seat:N}` (`seatRef(N)`), since it does
 * not know who sits there; the service renders the placeholders with the seat holders' names whenever it
 * serves a log (src/service/log-text.ts), and anything without names (engine tests, a replay from a
 * record) renders them as "Seat N".
 */
import type { LogEntry, Seat } from './types.js';

const PLACEHOLDER = /\{seat:(\d+)\}/g;

/** The placeholder for `seat` in a log entry's text. */
export const seatRef = (seat: Seat): string => `{seat:${seat}}`;

/** `text` with every `{seat:N}` replaced by `names[N]` (or "Seat N" where no name is known). */
export function renderLogText(text: string, names: readonly string[] = []): string {
  return text.replace(PLACEHOLDER, (_, digits: string) => {
    const seat = Number(digits);
    return names[seat] ?? `Seat ${seat}`;
  });
}

/** The text as one sentence with its full stop (kept where it already ends in . ! or ?). */
export const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The entries with their text rendered; every structured field stays as it was. */
export function renderLog(log: readonly LogEntry[], names: readonly string[] = []): LogEntry[] {
  return log.map((entry) => (entry.text.includes('{seat:') ? { ...entry, text: renderLogText(entry.text, names) } : entry));
}
