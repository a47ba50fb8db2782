/** The committed client (clients/typescript/) is what the generator makes of today's OpenAPI document and game schemas. */
import t from 'tap';
import { readFile } from 'node:fs/promises';
import { CLIENT_DIR, generateClient } from '../../scripts/client/generate.js';

t.test('the generated client files are up to date', async (t) => {
  const files = await generateClient();
  t.same([...files.keys()].sort(), ['games.ts', 'openapi.ts']);
  for (const [name, expected] of files) {
    const committed = await readFile(new URL(name, CLIENT_DIR), 'utf8').catch(() => '');
    t.ok(committed === expected, `clients/typescript/${name} matches the generator (when stale: run \`npm run client\` and commit it)`);
  }
});

t.test('the generator is deterministic', async (t) => {
  const [first, second] = [await generateClient(), await generateClient()];
  t.same([...first.entries()], [...second.entries()]);
});
