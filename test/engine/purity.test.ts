/**
 * Engines are pure (docs/architecture.md): no global randomness, no clock, no I/O, no logging anywhere under
 * src/engine or src/games. A source scan, so a slip fails here before it can make a replay drift.
 */
import t from 'tap';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FORBIDDEN: [RegExp, string][] = [
  [/Math\.random/, 'Math.random (use the seeded PRNG)'],
  [/Date\.now|new Date\b/, 'the clock'],
  [/from ['"]node:|require\(/, 'a Node.js module (I/O)'],
  [/\bconsole\.|\bprocess\./, 'console or process'],
  [/from ['"](fastify|pg|pino|@prisma)/, 'a service dependency'],
];

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? sources(join(dir, e.name)) : Promise.resolve(e.name.endsWith('.ts') ? [join(dir, e.name)] : []))),
  );
  return nested.flat();
}

t.test('engine and game sources use no randomness, clock, I/O or logging of their own', async (t) => {
  const root = fileURLToPath(new URL('../../src/', import.meta.url));
  const files = [...(await sources(join(root, 'engine'))), ...(await sources(join(root, 'games')))];
  t.ok(files.length > 40, 'the scan sees the engines');
  for (const file of files) {
    const code = (await readFile(file, 'utf8')).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''); // comments may name them
    for (const [pattern, what] of FORBIDDEN) t.notMatch(code, pattern, `${file.slice(root.length)} uses ${what}`);
  }
});
