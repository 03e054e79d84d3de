# syntax=docker/dockerfile:1
# Crossmart server image: the Fastify server (compiled to JavaScript by scripts/build-server.ts, as
# `npm start` runs it) and the built web app it serves. Build from the repository root:
#   docker build -t crossmart .
# See deploy/README.md for running it (deploy/compose.yaml) and the settings it needs.

ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Every dependency (dev ones too) from the lockfile, for the web build.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund

# 2. The web app (Vite build into apps/web/dist, precompressed assets included).
FROM deps AS web-build
COPY packages/contract packages/contract
COPY apps/web apps/web
RUN npm run build -w @crossmart/web

# 2b. The server compiled to JavaScript (apps/server/dist; docs/decisions/0016-server-memory.md).
FROM deps AS server-build
COPY packages/contract packages/contract
COPY apps/server apps/server
COPY scripts/build-server.ts scripts/
COPY scripts/lib/publish-build.ts scripts/lib/
RUN node scripts/build-server.ts

# 3. Production dependencies only (no Vite, TypeScript, Playwright, test tools).
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 4. What runs: dependencies, the compiled server with the data files its sources directory holds
#    (migrations, messages, support texts), the built web app; owned by root,
#    run as the unprivileged `node` user, which may write only to /data.
FROM ${NODE_IMAGE} AS runtime
# Memory (docs/decisions/0016-server-memory.md): a small young generation and two malloc arenas.
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-semi-space-size=8 \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    MANAGEMENT_HOST=0.0.0.0 \
    MANAGEMENT_PORT=9464 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/apps/web/dist
WORKDIR /app
COPY --from=runtime-deps /app ./
COPY packages/contract packages/contract
COPY apps/server apps/server
COPY --from=server-build /app/apps/server/dist apps/server/dist
COPY --from=web-build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000 9464
# Liveness only: whether to send traffic is the load balancer's readiness question (/api/health/ready).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# `npm start` without the build check (the image carries the build) and without npm in between,
# so SIGTERM reaches the server and its graceful shutdown.
CMD ["node", "apps/server/dist/main.js"]
