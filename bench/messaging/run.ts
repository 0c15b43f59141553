import 'reflect-metadata';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Kafka, Producer } from 'kafkajs';
import type { Db } from 'mongodb';
import { eventContract, newId } from '@forum/contracts';
import type { EventEnvelope } from '@forum/contracts';
import { encodeEvent, eventTopic, TopicRegistry } from '@forum/event-bus';
import { KAFKA, TokenService } from '@forum/platform';
import { startTestApp } from '@forum/testing';
import type { TestApp } from '@forum/testing';
import { IdentityModule } from '../../services/identity/src/identity.module';
import { MessagingModule } from '../../services/messaging/src/messaging.module';
import { MSG_FOLLOWERS } from '../../services/messaging/src/reminders/followers.projection';
import { REMINDERS } from '../../services/messaging/src/reminders/inbox.projection';
import { RS_TOPICS } from '../../services/messaging/src/reminders/reminder-sources.projection';
import { LiveUnread } from '../../services/messaging/src/unread/live-unread';
import { setting, useInfra } from '../lib/pipeline';
import { atLeast, atMost, reportResult } from '../lib/result';
import { latencySummary, machine, mib } from '../lib/stats';

/**
 * bench/messaging: the messaging context alone (identity + messaging in one process), fed forum events on the
 * forum's Kafka topics exactly as the forum's outbox relay publishes them (so "a comment" starts at its Kafka
 * publish; the forum's own write path is bench/forum's). Four measures, sizes by flag or BENCH_*:
 *
 * 1. reminder fan-out throughput: `--comments` comments on topics of `--authors` members → reminder rows per second;
 * 2. comment → badge push latency over SSE: `--rate` comments per second for `--seconds` on the topics of
 *    `--watchers` members who each hold an unread-count stream open; latency = push − publish;
 * 3. one topic by a member with `--followers` followers (their follow rows seeded straight into messaging's copy):
 *    time until every follower's reminder row exists, and meanwhile the delay of a direct reminder (the other
 *    reactors do not stall);
 * 4. server memory per 10,000 open streams, from `--connections` streams held by a separate process.
 */
const COMMENTS = setting('comments', 'BENCH_COMMENTS', 2_000);
const AUTHORS = setting('authors', 'BENCH_AUTHORS', 200);
const RATE = setting('rate', 'BENCH_RATE', 200);
const SECONDS = setting('seconds', 'BENCH_SECONDS', 10);
const WATCHERS = setting('watchers', 'BENCH_WATCHERS', 50);
const FOLLOWERS = setting('followers', 'BENCH_FOLLOWERS', 100_000);
const CONNECTIONS = setting('connections', 'BENCH_CONNECTIONS', 10_000);
/** How long a measure may take before the bench reports what it saw and moves on. */
const MEASURE_LIMIT_MS = setting('limit', 'BENCH_LIMIT_SECONDS', 120) * 1000;
const SEED_BATCH = 1_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** Forum events on the forum's topics, as its outbox relay sends them (validated by their contracts). */
class ForumEvents {
  constructor(
    private readonly producer: Producer,
    private readonly topics: TopicRegistry,
  ) {}

  static envelope(streamId: string, type: string, data: unknown): EventEnvelope {
    const contract = eventContract(type)!;
    const now = new Date();
    return {
      id: newId(now.getTime()),
      type,
      streamId,
      version: 1,
      occurredAt: now.toISOString(),
      schemaVersion: contract.schemaVersion,
      correlationId: newId(),
      causationId: null,
      actor: { kind: 'member', id: null },
      data: contract.schema.parse(data),
    };
  }

  static topic(authorId: string, topicId = newId()): EventEnvelope {
    return ForumEvents.envelope(`topic-${topicId}`, 'TopicPosted', {
      topicId,
      title: `Bench topic ${topicId.slice(-6)}`,
      content: '<p>bench</p>',
      tagIds: ['bench'],
      authorId,
      postedAt: new Date().toISOString(),
      mentions: [],
    });
  }

  static comment(topicId: string, authorId: string): EventEnvelope {
    const commentId = newId();
    return ForumEvents.envelope(`comment-${commentId}`, 'CommentPosted', {
      commentId,
      topicId,
      authorId,
      contentHtml: '<p>bench comment</p>',
      quotedCommentId: null,
      quoteChain: [],
      mentions: [],
      postedAt: new Date().toISOString(),
      isStaff: false,
    });
  }

  async send(envelopes: EventEnvelope[]): Promise<void> {
    const byTopic = new Map<string, EventEnvelope[]>();
    for (const envelope of envelopes) {
      const topic = eventTopic('forum', envelope.streamId);
      byTopic.set(topic, [...(byTopic.get(topic) ?? []), envelope]);
    }
    await this.topics.ensure([...byTopic.keys()]);
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, list]) => ({
        topic: this.topics.physical(topic),
        messages: list.map((envelope) => ({ key: envelope.streamId, value: encodeEvent(envelope) })),
      })),
    });
  }
}

/** Polls `check` until it answers true or the limit passes; answers the elapsed ms, or null on the limit. */
async function until(check: () => Promise<boolean>, limitMs = MEASURE_LIMIT_MS): Promise<number | null> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > limitMs) return null;
    await sleep(50);
  }
  return performance.now() - started;
}

/** Reminder rows whose recipient id starts with `prefix`. */
const rowsOf = (db: Db, prefix: string) =>
  db.collection(REMINDERS).countDocuments({ _id: { $gt: prefix, $lt: `${prefix}\uffff` } as never });

/** Topics by `authors`, published and known to messaging's reminder sources; answers their ids. */
async function seedTopics(events: ForumEvents, db: Db, authors: string[]): Promise<string[]> {
  const envelopes = authors.map((authorId) => ForumEvents.topic(authorId));
  for (let i = 0; i < envelopes.length; i += SEED_BATCH) await events.send(envelopes.slice(i, i + SEED_BATCH));
  const ids = envelopes.map((envelope) => (envelope.data as { topicId: string }).topicId);
  await until(
    async () => (await db.collection(RS_TOPICS).countDocuments({ _id: { $in: ids } as never })) === ids.length,
  );
  return ids;
}

async function fanOutThroughput(events: ForumEvents, db: Db, run: string) {
  const prefix = `${run}-t-`;
  const authors = Array.from({ length: AUTHORS }, (_, i) => `${prefix}${i}`);
  const topicIds = await seedTopics(events, db, authors);
  const comments = Array.from({ length: COMMENTS }, (_, i) =>
    ForumEvents.comment(topicIds[i % AUTHORS]!, `${run}-commenter-${i}`),
  );
  const started = performance.now();
  for (let i = 0; i < comments.length; i += SEED_BATCH) await events.send(comments.slice(i, i + SEED_BATCH));
  const elapsed = await until(async () => (await rowsOf(db, prefix)) >= COMMENTS);
  const written = await rowsOf(db, prefix);
  const ms = elapsed ?? performance.now() - started;
  console.log(
    `1. reminder fan-out: ${written}/${COMMENTS} reminders in ${seconds(ms)} = ${Math.round((written * 1000) / ms)} reminders/s${elapsed === null ? ' (limit reached)' : ''}  [load ${load()}]`,
  );
  reportResult('messaging', 'reminder fan-out throughput', Math.round((written * 1000) / ms), 'reminders/s');
}

/** Reads `unread` events of one stream, calling `onCount` with each remindCount. */
async function watch(url: string, signal: AbortSignal, onCount: (remindCount: number) => void): Promise<void> {
  const response = await fetch(url, { signal, headers: { accept: 'text/event-stream' } });
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = /^event: unread\ndata: (.*)$/m.exec(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (data) onCount((JSON.parse(data[1]!) as { remindCount: number }).remindCount);
        }
      }
    } catch {
      // aborted at the end
    }
  })();
}

async function pushLatency(events: ForumEvents, db: Db, t: TestApp, base: string, run: string) {
  const tokens = t.app.get(TokenService);
  const watchers = Array.from({ length: WATCHERS }, (_, i) => `${run}-w-${i}`);
  const topicIds = await seedTopics(events, db, watchers);
  const published: number[][] = watchers.map(() => []);
  const covered = watchers.map(() => 0);
  const latencies: number[] = [];
  const abort = new AbortController();
  const ready = watchers.map(() => false);
  await Promise.all(
    watchers.map((memberId, w) =>
      watch(
        `${base}/api/messaging/unread-count/stream?access_token=${tokens.issueAccessToken({ sub: memberId, kind: 'member' })}`,
        abort.signal,
        (remindCount) => {
          ready[w] = true;
          const now = performance.now();
          for (; covered[w]! < Math.min(remindCount, published[w]!.length); covered[w]!++)
            latencies.push(now - published[w]![covered[w]!]!);
        },
      ),
    ),
  );
  await until(async () => ready.every(Boolean), 30_000);
  const total = RATE * SECONDS;
  const tick = 50;
  const perTick = Math.max(1, Math.round((RATE * tick) / 1000));
  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const batch: EventEnvelope[] = [];
    const owners: number[] = [];
    for (let k = 0; k < perTick && sent < total; k++, sent++) {
      const w = sent % WATCHERS;
      batch.push(ForumEvents.comment(topicIds[w]!, `${run}-c-${sent}`));
      owners.push(w);
    }
    const at = performance.now();
    await events.send(batch);
    owners.forEach((w) => published[w]!.push(at));
    const next = started + (sent / perTick) * tick;
    await sleep(Math.max(0, next - performance.now()));
  }
  const sendMs = performance.now() - started;
  await until(async () => latencies.length >= total, 30_000);
  abort.abort();
  const summary = latencySummary(latencies);
  console.log(
    `2. comment → badge push over SSE: ${Math.round((total * 1000) / sendMs)} comments/s offered for ${seconds(sendMs)} to ${WATCHERS} open pages; ${summary.n}/${total} pushed; p50 ${summary.p50} ms, p95 ${summary.p95} ms, p99 ${summary.p99} ms, max ${summary.max} ms  [load ${load()}]`,
  );
  reportResult('messaging', `comment → badge push p95 at ${RATE} comments/s`, summary.p95, 'ms', atMost(500));
  reportResult('messaging', 'comments pushed', summary.n, 'pushes', atLeast(total));
}

async function bigFanOut(events: ForumEvents, db: Db, run: string) {
  const star = `${run}-star`;
  const prefix = `${run}-f-`;
  const seedStarted = performance.now();
  for (let i = 0; i < FOLLOWERS; i += SEED_BATCH) {
    const rows = Array.from({ length: Math.min(SEED_BATCH, FOLLOWERS - i) }, (_, k) => {
      const followerId = `${prefix}${String(i + k).padStart(7, '0')}`;
      return { _id: `${star}|${followerId}`, followerId, active: true, _version: 1 };
    });
    await db.collection(MSG_FOLLOWERS).insertMany(rows as never[], { ordered: false });
  }
  console.log(`3. seeded ${FOLLOWERS} follower rows in ${seconds(performance.now() - seedStarted)}`);
  const [bystanderTopic] = await seedTopics(events, db, [`${run}-bystander`]);
  const started = performance.now();
  await events.send([ForumEvents.topic(star)]);
  // While the fan-out runs: a direct reminder (a comment on someone else's topic) must not wait for it.
  await sleep(1_000);
  const directSent = performance.now();
  await events.send([ForumEvents.comment(bystanderTopic!, `${run}-someone`)]);
  const direct = await until(async () => (await rowsOf(db, `${run}-bystander`)) >= 1);
  const directMs = direct === null ? null : performance.now() - directSent;
  let lastReport = performance.now();
  const all = await until(
    async () => {
      const visible = await rowsOf(db, prefix);
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        console.log(`   … ${visible}/${FOLLOWERS} visible after ${seconds(performance.now() - started)}`);
      }
      return visible >= FOLLOWERS;
    },
    Math.max(MEASURE_LIMIT_MS, 180_000),
  );
  const visible = await rowsOf(db, prefix);
  console.log(
    `3. fan-out to ${FOLLOWERS} followers: ${visible} visible after ${seconds(performance.now() - started)}${all === null ? ' (limit reached)' : ''}; a direct reminder sent 1 s into it appeared after ${directMs === null ? 'more than the limit' : `${Math.round(directMs)} ms`}  [load ${load()}]`,
  );
  const fanOutSeconds = Math.round((performance.now() - started) / 100) / 10;
  reportResult(
    'messaging',
    `fan-out to ${FOLLOWERS} followers, all visible`,
    all === null ? null : fanOutSeconds,
    's',
    atMost(60),
  );
  reportResult(
    'messaging',
    'direct reminder during the big fan-out',
    directMs === null ? null : Math.round(directMs),
    'ms',
  );
}

async function streamMemory(t: TestApp, base: string, run: string) {
  const tokens = t.app.get(TokenService);
  const live = t.app.select(MessagingModule).get(LiveUnread);
  const list = Array.from({ length: CONNECTIONS }, (_, i) =>
    tokens.issueAccessToken({ sub: `${run}-s-${i}`, kind: 'member' }),
  );
  global.gc?.();
  const before = process.memoryUsage();
  const child = spawn(process.execPath, [path.join(__dirname, 'connections.js')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify({ url: `${base}/api/messaging/unread-count/stream`, tokens: list }));
  const opened = new Promise<{ open: number; failed: number }>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) =>
      resolve(JSON.parse(chunk.toString()) as { open: number; failed: number }),
    ),
  );
  const result = await Promise.race([opened, sleep(MEASURE_LIMIT_MS).then(() => null)]);
  await sleep(2_000);
  global.gc?.();
  const after = process.memoryUsage();
  const open = live.connections;
  const per10k = (bytes: number) => mib((bytes * 10_000) / Math.max(1, open));
  console.log(
    `4. ${open} streams open (${result ? `${result.failed} failed` : 'not all within the limit'}): server RSS +${mib(after.rss - before.rss)}, heap +${mib(after.heapUsed - before.heapUsed)} → per 10,000 streams RSS ${per10k(after.rss - before.rss)}, heap ${per10k(after.heapUsed - before.heapUsed)}  [load ${load()}]`,
  );
  reportResult(
    'messaging',
    'server memory per 10,000 open streams (RSS)',
    Math.round(((after.rss - before.rss) * 10_000) / Math.max(1, open) / 2 ** 20),
    'MiB',
  );
  child.kill();
}

async function main(): Promise<void> {
  console.log(`bench/messaging on ${machine()}; load before: ${load()}`);
  const stops = await useInfra();
  const t = await startTestApp([IdentityModule, MessagingModule], { env: { LOG_LEVEL: 'error' } });
  stops.unshift(async () => {
    // On shared infrastructure, leave nothing behind in its in-memory MongoDB.
    if (process.env.MONGO_URL) for (const context of ['messaging', 'identity']) await t.db(context).dropDatabase();
    await t.close();
  });
  const producer = t.app.get<Kafka>(KAFKA).producer({ idempotent: true });
  await producer.connect();
  stops.unshift(() => producer.disconnect());
  try {
    const base = await t.listen();
    const events = new ForumEvents(producer, t.app.get(TopicRegistry));
    const db = t.db('messaging');
    const run = `b${Date.now().toString(36)}`;
    const only =
      process.argv.indexOf('--only') >= 0 ? process.argv[process.argv.indexOf('--only') + 1]!.split(',') : null;
    const step = async (name: string, measure: () => Promise<void>) => {
      if (!only || only.includes(name)) await measure();
    };
    await step('throughput', () => fanOutThroughput(events, db, run));
    await step('latency', () => pushLatency(events, db, t, base, run));
    await step('followers', () => bigFanOut(events, db, run));
    await step('memory', () => streamMemory(t, base, run));
  } finally {
    for (const stop of stops) await stop().catch((error: unknown) => console.log(`cleanup: ${String(error)}`));
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
