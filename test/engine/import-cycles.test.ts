/**
 * Imports under src/ run one way (the project charter): madge walks every TypeScript import, type-only
 * ones included, and this test fails with the list of circles it finds. Prisma's generated client is
 * not ours and is left out.
 */
import t from 'tap';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = fileURLToPath(new URL('../../', import.meta.url));

t.test('no import circle in src/', async (t) => {
  const result = await madge(`${root}src`, {
    baseDir: `${root}src`,
    fileExtensions: ['ts'],
    tsConfig: `${root}tsconfig.json`,
    excludeRegExp: [/^generated\//],
  });
  // The graph must be real for "no circle" to mean anything: `.js` specifiers resolve to `.ts` files.
  t.ok(result.obj()['store/event-store.ts']?.includes('store/seat-clocks.ts'), 'madge resolves the imports of src/');
  const described = result.circular().map((cycle) => `${cycle.join(' -> ')} -> ${cycle[0]}`);
  t.same(described, [], `import circles in src/:\n${described.join('\n')}`);
});
