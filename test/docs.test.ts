/**
 * The repository documents itself: no tracked file cites a path outside it (the background material the
 * project began from is not part of a clone), every `docs/...` path a file names exists, every path of the
 * repository that the README and docs/ name exists (so a moved file cannot leave its documentation behind),
 * and every relative link of the README and of docs/ leads to a file that exists.
 */
import t from 'tap';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Built from parts so that this file does not match itself.
const OUTSIDE = [new RegExp(['shared', '/'].join('')), new RegExp(['DESIGN', '\\.md'].join(''))];

async function trackedTextFiles(): Promise<Map<string, string>> {
  const { stdout } = await promisify(execFile)('git', ['ls-files', '-z'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  const files = new Map<string, string>();
  for (const path of stdout.split('\0')) {
    if (!path || path.startsWith('node_modules/') || !existsSync(join(ROOT, path))) continue;
    const bytes = await readFile(join(ROOT, path));
    if (bytes.includes(0)) continue; // binary (pictures)
    files.set(path, bytes.toString('utf8'));
  }
  return files;
}

t.test('the repository cites nothing outside itself', async (t) => {
  const files = await trackedTextFiles();
  t.ok(files.size > 100, 'the tracked files were read');
  const citing = [...files].flatMap(([path, text]) =>
    text
      .split('\n')
      .flatMap((line, i) => (OUTSIDE.some((re) => re.test(line)) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
  );
  t.same(citing, [], 'no file cites a path outside the repository');
});

t.test('every docs/ path a file names exists', async (t) => {
  const files = await trackedTextFiles();
  const missing = new Set<string>();
  for (const [path, text] of files) {
    for (const match of text.matchAll(/(?<![\w./-])docs\/[\w./-]*\w/g)) {
      const cited = match[0];
      if (!existsSync(join(ROOT, cited))) missing.add(`${path}: ${cited}`);
    }
  }
  t.same([...missing], [], 'every cited docs/ path exists');
});

t.test('relative links of the README and docs/ lead to files', async (t) => {
  const files = await trackedTextFiles();
  const pages = [...files].filter(
    ([path]) => path === 'README.md' || (path.startsWith('docs/') && path.endsWith('.md')),
  );
  t.ok(
    pages.some(([path]) => path === 'docs/architecture.md'),
    'the docs are tracked',
  );
  const broken: string[] = [];
  for (const [path, text] of pages) {
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!.split('#')[0]!;
      if (!target || /^[a-z]+:/.test(target)) continue; // an anchor in the page, or an absolute URL
      if (!existsSync(join(ROOT, dirname(path), target))) broken.push(`${path}: ${match[1]}`);
    }
  }
  t.same(broken, [], 'no broken relative link');
});

t.test('every repository path the README and docs/ name exists', async (t) => {
  const files = await trackedTextFiles();
  const pages = [...files].filter(
    ([path]) => path === 'README.md' || (path.startsWith('docs/') && path.endsWith('.md')),
  );
  const missing: string[] = [];
  const named = /(?<![\w./-])(?:src|test|scripts|bench|prisma|clients|web|openapi|docs)\/[\w./-]*\w/g;
  for (const [path, text] of pages) {
    for (const match of text.matchAll(named)) {
      // A pattern (`golden-*.test.ts`, `map<n>.json`) names its folder.
      const pattern = /^[\w./-]*[*<{]/.test(text.slice(match.index + match[0].length));
      const cited = pattern ? dirname(match[0]) : match[0];
      if (!existsSync(join(ROOT, cited))) missing.push(`${path}: ${match[0]}`);
    }
  }
  t.same(missing, [], 'every named path exists');
});

t.test("every golden scenario a game's tests name is in that game's rules page", async (t) => {
  const files = await trackedTextFiles();
  // How each rules page writes scenario n (the tests write `golden n`).
  const entry: Record<string, (n: number) => RegExp> = {
    'puerto-rico': (n) => new RegExp(`^${n}\\. `, 'm'),
    navegador: (n) => new RegExp(`\\*\\*G${String(n).padStart(2, '0')}\\*\\*`),
    meuterer: (n) => new RegExp(`\\*\\*GS-${String(n).padStart(2, '0')}\\*\\*`),
    voyages: (n) => new RegExp(`\\*\\*G${String(n).padStart(2, '0')}\\*\\*`),
  };
  for (const [game, written] of Object.entries(entry)) {
    const page = files.get(`docs/rules/${game}.md`) ?? '';
    const named = new Set<number>();
    for (const [path, text] of files) {
      if (!path.startsWith(`test/games/${game}/`)) continue;
      for (const match of text.matchAll(/golden (\d+)\b/g)) named.add(Number(match[1]));
    }
    t.ok(named.size > 0, `${game}: the tests name golden scenarios`);
    t.same(
      [...named].filter((n) => !written(n).test(page)),
      [],
      `${game}: each is in docs/rules/${game}.md`,
    );
  }
});
