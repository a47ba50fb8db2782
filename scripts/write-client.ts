/** `npm run client`: regenerates clients/typescript/{openapi,games}.ts (see scripts/client/generate.ts). */
import { writeFile } from 'node:fs/promises';
import { CLIENT_DIR, generateClient } from './client/generate.js';

for (const [name, text] of await generateClient()) {
  await writeFile(new URL(name, CLIENT_DIR), text);
  process.stdout.write(`clients/typescript/${name} written\n`);
}
