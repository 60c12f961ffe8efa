# First draft (the deployment issue completes it): one image, one target per service.
FROM node:20-bookworm-slim AS base
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY platform/package.json platform/
COPY command-api/package.json command-api/
COPY projector/package.json projector/
COPY read-api/package.json read-api/
COPY ui/package.json ui/
COPY tests/package.json tests/
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build -w ui
USER node
ENV HOST=0.0.0.0

FROM base AS command-api
CMD ["npx", "tsx", "command-api/src/main.ts"]

FROM base AS read-api
CMD ["npx", "tsx", "read-api/src/main.ts"]

FROM base AS projector
CMD ["npx", "tsx", "projector/src/main.ts"]
