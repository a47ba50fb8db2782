# Portolan: multi-stage image. The runtime stage runs as a non-root user, applies migrations at start
# (src/server.ts does it before listening), and expects DATABASE_URL to point at a Postgres.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY prisma ./prisma
COPY prisma.config.ts tsconfig.json ./
RUN npm ci
COPY src ./src
RUN npx tsc --noEmit && npm prune --omit=dev --ignore-scripts

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
RUN groupadd --system portolan && useradd --system --gid portolan --home /app portolan
COPY --from=build --chown=portolan:portolan /app/node_modules ./node_modules
COPY --from=build --chown=portolan:portolan /app/src ./src
COPY --from=build --chown=portolan:portolan /app/prisma ./prisma
COPY --from=build --chown=portolan:portolan /app/package.json ./package.json
USER portolan
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# tsx runs the TypeScript sources directly (the same path as npm start); migrations run before listen.
CMD ["node", "--import", "tsx", "src/server.ts"]
