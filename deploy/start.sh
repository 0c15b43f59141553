#!/usr/bin/env bash
# `npm start`: installs what is missing, builds, and runs the whole product in one process with demo data.
# Ctrl+C or SIGTERM stops it within 10 s, in order (services/all-in-one/src/shutdown.ts). BUILD_OUT=<dir> builds
# the server there instead of dist/; SKIP_WEB_BUILD=1 serves the web builds as they are (the stop test uses both).
set -euo pipefail
cd "$(dirname "$0")/.."
bash deploy/install.sh
export PATH="$PWD/node_modules/.bin:$PATH"
if [ -z "${KAFKA_BROKERS:-}" ] || [ -z "${MONGO_URL:-}" ]; then bash deploy/local-infra/fetch.sh; fi
node deploy/build.mjs
[ "${SKIP_WEB_BUILD:-}" = 1 ] || npm run build --workspaces --if-present
# kafkajs 2.2.4 sets negative timers, which Node 24 warns about once; they behave as 1 ms.
exec node --enable-source-maps --disable-warning=TimeoutNegativeWarning "${BUILD_OUT:-dist}/services/all-in-one/src/main.js"
