/**
 * The reference web client (web/, built by `npm run build:web`, which postinstall runs) served at `/`.
 * Only the files the build wrote are routed (`wildcard: false`), so every other path keeps its own route
 * or the API's JSON 404. Built assets carry a content hash and are immutable; index.html is revalidated.
 * When the client was not built (a production install without dev dependencies), `/` says how to build it.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { pagePolicy } from './security-headers.js';

/** web/dist, from src/http (tsx) and from dist/http (the compiled build) alike. */
export const WEB_CLIENT_DIR = fileURLToPath(new URL('../../web/dist/', import.meta.url));


const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portolan</title></head>
<body><h1>Portolan</h1><p>The web client is not built: run <code>npm run build:web</code> and restart.
The API is served: <a href="/docs">/docs</a> (REST) and <a href="/graphiql">/graphiql</a> (GraphQL).</p></body></html>
`;

export async function webClientRoutes(app: FastifyInstance, options: { root?: string }): Promise<void> {
  const root = options.root ?? WEB_CLIENT_DIR;
  if (!existsSync(`${root}/index.html`)) {
    app.get('/', { schema: { hide: true } }, async (request, reply) =>
      reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', pagePolicy(request)).header('cache-control', 'no-cache').send(NOT_BUILT),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    decorateReply: false,
    index: ['index.html'],
    cacheControl: false,
    setHeaders: (reply, path) => {
      // The page policy comes from src/http/security-headers.ts (it names the request's websocket origin).
      if (path.endsWith('.html')) void reply.header('cache-control', 'no-cache');
      else if (/[/\\]assets[/\\]/.test(path)) void reply.header('cache-control', 'public, max-age=31536000, immutable');
      else void reply.header('cache-control', 'public, max-age=3600');
    },
  });
}
