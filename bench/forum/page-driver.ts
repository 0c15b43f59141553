import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { latencySummary } from '../lib/stats';

/** What the topic-page bench asks the load process for (one JSON argument). */
export interface PageDriverRequest {
  /** `http://127.0.0.1:port` */
  origin: string;
  /** The paths one page view fetches, all at once (as the page does on its first paint). */
  paths: string[];
  headers?: Record<string, string>;
  /** Writes only: each request takes the next of these in turn instead of `headers` (several members writing). */
  headerSets?: Record<string, string>[];
  connections: number;
  seconds: number;
  /** A write instead: each iteration sends one request to the next path in turn, with this method and body. */
  write?: { method: 'POST' | 'PUT' | 'PATCH'; body: string };
}

/** Page views per second and the time of a whole view (its slowest request), in ms. */
export interface PageDriverResult {
  views: number;
  viewsPerSecond: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  failed: number;
  /** The size of one view's answers, in bytes (to see that the answer is the page). */
  bytesPerView: number;
  /** Writes answered without being visible to their author (`visible: false`: the read-your-writes wait ran out). */
  notVisible: number;
}

/**
 * The load generator of bench/forum/topic-page, in its own process so it does not share the server's event loop:
 * `connections` page views in flight on a pool of `connections` keep-alive connections; a view starts its
 * requests together and ends with the last answer (what a first paint waits for). Autocannon measures single
 * requests; a page of two requests is measured here as a page.
 */
async function main(): Promise<void> {
  const request = JSON.parse(process.argv[2] ?? '{}') as PageDriverRequest;
  const pool = new Pool(request.origin, { connections: request.connections, pipelining: 1 });
  const samples: number[] = [];
  let failed = 0;
  let requests = 0;
  let bytes = 0;
  let notVisible = 0;
  let turn = 0;
  const deadline = performance.now() + request.seconds * 1000;
  const fetchOne = async (path: string, headers = request.headers): Promise<number> => {
    const response = await pool.request({
      method: request.write?.method ?? 'GET',
      path,
      headers,
      body: request.write?.body,
    });
    const body = Buffer.from(await response.body.arrayBuffer());
    requests++;
    if (response.statusCode >= 300) failed++;
    else if (request.write && body.includes('"visible":false')) notVisible++;
    return body.length;
  };
  const writeOne = (n: number) =>
    fetchOne(
      request.paths[n % request.paths.length]!,
      request.headerSets ? request.headerSets[n % request.headerSets.length] : request.headers,
    );
  const started = performance.now();
  await Promise.all(
    Array.from({ length: request.connections }, async () => {
      while (performance.now() < deadline) {
        const at = performance.now();
        try {
          const sizes = request.write
            ? [await writeOne(turn++)]
            : await Promise.all(request.paths.map((path) => fetchOne(path)));
          bytes = sizes.reduce((sum, size) => sum + size, 0);
        } catch {
          failed++;
        }
        samples.push(performance.now() - at);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  const summary = latencySummary(samples);
  const result: PageDriverResult = {
    views: samples.length,
    viewsPerSecond: Math.round(samples.length / elapsed),
    requestsPerSecond: Math.round(requests / elapsed),
    p50: summary.p50,
    p95: summary.p95,
    p99: summary.p99,
    max: summary.max,
    failed,
    bytesPerView: bytes,
    notVisible,
  };
  process.stdout.write(JSON.stringify(result));
}

void main();
