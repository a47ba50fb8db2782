/**
 * The client's language: every text of the client comes from a catalogue (`./<lang>.json`, one message
 * per id, ICU MessageFormat through react-intl), and the API is asked for log texts in the same language
 * (Accept-Language on every request). The language is the one chosen here before (kept in this
 * browser), else the browser's first that has a catalogue, else English. A new language is one more
 * catalogue file: it is found here by name, with no code change.
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { setApiLanguage } from '../api.js';

const files = import.meta.glob<Record<string, string>>('./*.json', { eager: true, import: 'default' });
const CATALOGUES: Readonly<Record<string, Record<string, string>>> = Object.fromEntries(
  Object.entries(files).map(([path, messages]) => [path.replace(/^\.\/|\.json$/g, ''), messages]),
);

export const LANGUAGES = Object.keys(CATALOGUES).sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b)));
const KEY = 'portolan.language';

/** The kept choice, else the browser's languages in order, else English. */
export function pickLanguage(): string {
  const kept = localStorage.getItem(KEY);
  if (kept && CATALOGUES[kept]) return kept;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag.toLowerCase().split('-')[0] ?? '';
    if (CATALOGUES[primary]) return primary;
  }
  return 'en';
}

const LanguageContext = createContext<{ language: string; setLanguage: (language: string) => void }>({ language: 'en', setLanguage: () => undefined });

export const useLanguage = () => useContext(LanguageContext);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState(pickLanguage);
  setApiLanguage(language);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const value = useMemo(
    () => ({
      language,
      setLanguage: (next: string) => {
        localStorage.setItem(KEY, next);
        setApiLanguage(next);
        setLanguageState(next);
      },
    }),
    [language],
  );
  return (
    <LanguageContext.Provider value={value}>
      {/* English is the fallback for an id a catalogue lacks. */}
      <IntlProvider key={language} locale={language} defaultLocale="en" messages={{ ...CATALOGUES.en, ...CATALOGUES[language] }}>
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}

/** The language picker: each language by its own name. */
export function LanguagePicker() {
  const { language, setLanguage } = useLanguage();
  return (
    <select aria-label="Language / 言語" value={language} onChange={(e) => setLanguage(e.target.value)} data-testid="language">
      {LANGUAGES.map((l) => (
        <option key={l} value={l}>
          {CATALOGUES[l]?.['language.name'] ?? l}
        </option>
      ))}
    </select>
  );
}
