import autocannon from 'autocannon';
import { latencySummary } from '../lib/stats';

/** What the bench asks the load process for (one JSON argument). */
export interface CannonRequest {
  url: string;
  connections: number;
  seconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One measure: autocannon's throughput plus percentiles from every response time (its summary has no p95). */
export interface CannonResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  failed: number;
}

/**
 * The load generator, run as its own process so it does not share the event loop (or the core) of the server
 * it measures. Prints one CannonResult as JSON.
 */
function main(): void {
  const request = JSON.parse(process.argv[2] ?? '{}') as CannonRequest;
  const samples: number[] = [];
  const instance = autocannon(
    {
      url: request.url,
      connections: request.connections,
      duration: request.seconds,
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
    },
    (error, result) => {
      if (error) throw error;
      const summary = latencySummary(samples);
      const output: CannonResult = {
        rps: Math.round(result.requests.average),
        p50: summary.p50,
        p95: summary.p95,
        p99: summary.p99,
        max: summary.max,
        failed: result.non2xx + result.errors + result.timeouts,
      };
      process.stdout.write(JSON.stringify(output));
    },
  );
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    samples.push(responseTime);
  });
}

main();
