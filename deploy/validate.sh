#!/usr/bin/env bash
# Checks the distributed-mode files (docker-compose.yml, deploy/docker/*, .dockerignore) as far as
# that is possible without a Docker engine, and exits non-zero on any problem:
#   1. compose: `docker compose config -q` when the compose plugin exists; always a structural
#      check of the parsed file (files it references, per-context wiring, env names vs config.ts)
#   2. Dockerfiles: COPY sources exist and are not excluded by .dockerignore, stages and base images
#   3. lock file: the Dockerfiles' `npm install` steps accept package.json + package-lock.json (dry run)
#   4. nginx: `nginx -t` on deploy/docker/nginx.conf inside a copy of the image's main config, then
#      a running nginx against stub files and a stub service: SPA fallbacks, caching, security
#      headers, gzip, /api/<ctx>/ routing and docs rewrite, unknown contexts
# Needs node and npm; installs Debian's nginx when missing and running as root.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TMP=$(mktemp -d)
chmod 755 "$TMP" # nginx workers (another user when run as root) read the stub site from here
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null; done
  wait 2>/dev/null
  rm -rf "$TMP"
}
trap cleanup EXIT

failures=0
pass() { printf '  ok    %s\n' "$*"; }
fail() { printf '  FAIL  %s\n' "$*"; failures=$((failures + 1)); }
note() { printf '  --    %s\n' "$*"; }
section() { printf '\n%s\n' "$*"; }

NODE=node
[ -x node_modules/.bin/node ] && NODE="$ROOT/node_modules/.bin/node"
export PATH="$ROOT/node_modules/.bin:$PATH"

# ---------------------------------------------------------------------------------------------
section "compose (docker-compose.yml)"
DUMMY_SECRET=validate-only-not-a-secret-0123456789abcdef
if docker compose version >/dev/null 2>&1; then
  if out=$(JWT_SECRET=$DUMMY_SECRET docker compose config -q 2>&1); then pass "docker compose config -q"; else fail "docker compose config -q: $out"; fi
  if JWT_SECRET= docker compose config -q >/dev/null 2>&1; then fail "compose accepts an empty JWT_SECRET"; else pass "compose refuses to start without JWT_SECRET"; fi
else
  note "docker compose plugin not available: parsed without it"
fi

if [ -d node_modules/yaml ]; then
  "$NODE" -e '
    const YAML = require(process.cwd() + "/node_modules/yaml");
    const doc = YAML.parseDocument(require("fs").readFileSync("docker-compose.yml", "utf8"), { merge: true });
    if (doc.errors.length) { console.error(doc.errors.map(String).join("\n")); process.exit(1); }
    process.stdout.write(JSON.stringify(doc.toJS({ maxAliasCount: 1000 })));' >"$TMP/compose.json" 2>"$TMP/parse.err"
elif python3 -c 'import yaml' 2>/dev/null; then
  python3 -c 'import json, sys, yaml; json.dump(yaml.safe_load(open("docker-compose.yml")), sys.stdout)' >"$TMP/compose.json" 2>"$TMP/parse.err"
else
  echo "neither node_modules/yaml nor python3 with PyYAML available" >"$TMP/parse.err"
  false
fi
if [ $? -eq 0 ]; then
  pass "docker-compose.yml parses (YAML, merge keys)"
  "$NODE" - "$TMP/compose.json" <<'EOF' || failures=$((failures + 1))
// Structural checks of the parsed compose file; prints ok/FAIL lines, exits 1 if any failed.
const fs = require('fs');
const path = require('path');
const compose = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
let bad = 0;
const ok = (msg) => console.log(`  ok    ${msg}`);
const fail = (msg) => { console.log(`  FAIL  ${msg}`); bad++; };
const check = (cond, msg) => (cond ? ok(msg) : fail(msg));
const services = compose.services ?? {};
const names = Object.keys(services);

// Variables config.ts knows (keys of configSchema).
const configSrc = fs.readFileSync('libs/platform/src/config.ts', 'utf8');
const schema = configSrc.slice(configSrc.indexOf('z.object({'), configSrc.indexOf('});', configSrc.indexOf('z.object({')));
const known = new Set([...schema.matchAll(/^\s{2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]));
if (known.size < 5) fail(`could not read the variable names from libs/platform/src/config.ts`);
// Each variable's whole definition (it may span lines) runs up to the next variable.
const definitions = schema.split(/^(?=\s{2}[A-Z][A-Z0-9_]*:)/m).filter((d) => /^\s{2}[A-Z]/.test(d));
const required = definitions
  .filter((d) => !/\.default\(/.test(d) && !/\.optional\(\)/.test(d) && !/:\s*flag/.test(d))
  .map((d) => d.trim().split(':')[0]);

const env = (svc) => {
  const e = svc.environment ?? {};
  return Array.isArray(e) ? Object.fromEntries(e.map((kv) => [kv.split('=')[0], kv.split('=').slice(1).join('=')])) : e;
};
const pinned = (image) => /^[^:@\s]+(:[\w][\w.-]*|@sha256:[0-9a-f]{64})$/.test(image) && !image.endsWith(':latest');

for (const want of ['kafka', 'mongo', 'web']) check(names.includes(want), `service ${want} exists`);
const backends = names.filter((n) => /service\.Dockerfile$/.test(services[n].build?.dockerfile ?? ''));
check(backends.length > 0, `backend contexts: ${backends.join(', ') || 'none'}`);

for (const name of names) {
  const svc = services[name];
  if (!svc.image && !svc.build) fail(`${name}: neither image nor build`);
  if (svc.image && !svc.build) check(pinned(svc.image), `${name}: image ${svc.image} has a fixed tag`);
  if (svc.build) {
    const context = typeof svc.build === 'string' ? svc.build : svc.build.context ?? '.';
    const dockerfile = path.join(context, svc.build.dockerfile ?? 'Dockerfile');
    check(fs.statSync(context, { throwIfNoEntry: false })?.isDirectory(), `${name}: build context ${context} exists`);
    check(fs.existsSync(dockerfile), `${name}: ${dockerfile} exists`);
  }
  for (const [dep, spec] of Object.entries(Array.isArray(svc.depends_on) ? Object.fromEntries(svc.depends_on.map((d) => [d, {}])) : svc.depends_on ?? {})) {
    if (!services[dep]) fail(`${name}: depends_on unknown service ${dep}`);
    else if (spec.condition === 'service_healthy' && !services[dep].healthcheck) fail(`${name}: waits for ${dep} to be healthy, which has no healthcheck`);
  }
  for (const volume of svc.volumes ?? []) {
    const source = typeof volume === 'string' ? volume.split(':')[0] : volume.source;
    if (source && !/^[./~]/.test(source)) check(compose.volumes && source in compose.volumes, `${name}: named volume ${source} is declared`);
    else if (source) check(fs.existsSync(source), `${name}: bind mount ${source} exists`);
  }
  check(!!svc.healthcheck?.test, `${name}: has a healthcheck`);
}
for (const volume of Object.keys(compose.volumes ?? {})) {
  check(names.some((n) => (services[n].volumes ?? []).some((v) => (typeof v === 'string' ? v.split(':')[0] : v.source) === volume)), `volume ${volume} is used`);
}

const kafkaEnv = env(services.kafka ?? {});
check(String(kafkaEnv.KAFKA_LOG_RETENTION_MS) === '-1', 'kafka: log.retention.ms=-1');
check(Object.entries(kafkaEnv).filter(([k]) => /REPLICATION_FACTOR$|MIN_ISR$/.test(k)).every(([, v]) => String(v) === '1'), 'kafka: replication factors and min ISR are 1');
check(/--replSet/.test(JSON.stringify(services.mongo?.command ?? '')) && /rs\.initiate/.test(JSON.stringify(services.mongo?.healthcheck ?? '')), 'mongo: --replSet, healthcheck initiates the replica set');
// Scripts inside healthchecks (mongosh --eval, node -e) are JavaScript: at least they must parse.
for (const name of names) {
  const test = services[name].healthcheck?.test;
  if (!Array.isArray(test)) continue;
  const flag = test.findIndex((t) => t === '--eval' || t === '-e');
  if (flag < 0) continue;
  try { new Function(test[flag + 1]); ok(`${name}: healthcheck script parses`); } catch (error) { fail(`${name}: healthcheck script: ${error.message}`); }
}

// nginx routes: `~^/api/<ctx>(/|$)  <host>:<port>;` lines of the $api_upstream map.
const nginx = fs.readFileSync('deploy/docker/nginx.conf', 'utf8');
const routes = new Map([...nginx.matchAll(/^\s*~\^\/api\/([a-z-]+)\(\/\|\$\)\s+([a-z0-9-]+):(\d+);/gm)].map((m) => [m[1], { host: m[2], port: m[3] }]));

for (const name of backends) {
  const svc = services[name];
  const e = env(svc);
  const service = svc.build.args?.SERVICE;
  check(!!service && fs.existsSync(`services/${service}/src/main.ts`), `${name}: build arg SERVICE=${service} is services/${service}/src/main.ts`);
  check(e.SERVICE_NAME === service, `${name}: SERVICE_NAME=${e.SERVICE_NAME} matches SERVICE`);
  const unknown = Object.keys(e).filter((k) => !known.has(k));
  check(unknown.length === 0, `${name}: every variable is one config.ts reads${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`);
  const missing = required.filter((k) => !(k in e));
  check(missing.length === 0, `${name}: sets the required ${required.join(', ')}${missing.length ? ` (missing: ${missing.join(', ')})` : ''}`);
  check(e.NODE_ENV === 'production', `${name}: NODE_ENV=production`);
  check(String(e.TRUST_PROXY) === 'true', `${name}: TRUST_PROXY=true (behind nginx)`);
  check(/^\$\{JWT_SECRET:\?[^}]+\}$/.test(e.JWT_SECRET ?? ''), `${name}: JWT_SECRET is \${JWT_SECRET:?...} (required from the environment)`);
  check(/^mongodb:\/\/([a-z0-9-]+)(:\d+)?\/.*[?&](replicaSet=\w+|directConnection=true)/.test(e.MONGO_URL ?? '') && names.includes(e.MONGO_URL.match(/^mongodb:\/\/([a-z0-9-]+)/)[1]), `${name}: MONGO_URL names the mongo service with replicaSet/directConnection`);
  check(String(e.KAFKA_BROKERS ?? '').split(',').every((b) => /^[a-z0-9-]+:\d+$/.test(b) && names.includes(b.split(':')[0])), `${name}: KAFKA_BROKERS are compose services`);
  for (const dep of ['kafka', 'mongo']) check(svc.depends_on?.[dep]?.condition === 'service_healthy', `${name}: waits for ${dep} to be healthy`);
  check(/\/api\/ready/.test(JSON.stringify(svc.healthcheck?.test ?? '')), `${name}: healthcheck on /api/ready`);
  check(!svc.ports && !svc.container_name, `${name}: no host ports or container_name (can be scaled)`);
  const route = routes.get(service);
  check(!!route && route.host === name && route.port === String(e.PORT ?? 3000), `${name}: nginx routes /api/${service}/ to ${name}:${e.PORT ?? 3000}`);
}
for (const [ctx, { host }] of routes) if (!backends.includes(host)) fail(`nginx routes /api/${ctx}/ to ${host}, which is not a backend service in docker-compose.yml`);
// The one description of the contexts (ADR 0046): `npm run start:cluster` runs exactly what compose runs.
const { CONTEXTS } = require(path.resolve('deploy/cluster/topology.mjs'));
const described = CONTEXTS.map((c) => c.name).sort().join(', ');
check(described === [...backends].sort().join(', '), `deploy/cluster/topology.mjs describes the backend services of docker-compose.yml (${described})`);
// The page renderer (ADR 0049): its own image, and where it reads the API is what topology.mjs generates.
const { RENDERER, renderApiUrls, renderRootRoutes } = require(path.resolve('deploy/cluster/topology.mjs'));
const render = services[RENDERER.name] ?? {};
const renderEnv = env(render);
check(/render\.Dockerfile$/.test(render.build?.dockerfile ?? ''), `${RENDERER.name}: the page renderer, built by deploy/docker/render.Dockerfile`);
check(renderEnv.RENDER_API_URLS === renderApiUrls((context) => [`http://${context}:3000`]), `${RENDERER.name}: RENDER_API_URLS names every context at <context>:3000 (as topology.mjs generates it)`);
check(renderEnv.RENDER_ROOT_ROUTES === renderRootRoutes(), `${RENDERER.name}: RENDER_ROOT_ROUTES is the root paths of topology.mjs (${renderRootRoutes()})`);
check(String(renderEnv.TRUST_PROXY) === 'true' && String(renderEnv.PORT) === '3000', `${RENDERER.name}: TRUST_PROXY=true (behind nginx), PORT=3000`);
check(/\/api\/ready/.test(JSON.stringify(render.healthcheck?.test ?? '')) && !render.ports, `${RENDERER.name}: healthcheck on /api/ready, no host ports (can be scaled)`);
process.exit(bad ? 1 : 0);
EOF
else
  fail "docker-compose.yml does not parse: $(cat "$TMP/parse.err")"
fi

# ---------------------------------------------------------------------------------------------
section "Dockerfiles (hadolint is not available: structure and COPY sources only)"
"$NODE" - deploy/docker/*.Dockerfile <<'EOF' || failures=$((failures + 1))
const fs = require('fs');
const path = require('path');
let bad = 0;
const ok = (msg) => console.log(`  ok    ${msg}`);
const fail = (msg) => { console.log(`  FAIL  ${msg}`); bad++; };
const ignore = fs.existsSync('.dockerignore')
  ? fs.readFileSync('.dockerignore', 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
  : [];
for (const want of ['node_modules', 'dist', '.data', '.cache', '.git', 'coverage', 'test-results']) {
  if (!ignore.some((p) => p === want || p === `**/${want}`)) fail(`.dockerignore: does not exclude ${want}`);
}
// Docker semantics, simplified: a pattern excludes what it matches and everything below it; last match wins.
const ignored = (p) => {
  const parts = path.posix.normalize(p).replace(/\/$/, '').split('/');
  let excluded = false;
  for (const raw of ignore) {
    const negate = raw.startsWith('!');
    const pattern = (negate ? raw.slice(1) : raw).replace(/^\/+/, '').replace(/\/$/, '');
    for (let i = 1; i <= parts.length; i++) {
      if (path.posix.matchesGlob(parts.slice(0, i).join('/'), pattern)) { excluded = !negate; break; }
    }
  }
  return excluded;
};
for (const file of process.argv.slice(2)) {
  const lines = fs.readFileSync(file, 'utf8').replace(/\\\r?\n/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const args = new Map();
  const stages = new Set();
  let copies = 0;
  let finalUser = null;
  for (const line of lines) {
    const [instr, ...rest] = line.split(/\s+/);
    const op = instr.toUpperCase();
    if (op === 'ARG' && stages.size === 0 && !line.includes('FROM')) {
      const [name, value] = rest.join(' ').split('=');
      args.set(name, value);
    }
    if (op === 'FROM') {
      let image = rest[0].replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => args.get(a ?? b) ?? '');
      const as = rest.findIndex((r) => r.toUpperCase() === 'AS');
      if (!stages.has(image) && !(/^[^:@\s]+(:[\w][\w.-]*|@sha256:[0-9a-f]{64})$/.test(image) && !image.endsWith(':latest'))) fail(`${file}: FROM ${rest[0]} is not a fixed tag`);
      if (as > 0) stages.add(rest[as + 1]);
      finalUser = null;
    }
    if (op === 'USER') finalUser = rest[0];
    if (op === 'COPY' || op === 'ADD') {
      const flags = rest.filter((r) => r.startsWith('--'));
      const operands = rest.filter((r) => !r.startsWith('--'));
      const from = flags.find((f) => f.startsWith('--from='));
      if (from) {
        const stage = from.slice('--from='.length);
        if (!stages.has(stage)) fail(`${file}: COPY ${from} names no earlier stage`);
        continue;
      }
      for (const source of operands.slice(0, -1)) {
        copies++;
        if (!fs.existsSync(source)) fail(`${file}: COPY source ${source} does not exist`);
        else if (ignored(source)) fail(`${file}: COPY source ${source} is excluded by .dockerignore`);
      }
    }
  }
  if (/service\.Dockerfile$/.test(file) && !finalUser) fail(`${file}: the runtime stage runs as root (no USER)`);
  if (!bad) ok(`${path.basename(file)}: ${copies} COPY sources exist and are in the build context; ${stages.size} build stages; base images pinned`);
}
process.exit(bad ? 1 : 0);
EOF

# ---------------------------------------------------------------------------------------------
section "package-lock.json (the Dockerfiles' npm install steps, dry run)"
mkdir -p "$TMP/npm-build/web-member" "$TMP/npm-build/web-admin" "$TMP/npm-runtime"
cp package.json package-lock.json "$TMP/npm-build/"
cp web-member/package.json "$TMP/npm-build/web-member/"
cp web-admin/package.json "$TMP/npm-build/web-admin/"
cp package.json package-lock.json "$TMP/npm-runtime/"
lock_hint_shown=
lock_check() { # <label> <dir> <npm ci flags...>
  local label=$1 dir=$2 out
  shift 2
  if out=$(cd "$dir" && npm install --dry-run --ignore-scripts --no-audit --no-fund "$@" 2>&1); then
    pass "$label: npm install${*:+ $*} accepts the lock file"
  elif [ "${VALIDATE_SKIP_LOCK:-}" = 1 ]; then
    note "$label: npm install${*:+ $*} refuses the lock file (ignored: VALIDATE_SKIP_LOCK=1)"
  else
    fail "$label: npm install${*:+ $*} refuses the lock file, so the image build would fail:"
    printf '%s\n' "$out" | grep -E '^npm error [A-Za-z`]' | grep -v 'A complete log' | head -6 | sed 's/^/          /'
    if [ -z "$lock_hint_shown" ] && printf '%s' "$out" | grep -q 'Missing: .* from lock file'; then
      lock_hint_shown=1
      note "fix: \`npm install --package-lock-only\` where the full npm registry is reachable (a lock written"
      note "against a registry without other platforms' binary packages lacks their entries, and npm ci"
      note "rejects that on every machine); VALIDATE_SKIP_LOCK=1 turns this check into a note"
    fi
  fi
}
lock_check "build stages" "$TMP/npm-build"
lock_check "runtime stage" "$TMP/npm-runtime" --omit=dev --workspaces=false

# ---------------------------------------------------------------------------------------------
section "nginx (deploy/docker/nginx.conf)"
if out=$("$NODE" deploy/cluster/nginx.mjs --check 2>&1); then
  pass "the \$api_upstream map is the one deploy/cluster/topology.mjs generates"
else
  fail "$out"
fi
if ! command -v nginx >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    note "installing Debian's nginx"
    if [ -z "$(ls -A /var/lib/apt/lists 2>/dev/null | grep -v lock)" ]; then apt-get update -qq >/dev/null; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >/dev/null 2>&1 || true
    # The package tries to start a daemon on port 80; this script does not want one.
  fi
fi
if ! command -v nginx >/dev/null 2>&1; then
  fail "nginx is not installed (apt-get install nginx, as root)"
else
  N="$TMP/nginx"
  mkdir -p "$N/tmp" "$N/html/assets" "$N/html/admin/assets"
  free_port() { "$NODE" -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
  WEB_PORT=$(free_port)
  STUB_PORT=$(free_port)
  # The stock /etc/nginx/nginx.conf of nginx:1.27-alpine (which includes conf.d/*.conf inside
  # http {}), with paths moved into the temp dir and no `user` (runs unprivileged).
  cat >"$N/nginx.conf" <<EOF
worker_processes 1;
error_log $N/error.log notice;
pid $N/nginx.pid;
events { worker_connections 64; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    log_format main '\$remote_addr - \$remote_user [\$time_local] "\$request" \$status \$body_bytes_sent "\$http_referer" "\$http_user_agent" "\$http_x_forwarded_for"';
    access_log $N/access.log main;
    sendfile on;
    keepalive_timeout 65;
    client_body_temp_path $N/tmp/body;
    proxy_temp_path $N/tmp/proxy;
    fastcgi_temp_path $N/tmp/fastcgi;
    uwsgi_temp_path $N/tmp/uwsgi;
    scgi_temp_path $N/tmp/scgi;
    include $N/conf.d/*.conf;
}
EOF
  mkdir -p "$N/conf.d"
  # Only what cannot work outside compose changes: the listen address, the site root, and the
  # service host names (Docker DNS) -> the stub service.
  sed -E \
    -e "s#^(\s*)listen 80;#\1listen 127.0.0.1:$WEB_PORT;#" \
    -e "s#^(\s*)root /usr/share/nginx/html;#\1root $N/html;#" \
    -e "s#^(\s*([~/][^ ]*|default)\s+)[a-z0-9-]+:3000;#\1127.0.0.1:$STUB_PORT;#" \
    deploy/docker/nginx.conf >"$N/conf.d/default.conf"
  for required in "listen 127.0.0.1:$WEB_PORT;" "root $N/html;" "127.0.0.1:$STUB_PORT;"; do
    grep -qF "$required" "$N/conf.d/default.conf" || fail "nginx.conf: could not adapt it for the test (no '$required' after substitution)"
  done
  if out=$(nginx -t -p "$N" -c "$N/nginx.conf" -e "$N/error.log" 2>&1); then
    pass "nginx -t ($(nginx -v 2>&1 | sed 's/^nginx version: //'); the image has nginx 1.27)"
    printf '<!doctype html><title>MEMBER-INDEX</title>\n' >"$N/html/index.html"
    printf '<svg xmlns="http://www.w3.org/2000/svg"/>\n' >"$N/html/icon.svg"
    printf '<!doctype html><title>ADMIN-INDEX</title>\n' >"$N/html/admin/index.html"
    "$NODE" -e 'process.stdout.write("console.log(\"hashed asset\");\n".repeat(200))' >"$N/html/assets/index-Ab12Cd34.js"
    printf 'body{}\n' >"$N/html/admin/assets/index-Ef56Gh78.css"
    # Stub service: echoes what it received.
    "$NODE" -e '
      require("http").createServer((req, res) => {
        let body = ""; req.on("data", (c) => (body += c)); req.on("end", () => {
          res.setHeader("content-type", "application/json"); res.setHeader("cache-control", "private, no-store");
          res.setHeader("x-frame-options", "SAMEORIGIN"); // nginx must send its own, once, on pages
          if (req.url === "/renderer-down") res.statusCode = 503;
          res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
        });
      }).listen(Number(process.argv[1]), "127.0.0.1");' "$STUB_PORT" &
    PIDS+=($!)
    nginx -p "$N" -c "$N/nginx.conf" -e "$N/error.log" -g 'daemon off;' &
    PIDS+=($!)
    "$NODE" - "http://127.0.0.1:$WEB_PORT" <<'EOF' || failures=$((failures + 1))
// Requests against the running nginx; prints ok/FAIL lines, exits 1 if any failed.
const base = process.argv[2];
let bad = 0;
const check = (cond, msg) => { console.log(`  ${cond ? 'ok  ' : 'FAIL'}  ${msg}`); if (!cond) bad++; };
const get = async (path, init = {}) => {
  const res = await fetch(base + path, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, text: await res.text() };
};
(async () => {
  for (let i = 0; ; i++) {
    try { await get('/healthz'); break; } catch (error) {
      if (i > 50) { check(false, `nginx answers (${error.cause?.code ?? error.message})`); process.exit(1); }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const root = await get('/');
  check(root.status === 200 && JSON.parse(root.text || '{}').url === '/', 'GET / reaches the page renderer (render:3000)');
  check(root.headers.get('cache-control') === 'no-cache', 'pages: Cache-Control no-cache (nginx\'s, not the renderer\'s)');
  check(root.headers.get('x-frame-options') === 'DENY', `pages: nginx's security headers, once (X-Frame-Options ${root.headers.get('x-frame-options')})`);
  check(root.headers.get('x-content-type-options') === 'nosniff' && !!root.headers.get('referrer-policy'), 'X-Content-Type-Options and Referrer-Policy set');
  const csp = root.headers.get('content-security-policy') ?? '';
  check(/script-src 'self'/.test(csp) && /frame-ancestors 'none'/.test(csp) && !/script-src[^;]*unsafe/.test(csp), 'Content-Security-Policy: scripts from self only, no framing');
  const deep = await get('/t/123?page=2', { headers: { 'x-forwarded-for': '6.6.6.6' } });
  const rendered = deep.status === 200 ? JSON.parse(deep.text) : {};
  check(rendered.url === '/t/123?page=2', `page /t/123?page=2 reaches the renderer unchanged (${rendered.url ?? deep.status})`);
  check(rendered.headers?.['x-forwarded-for'] === '127.0.0.1' && rendered.headers?.host === `127.0.0.1:${new URL(base).port}`, `the renderer gets the client address and the Host with its port (${rendered.headers?.['x-forwarded-for']}, ${rendered.headers?.host})`);
  const down = await get('/renderer-down');
  check(down.status === 200 && down.text.includes('MEMBER-INDEX'), 'renderer failing (503): the page falls back to web-member/index.html');
  const icon = await get('/icon.svg');
  check(icon.status === 200 && icon.text.includes('<svg'), 'a file of web-member at the root is served by nginx, not the renderer');
  const adminBare = await get('/admin');
  check(adminBare.status === 301 && adminBare.headers.get('location') === '/admin/', '/admin redirects to /admin/ (relative)');
  const admin = await get('/admin/reports/9');
  check(admin.status === 200 && admin.text.includes('ADMIN-INDEX'), 'client route /admin/reports/9 falls back to web-admin/index.html');
  const asset = await get('/assets/index-Ab12Cd34.js', { headers: { 'accept-encoding': 'gzip' } });
  check(asset.status === 200 && /immutable/.test(asset.headers.get('cache-control') ?? '') && /max-age=31536000/.test(asset.headers.get('cache-control') ?? ''), 'hashed asset: long immutable cache');
  check(asset.headers.get('content-encoding') === 'gzip' || /hashed asset/.test(asset.text), 'hashed asset: served' + (asset.headers.get('content-encoding') === 'gzip' ? ' gzip-compressed' : ''));
  check((asset.headers.get('content-type') ?? '').includes('javascript'), 'hashed asset: JavaScript content type');
  const adminAsset = await get('/admin/assets/index-Ef56Gh78.css');
  check(adminAsset.status === 200 && /immutable/.test(adminAsset.headers.get('cache-control') ?? ''), 'web-admin asset: long immutable cache');
  check((await get('/assets/missing-0000.js')).status === 404, 'missing asset: 404, not the SPA page');
  const api = await get('/api/forum/topics?page=2', { headers: { 'x-forwarded-for': '6.6.6.6', 'accept-encoding': 'identity' } });
  const seen = api.status === 200 ? JSON.parse(api.text) : {};
  check(seen.url === '/api/forum/topics?page=2', `/api/forum/topics?page=2 reaches the forum service unchanged (${seen.url ?? api.status})`);
  check(seen.headers?.['x-forwarded-for'] === '127.0.0.1', `X-Forwarded-For is the client address, not what the client sent (${seen.headers?.['x-forwarded-for']})`);
  check(seen.headers?.['x-forwarded-proto'] === 'http' && !!seen.headers?.host, 'X-Forwarded-Proto and Host passed on');
  check(api.headers.get('cache-control') === 'private, no-store', `API keeps the service's Cache-Control (${api.headers.get('cache-control')})`);
  check(api.headers.get('x-content-type-options') === 'nosniff', 'API responses get the security headers too');
  const post = await get('/api/forum/topics', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'title=hello&body=world' });
  const posted = post.status === 200 ? JSON.parse(post.text) : {};
  check(posted.method === 'POST' && posted.body === 'title=hello&body=world', 'POST bodies are passed on');
  for (const [from, to] of [['/api/forum/docs', '/api/docs'], ['/api/forum/docs/json', '/api/docs/json'], ['/api/forum/docs/swagger-ui.css', '/api/docs/swagger-ui.css']]) {
    const docs = await get(from);
    const url = docs.status === 200 ? JSON.parse(docs.text).url : docs.status;
    check(url === to, `${from} -> service ${to} (${url})`);
  }
  for (const path of ['/baseInfo', '/refreshToken', '/robots.txt', '/sitemap.xml', '/statistic/add', '/feeds/questions.xml']) {
    const res = await get(path);
    const url = res.status === 200 ? JSON.parse(res.text).url : res.status;
    check(url === path, `${path} reaches its service (${url})`);
  }
  for (const path of ['/api/metrics', '/api/ready', '/api/docs', '/api/nosuchcontext/x', '/api/forumx/topics', '/api/wallet/peer/transfer']) {
    const res = await get(path);
    let code;
    try { code = JSON.parse(res.text).code; } catch { code = res.text.slice(0, 40); }
    check(res.status === 404 && code === 'common.route_not_found', `${path}: 404 common.route_not_found from nginx`);
  }
  const health = await get('/healthz');
  check(health.status === 200, '/healthz answers 200');
  process.exit(bad ? 1 : 0);
})().catch((error) => { console.log(`  FAIL  ${error.stack}`); process.exit(1); });
EOF
    if grep -qE '\[(emerg|alert|crit|error)\]' "$N/error.log" 2>/dev/null; then
      fail "nginx error log:"; grep -E '\[(emerg|alert|crit|error)\]' "$N/error.log" | head -5 | sed 's/^/          /'
    fi
  else
    fail "nginx -t:"; printf '%s\n' "$out" | sed 's/^/          /'
  fi
fi

# ---------------------------------------------------------------------------------------------
section "not checked here"
note "building the images and running the stack (no Docker engine); Dockerfile lint (no hadolint)"
echo
if [ "$failures" -gt 0 ]; then
  echo "deploy/validate.sh: FAILED ($failures failing check(s) or check group(s) above)"
  exit 1
fi
echo "deploy/validate.sh: all checks passed"
