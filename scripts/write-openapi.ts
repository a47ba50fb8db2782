/** `npm run openapi`: regenerates openapi/openapi.json from the routes. */
import { writeFile } from 'node:fs/promises';
import { generateOpenApi } from './openapi.js';

await writeFile(new URL('../openapi/openapi.json', import.meta.url), await generateOpenApi());
process.stdout.write('openapi/openapi.json written\n');
