#!/usr/bin/env bash
# Everything CI runs: type check, lint, distributed-mode config checks, the web apps' unit tests and builds,
# then Jest: unit, integration (real Kafka + MongoDB-wire server) and browser specs (Chromium on the built apps).
set -euo pipefail
cd "$(dirname "$0")/.."
# Whatever is missing: the npm packages (Node 24, ffmpeg among them) and Debian's Chromium for test/browser;
# deploy/validate.sh installs nginx, and the harness fetches the local Kafka and MongoDB-wire server.
bash deploy/install.sh --browser
export PATH="$PWD/node_modules/.bin:$PATH"
# Kafka and the MongoDB-wire server from Maven Central (Java 17 and Maven installed when missing) for the harness.
if [ -z "${KAFKA_BROKERS:-}" ] || [ -z "${MONGO_URL:-}" ]; then bash deploy/local-infra/fetch.sh; fi
# Jest needs this flag to load the ESM-only NestJS 12 packages from our CommonJS test code (Node >= 24.9).
export NODE_OPTIONS="--experimental-vm-modules --disable-warning=ExperimentalWarning --disable-warning=TimeoutNegativeWarning ${NODE_OPTIONS:-}"
echo "node $(node -v)"
tsc -p tsconfig.json --noEmit
eslint . --max-warnings=0
# The web apps' own lint configs (ADR 43: TypeScript, rules of hooks, the member site's feature boundaries).
npm run lint --workspaces --if-present
prettier --check . --log-level=warn
bash deploy/validate.sh
npm run typecheck --workspaces --if-present
npm run test --workspaces --if-present
npm run build --workspaces --if-present
if [ $# -gt 0 ]; then
  exec jest --ci --maxWorkers=2 "$@"
fi
reports=$(mktemp -d)
# On failure the log ends with what failed (deploy/jest-failures.mjs): the tail of a CI log is often all one sees.
# The cluster project (test/cluster, ADR 0051) is not part of this pass: it starts a whole cluster of its own.
if ! jest --ci --maxWorkers=2 --selectProjects unit integration --testPathIgnorePatterns '/test/fault/' --json --outputFile "$reports/main.json"; then
  node deploy/jest-failures.mjs "$reports/main.json" >/dev/null
  exit 1
fi
# The fault scenarios kill and restart their own brokers and databases and wait on recoveries with deadlines of
# their own: they run one at a time after the rest, so the rest of the suite's load does not decide them. A
# scenario that fails is reported and run once more, alone, on fresh infrastructure: a second failure fails CI.
if ! jest --ci --runInBand --selectProjects integration --testPathPatterns '/test/fault/' --json --outputFile "$reports/fault.json"; then
  mapfile -t failed < <(node deploy/jest-failures.mjs "$reports/fault.json")
  [ "${#failed[@]}" -gt 0 ] && [ -n "${failed[0]}" ] || exit 1
  echo "FAULT SCENARIO FAILED ON ITS FIRST RUN (above); running it once more: ${failed[*]}"
  jest --ci --runInBand --selectProjects integration --runTestsByPath "${failed[@]}"
fi
# The cluster specs (test/cluster, ADR 0051) are not a step yet: with their three files on one cluster, two defects
# showed only in some orders (a new topic missing from the home page for over 10 s after other traffic; a badge push
# not arriving within 30 s after the browser file) — ADR 0051's amendment of 2026-11-28 13:00. `npx jest
# --selectProjects cluster` runs them (~7 min).
