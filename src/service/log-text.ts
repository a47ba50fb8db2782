/**
 * Logs as the service serves them: only the entries the viewer may see, with the engines' `{seat:N}`
 * placeholders rendered as the names of the seat holders. Every path that serves a log (move answers,
 * history over REST and GraphQL, subscriptions, webhook bodies) goes through `servedLog`; the stored log
 * keeps the placeholders. In another locale than English (the request's, see locale-context.ts) each
 * text is rendered from the entry's fields by the locale's catalogue (log-locale.ts); the fields stay.
 */
import { renderLog } from '../engine/log-text.js';
import type { LogEntry, Viewer } from '../engine/types.js';
import type { SeatRow } from '../store/event-store.js';
import { currentLocale } from './locale-context.js';
import { DEFAULT_LOCALE } from './locales.js';
import { localizedText, logWords } from './log-locale.js';

type SeatHolder = Pick<SeatRow, 'index' | 'playerName' | 'botLevel'>;

const visibleLog = (log: readonly LogEntry[], viewer: Viewer): LogEntry[] =>
  log.filter(
    (entry) =>
      (entry.visibleTo === undefined || (viewer !== null && entry.visibleTo.includes(viewer))) &&
      (viewer === null || entry.hiddenFrom === undefined || !entry.hiddenFrom.includes(viewer)),
  );

/** A server-side bot is named after its level: "Greedy bot". */
export const botName = (level: string): string => `${level.charAt(0).toUpperCase()}${level.slice(1)} bot`;

/**
 * The name of each seat's holder (a player keeps their name after resigning). Names held by several
 * seats (two "Random bot"s, two players called Ana) are numbered in seat order so a log stays clear.
 */
export function seatNames(seats: readonly SeatHolder[]): string[] {
  const names = seats.map((s) => s.playerName || (s.botLevel ? botName(s.botLevel) : `Seat ${s.index}`));
  const total = new Map<string, number>();
  for (const name of names) total.set(name, (total.get(name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return names.map((name) => {
    if ((total.get(name) ?? 0) < 2) return name;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return `${name} ${n}`;
  });
}

/**
 * Seat names by seats array. A game row is never changed in place (a change makes a new row), and the
 * service's cached row keeps its seats array from move to move, so each move's log is served without
 * naming the seats again.
 */
const namesBySeats = new WeakMap<readonly SeatHolder[], string[]>();

function cachedSeatNames(seats: readonly SeatHolder[]): string[] {
  let names = namesBySeats.get(seats);
  if (!names) namesBySeats.set(seats, (names = seatNames(seats)));
  return names;
}

/** The game a log belongs to: its type and seats. */
export interface LogGame {
  readonly type: string;
  readonly seats: readonly SeatHolder[];
}

/** `log` with its texts in `locale` (English: the engines' own texts, seats named). */
export function localizedLog(log: readonly LogEntry[], game: LogGame, locale = currentLocale()): LogEntry[] {
  const names = cachedSeatNames(game.seats);
  if (locale === DEFAULT_LOCALE) return renderLog(log, names);
  const words = logWords(game.type, locale, localizedNames(game.seats, names, locale));
  return log.map((entry) => {
    const text = localizedText(game.type, entry, words);
    return text === null ? renderLog([entry], names)[0]! : { ...entry, text };
  });
}

/** Bots named in the locale ("Greedy bot" is 「Greedyボット」); players keep their names. */
function localizedNames(seats: readonly SeatHolder[], names: readonly string[], locale: string): string[] {
  const words = logWords('common', locale, []);
  return names.map((name, i) => {
    const seat = seats[i];
    if (!seat || seat.playerName || !seat.botLevel) return name;
    const suffix = name.slice(botName(seat.botLevel).length);
    return `${words.phrase('_bot', { level: words.term('bot', seat.botLevel) })}${suffix}`;
  });
}

/** What `viewer` is shown of `log`: the visible entries, seats named, in the request's locale. */
export function servedLog(log: readonly LogEntry[], viewer: Viewer, game: LogGame): LogEntry[] {
  return localizedLog(visibleLog(log, viewer), game);
}
