#!/usr/bin/env bash
# `npm start`: installs what is missing, builds, and runs the whole product in one process with demo data.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/node ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing dependencies…"
  # `npm install`, not `npm ci`: see .ci/run.
  npm install --no-audit --no-fund
fi
export PATH="$PWD/node_modules/.bin:$PATH"
if [ -z "${KAFKA_BROKERS:-}" ] || [ -z "${MONGO_URL:-}" ]; then bash deploy/local-infra/fetch.sh; fi
node deploy/build.mjs
npm run build --workspaces --if-present
# kafkajs 2.2.4 sets negative timers, which Node 24 warns about once; they behave as 1 ms.
exec node --enable-source-maps --disable-warning=TimeoutNegativeWarning dist/services/all-in-one/src/main.js
