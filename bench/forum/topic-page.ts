import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { newId } from '@forum/contracts';
import { ForumModule } from '../../services/forum/src/forum.module';
import { TagTree } from '../../services/forum/src/tags/tag.commands';
import { createTagBody } from '../../services/forum/src/tags/tag.schemas';
import { loadAverage, seconds, setting, textFlag } from '../lib/pipeline';
import { atLeast, atMost, reportResult } from '../lib/result';
import { machine, mib } from '../lib/stats';
import type { PageDriverRequest, PageDriverResult } from './page-driver';
import {
  drive,
  machineTicks,
  startForumBench,
  median,
  post,
  profiled,
  registerMembers,
  systemMeta,
} from './product-api';
import type { Member } from './product-api';

/**
 * bench/forum/topic-page: the first paint of the member site's `/thread` page — the topic, its first page of
 * comments with their first replies, and the authors' cards — for a visitor (no cookie, no token) and for a
 * signed-in member, on a topic with 20 comments and on one with 2,000 (its first and its last page), at 32
 * connections (issue 18: ≥ 5,000 views/s, p99 ≤ 30 ms).
 *
 * Seeds through the product's APIs: members registered by the identity command (as the sign-up form does), a tag
 * by the tag tree, then the topics, comments and replies posted over HTTP with the members' own access tokens and
 * the CSRF double-submit, each answered once its author can read it. A view fetches what the site fetches: the
 * page endpoint when the server has one (`GET /api/forum/topics/:id/page`), else the detail and the comments page
 * at once (`--split` forces the latter). The load comes from `page-driver.ts` in its own process.
 *
 * Sizes: `--small 20 --large 2000 --seconds 10 --connections 32 --members 40 --rounds 1` (or BENCH_*);
 * `--profile DIR` writes a CPU profile of each measure (product-api.ts `profiled`).
 */

const SMALL = setting('small', 'BENCH_SMALL_COMMENTS', 20);
const LARGE = setting('large', 'BENCH_LARGE_COMMENTS', 2_000);
const SECONDS = setting('seconds', 'BENCH_SECONDS', 10);
const CONNECTIONS = setting('connections', 'BENCH_CONNECTIONS', 32);
const MEMBERS = setting('members', 'BENCH_MEMBERS', 40);
/** Each scenario is measured this many times, rounds interleaved (min / median / max reported). */
const ROUNDS = setting('rounds', 'BENCH_ROUNDS', 1);
const SPLIT = process.argv.includes('--split');
/** `--readers member` measures one kind of reader only (e.g. under `--cpu-prof`). */
const READERS = textFlag('readers', 'visitor,member').split(',');
const PAGE_SIZE = 20;
const WRITERS = 16;
/** Every fourth comment of a page the bench reads gets replies, up to 7 (the page shows the first 5). */
const REPLIED_EVERY = 4;

async function main(): Promise<void> {
  console.log(`bench/forum/topic-page on ${machine()}`);
  console.log(
    `topics of ${SMALL} and ${LARGE} comments, ${CONNECTIONS} connections, ${SECONDS} s a measure, ${ROUNDS} round(s)`,
  );
  console.log(`load before: ${loadAverage()}`);
  const { t, base, stops } = await startForumBench();
  const forum = t.app.select(ForumModule);

  const seedStarted = performance.now();
  const members = await registerMembers(t, MEMBERS);
  const { tagId } = await forum
    .get(TagTree)
    .create(createTagBody.parse({ name: `Bench ${newId().slice(-6)}` }), systemMeta());

  const write = <T>(member: Member, url: string, body: unknown) => post<T>(base, member, url, body);
  const author = members[0]!;
  const reader = members[1]!;
  const paragraph = `<p>${'A paragraph of the topic, long enough to look like one. '.repeat(8)}</p>`;
  const postTopic = async (title: string) =>
    (
      await write<{ topicId: string }>(author, '/api/forum/topics', {
        title,
        tagIds: [tagId],
        content: `${paragraph.repeat(4)}<hide type="20"><p>Only for those who commented</p></hide>${paragraph}`,
      })
    ).topicId;

  /** Posts `count` comments (WRITERS at once), replies under every fourth one of the pages read; the reader's first. */
  async function seedTopic(topicId: string, count: number): Promise<void> {
    const replied = (i: number) => i % REPLIED_EVERY === 0 && (i < PAGE_SIZE || i >= count - PAGE_SIZE);
    await write(reader, `/api/forum/topics/${topicId}/comments`, { content: '<p>First!</p>' });
    let next = 1;
    let done = 1;
    const ticker = setInterval(() => console.log(`  ${done}/${count} comments`), 5_000);
    try {
      await Promise.all(
        Array.from({ length: WRITERS }, async () => {
          while (next < count) {
            const i = next++;
            const commenter = members[(i * 7) % members.length]!;
            const { commentId } = await write<{ commentId: string }>(
              commenter,
              `/api/forum/topics/${topicId}/comments`,
              {
                content: `<p>Comment ${i}: <strong>well said</strong>, and a <a href="https://example.com/${i}">link</a>.</p>`,
              },
            );
            if (replied(i))
              for (let r = 0; r < 1 + (i % 7); r++)
                await write(members[(i + r + 3) % members.length]!, `/api/forum/comments/${commentId}/replies`, {
                  content: `<p>Reply ${r} to comment ${i}</p>`,
                });
            done++;
          }
        }),
      );
    } finally {
      clearInterval(ticker);
    }
  }

  console.log('seeding…');
  const small = await postTopic('A topic with a few comments');
  await seedTopic(small, SMALL);
  const large = await postTopic('A topic with many comments');
  await seedTopic(large, LARGE);
  console.log(`seeded in ${seconds(performance.now() - seedStarted)}`);

  const pageProbe = await fetch(`${base}/api/forum/topics/${small}/page?page=1&pageSize=${PAGE_SIZE}`);
  const single = !SPLIT && pageProbe.status === 200;
  console.log(
    single
      ? 'a view: GET /api/forum/topics/:id/page (the page endpoint)'
      : 'a view: GET /api/forum/topics/:id and GET /api/forum/topics/:id/comments at once',
  );
  const viewPaths = (topicId: string, page: number) =>
    single
      ? [`/api/forum/topics/${topicId}/page?page=${page}&pageSize=${PAGE_SIZE}`]
      : [`/api/forum/topics/${topicId}`, `/api/forum/topics/${topicId}/comments?page=${page}&pageSize=${PAGE_SIZE}`];
  const lastPage = Math.ceil(LARGE / PAGE_SIZE);
  const pages = [
    { name: `${SMALL} comments, page 1`, topicId: small, page: 1 },
    { name: `${LARGE} comments, page 1`, topicId: large, page: 1 },
    { name: `${LARGE} comments, page ${lastPage} (last)`, topicId: large, page: lastPage },
  ];
  const readers = [
    { name: 'visitor', headers: {} as Record<string, string> },
    { name: 'member', headers: { authorization: `Bearer ${reader.token}` } },
  ];
  const scenarios = readers
    .filter((who) => READERS.includes(who.name))
    .flatMap((who) => pages.map((page) => ({ ...page, who })));

  interface Figures extends PageDriverResult {
    appCpu: number;
    /** The app's CPU time per view (ms): what a view costs the server, less sensitive to a busy machine. */
    cpuPerView: number;
    machineCpu: number;
    rss: number;
  }
  const figures = new Map<string, Figures[]>();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const scenario of scenarios) {
      const name = `${scenario.who.name}, ${scenario.name}`;
      const request: PageDriverRequest = {
        origin: base,
        paths: viewPaths(scenario.topicId, scenario.page),
        headers: scenario.who.headers,
        connections: CONNECTIONS,
        seconds: 2,
      };
      await drive(request); // JIT, connections, caches: not recorded
      const cpuBefore = process.cpuUsage();
      const ticksBefore = machineTicks();
      const wallBefore = performance.now();
      const result = await profiled(`${name} ${round}`, () => drive({ ...request, seconds: SECONDS }));
      const wall = (performance.now() - wallBefore) * 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const ticks = machineTicks();
      const measured: Figures = {
        ...result,
        appCpu: Math.round(((cpu.user + cpu.system) / wall) * 100),
        cpuPerView:
          Math.round(((cpu.user + cpu.system) / 1000 / Math.max(1, result.viewsPerSecond * (wall / 1e6))) * 1000) /
          1000,
        machineCpu: Math.round(((ticks.busy - ticksBefore.busy) / Math.max(1, ticks.total - ticksBefore.total)) * 100),
        rss: process.memoryUsage().rss,
      };
      figures.set(name, [...(figures.get(name) ?? []), measured]);
      console.log(
        `  round ${round}, ${name}: ${measured.viewsPerSecond} views/s, p50 ${measured.p50} p95 ${measured.p95} p99 ${measured.p99} ms, ` +
          `${measured.failed} failed, app CPU ${measured.appCpu} % (${measured.cpuPerView} ms a view), machine CPU ${measured.machineCpu} %, load ${loadAverage()}`,
      );
    }
  }

  console.log(
    `\n| page view (${CONNECTIONS} connections, ${SECONDS} s, ${ROUNDS} round(s): median [min–max]) | views/s | p50 ms | p95 ms | p99 ms | failed | KiB a view | app CPU (% of a core) | app CPU ms a view | machine CPU | RSS |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const range = (values: number[]) =>
    values.length === 1 ? `${values[0]}` : `${median(values)} [${Math.min(...values)}–${Math.max(...values)}]`;
  for (const [name, runs] of figures) {
    const of = (key: keyof Figures) => runs.map((run) => run[key]);
    console.log(
      `| ${name} | ${range(of('viewsPerSecond'))} | ${range(of('p50'))} | ${range(of('p95'))} | ${range(of('p99'))} | ${Math.max(...of('failed'))} | ${(runs[0]!.bytesPerView / 1024).toFixed(1)} | ${range(of('appCpu'))} | ${range(of('cpuPerView'))} | ${range(of('machineCpu'))} % | ${mib(Math.max(...of('rss')))} |`,
    );
  }
  for (const [name, runs] of figures) {
    reportResult(
      'forum-topic-page',
      `${name}: views`,
      median(runs.map((r) => r.viewsPerSecond)),
      'views/s',
      atLeast(5000),
    );
    reportResult('forum-topic-page', `${name}: p99`, median(runs.map((r) => r.p99)), 'ms', atMost(30));
    reportResult('forum-topic-page', `${name}: failed`, Math.max(...runs.map((r) => r.failed)), 'views', atMost(0));
  }
  console.log(`\nprocess memory: RSS ${mib(process.memoryUsage().rss)}, heap ${mib(process.memoryUsage().heapUsed)}`);
  console.log(`load after: ${loadAverage()}`);
  for (const stop of stops) await stop();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
