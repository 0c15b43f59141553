#!/usr/bin/env bash
# `npm run start:cluster`: installs what is missing, builds the server and the web apps, then runs the distributed
# mode on this machine (deploy/cluster/start.mjs, ADR 0046). SKIP_WEB_BUILD=1 serves the web builds as they are;
# BUILD_OUT=<dir> builds the server there instead of dist/.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash deploy/install.sh
export PATH="$PWD/node_modules/.bin:$PATH"
if [ -z "${KAFKA_BROKERS:-}" ] || [ -z "${MONGO_URL:-}" ]; then bash deploy/local-infra/fetch.sh; fi
if ! command -v nginx >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "[cluster] installing Debian's nginx"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >/dev/null
  else
    echo "[cluster] nginx is not installed (apt-get install nginx)" >&2
    exit 1
  fi
fi
node deploy/build.mjs
[ "${SKIP_WEB_BUILD:-}" = 1 ] || npm run build -w web-member -w web-admin
# kafkajs (the readiness check of the local broker) sets negative timers, which Node 24 warns about once.
exec node --disable-warning=TimeoutNegativeWarning deploy/cluster/start.mjs
