/**
 * A log entry's text in a locale other than English: the entry type's message from the locale's
 * catalogue, formatted (ICU MessageFormat, FormatJS `intl-messageformat`) with the entry's fields and
 * the arguments its game's log-args code derives (see src/engine/log-words.ts). An entry whose type has
 * no message keeps its English text (a test makes sure every type the games write has one).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { LogArg, LogArgsTable, LogArgValues, LogWords } from '../engine/log-words.js';
import type { LogEntry } from '../engine/types.js';
import { LOG_ARGS } from '../games/log-args.js';
import { catalogues } from './locales.js';

const compiled = new Map<string, IntlMessageFormat>();

function format(locale: string, message: string, args: LogArgValues): string {
  const id = `${locale}\u0000${message}`;
  let formatter = compiled.get(id);
  if (!formatter) compiled.set(id, (formatter = new IntlMessageFormat(message, locale)));
  return String(formatter.format(args as Record<string, LogArg>));
}

const lists = new Map<string, Intl.ListFormat>();
const listFormat = (locale: string): Intl.ListFormat => {
  let f = lists.get(locale);
  if (!f) lists.set(locale, (f = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' })));
  return f;
};

/** The words of one game in one locale, seats named by `names`. */
export function logWords(game: string, locale: string, names: readonly string[]): LogWords {
  const messages = catalogues().log.get(locale);
  const own = messages?.get(game) ?? {};
  const common = messages?.get('common') ?? {};
  const glossary = catalogues().glossaries.get(game) ?? {};
  const words: LogWords = {
    locale,
    seat: (seat) => names[seat] ?? words.phrase('_seat', { n: seat }),
    term: (kind, id) => glossary[kind]?.[id]?.[locale] ?? glossary[kind]?.[id]?.en ?? id,
    list: (items) => listFormat(locale).format(items),
    phrase: (key, args = {}) => {
      const message = own[key] ?? common[key];
      return message === undefined ? key : format(locale, message, args);
    },
  };
  return words;
}

/** The entry's own fields as arguments: numbers, strings, booleans (as "true"/"false" for `select`). */
function fieldArgs(entry: LogEntry, words: LogWords): Record<string, LogArg> {
  const args: Record<string, LogArg> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (typeof value === 'number' || typeof value === 'string') args[key] = value;
    else if (typeof value === 'boolean') args[key] = String(value);
  }
  if (typeof entry.seat === 'number') args.seat = words.seat(entry.seat);
  return args;
}

/**
 * The service's own entries (any game): a resignation (the reason is only in its English text, so it is
 * read back from there) and the operator's adjudication.
 */
const SERVICE_ARGS: LogArgsTable = {
  'seat.resigned': (e) => ({ reason: e.text.endsWith('ran out of time and forfeited.') ? 'timeout' : e.text.endsWith('was banned; a bot plays the seat.') ? 'banned' : 'resigned' }),
  'game.adjudicated': (e, w) => {
    let position = 0;
    const places = (Array.isArray(e.ranking) ? (e.ranking as number[][]) : []).map((group) => {
      const text = w.phrase('_place', { seats: w.list(group.map((seat) => w.seat(seat))), place: position + 1 });
      position += group.length;
      return text;
    });
    return { places: w.list(places) };
  },
};

/** The entry's text in `locale`, or null where the catalogue has no message for its type. */
export function localizedText(game: string, entry: LogEntry, words: LogWords): string | null {
  const messages = catalogues().log.get(words.locale);
  const own = messages?.get(game)?.[entry.type];
  const message = own ?? messages?.get('common')?.[entry.type];
  if (message === undefined) return null;
  const extra = own === undefined ? SERVICE_ARGS[entry.type] : LOG_ARGS[game]?.[entry.type];
  const args = { ...fieldArgs(entry, words), ...(extra ? extra(entry, words) : {}) };
  return format(words.locale, message, args);
}
