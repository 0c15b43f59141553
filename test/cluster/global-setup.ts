import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from '../../libs/local-infra/src';
import { INFRA_ENV } from '../../libs/testing/src/harness/infra';
import { CLUSTER_ENV, CLUSTER_JWT_SECRET } from './cluster-env';
import type { ClusterReplica } from './cluster-env';

declare global {
  var __forumCluster: { launcher: ChildProcess; dataDir: string; shared: boolean } | undefined;
}

/** The ports every replica of the described topology would use with `offset` (HTTP and peer). */
async function describedReplicas(offset: number): Promise<ClusterReplica[]> {
  process.env.CLUSTER_PORT_OFFSET = String(offset);
  const { replicas } = (await import(path.join(repoRoot(), 'deploy/cluster/topology.mjs'))) as {
    replicas(): ClusterReplica[];
  };
  return replicas();
}

/**
 * Ports `fetch` refuses to connect to (the Fetch standard's "bad ports", above 1024): with offset 1000, qa-1 was on
 * 5060 and the launcher's readiness probe failed at once, every time, until its deadline.
 */
const FETCH_BAD_PORTS = new Set([
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6697, 10080,
]);

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * Runs the distributed mode (deploy/cluster/start.mjs, ADR 0046) once for the cluster specs (ADR 0051): its own
 * Kafka and MongoDB-wire server in a temp dir, every replica of deploy/cluster/topology.mjs on ports shifted clear
 * of a cluster a person may have running, nginx on a free port, a replica that dies started again. The specs reach
 * nginx at CLUSTER_ENV.url and a replica at `CLUSTER_PORT_OFFSET` + its described port.
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  if (spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status !== 0)
    throw new Error('the cluster specs need nginx (deploy/validate.sh installs it; apt-get install nginx)');
  const root = repoRoot();
  // CLUSTER_BUILD_OUT (`.cluster-dist-<name>`: top level, the renderer finds the repo from it) for a session running
  // clusters beside another's: a build replaces the output a running cluster restarts its replicas from.
  const buildOut = process.env.CLUSTER_BUILD_OUT ?? '.cluster-dist';
  // The services run from their own build (as the benchmarks do), so a dist/ in use is not rebuilt under them.
  const build = spawnSync(process.execPath, ['deploy/build.mjs'], {
    cwd: root,
    env: { ...process.env, BUILD_OUT: buildOut, NODE_OPTIONS: '' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`node deploy/build.mjs failed:\n${build.stdout}${build.stderr}`);

  // From CLUSTER_PORT_OFFSET when given: two sessions starting clusters at once both found +1000 free and collided.
  const first = Number(process.env.CLUSTER_PORT_OFFSET) || 1000;
  let offset = first;
  for (; offset <= first + 4000; offset += 100) {
    const ports = (await describedReplicas(offset)).flatMap((r) => [r.port, r.peerPort]);
    if (ports.some((port) => FETCH_BAD_PORTS.has(port))) continue;
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) break;
  }
  if (offset > first + 4000) throw new Error('no free block of ports for the cluster replicas');
  const [nginxPort, kafkaPort, controllerPort, mongoPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forum-cluster-test-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: '',
    BUILD_OUT: buildOut,
    CLUSTER_DATA_DIR: dataDir,
    CLUSTER_DEMO: '0',
    CLUSTER_PORT: String(nginxPort),
    CLUSTER_PORT_OFFSET: String(offset),
    CLUSTER_RESTART: '1',
    CLUSTER_READY_TIMEOUT_S: '540',
    FORUM_KAFKA_PORT: String(kafkaPort),
    FORUM_KAFKA_CONTROLLER_PORT: String(controllerPort),
    FORUM_MONGO_PORT: String(mongoPort),
    JWT_SECRET: CLUSTER_JWT_SECRET,
    LOG_LEVEL: 'warn',
    // The launcher runs the services in production mode, which turns the sandbox payment gateway off; the recharge
    // notify race (money-races.cluster-spec.ts) pays through it.
    WALLET_SANDBOX_ENABLED: 'true',
    // Every spec request reaches the services from 127.0.0.1 through nginx: one address for the per-address limit.
    RATE_LIMIT_WRITES_PER_MINUTE_PER_IP: '100000',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
  };
  // Its own broker and database (the integration suite's are gone by the time this step runs in `npm test`), or
  // the ones KAFKA_BROKERS and MONGO_URL name, under names of its own (a working session's shared infrastructure).
  const stamp = Date.now().toString(36);
  const prefixes =
    env.KAFKA_BROKERS && env.MONGO_URL ? { db: `c${stamp}_`, topic: `c${stamp}.` } : { db: '', topic: '' };
  if (!prefixes.db) {
    delete env.KAFKA_BROKERS;
    delete env.MONGO_URL;
  }
  env.MONGO_DB_PREFIX = prefixes.db || 'bbs_';
  env.KAFKA_TOPIC_PREFIX = prefixes.topic;
  const launcher = spawn(process.execPath, ['--disable-warning=TimeoutNegativeWarning', 'deploy/cluster/start.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  globalThis.__forumCluster = { launcher, dataDir, shared: !!prefixes.db };
  let output = '';
  launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // On a failed start jest runs no global teardown: stop the launcher here (it stops what it started).
  const failed = (message: string) => {
    if (launcher.exitCode === null) launcher.kill('SIGTERM');
    return new Error(`${message}:\n${output}`);
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(failed('the cluster did not start in 900 s')), 900_000);
    const onData = () => {
      if (!output.includes('Forum cluster is running')) return;
      clearTimeout(timer);
      launcher.stdout!.off('data', onData);
      resolve();
    };
    launcher.stdout!.on('data', onData);
    launcher.once('exit', (code) => {
      clearTimeout(timer);
      reject(failed(`the cluster launcher exited (${code}) before the cluster ran`));
    });
  });
  const brokers = /^\s+Kafka\s+(\S+)$/m.exec(output)?.[1];
  const mongoUrl = /^\s+MongoDB\s+(\S+)$/m.exec(output)?.[1];
  if (!brokers || !mongoUrl) throw new Error(`no Kafka or MongoDB address in the launcher's output:\n${output}`);
  // For the specs (jest's workers inherit this environment): the fixtures' helper app joins the cluster's data.
  process.env[INFRA_ENV.brokers] = brokers;
  process.env[INFRA_ENV.mongoUrl] = mongoUrl;
  process.env[INFRA_ENV.kind] = 'local';
  process.env[CLUSTER_ENV.url] = `http://127.0.0.1:${nginxPort}`;
  process.env[CLUSTER_ENV.dataDir] = dataDir;
  process.env[CLUSTER_ENV.dbPrefix] = env.MONGO_DB_PREFIX;
  process.env[CLUSTER_ENV.topicPrefix] = env.KAFKA_TOPIC_PREFIX;
  process.env[CLUSTER_ENV.replicas] = JSON.stringify(await describedReplicas(offset));
  console.log(
    `\n[cluster] ${output.match(/Replicas.*$/m)?.[0] ?? ''}\n[cluster] nginx :${nginxPort}, ready in ${Date.now() - started} ms (data and logs: ${dataDir})`,
  );
}
