import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { Kafka, logLevel } from 'kafkajs';

import { cacheDir, infraDir, javaBin } from './paths';
import { freePort, makeTempDir, run, sleep, spawnJava, tail } from './processes';

export interface RunningKafka {
  /** "127.0.0.1:<port>", ready for kafkajs `brokers: [brokers]` (or split on ","). */
  brokers: string;
  port: number;
  dataDir: string;
  logFile: string;
  /** SIGTERM, wait for exit; SIGKILL after `graceMs` (15 s). */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL, wait for exit (a crash: restart with the same port and dataDir to recover). */
  kill(): Promise<void>;
}

export interface StartKafkaOptions {
  /** Client port; default: the port this dataDir used last time, else a free one. */
  port?: number;
  /** KRaft controller port; default: as for `port`. */
  controllerPort?: number;
  /** Broker data; default a fresh temp dir (removed at exit). Reuse it to restart the same broker. */
  dataDir?: string;
  /** Broker output; default `<dataDir>/kafka.log` (appended to across restarts). */
  logFile?: string;
  /** -Xmx, e.g. "1g" (default) or "512m". */
  heap?: string;
  /** Readiness timeout in ms (default 90 000). */
  timeoutMs?: number;
}

interface KafkaState {
  clusterId: string;
  port: number;
  controllerPort: number;
}

const READY_TOPIC = '__local_infra_ready';
const STATE_FILE = 'local-infra.json';

/** A Kafka cluster id: 16 random bytes, URL-safe base64 without padding (as `kafka-storage random-uuid`). */
function newClusterId(): string {
  return Buffer.from(randomUUID().replace(/-/g, ''), 'hex').toString('base64url');
}

function heapBytes(heap: string): number {
  const m = /^(\d+)([kmg]?)$/i.exec(heap.trim());
  if (!m) throw new Error(`local-infra: bad heap size "${heap}" (use e.g. 512m or 1g)`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(m[1]) * unit;
}

/**
 * Start (or restart) a single-node KRaft Kafka broker from the jars fetched by
 * deploy/local-infra/fetch.sh (call `ensureLocalInfraFetched()` first). Resolves once kafkajs can
 * describe the cluster and create a topic.
 */
export async function startLocalKafka(opts: StartKafkaOptions = {}): Promise<RunningKafka> {
  const startedAt = Date.now();
  const libs = path.join(cacheDir(), 'kafka-libs');
  if (!existsSync(libs))
    throw new Error(`local-infra: ${libs} is missing: run ensureLocalInfraFetched() (npm run infra:fetch) first`);

  const dataDir = path.resolve(opts.dataDir ?? makeTempDir('forum-kafka-'));
  mkdirSync(dataDir, { recursive: true });
  const statePath = path.join(dataDir, STATE_FILE);
  const previous: KafkaState | undefined = existsSync(statePath)
    ? (JSON.parse(readFileSync(statePath, 'utf8')) as KafkaState)
    : undefined;
  const state: KafkaState = {
    clusterId: previous?.clusterId ?? newClusterId(),
    port: opts.port ?? previous?.port ?? (await freePort()),
    controllerPort: opts.controllerPort ?? previous?.controllerPort ?? (await freePort()),
  };
  if (state.controllerPort === state.port) state.controllerPort = await freePort();
  writeFileSync(statePath, `${JSON.stringify(state, null, 2)}\n`);

  const logDir = path.join(dataDir, 'kraft');
  const template = readFileSync(path.join(infraDir(), 'kafka', 'server.properties.template'), 'utf8');
  const propsFile = path.join(dataDir, 'server.properties');
  writeFileSync(
    propsFile,
    template
      .replace(/@PORT@/g, String(state.port))
      .replace(/@CONTROLLER_PORT@/g, String(state.controllerPort))
      .replace(/@LOG_DIR@/g, logDir),
  );

  const logFile = path.resolve(opts.logFile ?? path.join(dataDir, 'kafka.log'));
  const heap = opts.heap ?? '1g';
  const xms = heapBytes(heap) < 256 * 1024 ** 2 ? heap : '256m';
  const classpath = `${path.join(cacheDir(), 'watch-classes')}:${libs}/*`;
  const log4j = `-Dlog4j2.configurationFile=${path.join(infraDir(), 'kafka', 'log4j2.properties')}`;

  // Format once; restarts keep their data (and skip the ~1.5 s StorageTool run).
  if (!existsSync(path.join(logDir, 'meta.properties')))
    await run(javaBin(), [
      '-Xmx256m',
      log4j,
      '-cp',
      `${libs}/*`,
      'kafka.tools.StorageTool',
      'format',
      // `--cluster-id=<id>` in one argument: a random id may begin with `-`, which the tool would read as a flag.
      `--cluster-id=${state.clusterId}`,
      '-c',
      propsFile,
      '--ignore-formatted',
    ]).catch((error: Error) => {
      throw new Error(`local-infra: kafka storage format failed in ${dataDir}: ${error.message}`);
    });

  const proc = spawnJava({
    classpath,
    jvmArgs: [
      `-Xms${xms}`,
      `-Xmx${heap}`,
      // One small broker on a shared machine: the serial collector has no concurrent threads waking at rest (G1's
      // refinement, marking and GC worker threads were ~0.3 % of a core of an idle broker), and its young pauses on
      // this heap are short; no perf-data file updated every tick (jcmd <pid> still attaches). ADR 53.
      '-XX:+UseSerialGC',
      '-XX:-UsePerfData',
      '-Djava.awt.headless=true',
      log4j,
    ],
    mainClass: 'kafka.Kafka',
    args: [propsFile],
    logFile,
  });

  const brokers = `127.0.0.1:${state.port}`;
  const timeoutMs = opts.timeoutMs ?? 90_000;
  const kafka = new Kafka({
    clientId: 'local-infra-ready',
    brokers: [brokers],
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1000,
    requestTimeout: 10_000,
    retry: { retries: 0 },
  });
  let lastError = 'not tried yet';
  for (;;) {
    if (proc.hasExited()) {
      const code = await proc.exited;
      throw new Error(`local-infra: kafka exited (${code}) before it was ready; ${logFile}:\n${tail(logFile)}`);
    }
    if (Date.now() - startedAt > timeoutMs) {
      await proc.kill();
      throw new Error(
        `local-infra: kafka on ${brokers} not ready after ${timeoutMs} ms (last error: ${lastError}); ${logFile}:\n${tail(logFile)}`,
      );
    }
    const admin = kafka.admin();
    try {
      await admin.connect();
      await admin.describeCluster();
      await admin.createTopics({
        topics: [{ topic: READY_TOPIC, numPartitions: 1 }],
        waitForLeaders: true,
        timeout: 10_000,
      });
      await admin.fetchTopicOffsets(READY_TOPIC); // needs a partition leader
      // Finding a group coordinator creates __consumer_offsets, so the first real group join
      // does not start with "The group coordinator is not available" retries.
      await admin.describeGroups([READY_TOPIC]);
      break;
    } catch (error) {
      lastError = (error as Error).message;
      await sleep(200);
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }

  return {
    brokers,
    port: state.port,
    dataDir,
    logFile,
    stop: (graceMs = 15_000) => proc.stop(graceMs),
    kill: () => proc.kill(),
  };
}
