import 'reflect-metadata';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Db } from 'mongodb';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { ensureLocalInfraFetched, startLocalKafka, startLocalMongo } from '@forum/local-infra';
import { PermissionChecker, TokenService } from '@forum/platform';
import { INFRA_ENV, startTestApp } from '@forum/testing';
import { IdentityModule } from '../../services/identity/src/identity.module';
import { ForumModule } from '../../services/forum/src/forum.module';
import { commentsProjection } from '../../services/forum/src/comments/comments.projection';
import { TOPIC_LIST } from '../../services/forum/src/topics/projections/topic-list.projection';
import { TOPIC_LIST_MEMBERSHIPS } from '../../services/forum/src/topics/lists/list-heads';
import { machine, mib } from '../lib/stats';

/**
 * bench/forum: seeds topics and comments through the real event pipeline (event store → outbox → Kafka →
 * projections and the list maintainer, the comment counter reactor), then measures over real sockets with
 * autocannon (a separate process, 64 connections): the home list, a tag list, a topic detail with its first 50
 * comments, and posting a comment. Sizes: BENCH_TOPICS (100,000), BENCH_COMMENTS (1,000,000), BENCH_SECONDS per
 * measure (15), BENCH_CONNECTIONS (64). Uses KAFKA_BROKERS/MONGO_URL when set, else starts its own.
 */
const TOPICS = Number(process.env.BENCH_TOPICS ?? 100_000);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const APPEND_CONCURRENCY = 64;
const TAGS = 20;
const HOT_TOPIC_COMMENTS = 50;

const meta = (actor: CommandMetadata['actor'] = { kind: 'system', id: null }): CommandMetadata => ({
  actor,
  now: new Date(),
  correlationId: newId(),
});

async function parallel(count: number, run: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: APPEND_CONCURRENCY }, async () => {
      while (next < count) await run(next++);
    }),
  );
  return performance.now() - started;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 3_600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

interface Cannon {
  requests: { average: number };
  latency: { p50: number; p90: number; p97_5: number; p99: number };
  non2xx: number;
  errors: number;
}

function autocannon(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const args = ['-c', String(CONNECTIONS), '-d', String(SECONDS), '-j', '-m', options.method ?? 'GET'];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  if (options.body) args.push('-b', options.body);
  args.push(url);
  const bin = path.join(path.dirname(require.resolve('autocannon/package.json')), 'autocannon.js');
  return new Promise<Cannon>((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(out) as Cannon);
      } catch (error) {
        reject(error as Error);
      }
    });
  });
}

const row = (name: string, r: Cannon) =>
  `| ${name} | ${Math.round(r.requests.average)} req/s | ${r.latency.p50} | ${r.latency.p97_5} | ${r.latency.p99} | ${r.non2xx + r.errors} |`;

async function main(): Promise<void> {
  console.log(`bench/forum on ${machine()}: ${TOPICS} topics, ${COMMENTS} comments, ${CONNECTIONS} connections`);
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
  const t = await startTestApp([IdentityModule, ForumModule], {
    env: {
      RATE_LIMIT_WRITES_PER_MINUTE_PER_IP: '100000000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
      LOG_LEVEL: 'error',
    },
  });
  stops.unshift(async () => {
    // On shared infrastructure, leave nothing behind in its in-memory MongoDB.
    if (process.env.MONGO_URL) for (const context of ['forum', 'identity']) await t.db(context).dropDatabase();
    await t.close();
  });
  const forum = t.app.select(ForumModule);
  const store = forum.get(EventStore);
  const db: Db = t.db('forum');
  const staff = t.client.as('bench-staff', 'staff');

  // Visitors read with the default roles: wait until the forum's copy has them.
  const checker = forum.get(PermissionChecker);
  await until('default roles', () => checker.can({ kind: 'visitor', id: null }, 'topic.view'));

  const tagIds: string[] = [];
  for (let i = 0; i < TAGS; i++) {
    const created = await staff.post<{ tagId: string }>('/api/forum/tags', { name: `Tag ${i}` });
    tagIds.push(created.body.tagId);
  }

  const authors = Array.from({ length: 200 }, (_, i) => `bench-member-${i}`);
  const topicIds: string[] = [];
  const seedStarted = performance.now();
  const topicAppend = await parallel(TOPICS, async (i) => {
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
  await until('topic projections', async () => {
    const [docs, members] = await Promise.all([
      db.collection(TOPIC_LIST).estimatedDocumentCount(),
      db.collection(TOPIC_LIST_MEMBERSHIPS).estimatedDocumentCount(),
    ]);
    return docs >= TOPICS && members >= TOPICS;
  });
  const topicsSeeded = performance.now() - seedStarted;

  // The newest topic gets 50 comments (the detail measure); the rest are spread over all topics.
  const detailTopic = topicIds[topicIds.length - 1]!;
  const commentsStarted = performance.now();
  const commentAppend = await parallel(COMMENTS, async (i) => {
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
            authorId: authors[i % authors.length]!,
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
  const commentCollection = commentsProjection.collections[0]!;
  await until(
    'comment projections',
    async () => (await db.collection(commentCollection).estimatedDocumentCount()) >= COMMENTS,
  );
  // …and the counter reactor's per-topic counts reached the topic documents.
  await until('topic counters', async () => {
    const [sum] = await db
      .collection(TOPIC_LIST)
      .aggregate<{ total: number }>([{ $group: { _id: null, total: { $sum: '$commentCount' } } }])
      .toArray();
    return (sum?.total ?? 0) >= COMMENTS;
  });
  const commentsSeeded = performance.now() - commentsStarted;

  const base = await t.listen();
  const member = t.app.get(TokenService).issueAccessToken({ sub: 'bench-commenter', kind: 'member' });
  const writeHeaders = {
    authorization: `Bearer ${member},unused`,
    cookie: 'cms_token=bench-csrf-token-0123456789',
    'bbs-xsrf-token': 'bench-csrf-token-0123456789',
    'x-requested-with': 'XMLHttpRequest',
    'content-type': 'application/json',
  };
  const results: [string, Cannon][] = [];
  results.push(['home list, page 1 of 20', await autocannon(`${base}/api/forum/topics?page=1&pageSize=20`)]);
  results.push([
    'tag list, page 1 of 20',
    await autocannon(`${base}/api/forum/topics?tagId=${tagIds[3]}&page=1&pageSize=20`),
  ]);
  results.push(['topic detail', await autocannon(`${base}/api/forum/topics/${detailTopic}`)]);
  results.push([
    'topic comments, 50 on a page',
    await autocannon(`${base}/api/forum/topics/${detailTopic}/comments?page=1&pageSize=50`),
  ]);
  results.push([
    'post a comment',
    await autocannon(`${base}/api/forum/topics/${topicIds[7]}/comments`, {
      method: 'POST',
      headers: writeHeaders,
      body: JSON.stringify({ content: '<p>A benchmark comment</p>' }),
    }),
  ]);

  const memory = process.memoryUsage();
  console.log('\n| seeding | result |\n|---|---|');
  console.log(
    `| ${TOPICS} topics appended | ${(topicAppend / 1000).toFixed(1)} s (${Math.round(TOPICS / (topicAppend / 1000))}/s) |`,
  );
  console.log(`| … and projected (topic documents + list heads) | ${(topicsSeeded / 1000).toFixed(1)} s |`);
  console.log(
    `| ${COMMENTS} comments appended | ${(commentAppend / 1000).toFixed(1)} s (${Math.round(COMMENTS / (commentAppend / 1000))}/s) |`,
  );
  console.log(`| … and projected (comments, counters on topics) | ${(commentsSeeded / 1000).toFixed(1)} s |`);
  console.log(
    `\n| measure (${CONNECTIONS} connections, ${SECONDS} s) | throughput | p50 ms | p97.5 ms | p99 ms | non-2xx |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const [name, result] of results) console.log(row(name, result));
  console.log(`\nprocess memory: RSS ${mib(memory.rss)}, heap ${mib(memory.heapUsed)}`);
  for (const stop of stops) await stop();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
