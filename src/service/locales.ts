/**
 * The locales Portolan serves and their catalogues, read once from `locales/` at the repository's root:
 * - `locales/glossary/<game>.json`: each game term's name per language (`{ kind: { id: { en, ja } } }`);
 * - `locales/<lang>/log/<game>.json`: per log entry type, the ICU MessageFormat message of its text;
 * - `locales/<lang>/refusals.json`: per refusal code a player can meet, an explanation for players (in
 *   sections: `common` codes of every game, then each game's own).
 * English is the engines' own language: its log texts are the ones the engines write. Any other folder
 * under `locales/` with a `log` folder is a served language, so adding one needs no code change.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_LOCALE = 'en';

type Strings = Readonly<Record<string, string>>;
export type Glossary = Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>>;

export interface Catalogues {
  readonly locales: readonly string[];
  /** By game id. */
  readonly glossaries: ReadonlyMap<string, Glossary>;
  /** By locale, then game id: messages by entry type (and `_phrase` keys). */
  readonly log: ReadonlyMap<string, ReadonlyMap<string, Strings>>;
  /** By locale: explanations by refusal code, in sections (`common` and each game id). */
  readonly refusals: ReadonlyMap<string, Readonly<Record<string, Strings>>>;
}

/** `locales/` beside `src/` (or `dist/` in the built image). */
const ROOT = fileURLToPath(new URL('../../locales/', import.meta.url));

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

const jsonFiles = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : []);

export function loadCatalogues(root = ROOT): Catalogues {
  const glossaries = new Map<string, Glossary>();
  for (const file of jsonFiles(join(root, 'glossary'))) glossaries.set(file.slice(0, -5), readJson<Glossary>(join(root, 'glossary', file)));
  const log = new Map<string, Map<string, Strings>>();
  const refusals = new Map<string, Readonly<Record<string, Strings>>>();
  const dirs = existsSync(root) ? readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'glossary') : [];
  for (const { name: locale } of dirs) {
    const games = new Map<string, Strings>();
    for (const file of jsonFiles(join(root, locale, 'log'))) games.set(file.slice(0, -5), readJson<Strings>(join(root, locale, 'log', file)));
    log.set(locale, games);
    const refusalFile = join(root, locale, 'refusals.json');
    if (existsSync(refusalFile)) refusals.set(locale, readJson<Record<string, Strings>>(refusalFile));
  }
  const locales = [DEFAULT_LOCALE, ...[...log.keys()].filter((l) => l !== DEFAULT_LOCALE && log.get(l)!.size > 0).sort()];
  return { locales, glossaries, log, refusals };
}

let loaded: Catalogues | null = null;

/** The catalogues, read on first use. */
export const catalogues = (): Catalogues => (loaded ??= loadCatalogues());

/**
 * The served locale for a request: the `lang` parameter when it names one, else the first of the
 * `Accept-Language` ranges (by weight) whose language is served, else English. Only the primary
 * language subtag counts (`ja-JP` is `ja`).
 */
export function pickLocale(acceptLanguage: string | undefined, lang?: string | null): string {
  const served = catalogues().locales;
  const primary = (tag: string): string => tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (lang && served.includes(primary(lang))) return primary(lang);
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranges = acceptLanguage
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: primary(tag), q: q ? Number(q[1]) : 1, index };
    })
    .filter((r) => r.q > 0 && Number.isFinite(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges.find((r) => served.includes(r.tag))?.tag ?? DEFAULT_LOCALE;
}

/** Whether `locale` is served (a stored setting is checked against this). */
export const isServedLocale = (locale: string): boolean => catalogues().locales.includes(locale);

/**
 * The explanations of the refusal codes a player of `game` can meet, in `locale` (falling back to
 * English per code). API error messages stay English: the codes are the contract, these are for people.
 */
export function refusalExplanations(game: string, locale: string): Record<string, string> {
  const pick = (l: string) => ({ ...(catalogues().refusals.get(l)?.common ?? {}), ...(catalogues().refusals.get(l)?.[game] ?? {}) });
  return { ...pick(DEFAULT_LOCALE), ...pick(locale) };
}
