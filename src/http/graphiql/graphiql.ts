/**
 * GraphiQL at /graphiql, served entirely from this service: the page, its start-up script, and the
 * prebuilt browser bundles of GraphiQL 3 (its UMD build, which bundles the graphql-ws client) and of
 * React 18 that npm installed. Nothing is loaded from elsewhere (Mercurius' own GraphiQL loads React
 * and GraphiQL from a public CDN, so it is blank offline), and the Content-Security-Policy says so.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ServiceError } from '../../service/errors.js';
import { pagePolicy } from '../security-headers.js';

interface Asset {
  readonly body: Buffer;
  readonly type: string;
}

const require = createRequire(import.meta.url);

function fromPackage(name: string, file: string, type: string): Asset {
  return { body: readFileSync(join(dirname(require.resolve(`${name}/package.json`)), file)), type };
}

function local(file: string, type: string): Asset {
  return { body: readFileSync(new URL(file, import.meta.url)), type };
}

const JS = 'text/javascript; charset=utf-8';

/** Read once at start: a missing bundle fails the start, not a browser later. */
function loadAssets(): ReadonlyMap<string, Asset> {
  return new Map([
    ['react.production.min.js', fromPackage('react', 'umd/react.production.min.js', JS)],
    ['react-dom.production.min.js', fromPackage('react-dom', 'umd/react-dom.production.min.js', JS)],
    ['graphiql.min.js', fromPackage('graphiql', 'graphiql.min.js', JS)],
    ['graphiql.min.css', fromPackage('graphiql', 'graphiql.min.css', 'text/css; charset=utf-8')],
    ['start.js', local('start.js', JS)],
  ]);
}


const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Portolan GraphiQL</title>
  <link rel="stylesheet" href="/graphiql/assets/graphiql.min.css">
  <style>body { margin: 0; } #graphiql { height: 100vh; }</style>
</head>
<body>
  <div id="graphiql">Loading GraphiQL…</div>
  <script src="/graphiql/assets/react.production.min.js"></script>
  <script src="/graphiql/assets/react-dom.production.min.js"></script>
  <script src="/graphiql/assets/graphiql.min.js"></script>
  <script src="/graphiql/assets/start.js"></script>
</body>
</html>
`;

export async function graphiqlRoutes(app: FastifyInstance): Promise<void> {
  const assets = loadAssets();
  app.get('/graphiql', async (request, reply) =>
    reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', pagePolicy(request)).header('cache-control', 'no-cache').send(PAGE),
  );
  app.get<{ Params: { file: string } }>('/graphiql/assets/:file', async (request, reply) => {
    const asset = assets.get(request.params.file);
    if (!asset) throw new ServiceError('NOT_FOUND', `no GraphiQL asset ${request.params.file}`, 404);
    // The bundles change only with an upgrade, which restarts the service; a day is a safe reuse.
    return reply.header('content-type', asset.type).header('cache-control', 'public, max-age=86400').send(asset.body);
  });
}
