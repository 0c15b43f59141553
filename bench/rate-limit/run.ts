import { TokenService } from '@forum/platform';
import type { TestApp } from '@forum/testing';
import { cannonRow, loadAverage, measure, setting, startBenchApp, useInfra } from '../lib/pipeline';
import { machine } from '../lib/stats';

/**
 * bench/rate-limit (ADR 0050): what counting a write's rate limit costs, over real sockets with autocannon in its
 * own process. A member's default-limited write (discarding a draft that is not there: the command runs, nothing
 * is stored) counted and allowed; the same route refused (the member is over a limit of 1); a read (no limit) as
 * the control. One member: every request hits the same counter, the worst case for a shared one.
 * `--seconds`, `--connections` (or BENCH_*).
 */
const SECONDS = setting('seconds', 'BENCH_SECONDS', 10);
const CONNECTIONS = setting('connections', 'BENCH_CONNECTIONS', 16);

async function main(): Promise<void> {
  const stops = await useInfra();
  const apps: TestApp[] = [];
  try {
    console.log(`bench/rate-limit — ${machine()}`);
    const counted = await startBenchApp(['forum'], { RATE_LIMIT_WRITES_PER_MINUTE: '100000000' });
    apps.push(counted);
    const refused = await startBenchApp(['forum'], { RATE_LIMIT_WRITES_PER_MINUTE: '1' });
    apps.push(refused);
    const urls = new Map<TestApp, string>();
    for (const app of apps) urls.set(app, await app.listen());
    const request = (app: TestApp, method: string, path: string) => {
      const token = app.app.get(TokenService).issueAccessToken({ sub: 'm_bench_rate', kind: 'member' });
      return {
        url: `${urls.get(app)}${path}`,
        method,
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: {
          authorization: `Bearer ${token},refresh`,
          cookie: 'cms_token=csrf-bench-token-0123456789',
          'bbs-xsrf-token': 'csrf-bench-token-0123456789',
          'x-requested-with': 'XMLHttpRequest',
        },
      };
    };
    const draft = '/api/forum/drafts/topic%3Anew';
    const write = request(counted, 'DELETE', draft);
    const over = request(refused, 'DELETE', draft);
    const read = request(counted, 'GET', '/api/forum/drafts');
    // Warm up (JIT, pools, the refused member's window), then measure one after the other.
    for (const r of [write, over, read]) await measure({ ...r, seconds: 2 });
    console.log(`load average before: ${loadAverage()}`);
    console.log('| measure | throughput | p50 ms | p95 ms | p99 ms | non-2xx |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    console.log(cannonRow('write, counted and allowed', await measure(write)));
    console.log(cannonRow('write, refused (429)', await measure(over)));
    console.log(cannonRow('read, not limited', await measure(read)));
    console.log(`load average after: ${loadAverage()}`);
  } finally {
    for (const app of apps.reverse()) {
      // On servers it did not start itself, the bench drops what it made (as the others do).
      if (process.env.MONGO_URL) {
        const { databases } = await app.mongo.db('admin').admin().listDatabases();
        for (const { name } of databases)
          if (name.startsWith(app.config.MONGO_DB_PREFIX)) await app.mongo.db(name).dropDatabase();
      }
      await app.close();
    }
    for (const stop of stops) await stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
