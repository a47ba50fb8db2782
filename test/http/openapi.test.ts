/** The committed OpenAPI document is the one the code generates (run `npm run openapi` after a route change). */
import t from 'tap';
import { readFile } from 'node:fs/promises';
import { generateOpenApi } from '../../scripts/openapi.js';
import { build, send } from '../helper.js';

t.test('openapi/openapi.json matches the routes', async (t) => {
  const committed = await readFile(new URL('../../openapi/openapi.json', import.meta.url), 'utf8');
  const generated = await generateOpenApi();
  t.equal(committed, generated, 'openapi/openapi.json is stale: run `npm run openapi` and commit it');
  const doc = JSON.parse(generated);
  t.equal(doc.openapi, '3.1.0');
  for (const path of ['/v1/players', '/v1/games', '/v1/games/{id}/moves', '/v1/games/{id}/state', '/v1/me/turns']) {
    t.ok(doc.paths[path], `documents ${path}`);
  }
});

t.test('the document and its UI are served at /docs', async (t) => {
  const app = await build(t);
  const json = await send(app, 'GET', '/docs/json');
  t.equal(json.status, 200);
  t.equal(json.body.info.title, 'Portolan');
  const ui = await app.inject({ method: 'GET', url: '/docs/' });
  t.equal(ui.statusCode, 200);
  t.match(ui.headers['content-type'], /text\/html/);
});
