// Local infrastructure for machines without a Docker engine: a real single-node Kafka broker and
// mongo-java-server (a MongoDB-wire stand-in) as child JVMs, from jars fetched by
// deploy/local-infra/fetch.sh. Used by the test harness and for manual runs (cli.ts).
import path from 'node:path';

import { infraDir } from './paths';
import { run } from './processes';

export { freePort } from './processes';
export { startLocalKafka } from './kafka';
export type { RunningKafka, StartKafkaOptions } from './kafka';
export { startLocalMongo, mongoUrl } from './mongo';
export type { RunningMongo, StartMongoOptions } from './mongo';
export { cacheDir, repoRoot } from './paths';

let fetching: Promise<void> | undefined;

/**
 * Run deploy/local-infra/fetch.sh (idempotent: ~20 ms when everything is cached; the first run
 * downloads ~50 MB of jars from Maven Central). Once per process; a failure is not cached.
 */
export function ensureLocalInfraFetched(): Promise<void> {
  fetching ??= run('bash', [path.join(infraDir(), 'fetch.sh')])
    .then(() => undefined)
    .catch((error: Error) => {
      fetching = undefined;
      throw new Error(`local-infra: deploy/local-infra/fetch.sh failed: ${error.message}`);
    });
  return fetching;
}
