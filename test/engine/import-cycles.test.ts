/**
 * Imports under src/ run one way (the project charter): madge walks every TypeScript import, type-only
 * ones included, and this test fails with the list of circles it finds. Prisma's generated client is
 * not ours and is left out.
 */
import t from 'tap';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = fileURLToPath(new URL('../../', import.meta.url));

// Walked once (it takes a while) for both tests.
const result = await madge(`${root}src`, {
  baseDir: `${root}src`,
  fileExtensions: ['ts'],
  tsConfig: `${root}tsconfig.json`,
  excludeRegExp: [/^generated\//],
});

t.test('no import circle in src/', async (t) => {
  // The graph must be real for "no circle" to mean anything: `.js` specifiers resolve to `.ts` files.
  t.ok(result.obj()['store/event-store.ts']?.includes('store/seat-clocks.ts'), 'madge resolves the imports of src/');
  const described = result.circular().map((cycle) => `${cycle.join(' -> ')} -> ${cycle[0]}`);
  t.same(described, [], `import circles in src/:\n${described.join('\n')}`);
});

t.test("Voyages' shared rules reach the maps' own rules only through the board", async (t) => {
  const graph = result.obj();
  // Everything rules.ts imports, directly or not: no map module, nor the index that knows them all.
  const reached = new Set<string>();
  const walk = (file: string): void => {
    for (const next of graph[file] ?? []) {
      if (reached.has(next)) continue;
      reached.add(next);
      walk(next);
    }
  };
  walk('games/voyages/rules.ts');
  t.ok(reached.has('games/voyages/board.ts'), 'rules.ts reads the board');
  const maps = ['maps.ts', 'map1.ts', 'map2.ts', 'map3.ts', 'map4.ts'].map((f) => `games/voyages/${f}`);
  t.same(maps.filter((m) => reached.has(m)), [], 'rules.ts imports no map module, directly or through others');
});
