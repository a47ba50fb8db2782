/**
 * Builds the reference web client (web/) into web/dist, which the service serves at `/`. Run by
 * postinstall, so `npm ci && npm start` serves it; `npm run build:web` runs it by hand (after changing web/).
 * Skipped with a note where it cannot run: no web/ folder (the Docker image's dependency stage) or no Vite
 * (an install without dev dependencies); the service then serves a page saying how to build it.
 * VITE_PORTOLAN_URL points the client at another Portolan (see web/vite.config.ts).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('../web/', import.meta.url));

export async function buildWebClient(options: { quiet?: boolean } = {}): Promise<boolean> {
  if (!existsSync(`${web}index.html`)) {
    console.log('web client: no web/ folder here, not built');
    return false;
  }
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    console.log('web client: Vite is not installed (dev dependencies omitted), not built');
    return false;
  }
  await vite.build({ configFile: `${web}vite.config.ts`, root: web, logLevel: options.quiet ? 'warn' : 'info' });
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildWebClient();
}
