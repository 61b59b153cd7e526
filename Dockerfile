# Cloud 9 Social: one image for every role (ROLE=api, worker or all).
# Build: docker build -t cloud9 .   Run: see docker-compose.yml and deploy/k8s/.

# 1. Dependencies, from the lockfile only (cached until it changes).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund

# 2. Build contracts, backend and frontend, then drop the dev dependencies.
FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# 3. Runtime: the built code and production dependencies only, run as the unprivileged `node` user.
FROM node:20-bookworm-slim AS runtime
# pg_dump / pg_restore (PostgreSQL 15, as the server) for the admin backup jobs.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client-15 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    UPLOAD_DIR=/data/uploads \
    BACKUP_DIR=/data/backups \
    EXPORT_DIR=/data/exports
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs/contracts/package.json libs/contracts/
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/backend/node_modules backend/node_modules
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/dist frontend/dist
# The only folder the app writes (local uploads, backups, data exports): owned by the user it runs as.
RUN mkdir -p /data/uploads /data/backups /data/exports && chown -R node:node /data
USER node
EXPOSE 3000
# Liveness only: a database outage must not mark every container unhealthy (readiness is the load balancer's).
# A ROLE=worker container has no HTTP port: its compose service / k8s probes use the metrics port instead.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "backend/dist/main.js"]
