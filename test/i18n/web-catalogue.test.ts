/**
 * The web client's message catalogues (web/src/i18n/<lang>.json): every message id the client uses is in
 * every catalogue, every catalogue has the same ids as English, and every message parses as ICU.
 */
import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';

const WEB = fileURLToPath(new URL('../../web/src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const catalogues = Object.fromEntries(
  readdirSync(join(WEB, 'i18n'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(WEB, 'i18n', f), 'utf8')) as Record<string, string>]),
);

t.test('English and Japanese catalogues, with the same ids, every message ICU', async (t) => {
  t.ok(catalogues.en && catalogues.ja, 'en.json and ja.json');
  for (const [lang, messages] of Object.entries(catalogues)) {
    t.same(Object.keys(messages).sort(), Object.keys(catalogues.en!).sort(), `${lang} has the ids of en`);
    for (const [id, message] of Object.entries(messages)) t.doesNotThrow(() => new IntlMessageFormat(message, lang), `${lang} ${id}`);
  }
});

t.test('every message id the client uses is in the catalogues', async (t) => {
  const used = new Set<string>();
  for (const file of sources(WEB)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\bid(?:=|: )["']([a-z][\w.]*)["']/g)) if (m[1]!.includes('.')) used.add(m[1]!);
  }
  t.ok(used.size >= 10, `${used.size} ids used`);
  for (const id of used) t.type(catalogues.en?.[id], 'string', `${id} is in the catalogues`);
});
