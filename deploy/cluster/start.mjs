// `npm run start:cluster` (after deploy/cluster/start.sh has built): the distributed mode on this machine without
// containers (ADR 0046). Starts Kafka and the MongoDB-wire server (unless KAFKA_BROKERS and MONGO_URL are given),
// seeds the demo content once, then every replica of deploy/cluster/topology.mjs as its own Node process, then
// nginx in front with the routing of deploy/docker/nginx.conf. SIGINT/SIGTERM stop it all, in order: nginx, the
// services, then the broker and the database.
//
// Environment: CLUSTER_PORT (8080), CLUSTER_HOST (127.0.0.1), CLUSTER_DATA_DIR (.data/cluster), BUILD_OUT (dist),
// CLUSTER_DEMO=0 (no demo content), LOG_LEVEL (info); FORUM_KAFKA_PORT / FORUM_MONGO_PORT as for `npm start`;
// CLUSTER_PORT_OFFSET (added to every replica's ports), CLUSTER_RESTART=1 (start a replica again when it exits),
// CLUSTER_READY_TIMEOUT_S (300: how long a replica may take to be ready).
// The cluster tests (test/cluster, ADR 0051) use all of these.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clusterNginxConf } from './nginx.mjs';
import { clusterPeerUrls, renderApiUrls, renderers, renderRootRoutes, RENDERER, replicas } from './topology.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.resolve(root, process.env.BUILD_OUT ?? 'dist');
const dataDir = path.resolve(root, process.env.CLUSTER_DATA_DIR ?? '.data/cluster');
const logDir = path.join(dataDir, 'logs');
const host = process.env.CLUSTER_HOST ?? '127.0.0.1';
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const started = Date.now();
const say = (message) => console.log(`[cluster ${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

/** What is running, newest last; stopped in reverse groups (nginx, services, infra). */
const running = { infra: [], services: [], nginx: null, nginxPrefix: null };
let stopping = false;
/** The process id of each replica's current process (written to <data dir>/pids.json). */
const pids = {};

async function main() {
  mkdirSync(logDir, { recursive: true });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(signal, 0));
  // Under `npm run`, a SIGTERM to npm ends npm and its shell without reaching this process: stop when they go.
  if (process.env.npm_lifecycle_event) {
    const parent = process.ppid;
    setInterval(() => process.ppid !== parent && void stop('npm exited', 0), 1000).unref();
  }

  const jwtSecret = process.env.JWT_SECRET ?? persistentSecret(path.join(dataDir, 'jwt-secret'));
  const { kafkaBrokers, mongoUrl } = await startInfra();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: jwtSecret,
    KAFKA_BROKERS: kafkaBrokers,
    MONGO_URL: mongoUrl,
    TRUST_PROXY: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    FILE_STORAGE_DIR: path.join(dataDir, 'files'),
  };
  delete env.NODE_OPTIONS; // the parent's (e.g. a test runner's) flags are not the services'

  if (process.env.CLUSTER_DEMO !== '0') await seedDemo(env);

  say(`starting ${replicas().length} service processes (logs in ${logDir}/)`);
  for (const r of replicas()) {
    const name = `${r.context}-${r.replica}`;
    const service = { ...r, name, url: `http://127.0.0.1:${r.port}` };
    startService(service, env);
    running.services.push(service);
  }
  // The member site's page renderer (ADR 0049): reads the replicas directly, hears the events from Kafka.
  for (const r of renderers()) {
    const name = `${r.context}-${r.replica}`;
    const urls = (context) =>
      replicas()
        .filter((x) => x.context === context)
        .map((x) => `http://127.0.0.1:${x.port}`);
    const service = {
      ...r,
      name,
      url: `http://127.0.0.1:${r.port}`,
      entry: RENDERER.entry,
      env: { RENDER_API_URLS: renderApiUrls(urls), RENDER_ROOT_ROUTES: renderRootRoutes() },
    };
    startService(service, env);
    running.services.push(service);
  }
  await Promise.all(running.services.map((s) => waitReady(s)));
  say('every replica and the page renderer are ready');

  await startNginx();
  const demo = process.env.CLUSTER_DEMO !== '0';
  console.log(`
  Forum cluster is running: ${running.services.length} service processes behind nginx.

    Member site      http://${host}:${port}/
    Staff console    http://${host}:${port}/admin/
    API docs         http://${host}:${port}/api/forum/docs  (each context: /api/<context>/docs)
    Replicas         ${running.services.map((s) => `${s.name} :${s.port}`).join(', ')}
    Kafka            ${kafkaBrokers}
    MongoDB          ${mongoUrl}
    Logs, data       ${dataDir}
${demo ? '\n  Demo logins: member demo / demo123456, staff admin / admin123456\n' : ''}
  Press Ctrl+C to stop everything.`);
}

async function startInfra() {
  if (process.env.KAFKA_BROKERS && process.env.MONGO_URL) {
    say('using KAFKA_BROKERS and MONGO_URL from the environment');
    return { kafkaBrokers: process.env.KAFKA_BROKERS, mongoUrl: process.env.MONGO_URL };
  }
  const infra = createRequire(import.meta.url)(path.join(out, 'libs/local-infra/src/index.js'));
  say('starting Kafka and the MongoDB-wire server');
  await infra.ensureLocalInfraFetched();
  const [kafka, mongo] = await Promise.all([
    infra
      .startLocalKafka({
        port: Number(process.env.FORUM_KAFKA_PORT ?? 29092),
        controllerPort: Number(process.env.FORUM_KAFKA_CONTROLLER_PORT ?? 29093),
        dataDir: path.join(dataDir, 'kafka'),
        timeoutMs: 300_000,
      })
      .then((k) => (running.infra.push(k), k)),
    infra
      .startLocalMongo({
        port: Number(process.env.FORUM_MONGO_PORT ?? 27028),
        file: path.join(dataDir, 'mongo.mv'),
        timeoutMs: 300_000,
      })
      .then((m) => (running.infra.push(m), m)),
  ]);
  say(`Kafka ${kafka.brokers}, MongoDB ${mongo.url}`);
  return { kafkaBrokers: kafka.brokers, mongoUrl: mongo.url };
}

async function seedDemo(env) {
  if (existsSync(path.join(dataDir, 'demo-seeded'))) return;
  say('seeding the demo content (first start only)');
  const child = spawnLogged('seed-demo', process.execPath, [path.join(root, 'deploy/cluster/seed-demo.mjs')], {
    ...env,
    // The demo recharges through the sandbox payment gateway, which production mode turns off.
    NODE_ENV: 'development',
    SERVICE_NAME: 'cluster-seed',
    BUILD_OUT: out,
  });
  running.services.push({ name: 'seed-demo', child });
  const code = await new Promise((resolve) => child.once('exit', (c) => resolve(c)));
  running.services = running.services.filter((s) => s.child !== child);
  if (stopping) return;
  if (code !== 0) throw new Error(`the demo seed failed (exit ${code}); see ${path.join(logDir, 'seed-demo.log')}`);
  writeFileSync(path.join(dataDir, 'demo-seeded'), new Date().toISOString());
}

/**
 * Starts (or starts again) one replica as `service.child`. With CLUSTER_RESTART=1, a replica that exits by itself
 * or is killed is started again on its ports after a second (compose's `restart: unless-stopped`; the cluster tests
 * kill replicas). Every start is written to <data dir>/pids.json, so a test can find the process of a replica.
 */
function startService(service, env) {
  const child = spawnLogged(
    service.name,
    process.execPath,
    [
      '--enable-source-maps',
      '--disable-warning=TimeoutNegativeWarning',
      '--import',
      pathToFileURL(path.join(root, 'deploy/cluster/exit-with-parent.mjs')).href,
      path.join(out, service.entry ?? `services/${service.context}/src/main.js`),
    ],
    {
      ...env,
      SERVICE_NAME: service.context,
      HOST: '127.0.0.1',
      PORT: String(service.port),
      ...(service.env ?? { PEER_PORT: String(service.peerPort), PEER_URLS: clusterPeerUrls() }),
    },
  );
  service.child = child;
  pids[service.name] = child.pid;
  writeFileSync(path.join(dataDir, 'pids.json'), JSON.stringify(pids, null, 2));
  if (process.env.CLUSTER_RESTART === '1')
    child.once('exit', () => {
      if (stopping) return;
      setTimeout(() => {
        if (stopping) return;
        say(`starting ${service.name} again`);
        startService(service, env);
      }, 1000);
    });
}

/** A child in its own process group (Ctrl+C reaches only this launcher, which stops things in order). */
function spawnLogged(name, command, args, env) {
  const log = openSync(path.join(logDir, `${name}.log`), 'a');
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['pipe', log, log] });
  closeSync(log);
  child.once('exit', (code, signal) => {
    if (stopping || (name === 'seed-demo' && code === 0)) return;
    say(`${name} exited (${signal ?? `status ${code}`}); its log: ${path.join(logDir, `${name}.log`)}`);
  });
  return child;
}

async function waitReady(service, timeoutMs = 1000 * Number(process.env.CLUSTER_READY_TIMEOUT_S ?? 300)) {
  const deadline = Date.now() + timeoutMs;
  while (!stopping) {
    // With CLUSTER_RESTART=1 a replica that exits at start is started again: wait for that one.
    if ((service.child.exitCode !== null || service.child.signalCode !== null) && process.env.CLUSTER_RESTART !== '1')
      throw new Error(`${service.name} exited before it was ready; see ${path.join(logDir, `${service.name}.log`)}`);
    let answer = 'no answer';
    try {
      // Well over the 2 s each readiness check may take: on a loaded machine a slow check read as no answer at all.
      const response = await fetch(`${service.url}/api/ready`, { signal: AbortSignal.timeout(10_000) });
      if (response.ok) return;
      answer = await response.text();
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${service.name} not ready after ${timeoutMs / 1000} s: ${answer}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function startNginx() {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'forum-cluster-nginx-'));
  running.nginxPrefix = prefix;
  chmodSync(prefix, 0o755); // as root, nginx's workers run as another user and read the site from here
  const html = path.join(prefix, 'html');
  mkdirSync(path.join(prefix, 'tmp'), { recursive: true });
  mkdirSync(html);
  // The image's layout: web-member at the root, web-admin under /admin/.
  for (const [app, at] of [
    ['web-member', ''],
    ['web-admin', 'admin'],
  ]) {
    const dist = path.join(root, app, 'dist');
    if (!existsSync(path.join(dist, 'index.html')))
      throw new Error(`${app}/dist is not built (npm run build -w ${app})`);
    if (at) symlinkSync(dist, path.join(html, at));
    else for (const entry of readdirSync(dist)) symlinkSync(path.join(dist, entry), path.join(html, entry));
  }
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, clusterNginxConf({ host, port, prefix, html }));
  const args = ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')];
  const test = spawn('nginx', ['-t', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let testErr = '';
  test.stderr.on('data', (d) => (testErr += d));
  if ((await new Promise((resolve) => test.once('exit', resolve))) !== 0) throw new Error(`nginx -t:\n${testErr}`);
  // setpriv (util-linux) asks the kernel to stop nginx when the launcher dies, even SIGKILLed.
  const [command, ...pre] = hasSetpriv() ? ['setpriv', '--pdeathsig', 'SIGTERM', 'nginx'] : ['nginx'];
  running.nginx = spawnLogged('nginx', command, [...pre, ...args, '-g', 'daemon off;'], process.env);
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://${host}:${port}/healthz`)).ok) return say(`nginx on ${host}:${port}`);
    } catch {
      if (i > 100) throw new Error(`nginx does not answer on ${host}:${port}; see ${prefix}/error.log`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Sends `signal` to a child and waits for it to exit; SIGKILL after `graceMs`. */
async function stopChild(child, signal = 'SIGTERM', graceMs = 20_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

async function stop(reason, code) {
  if (stopping) return;
  stopping = true;
  say(`${reason}: stopping nginx, then ${running.services.length} service processes, then Kafka and MongoDB`);
  if (running.nginx) await stopChild(running.nginx, 'SIGQUIT', 5_000);
  await Promise.all(running.services.map((s) => stopChild(s.child)));
  await Promise.allSettled(running.infra.map((service) => service.stop()));
  if (running.nginxPrefix) rmSync(running.nginxPrefix, { recursive: true, force: true });
  say('stopped');
  process.exit(code);
}

function hasSetpriv() {
  return spawnSync('setpriv', ['--help'], { stdio: 'pipe' }).stdout?.includes('--pdeathsig') ?? false;
}

function persistentSecret(file) {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

main().catch((error) => {
  console.error(`[cluster] ${error.message}`);
  void stop('failed', 1);
});
