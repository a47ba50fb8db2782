/**
 * Log texts in Japanese, at the engine level: every entry type the games write has a message in the
 * Japanese catalogue, every game term a log uses has an English and a Japanese name in its game's
 * glossary, and every text of seeded bot games of the four games (Voyages on its four maps) renders
 * in Japanese with no English game word left. English stays the engines' own text.
 */
import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import type { LogWords } from '../../src/engine/log-words.js';
import type { LogEntry } from '../../src/engine/types.js';
import { GAMES } from '../../src/games/registry.js';
import { catalogues, pickLocale } from '../../src/service/locales.js';
import { localizedText, logWords } from '../../src/service/log-locale.js';
import { localizedLog } from '../../src/service/log-text.js';
import { renderLog } from '../../src/engine/log-text.js';
import { playedLogs } from '../support/i18n-games.js';
import { notJapanese, vocabulary } from '../support/japanese.js';

const NAMES = ['Ana', 'Ben', 'Chloé', 'Dev', 'Eun'];
const LOCALES = catalogues().locales;

/** The dotted entry types written in a game's sources (`'role.chosen'`), plus the few without a dot. */
function sourceTypes(game: string): string[] {
  const dir = fileURLToPath(new URL(`../../src/games/${game}/`, import.meta.url));
  const found = new Set<string>(game === 'puerto-rico' ? ['prospector'] : []);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'log-args.ts')) {
    for (const m of readFileSync(dir + file, 'utf8').matchAll(/'([a-z]+\.[a-zA-Z]+(?:\.[a-z]+)?)'/g)) found.add(m[1]!);
  }
  return [...found].sort();
}

t.test('every served locale has a log catalogue for every game, and every message parses', async (t) => {
  t.same(LOCALES, ['en', 'ja'], 'English (the engines) and Japanese');
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    for (const game of GAMES) {
      const messages = catalogues().log.get(locale)?.get(game.id);
      t.ok(messages, `${locale}/log/${game.id}.json`);
      for (const type of sourceTypes(game.id)) t.type(messages?.[type], 'string', `${locale}: ${game.id} ${type} has a message`);
      for (const [key, message] of Object.entries(messages ?? {})) t.doesNotThrow(() => new IntlMessageFormat(message, locale), `${locale} ${game.id} ${key} parses`);
    }
  }
});

t.test('every glossary term has a name in every served locale', async (t) => {
  for (const [game, glossary] of catalogues().glossaries) {
    for (const [kind, terms] of Object.entries(glossary)) {
      for (const [id, names] of Object.entries(terms)) {
        for (const locale of LOCALES) t.ok(names[locale]?.trim(), `${game} ${kind}.${id} in ${locale}`);
      }
    }
  }
});

t.test('bot games of the four games: every text in Japanese, every term from the glossary', async (t) => {
  const logs = playedLogs(1);
  const problems: string[] = [];
  const seen = new Map<string, Set<string>>();
  for (const { game, entries } of logs) {
    const words = vocabulary(game);
    const inner = logWords(game, 'ja', NAMES);
    // Every term looked up must be in the game's glossary with both languages (no silent fallback to the id).
    const checked: LogWords = {
      ...inner,
      term: (kind, id) => {
        const names = catalogues().glossaries.get(game)?.[kind]?.[id];
        if (!names?.en || !names.ja) problems.push(`${game}: the term ${kind}.${id} lacks a language in the glossary`);
        return inner.term(kind, id);
      },
    };
    for (const entry of entries) {
      const text = localizedText(game, entry, checked);
      if (!seen.has(game)) seen.set(game, new Set());
      seen.get(game)!.add(entry.type);
      if (text === null) problems.push(`${game}: no Japanese message for ${entry.type}`);
      else problems.push(...notJapanese(text, NAMES, words).map((p) => `${game} ${entry.type}: ${p}`));
    }
  }
  t.same([...new Set(problems)].slice(0, 20), [], 'no untranslated entry, term or word');
  for (const game of GAMES) t.ok((seen.get(game.id)?.size ?? 0) >= 15, `${game.id}: the games wrote ${seen.get(game.id)?.size} kinds of entry`);
});

t.test('English is the engines own text, seats named; another locale keeps every structured field', async (t) => {
  const played = playedLogs(1).find((p) => p.game === 'puerto-rico');
  if (!played) throw new Error('no Puerto Rico game');
  const { game, entries } = played;
  const seats = NAMES.slice(0, 2).map((playerName, index) => ({ index, playerName, botLevel: null }));
  const english = localizedLog(entries, { type: game, seats }, 'en');
  t.same(english, renderLog(entries, NAMES.slice(0, 2)));
  const japanese = localizedLog(entries, { type: game, seats }, 'ja');
  const fields = (e: LogEntry) => Object.fromEntries(Object.entries(e).filter(([key]) => key !== 'text'));
  t.same(japanese.map(fields), entries.map(fields), 'the fields are the contract');
  t.not(japanese[0]?.text, english[0]?.text);
});

t.test('bots are named in the locale', async (t) => {
  const seats = [{ index: 0, playerName: null, botLevel: 'greedy' }, { index: 1, playerName: null, botLevel: 'random' }, { index: 2, playerName: null, botLevel: 'random' }];
  const log = [{ type: 'round.end', text: 'Round 1 is over; {seat:0} is the new governor.', round: 2, governor: 0 }, { type: 'prospector', text: '{seat:2} took 1 doubloon as Prospector.', seat: 2 }];
  t.same(localizedLog(log, { type: 'puerto-rico', seats }, 'en').map((e) => e.text), ['Round 1 is over; Greedy bot is the new governor.', 'Random bot 2 took 1 doubloon as Prospector.']);
  t.same(localizedLog(log, { type: 'puerto-rico', seats }, 'ja').map((e) => e.text), ['ラウンド1が終了した。貪欲ボットが新しい総督になった。', 'ランダムボット 2は金鉱掘りとして1ダブロンを獲得した。']);
});

t.test('the locale of a request: ?lang= wins, then Accept-Language by weight, then English', async (t) => {
  t.equal(pickLocale(undefined), 'en');
  t.equal(pickLocale('ja'), 'ja');
  t.equal(pickLocale('ja-JP,ja;q=0.9,en;q=0.8'), 'ja');
  t.equal(pickLocale('fr-FR, en;q=0.5, ja;q=0.7'), 'ja', 'by weight, unknown languages skipped');
  t.equal(pickLocale('de, fr'), 'en', 'nothing served: English');
  t.equal(pickLocale('ja;q=0, en'), 'en', 'q=0 means not this one');
  t.equal(pickLocale('en', 'ja'), 'ja', 'the parameter wins');
  t.equal(pickLocale('ja', 'xx'), 'ja', 'an unknown parameter is ignored');
  t.equal(pickLocale(';;;,,,q=abc'), 'en', 'nonsense: English');
});
