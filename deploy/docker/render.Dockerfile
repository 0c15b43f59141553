# syntax=docker/dockerfile:1
# The `render` container of distributed mode: the member site's pages rendered on the server (ADR 0049), hosting
# no context. nginx (the `web` container) sends it every page path that is not a file; it reads the contexts over
# the compose network and hears the events from Kafka.
#
#   docker build -f deploy/docker/render.Dockerfile -t forum-render .
#
# It runs dist/services/all-in-one/src/web-main.js with the member site's client build (index.html, Vite's
# manifest) and its server bundle (web-member/dist-server/entry-server.cjs, which holds React and every library it
# needs). --ignore-scripts: see service.Dockerfile.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: all dependencies, the backend to dist/, the member site (client and server bundles) ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY web-member/package.json web-member/
COPY web-admin/package.json web-admin/
RUN npm install --ignore-scripts --no-audit --no-fund
COPY .swcrc.json ./
COPY deploy/build.mjs deploy/
COPY libs/ libs/
COPY services/ services/
RUN node deploy/build.mjs
COPY web-member/ web-member/
RUN npm run build -w web-member \
 && test -f web-member/dist/.vite/manifest.json \
 && test -f web-member/dist-server/entry-server.cjs

# ---- production dependencies only (no workspaces, no dev tools) ----
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --workspaces=false --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force

# ---- runtime ----
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    SERVICE_NAME=render \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# Owned by root and read-only for the process: it writes nothing.
COPY package.json ./
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/web-member/dist web-member/dist
COPY --from=build /app/web-member/dist-server web-member/dist-server
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "--disable-warning=TimeoutNegativeWarning", "dist/services/all-in-one/src/web-main.js"]
