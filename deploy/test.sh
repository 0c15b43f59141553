#!/usr/bin/env bash
# Everything CI runs: type check, lint, distributed-mode config checks, unit and integration specs
# (real Kafka + MongoDB-wire server).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
# Jest needs this flag to load the ESM-only NestJS 12 packages from our CommonJS test code (Node >= 24.9).
export NODE_OPTIONS="--experimental-vm-modules --disable-warning=ExperimentalWarning --disable-warning=TimeoutNegativeWarning ${NODE_OPTIONS:-}"
echo "node $(node -v)"
tsc -p tsconfig.json --noEmit
eslint . --max-warnings=0
prettier --check . --log-level=warn
bash deploy/validate.sh
jest --ci --maxWorkers=2 "$@"
