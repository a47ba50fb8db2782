/**
 * What a Japanese log text must not contain: an English word. Player names (given, ASCII or not) and
 * board coordinates such as `F10` are the only Latin letters allowed; the words of the game's glossary
 * are checked by name too, so a failure says which term was left in English.
 */
import { catalogues } from '../../src/service/locales.js';

const COORDINATE = /\b[A-Z]{1,2}\d{1,2}\b/g;

/** The glossary's English words of `game` (and the shared glossary), 3 letters or more, lower case. */
export function vocabulary(game: string): Set<string> {
  const words = new Set<string>();
  for (const id of [game, 'common']) {
    for (const terms of Object.values(catalogues().glossaries.get(id) ?? {})) {
      for (const term of Object.values(terms)) for (const w of (term.en ?? '').toLowerCase().split(/[^a-z]+/)) if (w.length >= 3) words.add(w);
    }
  }
  return words;
}

/** The problems of one text meant to be Japanese (empty when it is). */
export function notJapanese(text: string, names: readonly string[], words: ReadonlySet<string>): string[] {
  let rest = text;
  for (const name of [...names].sort((a, b) => b.length - a.length)) rest = rest.split(name).join(' ');
  rest = rest.replace(COORDINATE, ' ');
  const problems: string[] = [];
  const latin = rest.match(/[A-Za-z]{2,}/g) ?? [];
  const terms = latin.filter((w) => words.has(w.toLowerCase()));
  if (terms.length > 0) problems.push(`game terms left in English (${terms.join(', ')}): "${text}"`);
  else if (latin.length > 0) problems.push(`English words (${latin.join(', ')}): "${text}"`);
  if (!/[\u3040-\u30ff\u4e00-\u9fff]/.test(rest)) problems.push(`no Japanese at all: "${text}"`);
  return problems;
}
