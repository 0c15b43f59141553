# syntax=docker/dockerfile:1
# One backend context as its own container (distributed mode, see deploy/README.md).
#
#   docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=forum -t forum-forum .
#
# The image runs dist/services/$SERVICE/src/main.js. dist/ holds every context, so the same image
# can run another one with `-e SERVICE=<ctx> -e SERVICE_NAME=<ctx>`; compose builds one per
# service anyway (all layers but the last are shared).
#
# npm runs with --ignore-scripts: no dependency needs an install script (native binaries such as
# @swc/core's come as optional platform packages), the `node` dependency's script would download
# a second Node into node_modules, and @scarf/scarf's only reports analytics. If a production
# dependency ever needs its script, add `RUN npm rebuild <package>` after the install.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: all dependencies, compile the backend to dist/ ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first: this layer is rebuilt only when dependencies change. The web workspaces'
# manifests are part of the lock file's workspace set. `npm install`, not `npm ci`: see .ci/run.
COPY package.json package-lock.json ./
COPY web-member/package.json web-member/
COPY web-admin/package.json web-admin/
RUN npm install --ignore-scripts --no-audit --no-fund
COPY .swcrc.json ./
COPY deploy/build.mjs deploy/
COPY libs/ libs/
COPY services/ services/
RUN node deploy/build.mjs

# ---- production dependencies only (no workspaces, no dev tools) ----
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --workspaces=false --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force

# ---- runtime ----
FROM ${NODE_IMAGE}
ARG SERVICE
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    SERVICE_NAME=${SERVICE} \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# Owned by root and read-only for the process: the services write only to Kafka and MongoDB.
COPY package.json ./
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=build /app/dist dist
RUN test -n "${SERVICE}" || { echo "build with --build-arg SERVICE=<context>" >&2; exit 1; }; \
    test -f "dist/services/${SERVICE}/src/main.js" || { echo "no such service: ${SERVICE}" >&2; ls dist/services >&2; exit 1; }
# The one writable place: the uploaded-files volume (docker-compose.yml), owned by the process user.
RUN mkdir -p /data/files && chown node:node /data/files
USER node
EXPOSE 3000
# Shell form only to expand $SERVICE; exec makes node the process that receives SIGTERM.
# kafkajs 2.2.4 sets negative timers, which Node 24 warns about once; they behave as 1 ms.
CMD ["/bin/sh", "-c", "exec node --enable-source-maps --disable-warning=TimeoutNegativeWarning \"dist/services/${SERVICE}/src/main.js\""]
