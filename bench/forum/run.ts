import 'reflect-metadata';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Kafka } from 'kafkajs';
import type { Db } from 'mongodb';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { TopicRegistry } from '@forum/event-bus';
import { EventStore } from '@forum/event-store';
import { ensureLocalInfraFetched, startLocalKafka, startLocalMongo } from '@forum/local-infra';
import { KAFKA, Metrics, PermissionChecker, TokenService } from '@forum/platform';
import { INFRA_ENV, startTestApp } from '@forum/testing';
import type { TestApp } from '@forum/testing';
import { IdentityModule } from '../../services/identity/src/identity.module';
import { ForumModule } from '../../services/forum/src/forum.module';
import { commentsProjection } from '../../services/forum/src/comments/comments.projection';
import { TOPIC_LIST } from '../../services/forum/src/topics/projections/topic-list.projection';
import { TOPIC_LIST_MEMBERSHIPS } from '../../services/forum/src/topics/lists/list-heads';
import { machine, mib } from '../lib/stats';
import type { CannonRequest, CannonResult } from './cannon';

/**
 * bench/forum: seeds topics and comments through the real event pipeline (event store → outbox → Kafka →
 * projections and the list maintainer, the comment counter reactor), printing progress, then measures over real
 * sockets with autocannon (a separate process, 64 connections): the home list, a tag list, a topic detail with
 * its first 50 comments, and posting a comment. Sizes: `--topics`, `--comments`, `--seconds`, `--connections`,
 * `--authors` (or BENCH_*; see README.md). Uses KAFKA_BROKERS/MONGO_URL when set, else starts its own.
 */

/** `--topics 10000` on the command line, else BENCH_TOPICS, else the default. */
function setting(flag: string, env: string, fallback: number): number {
  const at = process.argv.indexOf(`--${flag}`);
  const value = at >= 0 ? process.argv[at + 1] : process.env[env];
  return value === undefined ? fallback : Number(value);
}

const TOPICS = setting('topics', 'BENCH_TOPICS', 100_000);
const COMMENTS = setting('comments', 'BENCH_COMMENTS', 1_000_000);
const SECONDS = setting('seconds', 'BENCH_SECONDS', 15);
const CONNECTIONS = setting('connections', 'BENCH_CONNECTIONS', 64);
/** Members writing the seed: 1,000,000 comments over 5,000 members is 200 each, a busy forum's spread. */
const AUTHORS = setting('authors', 'BENCH_AUTHORS', 5_000);
/** Appends in flight: the event store's group commit turns them into few `insertMany`s. */
const APPEND_CONCURRENCY = 512;
const TAGS = 20;
const HOT_TOPIC_COMMENTS = 50;
const PROGRESS_MS = 3_000;

const meta = (actor: CommandMetadata['actor'] = { kind: 'system', id: null }): CommandMetadata => ({
  actor,
  now: new Date(),
  correlationId: newId(),
});

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs `run(0..count-1)` APPEND_CONCURRENCY at a time, printing progress; returns the elapsed ms. */
async function parallel(what: string, count: number, run: (i: number) => Promise<void>): Promise<number> {
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

const rate = (count: number, ms: number) => `${Math.round(count / Math.max(ms / 1000, 0.001))}/s`;

/** Polls `check` until it reports nothing left, printing what is left every PROGRESS_MS. */
async function until(what: string, check: () => Promise<string | null>, timeoutMs = 3_600_000): Promise<void> {
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
 * group: the seed is done when every group has consumed everything published, and the outbox is empty.
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

function measure(url: string, options: Partial<CannonRequest> = {}): Promise<CannonResult> {
  const request: CannonRequest = { url, connections: CONNECTIONS, seconds: SECONDS, ...options };
  return new Promise<CannonResult>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'cannon.js'), JSON.stringify(request)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
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

const row = (name: string, r: CannonResult) =>
  `| ${name} | ${r.rps} req/s | ${r.p50} | ${r.p95} | ${r.p99} | ${r.failed} |`;

/**
 * Boots identity + forum. A broker busy with other work may not serve freshly created topics within kafkajs's
 * retries ("does not host this topic-partition"): try again rather than lose the run.
 */
async function startApp(attempt = 1): Promise<TestApp> {
  try {
    return await startTestApp([IdentityModule, ForumModule], {
      env: {
        RATE_LIMIT_WRITES_PER_MINUTE_PER_IP: '100000000',
        RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
        LOG_LEVEL: 'error',
      },
    });
  } catch (error) {
    if (attempt >= 3) throw error;
    console.log(`  the app did not start (${(error as Error).message}); again`);
    return startApp(attempt + 1);
  }
}

async function main(): Promise<void> {
  console.log(`bench/forum on ${machine()}: ${TOPICS} topics, ${COMMENTS} comments, ${CONNECTIONS} connections`);
  console.log(
    `load before: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const stops: (() => Promise<void>)[] = [];
  let brokers = process.env.KAFKA_BROKERS;
  let mongoUrl = process.env.MONGO_URL;
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
  const t = await startApp();
  stops.unshift(async () => {
    // On shared infrastructure, leave nothing behind in its in-memory MongoDB.
    if (process.env.MONGO_URL) for (const context of ['forum', 'identity']) await t.db(context).dropDatabase();
    await t.close();
  });
  const forum = t.app.select(ForumModule);
  const store = forum.get(EventStore);
  const db: Db = t.db('forum');
  const staff = t.client.as('bench-staff', 'staff');
  const kafka = t.app.get<Kafka>(KAFKA);
  const prefix = t.app.get(TopicRegistry).physical('');
  const backlog = t.app.get(Metrics).outboxBacklog;

  // Visitors read with the default roles: wait until the forum's copy has them.
  const checker = forum.get(PermissionChecker);
  await until('default roles', async () =>
    (await checker.can({ kind: 'visitor', id: null }, 'topic.view')) ? null : 'not yet',
  );

  const tagIds: string[] = [];
  for (let i = 0; i < TAGS; i++) {
    const created = await staff.post<{ tagId: string }>('/api/forum/tags', { name: `Tag ${i}` });
    tagIds.push(created.body.tagId);
  }
  /** Everything published is consumed by every group of this app, and nothing waits in the outbox. */
  const pipelineLeft = async (): Promise<string | null> => {
    const outbox = (await backlog.get()).values.reduce((sum, v) => sum + v.value, 0);
    // Right after topics are created, the broker may not serve their offsets yet: ask again on the next poll.
    const groups = await consumerLag(kafka, prefix).catch((error: Error) => error);
    if (groups instanceof Error) return `lag not readable yet (${groups.message})`;
    const lag = [...groups].filter(([, behind]) => behind > 0);
    if (outbox === 0 && lag.length === 0) return null;
    return `outbox ${outbox}, behind: ${lag.map(([group, behind]) => `${group} ${behind}`).join(', ') || 'none'}`;
  };
  await until('tags', pipelineLeft);
  const commitsBefore = await store.countCommits();

  const authors = Array.from({ length: AUTHORS }, (_, i) => `bench-member-${i}`);
  const topicIds: string[] = [];
  console.log(`seeding ${TOPICS} topics…`);
  const seedStarted = performance.now();
  const topicAppend = await parallel('topics', TOPICS, async (i) => {
    const topicId = newId();
    topicIds[i] = topicId;
    const content =
      `<p>Bench topic ${i}: ${'lorem ipsum dolor sit amet '.repeat(12)}</p>` +
      (i % 10 === 0 ? '<hide type="20"><p>only for commenters</p></hide>' : '');
    await store.append(
      `topic-${topicId}`,
      0,
      [
        {
          type: 'TopicPosted',
          data: {
            topicId,
            title: `Bench topic ${i} about tag ${i % TAGS}`,
            content,
            tagIds: [tagIds[i % TAGS]!],
            authorId: authors[i % authors.length]!,
            postedAt: new Date().toISOString(),
            isStaff: false,
            ipLocation: null,
            mentions: [],
          },
        },
      ],
      meta(),
    );
  });
  console.log(`  ${TOPICS} topics appended in ${seconds(topicAppend)} (${rate(TOPICS, topicAppend)})`);
  await until('topic projections and list heads', async () => {
    const [docs, members] = await Promise.all([
      db.collection(TOPIC_LIST).estimatedDocumentCount(),
      db.collection(TOPIC_LIST_MEMBERSHIPS).estimatedDocumentCount(),
    ]);
    return docs >= TOPICS && members >= TOPICS ? pipelineLeft() : `${docs} documents, ${members} in lists`;
  });
  const topicsSeeded = performance.now() - seedStarted;
  console.log(`  topics projected after ${seconds(topicsSeeded)} (${rate(TOPICS, topicsSeeded)})`);

  // The newest topic gets 50 comments (the detail measure); the rest are spread over all topics.
  const detailTopic = topicIds[topicIds.length - 1]!;
  console.log(`seeding ${COMMENTS} comments…`);
  const commentsStarted = performance.now();
  const commentAppend = await parallel('comments', COMMENTS, async (i) => {
    const commentId = newId();
    const topicId = i < HOT_TOPIC_COMMENTS ? detailTopic : topicIds[i % topicIds.length]!;
    await store.append(
      `comment-${commentId}`,
      0,
      [
        {
          type: 'CommentPosted',
          data: {
            commentId,
            topicId,
            authorId: authors[(i * 7) % authors.length]!,
            contentHtml: `<p>Bench comment ${i}</p>`,
            quotedCommentId: null,
            quoteChain: [],
            mentions: [],
            postedAt: new Date().toISOString(),
            isStaff: false,
          },
        },
      ],
      meta(),
    );
  });
  console.log(`  ${COMMENTS} comments appended in ${seconds(commentAppend)} (${rate(COMMENTS, commentAppend)})`);
  const commentCollection = commentsProjection.collections[0]!;
  // Done when the comment documents exist, the counter reactor has appended one count per comment, and every
  // projection (topic documents, comment counters) has consumed those counts.
  await until('comments, counters and their projections', async () => {
    const [comments, commits] = await Promise.all([
      db.collection(commentCollection).estimatedDocumentCount(),
      store.countCommits(),
    ]);
    const counted = commits - commitsBefore - TOPICS - COMMENTS;
    if (comments < COMMENTS || counted < COMMENTS) return `${comments} comment documents, ${counted} counted`;
    return pipelineLeft();
  });
  const commentsSeeded = performance.now() - commentsStarted;
  console.log(`  comments projected after ${seconds(commentsSeeded)} (${rate(COMMENTS, commentsSeeded)})`);

  const base = await t.listen();
  const member = t.app.get(TokenService).issueAccessToken({ sub: 'bench-commenter', kind: 'member' });
  const writeHeaders = {
    authorization: `Bearer ${member},unused`,
    cookie: 'cms_token=bench-csrf-token-0123456789',
    'bbs-xsrf-token': 'bench-csrf-token-0123456789',
    'x-requested-with': 'XMLHttpRequest',
    'content-type': 'application/json',
  };
  const results: [string, CannonResult][] = [];
  const run = async (name: string, url: string, options?: Partial<CannonRequest>) => {
    console.log(`measuring ${name}…`);
    results.push([name, await measure(url, options)]);
  };
  await run('home list, page 1 of 20', `${base}/api/forum/topics?page=1&pageSize=20`);
  await run('tag list, page 1 of 20', `${base}/api/forum/topics?tagId=${tagIds[3]}&page=1&pageSize=20`);
  await run('topic detail', `${base}/api/forum/topics/${detailTopic}`);
  await run('topic comments, 50 on a page', `${base}/api/forum/topics/${detailTopic}/comments?page=1&pageSize=50`);
  await run('post a comment', `${base}/api/forum/topics/${topicIds[7]}/comments`, {
    method: 'POST',
    headers: writeHeaders,
    body: JSON.stringify({ content: '<p>A benchmark comment</p>' }),
  });

  const memory = process.memoryUsage();
  console.log('\n| seeding | result |\n|---|---|');
  console.log(`| ${TOPICS} topics appended | ${seconds(topicAppend)} (${rate(TOPICS, topicAppend)}) |`);
  console.log(`| … and projected (topic documents + list heads) | ${seconds(topicsSeeded)} |`);
  console.log(`| ${COMMENTS} comments appended | ${seconds(commentAppend)} (${rate(COMMENTS, commentAppend)}) |`);
  console.log(`| … and projected (comments, counts, counters on topics) | ${seconds(commentsSeeded)} |`);
  console.log(
    `\n| measure (${CONNECTIONS} connections, ${SECONDS} s) | throughput | p50 ms | p95 ms | p99 ms | failed |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const [name, result] of results) console.log(row(name, result));
  console.log(`\nprocess memory: RSS ${mib(memory.rss)}, heap ${mib(memory.heapUsed)}`);
  console.log(
    `load after: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  for (const stop of stops) await stop();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
