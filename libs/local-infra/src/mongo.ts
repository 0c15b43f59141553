import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

import { MongoClient } from 'mongodb';

import { cacheDir } from './paths';
import { freePort, makeTempDir, sleep, spawnJava, tail } from './processes';

export interface RunningMongo {
  /** `mongodb://127.0.0.1:<port>/?directConnection=true` (never set serverApi on this server). */
  url: string;
  port: number;
  logFile: string;
  /** SIGTERM (the H2 file is closed cleanly), wait for exit; SIGKILL after `graceMs` (15 s). */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL, wait for exit. With `file`, up to ~1 s of the latest writes may be lost. */
  kill(): Promise<void>;
}

export interface StartMongoOptions {
  /** Default: a free port. */
  port?: number;
  /** Persist to this H2 file (restart with the same file keeps the data); default in memory. */
  file?: string;
  /** Server output; default inside a temp dir. */
  logFile?: string;
  /** Record an oplog (needed only for collection-level change streams). Default false. */
  oplog?: boolean;
  /** Readiness timeout in ms (default 60 000). */
  timeoutMs?: number;
  /** -Xmx, e.g. "2g" (default); an in-memory server holds every document on the JVM heap. */
  heap?: string;
}

export function mongoUrl(port: number): string {
  return `mongodb://127.0.0.1:${port}/?directConnection=true`;
}

/**
 * Start mongo-java-server (a MongoDB-wire stand-in; see deploy/local-infra/mongo) through the
 * MongoWireServer launcher fetched by deploy/local-infra/fetch.sh (call `ensureLocalInfraFetched()`
 * first). Resolves once the READY line was printed and a driver ping succeeds.
 */
export async function startLocalMongo(opts: StartMongoOptions = {}): Promise<RunningMongo> {
  const startedAt = Date.now();
  const cache = cacheDir();
  const libs = path.join(cache, 'mongo-libs');
  const classes = path.join(cache, 'mongo-classes');
  if (!existsSync(path.join(classes, 'MongoWireServer.class'))) {
    throw new Error(
      `local-infra: ${classes}/MongoWireServer.class is missing: run ensureLocalInfraFetched() (npm run infra:fetch) first`,
    );
  }
  const port = opts.port ?? (await freePort());
  const logFile = path.resolve(opts.logFile ?? path.join(makeTempDir('forum-mongo-'), 'mongo.log'));
  const args = ['--port', String(port)];
  if (opts.file) {
    const file = path.resolve(opts.file);
    mkdirSync(path.dirname(file), { recursive: true });
    args.push('--file', file);
  }
  if (opts.oplog) args.push('--oplog');

  let readyResolve!: () => void;
  const readyLine = new Promise<void>((resolve) => (readyResolve = resolve));
  const proc = spawnJava({
    classpath: `${path.join(cache, 'watch-classes')}:${libs}/*:${classes}`,
    jvmArgs: [
      '-Xms64m',
      `-Xmx${opts.heap ?? '2g'}`,
      '-XX:+UseG1GC',
      '-Djava.awt.headless=true',
      '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn',
    ],
    mainClass: 'MongoWireServer',
    args,
    logFile,
    onStdoutLine: (line) => {
      if (line.startsWith('MONGO-WIRE READY')) readyResolve();
    },
  });

  const url = mongoUrl(port);
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const fail = async (why: string): Promise<never> => {
    await proc.kill();
    throw new Error(`local-infra: mongo-wire on port ${port} ${why}; ${logFile}:\n${tail(logFile)}`);
  };

  const exitedEarly = proc.exited.then((code) => `exited (${code}) before it was ready`);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`printed no READY line within ${timeoutMs} ms`), timeoutMs);
  });
  const outcome = await Promise.race([readyLine.then(() => 'ready'), exitedEarly, timedOut]);
  clearTimeout(timer);
  if (outcome !== 'ready') await fail(outcome);

  let lastError = 'not tried yet';
  for (;;) {
    if (proc.hasExited()) await fail(`exited (${await proc.exited}) before it was ready`);
    if (Date.now() - startedAt > timeoutMs)
      await fail(`did not answer a ping within ${timeoutMs} ms (last error: ${lastError})`);
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 2000, connectTimeoutMS: 2000 });
    try {
      await client.connect();
      await client.db('admin').command({ ping: 1 });
      break;
    } catch (error) {
      lastError = (error as Error).message;
      await sleep(100);
    } finally {
      await client.close().catch(() => undefined);
    }
  }

  return {
    url,
    port,
    logFile,
    stop: (graceMs = 15_000) => proc.stop(graceMs),
    kill: () => proc.kill(),
  };
}
