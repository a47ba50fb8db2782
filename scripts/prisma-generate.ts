/**
 * `prisma generate` without the network. Prisma 7's CLI looks for a schema-engine binary before any
 * command and tries to download one; generating the client needs no engine at all, so pointing the
 * variable at any existing file lets it run offline. Runs on `npm ci` (postinstall).
 */
import { spawnSync } from 'node:child_process';

const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath };
const result = spawnSync('npx', ['prisma', 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
