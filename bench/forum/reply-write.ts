import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { newId } from '@forum/contracts';
import { ForumModule } from '../../services/forum/src/forum.module';
import { TagTree } from '../../services/forum/src/tags/tag.commands';
import { createTagBody } from '../../services/forum/src/tags/tag.schemas';
import { loadAverage, seconds, setting } from '../lib/pipeline';
import { atLeast, atMost, reportResult } from '../lib/result';
import { machine, mib } from '../lib/stats';
import {
  drive,
  machineTicks,
  median,
  post,
  profiled,
  registerMembers,
  startForumBench,
  systemMeta,
  writeHeaders,
} from './product-api';

/**
 * bench/forum/reply-write: replies posted over HTTP by signed-in members (Bearer token, CSRF), each answered once
 * its author can read it (the comment lists and counters applied it: read your writes), with 8 and with 32
 * writers at once (issue 18: ≥ 300 replies/s, p99 ≤ 100 ms). Replies go to the comments of one topic in turn,
 * written by the members in turn.
 * A write answered `visible: false` (the read-your-writes wait ran out) is counted apart.
 *
 * Sizes: `--seconds 10 --comments 40 --members 8 --rounds 1` (or BENCH_*); rounds alternate 8 and 32 writers.
 * `--profile DIR` writes a CPU profile of each measure (where a reply's Node time goes).
 */
const SECONDS = setting('seconds', 'BENCH_SECONDS', 10);
const COMMENTS = setting('comments', 'BENCH_COMMENTS', 40);
const MEMBERS = setting('members', 'BENCH_MEMBERS', 8);
const ROUNDS = setting('rounds', 'BENCH_ROUNDS', 1);

async function main(): Promise<void> {
  console.log(`bench/forum/reply-write on ${machine()}`);
  console.log(`load before: ${loadAverage()}`);
  const { t, base, stops } = await startForumBench();
  const members = await registerMembers(t, MEMBERS);
  const { tagId } = await t.app
    .select(ForumModule)
    .get(TagTree)
    .create(createTagBody.parse({ name: `Replies ${newId().slice(-6)}` }), systemMeta());
  const { topicId } = await post<{ topicId: string }>(base, members[0]!, '/api/forum/topics', {
    title: 'A topic to reply in',
    tagIds: [tagId],
    content: '<p>Reply to the comments below.</p>',
  });
  const commentIds: string[] = [];
  for (let i = 0; i < COMMENTS; i++) {
    const { commentId } = await post<{ commentId: string }>(
      base,
      members[i % members.length]!,
      `/api/forum/topics/${topicId}/comments`,
      { content: `<p>Comment ${i}</p>` },
    );
    commentIds.push(commentId);
  }

  const rows: string[] = [];
  const figures = new Map<string, { viewsPerSecond: number; p99: number; failed: number }[]>();
  for (let round = 1; round <= ROUNDS; round++)
    for (const writers of [8, 32]) {
      const request = {
        origin: base,
        paths: commentIds.map((id) => `/api/forum/comments/${id}/replies`),
        headerSets: members.map(writeHeaders),
        connections: writers,
        seconds: SECONDS,
        write: { method: 'POST' as const, body: JSON.stringify({ content: '<p>A reply, <b>with</b> markup.</p>' }) },
      };
      const cpuBefore = process.cpuUsage();
      const ticksBefore = machineTicks();
      const wallBefore = performance.now();
      const result = await profiled(`replies ${writers} ${round}`, () => drive(request));
      const wall = (performance.now() - wallBefore) * 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const ticks = machineTicks();
      const appCpu = Math.round(((cpu.user + cpu.system) / wall) * 100);
      // The app's CPU time per reply (ms): what a reply costs this process, less sensitive to a busy machine.
      const cpuPerReply =
        Math.round(((cpu.user + cpu.system) / 1000 / Math.max(1, result.viewsPerSecond * (wall / 1e6))) * 100) / 100;
      const machineCpu = Math.round(
        ((ticks.busy - ticksBefore.busy) / Math.max(1, ticks.total - ticksBefore.total)) * 100,
      );
      const name = `replies, ${writers} writers`;
      console.log(
        `  round ${round}, ${name}: ${result.viewsPerSecond}/s, p50 ${result.p50} p95 ${result.p95} p99 ${result.p99} ms, ${result.failed} failed, ${result.notVisible} not visible, app CPU ${appCpu} % (${cpuPerReply} ms a reply), machine CPU ${machineCpu} %, load ${loadAverage()}`,
      );
      rows.push(
        `| ${name} | ${result.viewsPerSecond} | ${result.p50} | ${result.p95} | ${result.p99} | ${result.failed} | ${result.notVisible} | ${appCpu} | ${cpuPerReply} | ${machineCpu} % | ${mib(process.memoryUsage().rss)} |`,
      );
      figures.set(name, [
        ...(figures.get(name) ?? []),
        { viewsPerSecond: result.viewsPerSecond, p99: result.p99, failed: result.failed + result.notVisible },
      ]);
    }
  for (const [name, runs] of figures) {
    reportResult(
      'forum-reply-write',
      `${name}: throughput`,
      median(runs.map((run) => run.viewsPerSecond)),
      'replies/s',
      atLeast(300),
    );
    reportResult('forum-reply-write', `${name}: p99`, median(runs.map((run) => run.p99)), 'ms', atMost(100));
    reportResult(
      'forum-reply-write',
      `${name}: failed`,
      Math.max(...runs.map((run) => run.failed)),
      'replies',
      atMost(0),
    );
  }
  console.log(
    `\n| reply write (${SECONDS} s) | replies/s | p50 ms | p95 ms | p99 ms | failed | not visible | app CPU (% of a core) | app CPU ms a reply | machine CPU | RSS |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  console.log(rows.join('\n'));
  console.log(`seeded and measured in ${seconds(performance.now())}; load after: ${loadAverage()}`);
  for (const stop of stops) await stop();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
