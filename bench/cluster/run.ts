import 'reflect-metadata';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { newId } from '@forum/contracts';
import { freePort } from '@forum/local-infra';
import { INFRA_ENV } from '@forum/testing';
import { ForumModule } from '../../services/forum/src/forum.module';
import { IdentityModule } from '../../services/identity/src/identity.module';
import { TagTree } from '../../services/forum/src/tags/tag.commands';
import { createTagBody } from '../../services/forum/src/tags/tag.schemas';
import { loadAverage, seconds, setting, startBenchApp, until } from '../lib/pipeline';
import { cpuSecondsSince, stillRunning, tree } from '../lib/process-tree';
import { reportResult } from '../lib/result';
import { machine } from '../lib/stats';
import type { PageDriverRequest, PageDriverResult } from '../forum/page-driver';
import { drive, median, post, registerMembers, systemMeta, writeHeaders } from '../forum/product-api';
import type { Member } from '../forum/product-api';

/**
 * bench/cluster (issue 23): one mixed-traffic run against the all-in-one (`services/all-in-one/src/main.ts`, one
 * Node process on its own Kafka and MongoDB-wire server) and against the distributed mode
 * (`deploy/cluster/start.mjs`, ADR 0046: a process per context, two replicas of forum, identity and wallet, nginx
 * in front), one target running at a time, the targets alternated for `--rounds`.
 *
 * Each start gets the same data, written by a helper app in this process on the target's databases and topics
 * (RUN_WORKERS=false, the target's JWT secret, as the cluster specs' fixture): members registered by the identity
 * command, a tag, topics and one topic's comments posted over HTTP with the members' tokens. Then four kinds of
 * traffic run together for `--seconds`, each from its own page-driver process (bench/forum/page-driver.ts),
 * against the target's public address (nginx for the cluster, the app's port for the all-in-one): visitors and a
 * signed-in member viewing the commented topic (its detail and first comments page at once), the home list, and
 * comments posted by the members in turn. Reported per kind: rate, p50/p95/p99, failures, `visible: false`; for the
 * target: the CPU seconds its whole process tree (Node processes, both JVMs, nginx) used per 1,000 requests.
 *
 * `node dist/bench/cluster/run.js [--seconds 20 --rounds 2 --topics 200 --comments 100 --members 40
 * --connections 16 --writers 8 --offset 4000]`, with KAFKA_BROKERS and MONGO_URL unset (each target starts its
 * own); nginx and the web builds (web-member/dist, web-admin/dist) must be there for the cluster.
 */

const ROOT = path.resolve(__dirname, '../../..');
/** The build this bench runs from (dist/, or BUILD_OUT's): the targets run from it too. */
const OUT = path.resolve(__dirname, '../..');
const SECONDS = setting('seconds', 'BENCH_SECONDS', 20);
const ROUNDS = setting('rounds', 'BENCH_ROUNDS', 2);
const TOPICS = setting('topics', 'BENCH_TOPICS', 200);
const COMMENTS = setting('comments', 'BENCH_COMMENTS', 100);
const MEMBERS = setting('members', 'BENCH_MEMBERS', 40);
/** Connections of each reading kind (visitor, member, home list). */
const CONNECTIONS = setting('connections', 'BENCH_CONNECTIONS', 16);
/** Members posting comments at once. */
const WRITERS = setting('writers', 'BENCH_WRITERS', 8);
/** CLUSTER_PORT_OFFSET: the replicas' ports clear of a cluster a person may run on the described ports. */
const OFFSET = setting('offset', 'BENCH_CLUSTER_PORT_OFFSET', 4000);
const WARM_UP_SECONDS = 2;
const START_TIMEOUT_MS = 900_000;
const SEED_WRITERS = 16;
const PAGE_SIZE = 20;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
/** Both targets' names for their databases and topics (a non-empty topic prefix: the helper app then owns none). */
const NAMES = { MONGO_DB_PREFIX: 'bbs_', KAFKA_TOPIC_PREFIX: 'bench.' };

const TARGETS = ['all-in-one', 'cluster'] as const;
type TargetName = (typeof TARGETS)[number];

/** A started target: its public address, its infrastructure, the root of its process tree. */
interface Target {
  base: string;
  brokers: string;
  mongoUrl: string;
  root: ChildProcess;
  stop(): Promise<void>;
}

/** What every target process shares: its own broker and database, the bench's secret, no rate limit in the way. */
async function targetEnv(dataDir: string): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...NAMES,
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    // Every request comes from 127.0.0.1 (through nginx too), the writes from a few members.
    RATE_LIMIT_WRITES_PER_MINUTE_PER_IP: '100000000',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
    FORUM_KAFKA_PORT: String(await freePort()),
    FORUM_KAFKA_CONTROLLER_PORT: String(await freePort()),
    FORUM_MONGO_PORT: String(await freePort()),
    FORUM_DATA_DIR: dataDir,
    CLUSTER_DATA_DIR: dataDir,
  };
  delete env.KAFKA_BROKERS;
  delete env.MONGO_URL;
  delete env.NODE_OPTIONS;
  return env;
}

/**
 * Starts one target and waits for its "running" banner, which names its Kafka and MongoDB. The all-in-one is
 * `npm start`'s process (it seeds its demo content first: a few topics more on its home list); the cluster is
 * `npm run start:cluster`'s launcher with CLUSTER_DEMO=0.
 */
async function startTarget(name: TargetName): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `forum-bench-${name}-`));
  const env = await targetEnv(dataDir);
  const port = await freePort();
  const [args, banner] =
    name === 'all-in-one'
      ? [[path.join(OUT, 'services/all-in-one/src/main.js')], 'Forum is running']
      : [[path.join(ROOT, 'deploy/cluster/start.mjs')], 'Forum cluster is running'];
  Object.assign(
    env,
    name === 'all-in-one'
      ? { HOST: '127.0.0.1', PORT: String(port) }
      : {
          BUILD_OUT: OUT,
          CLUSTER_DEMO: '0',
          CLUSTER_PORT: String(port),
          CLUSTER_PORT_OFFSET: String(OFFSET),
          CLUSTER_READY_TIMEOUT_S: '540',
        },
  );
  const root = spawn(process.execPath, ['--disable-warning=TimeoutNegativeWarning', ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  root.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  root.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => root.once('exit', () => resolve()));
  const stop = async () => {
    // Both stop in order on SIGTERM (services, then the broker and the database). What is left of the tree 90 s
    // later, or still running once the root exited (it would write into the data folder), is killed.
    const procs = tree(root.pid!);
    const killLeft = () => {
      for (const proc of procs.filter(stillRunning)) process.kill(proc.pid, 'SIGKILL');
    };
    if (root.exitCode === null && root.signalCode === null) {
      root.kill('SIGTERM');
      const timer = setTimeout(killLeft, 90_000);
      await exited;
      clearTimeout(timer);
    }
    for (let waited = 0; procs.some(stillRunning) && waited < 30_000; waited += 500)
      await new Promise((resolve) => setTimeout(resolve, 500));
    killLeft();
    await rm(dataDir, { recursive: true, force: true });
  };
  const started = performance.now();
  try {
    await until(
      `the ${name} to start`,
      async () => {
        if (output.includes(banner)) return null;
        if (root.exitCode !== null) throw new Error(`the ${name} exited (${root.exitCode}):\n${output}`);
        return (output.trim().split('\n').at(-1) ?? '').slice(0, 100) || 'no output yet';
      },
      START_TIMEOUT_MS,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const brokers = /^\s+Kafka\s+(\S+)$/m.exec(output)?.[1];
  const mongoUrl = /^\s+MongoDB\s+(\S+)$/m.exec(output)?.[1];
  if (!brokers || !mongoUrl) {
    await stop();
    throw new Error(`no Kafka or MongoDB address in the ${name}'s output:\n${output}`);
  }
  console.log(`  the ${name} started in ${seconds(performance.now() - started)} (${tree(root.pid!).length} processes)`);
  return { base: `http://127.0.0.1:${port}`, brokers, mongoUrl, root, stop };
}

/** Runs `run(0..count-1)`, `concurrency` at a time. */
async function inTurn(count: number, concurrency: number, run: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await run(next++);
    }),
  );
}

interface Seeded {
  members: Member[];
  topicIds: string[];
  /** The topic with `COMMENTS` comments, the one the page views read. */
  hot: string;
}

/**
 * The same data in each target, through a helper app on the target's databases and topics: members (their
 * profiles and roles reach the forum through the target's projections), a tag, `TOPICS` topics and `COMMENTS`
 * comments on the first, posted over HTTP to the target by the members.
 */
async function seed(target: Target): Promise<{ seeded: Seeded; close: () => Promise<void> }> {
  process.env[INFRA_ENV.brokers] = target.brokers;
  process.env[INFRA_ENV.mongoUrl] = target.mongoUrl;
  const t = await startBenchApp([IdentityModule, ForumModule], {
    ...NAMES,
    JWT_SECRET,
    RUN_WORKERS: 'false',
    // The helper's commands would wait for projections only the target runs (a registration for its whole bound):
    // registerMembers and the tag wait below poll the target's read models instead.
    READ_YOUR_WRITES_TIMEOUT_MS: '0',
  });
  const started = performance.now();
  const members = await registerMembers(t, MEMBERS);
  console.log(`  ${MEMBERS} members registered (${seconds(performance.now() - started)})`);
  const { tagId } = await t.app
    .select(ForumModule)
    .get(TagTree)
    .create(createTagBody.parse({ name: `Bench ${newId().slice(-6)}` }), systemMeta());
  await until('the tag in the forum', async () =>
    (await (await fetch(`${target.base}/api/forum/tags`)).text()).includes(tagId) ? null : 'not listed yet',
  );
  const topicIds: string[] = [];
  await inTurn(TOPICS, SEED_WRITERS, async (i) => {
    const { topicId } = await post<{ topicId: string }>(
      target.base,
      members[i % members.length]!,
      '/api/forum/topics',
      {
        title: `Bench topic ${i}`,
        tagIds: [tagId],
        content: `<p>Bench topic ${i}: ${'lorem ipsum dolor sit amet '.repeat(12)}</p>`,
      },
    );
    topicIds[i] = topicId;
  });
  console.log(`  ${TOPICS} topics posted (${seconds(performance.now() - started)})`);
  const hot = topicIds[0]!;
  await inTurn(COMMENTS, SEED_WRITERS, async (i) => {
    await post(target.base, members[(i * 7) % members.length]!, `/api/forum/topics/${hot}/comments`, {
      content: `<p>Comment ${i}: <strong>well said</strong>.</p>`,
    });
  });
  console.log(
    `  seeded ${MEMBERS} members, ${TOPICS} topics, ${COMMENTS} comments in ${seconds(performance.now() - started)}`,
  );
  return { seeded: { members, topicIds, hot }, close: () => t.close() };
}

interface Kind {
  name: string;
  unit: string;
  request: PageDriverRequest;
}

/** The four kinds of traffic that run together. */
function kinds(base: string, { members, topicIds, hot }: Seeded, seconds: number): Kind[] {
  // What the member site's thread route fetches for its first paint (ADR 0028): the topic and a page of comments.
  const page = [`/api/forum/topics/${hot}/page?page=1&pageSize=${PAGE_SIZE}`];
  return [
    {
      name: 'visitor topic page',
      unit: 'views/s',
      request: { origin: base, paths: page, connections: CONNECTIONS, seconds },
    },
    {
      name: 'member topic page',
      unit: 'views/s',
      request: {
        origin: base,
        paths: page,
        headers: { authorization: `Bearer ${members[1]!.token}` },
        connections: CONNECTIONS,
        seconds,
      },
    },
    {
      name: 'home list',
      unit: 'req/s',
      request: {
        origin: base,
        paths: [`/api/forum/topics?page=1&pageSize=${PAGE_SIZE}`],
        connections: CONNECTIONS,
        seconds,
      },
    },
    {
      name: `comments by ${MEMBERS} members`,
      unit: 'comments/s',
      request: {
        origin: base,
        // Every topic but the one read, in turn: the page views read the same comments all along.
        paths: topicIds.slice(1).map((id) => `/api/forum/topics/${id}/comments`),
        headerSets: members.map(writeHeaders),
        connections: WRITERS,
        seconds,
        write: { method: 'POST', body: JSON.stringify({ content: '<p>A benchmark comment, <b>with</b> markup.</p>' }) },
      },
    },
  ];
}

interface Measured {
  results: Map<string, PageDriverResult>;
  requestsPerSecond: number;
  cpuPer1000: number;
  loadBefore: string;
  loadAfter: string;
}

/** One measure: every kind at once, each in its own driver process; the target's CPU over the same time. */
async function measure(target: Target, seeded: Seeded): Promise<Measured> {
  await Promise.all(kinds(target.base, seeded, WARM_UP_SECONDS).map((kind) => drive(kind.request)));
  const loadBefore = loadAverage();
  const before = tree(target.root.pid!);
  const started = performance.now();
  const list = kinds(target.base, seeded, SECONDS);
  const answers = await Promise.all(list.map((kind) => drive(kind.request)));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSecondsSince(target.root.pid!, before);
  const requestsPerSecond = answers.reduce((sum, r) => sum + r.requestsPerSecond, 0);
  return {
    results: new Map(list.map((kind, i) => [kind.name, answers[i]!])),
    requestsPerSecond,
    cpuPer1000: Math.round((cpu / Math.max(1, (requestsPerSecond * elapsed) / 1000)) * 100) / 100,
    loadBefore,
    loadAfter: loadAverage(),
  };
}

async function main(): Promise<void> {
  console.log(`bench/cluster on ${machine()}`);
  console.log(
    `${TOPICS} topics, ${COMMENTS} comments on one, ${MEMBERS} members; ${CONNECTIONS} connections per reading kind, ` +
      `${WRITERS} writers; ${SECONDS} s a measure, ${ROUNDS} round(s)`,
  );
  console.log(`load before: ${loadAverage()}`);
  let running: Target | null = null;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void (running?.stop() ?? Promise.resolve()).then(() => process.exit(130)));

  const runs = new Map<TargetName, Measured[]>();
  const unitOf = new Map<string, string>();
  for (let round = 1; round <= ROUNDS; round++)
    for (const name of TARGETS) {
      console.log(`round ${round}, ${name}: starting…`);
      const target = await startTarget(name);
      running = target;
      try {
        const { seeded, close } = await seed(target);
        try {
          const measured = await measure(target, seeded);
          for (const kind of kinds(target.base, seeded, 0)) unitOf.set(kind.name, kind.unit);
          runs.set(name, [...(runs.get(name) ?? []), measured]);
          for (const [kind, r] of measured.results)
            console.log(
              `  round ${round}, ${name}, ${kind}: ${r.viewsPerSecond} ${unitOf.get(kind)}, p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms, ` +
                `${r.failed} failed, ${r.notVisible} not visible`,
            );
          console.log(
            `  round ${round}, ${name}: ${measured.requestsPerSecond} requests/s in all, ${measured.cpuPer1000} CPU s per 1,000 requests, ` +
              `load ${measured.loadBefore} → ${measured.loadAfter}`,
          );
        } finally {
          await close();
        }
      } finally {
        await target.stop();
        running = null;
      }
    }

  const range = (values: number[]) =>
    values.length === 1 ? `${values[0]}` : `${median(values)} [${Math.min(...values)}–${Math.max(...values)}]`;
  console.log(
    `\n| traffic (all at once, ${SECONDS} s, ${ROUNDS} round(s): median [min–max]) | target | rate | p50 ms | p95 ms | p99 ms | failed | not visible |`,
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const kind of unitOf.keys())
    for (const name of TARGETS) {
      const of = (key: keyof PageDriverResult) => (runs.get(name) ?? []).map((m) => m.results.get(kind)![key]);
      console.log(
        `| ${kind} | ${name} | ${range(of('viewsPerSecond'))} ${unitOf.get(kind)} | ${range(of('p50'))} | ${range(of('p95'))} | ${range(of('p99'))} | ${Math.max(...of('failed'))} | ${Math.max(...of('notVisible'))} |`,
      );
    }
  console.log(
    '\n| target | requests/s (all kinds) | CPU s per 1,000 requests (its whole process tree) | load average before → after |',
  );
  console.log('|---|---|---|---|');
  for (const name of TARGETS) {
    const measured = runs.get(name) ?? [];
    console.log(
      `| ${name} | ${range(measured.map((m) => m.requestsPerSecond))} | ${range(measured.map((m) => m.cpuPer1000))} | ${measured.map((m) => `${m.loadBefore} → ${m.loadAfter}`).join('; ')} |`,
    );
  }
  for (const name of TARGETS) {
    const measured = runs.get(name) ?? [];
    for (const kind of unitOf.keys()) {
      const of = (key: keyof PageDriverResult) => measured.map((m) => m.results.get(kind)![key]);
      reportResult('cluster', `${name}, ${kind}: rate`, median(of('viewsPerSecond')), unitOf.get(kind)!);
      reportResult('cluster', `${name}, ${kind}: p99`, median(of('p99')), 'ms');
      reportResult('cluster', `${name}, ${kind}: failed`, Math.max(...of('failed')), 'requests');
      reportResult('cluster', `${name}, ${kind}: not visible`, Math.max(...of('notVisible')), 'writes');
    }
    reportResult('cluster', `${name}: CPU per 1,000 requests`, median(measured.map((m) => m.cpuPer1000)), 's');
  }
  console.log(`\nload after: ${loadAverage()}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
