/**
 * The OpenAPI document, generated from the routes' schemas. `npm run openapi` writes it to
 * openapi/openapi.json (committed); a test fails when the committed file differs from this.
 */
import { buildApp } from '../src/app.js';

export async function generateOpenApi(): Promise<string> {
  // The document depends only on the routes: no database is touched (the pool connects lazily).
  const app = await buildApp({ databaseUrl: 'postgresql://openapi@127.0.0.1:1/none', workers: false });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
  }
}
