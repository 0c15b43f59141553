import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Kafka } from 'kafkajs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { TopicRegistry } from '@forum/event-bus';
import { ensureLocalInfraFetched, startLocalKafka, startLocalMongo } from '@forum/local-infra';
import { KAFKA, Metrics } from '@forum/platform';
import { INFRA_ENV, startTestApp } from '@forum/testing';
import type { TestApp } from '@forum/testing';
import type { CannonRequest, CannonResult } from '../forum/cannon';

/**
 * What the benches that seed through the real event pipeline share (bench/forum, bench/qa): sizes from the
 * command line, appends in parallel with progress, waiting for every consumer group to catch up, and measures
 * by autocannon in its own process.
 */

/** `--topics 10000` on the command line, else the environment variable, else the default. */
export function setting(flag: string, env: string, fallback: number): number {
  const at = process.argv.indexOf(`--${flag}`);
  const value = at >= 0 ? process.argv[at + 1] : process.env[env];
  return value === undefined ? fallback : Number(value);
}

/** A text flag (`--phase seed`), else the default. */
export function textFlag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
}

const APPEND_CONCURRENCY = 512;
const PROGRESS_MS = 3_000;

export const systemMeta = (actor: CommandMetadata['actor'] = { kind: 'system', id: null }): CommandMetadata => ({
  actor,
  now: new Date(),
  correlationId: newId(),
});

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const rate = (count: number, ms: number) => `${Math.round(count / Math.max(ms / 1000, 0.001))}/s`;
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * Runs `run(0..count-1)` 512 at a time (the event store's group commit turns them into few `insertMany`s),
 * printing progress; returns the elapsed ms.
 */
export async function parallel(what: string, count: number, run: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  let done = 0;
  const started = performance.now();
  const ticker = setInterval(
    () => console.log(`  ${what}: ${done}/${count} appended (${rate(done, performance.now() - started)})`),
    PROGRESS_MS,
  );
  try {
    await Promise.all(
      Array.from({ length: Math.min(APPEND_CONCURRENCY, count) }, async () => {
        while (next < count) {
          await run(next++);
          done++;
        }
      }),
    );
  } finally {
    clearInterval(ticker);
  }
  return performance.now() - started;
}

/** Polls `check` until it reports nothing left, printing what is left every few seconds. */
export async function until(what: string, check: () => Promise<string | null>, timeoutMs = 3_600_000): Promise<void> {
  const started = Date.now();
  let printed = started;
  for (;;) {
    const left = await check();
    if (left === null) return;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what} (${left})`);
    if (Date.now() - printed >= PROGRESS_MS) {
      console.log(`  waiting for ${what}: ${left} (${seconds(Date.now() - started)})`);
      printed = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * How far this app's consumer groups (projections and reactors) are behind the end of their Kafka topics, per
 * group.
 */
async function consumerLag(kafka: Kafka, prefix: string): Promise<Map<string, number>> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const groups = (await admin.listGroups()).groups.map((g) => g.groupId).filter((id) => id.startsWith(prefix));
    const ends = new Map<string, number>();
    const lag = new Map<string, number>();
    for (const groupId of groups) {
      let behind = 0;
      for (const { topic, partitions } of await admin.fetchOffsets({ groupId })) {
        for (const { partition, offset } of partitions) {
          const key = `${topic}|${partition}`;
          if (!ends.has(key)) {
            for (const end of await admin.fetchTopicOffsets(topic))
              ends.set(`${topic}|${end.partition}`, Number(end.high));
          }
          behind += (ends.get(key) ?? 0) - Math.max(0, Number(offset));
        }
      }
      lag.set(groupId.slice(prefix.length), behind);
    }
    return lag;
  } finally {
    await admin.disconnect();
  }
}

/**
 * A check for `until`: null once everything published is consumed by every group of this app and nothing waits
 * in the outbox, else what is left.
 */
export function pipelineLeft(t: TestApp): () => Promise<string | null> {
  const kafka = t.app.get<Kafka>(KAFKA);
  const prefix = t.app.get(TopicRegistry).physical('');
  const backlog = t.app.get(Metrics).outboxBacklog;
  return async () => {
    const outbox = (await backlog.get()).values.reduce((sum, v) => sum + v.value, 0);
    // Right after topics are created, the broker may not serve their offsets yet: ask again on the next poll.
    const groups = await consumerLag(kafka, prefix).catch((error: Error) => error);
    if (groups instanceof Error) return `lag not readable yet (${groups.message})`;
    const lag = [...groups].filter(([, behind]) => behind > 0);
    if (outbox === 0 && lag.length === 0) return null;
    return `outbox ${outbox}, behind: ${lag.map(([group, behind]) => `${group} ${behind}`).join(', ') || 'none'}`;
  };
}

/**
 * KAFKA_BROKERS/MONGO_URL when both are set, else a local Kafka and Mongo-wire server of its own; returns how to
 * stop what it started.
 */
export async function useInfra(): Promise<(() => Promise<void>)[]> {
  let brokers = process.env.KAFKA_BROKERS;
  let mongoUrl = process.env.MONGO_URL;
  const stops: (() => Promise<void>)[] = [];
  if (!brokers || !mongoUrl) {
    await ensureLocalInfraFetched();
    const [kafka, mongo] = await Promise.all([startLocalKafka(), startLocalMongo()]);
    stops.push(
      () => kafka.stop(),
      () => mongo.stop(),
    );
    brokers = kafka.brokers;
    mongoUrl = mongo.url;
  }
  process.env[INFRA_ENV.brokers] = brokers;
  process.env[INFRA_ENV.mongoUrl] = mongoUrl;
  return stops;
}

/**
 * Boots the given modules with rate limits out of the way (and counted as the all-in-one counts them). A broker busy with other work may not serve freshly
 * created topics within kafkajs's retries ("does not host this topic-partition"): try again rather than lose
 * the run.
 */
export async function startBenchApp(
  modules: Parameters<typeof startTestApp>[0],
  env: Record<string, string> = {},
  attempt = 1,
): Promise<TestApp> {
  try {
    return await startTestApp(modules, {
      env: {
        RATE_LIMIT_WRITES_PER_MINUTE_PER_IP: '100000000',
        RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
        // One process, as `npm start` runs (ADR 50's amendment): counts in memory, no upsert per write.
        RATE_LIMIT_STORE: 'process',
        LOG_LEVEL: 'error',
        ...env,
      },
    });
  } catch (error) {
    if (attempt >= 3) throw error;
    console.log(`  the app did not start (${(error as Error).message}); again`);
    return startBenchApp(modules, env, attempt + 1);
  }
}

/** One measure by autocannon in its own process (bench/forum/cannon.ts), so the load does not share our CPU. */
export function measure(request: CannonRequest): Promise<CannonResult> {
  return new Promise<CannonResult>((resolve, reject) => {
    const cannon = path.join(__dirname, '..', 'forum', 'cannon.js');
    const child = spawn(process.execPath, [cannon, JSON.stringify(request)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(out) as CannonResult);
      } catch (error) {
        reject(error as Error);
      }
    });
  });
}

/** A row of the measure table (`bench/run-all.ts` parses it back when a bench prints no BENCH_RESULT line). */
export const cannonRow = (name: string, r: CannonResult) =>
  `| ${name} | ${r.rps} req/s | ${r.p50} | ${r.p95} | ${r.p99} | ${r.failed} |`;
