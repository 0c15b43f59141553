import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '@forum/local-infra';
import { atMost, reportResult } from '../lib/result';
import { machine } from '../lib/stats';
import { loadAverage, setting } from '../lib/pipeline';
import { TICKS_PER_SECOND, tree } from '../lib/process-tree';

/**
 * Issue 18's idle target: with no traffic, every process of `npm start` together (Node, the Kafka JVM, the
 * MongoDB-wire JVM) uses ≤ 3 % of one core over a 60 s sample — without making the first write after the quiet
 * slower to show. Starts the real all-in-one (dist/, its own embedded servers, demo seed, temporary data
 * folder), waits for the seed and a settle period, reads each process's CPU ticks from /proc at the start and
 * the end of the sample, then signs in as the demo member and times topics posted after the quiet (the answer
 * comes once the topic is in the author's lists: the write's read-your-writes wait).
 *
 * `node dist/bench/idle/run.js [--settle 120 --sample 60 --posts 3]`. The settle is long because the JVMs keep
 * compiling for a minute or two after the demo seed: with 20–30 s the MongoDB-wire JVM read 3–6 % of a core, with
 * 120 s 0.3 % (2026-11-28).
 */
const ROOT = path.resolve(__dirname, '../../..');
const SETTLE_S = setting('settle', 'BENCH_SETTLE_SECONDS', 120);
const SAMPLE_S = setting('sample', 'BENCH_SAMPLE_SECONDS', 60);
const POSTS = setting('posts', 'BENCH_POSTS', 3);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs in as the demo member the way the member site does (CSRF cookie echoed in a header). */
async function signIn(base: string): Promise<Record<string, string>> {
  const info = await fetch(`${base}/baseInfo`);
  const cookie = /cms_token=([^;]+)/.exec(info.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error('no cms_token cookie from /baseInfo');
  const csrf = { cookie: `cms_token=${cookie}`, 'bbs-xsrf-token': cookie, 'content-type': 'application/json' };
  const login = await fetch(`${base}/api/identity/login`, {
    method: 'POST',
    headers: csrf,
    body: JSON.stringify({ account: 'demo', password: 'demo123456' }),
  });
  const body = (await login.json()) as { accessToken?: string; refreshToken?: string };
  if (!body.accessToken) throw new Error(`demo login refused: ${JSON.stringify(body)}`);
  return { ...csrf, authorization: `Bearer ${body.accessToken},${body.refreshToken ?? ''}` };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'forum-idle-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    FORUM_DATA_DIR: dataDir,
    PORT: String(port),
    FORUM_KAFKA_PORT: String(await freePort()),
    FORUM_KAFKA_CONTROLLER_PORT: String(await freePort()),
    FORUM_MONGO_PORT: String(await freePort()),
  };
  delete env.KAFKA_BROKERS;
  delete env.MONGO_URL;
  delete env.NODE_OPTIONS;
  const app = spawn(
    process.execPath,
    [
      '--disable-warning=TimeoutNegativeWarning',
      // e.g. BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/idle-prof" to see where the app's idle time goes.
      ...(process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      path.join(ROOT, 'dist/services/all-in-one/src/main.js'),
    ],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  app.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  /** Sleeps, failing with the app's last output if it exits meanwhile (a silent exit read as a quiet app). */
  const idleFor = async (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      if (app.exitCode !== null || app.signalCode !== null)
        throw new Error(`the app exited (${app.exitCode ?? app.signalCode}):\n${output.slice(-4000)}`);
      await sleep(Math.min(1000, until - performance.now()));
    }
  };
  try {
    const startedAt = performance.now();
    while (!output.includes('Forum is running')) {
      if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode}):\n${output}`);
      if (performance.now() - startedAt > 600_000) throw new Error(`not running after 10 min:\n${output}`);
      await sleep(500);
    }
    console.log(`# idle: npm start's processes at rest — ${machine()}`);
    console.log(`started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s; settling ${SETTLE_S} s`);
    await idleFor(SETTLE_S * 1000);

    const before = new Map(tree(app.pid!).map((proc) => [proc.pid, proc]));
    const load = loadAverage();
    const sampleStart = performance.now();
    await idleFor(SAMPLE_S * 1000);
    const seconds = (performance.now() - sampleStart) / 1000;
    const after = tree(app.pid!);
    const byName = new Map<string, number>();
    for (const proc of after) {
      const used = proc.ticks - (before.get(proc.pid)?.ticks ?? 0);
      byName.set(proc.name, (byName.get(proc.name) ?? 0) + used);
    }
    console.log(`\n| process | CPU over ${seconds.toFixed(0)} s (% of one core) |\n|---|---|`);
    let total = 0;
    for (const [name, ticks] of [...byName].sort((a, b) => b[1] - a[1])) {
      const percent = (ticks / TICKS_PER_SECOND / seconds) * 100;
      total += percent;
      console.log(`| ${name} | ${percent.toFixed(1)} % |`);
      reportResult('idle', `${name}: CPU at rest`, Math.round(percent * 10) / 10, '% of a core');
    }
    console.log(`| **all** | **${total.toFixed(1)} %** |\nload average during the sample: ${load}`);
    reportResult('idle', 'all processes: CPU at rest', Math.round(total * 10) / 10, '% of a core', atMost(3));

    // The first writes after the quiet: still shown at once?
    const headers = await signIn(base);
    const tags = await (await fetch(`${base}/api/forum/tags`)).text();
    const tagId = /"tagId":"([^"]+)","name":"[^"]*","parentId":"[^"]*","sort":\d+,"leaf":true/.exec(tags)?.[1];
    const latencies: number[] = [];
    for (let i = 0; i < POSTS; i++) {
      await sleep(10_000);
      const sent = performance.now();
      const response = await fetch(`${base}/api/forum/topics`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          title: `After the quiet ${i + 1}`,
          content: 'Posted after 10 s idle.',
          tagIds: [tagId],
        }),
      });
      if (!response.ok) throw new Error(`posting refused: ${response.status} ${await response.text()}`);
      latencies.push(performance.now() - sent);
    }
    console.log(
      `topics posted after 10 s of quiet, answered once listed: ${latencies.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`,
    );
    reportResult('idle', 'first write after the quiet, shown', Math.round(Math.max(...latencies)), 'ms');
  } finally {
    app.kill('SIGTERM');
    await new Promise((resolve) => app.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
