import { performance } from 'node:perf_hooks';
import { MongoClient } from 'mongodb';
import type { EventEnvelope } from '@forum/contracts';
import { ReadModelWriter } from '@forum/event-bus';
import { loadAverage, setting } from '../lib/pipeline';
import { machine } from '../lib/stats';
import { median } from './product-api';

/**
 * bench/forum/list-write: what one guarded write costs on an id list fed by many streams (a member's replies, a
 * topic's comments: `updateOnce` with one `_src` entry per source stream), as a live reply makes it — one event a
 * batch — for lists of growing size. Prints, per size, the median wall time and this process's CPU time per write.
 * Needs MONGO_URL (the shared MongoDB-wire server); drops its database at the end.
 *
 * Sizes: `--sizes 100,1000,5000 --writes 200` (list lengths; writes measured per size).
 */
const WRITES = setting('writes', 'BENCH_WRITES', 200);
const SIZES = (process.argv[process.argv.indexOf('--sizes') + 1] ?? '100,1000,5000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);

const event = (streamId: string, version = 1) => ({ streamId, version }) as unknown as EventEnvelope;
const streamOf = (i: number) => `reply-0192f0a1-2222-7000-8000-${String(i).padStart(12, '0')}`;

async function main(): Promise<void> {
  const url = process.env.MONGO_URL;
  if (!url) throw new Error('MONGO_URL is needed');
  console.log(`bench/forum/list-write on ${machine()}, load ${loadAverage()}`);
  const mongo = await new MongoClient(url).connect();
  const db = mongo.db(`bench_list_write_${Date.now().toString(36)}`);
  try {
    for (const size of SIZES) {
      const id = `memberReplies:size-${size}`;
      for (let i = 0; i < size; i += 500) {
        const writer = new ReadModelWriter(db);
        for (let j = i; j < Math.min(size, i + 500); j++)
          writer.updateOnce('lists', id, event(streamOf(j)), { $addToSet: { ids: streamOf(j) } }, { upsert: true });
        await writer.flush();
      }
      const walls: number[] = [];
      const cpuBefore = process.cpuUsage();
      for (let w = 0; w < WRITES; w++) {
        const started = performance.now();
        const writer = new ReadModelWriter(db);
        const stream = streamOf(size + w);
        writer.updateOnce('lists', id, event(stream), { $addToSet: { ids: stream } }, { upsert: true });
        await writer.flush();
        walls.push(performance.now() - started);
      }
      const cpu = process.cpuUsage(cpuBefore);
      console.log(
        `  list of ${size}: ${median(walls).toFixed(2)} ms a write (median wall), ` +
          `${((cpu.user + cpu.system) / 1000 / WRITES).toFixed(3)} ms of this process's CPU a write, load ${loadAverage()}`,
      );
    }
  } finally {
    await db.dropDatabase();
    await mongo.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
