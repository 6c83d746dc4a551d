# One image for both roles: APP_ROLE=api serves HTTP, APP_ROLE=worker runs the queue processors.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
# The typed client (its own package): npm run build packs it into dist/sdk (scripts/pack-client.js), which the API
# serves at GET /sdk/typescript.tgz. Its dependencies (tsc, openapi-fetch's types) are needed here only.
COPY clients/typescript/package.json clients/typescript/package-lock.json ./clients/typescript/
RUN npm ci --prefix clients/typescript --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY clients/typescript ./clients/typescript
COPY scripts/pack-client.js ./scripts/
COPY src ./src
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# node_modules carries the swisseph native build and its ephemeris files (1800-2400).
COPY --from=build /app/node_modules ./node_modules
# dist holds the compiled app and dist/sdk the client's tarball.
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY data ./data
USER node
EXPOSE 3000 3001
CMD ["node", "dist/main.js"]
