#!/usr/bin/env bash
# What `npm start` and `npm test` need that a fresh clone lacks, installed when missing (quick when nothing is):
#   - the npm packages, Node 24 among them (package.json depends on `node`). npm itself runs on Node 24 too: on the
#     host's older Node it would warn about every package that wants a newer one (EBADENGINE) and skip optional
#     packages that do. Before the first install that Node comes from the registry's `node-<os>-<arch>` package,
#     unpacked under ~/.cache/forum-node.
#   - with --browser: Chromium for the browser specs (test/browser). The only build that runs here is Debian's
#     package, so this installs it with apt-get when /usr/bin/chromium is missing, as deploy/validate.sh does nginx.
# Java 17 and Maven (the local Kafka and MongoDB-wire server) are deploy/local-infra/fetch.sh's to check.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "[install] $*"; }

node_major() { "${1:-node}" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ -x node_modules/.bin/node ]; then
  export PATH="$PWD/node_modules/.bin:$PATH"
elif [ "$(node_major)" -lt 24 ]; then
  version=$(node -p 'require("./package-lock.json").packages["node_modules/node"].version')
  platform=$(node -p '(process.platform === "darwin" && process.arch === "arm64" ? "node-bin" : "node") + "-" + process.platform + "-" + process.arch')
  dir="${FORUM_NODE_CACHE:-$HOME/.cache/forum-node}/$platform-$version"
  if [ ! -x "$dir/package/bin/node" ]; then
    say "Node $(node -v) is older than the project's: unpacking $platform@$version from the npm registry into $dir"
    rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
    tarball=$(cd "$dir.tmp" && npm pack --silent "$platform@$version")
    tar -xzf "$dir.tmp/$tarball" -C "$dir.tmp" && rm -f "$dir.tmp/$tarball"
    rm -rf "$dir" && mv "$dir.tmp" "$dir"
  fi
  export PATH="$dir/package/bin:$PATH"
fi

if [ ! -x node_modules/.bin/node ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "npm install (node $(node -v))"
  started=$SECONDS
  # `npm install` rather than `npm ci`: it leaves a lock file that matches alone, and only fills in what is missing.
  npm install --no-audit --no-fund
  say "npm install took $((SECONDS - started)) s"
fi

if [ "${1:-}" = --browser ] && [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing Debian's chromium for the browser specs"
    apt-get update -qq >/dev/null || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 chromium >/dev/null
  else
    say "no /usr/bin/chromium and not root: the browser specs will fail (apt-get install chromium, or set CHROMIUM_PATH)"
  fi
fi
