import { MongoClient } from 'mongodb';
import { ConsumerRunner, createKafka, ReadModelWriter, TopicRegistry } from '@forum/event-bus';

/**
 * One replica of a consumer group for `libs/event-bus/src/consumer-order.int-spec.ts`, in a process of its own so
 * that the per-process batch lock of ConsumerRunner cannot hide what happens between replicas. It runs the real
 * ConsumerRunner and applies each event on its own through the real ReadModelWriter (a kill mid-batch leaves part
 * of the batch applied, as a projection's writes can be), after recording that it handled it:
 * - `handled`: every event handed to this replica (stream, version, run, per-run sequence, time, partition, offset);
 * - `streams`: per stream, a version-guarded `$inc` of the event's `by` and a `$push` of what was applied — the
 *   guard passes each version once, so `applied` lists the first applications in the order they happened.
 * Prints `ORDER APPLIED <partition> <i>/<n>` after the i-th event of an n-event batch, for the spec to kill it there.
 */
const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`order replica: ${name} is not set`);
  return value;
};

const run = `${env('ORDER_REPLICA')}#${process.pid}`;
const delayMs = Number(process.env.ORDER_EVENT_DELAY_MS ?? 0);
const say = (line: string) => process.stdout.write(`ORDER ${line}\n`);
const logger = {
  info: (obj: object, msg?: string) => console.error(run, 'info', msg, JSON.stringify(obj)),
  warn: (obj: object, msg?: string) => console.error(run, 'warn', msg, JSON.stringify(obj)),
  error: (obj: object, msg?: string) => console.error(run, 'error', msg, JSON.stringify(obj)),
};

async function main(): Promise<void> {
  const mongo = await new MongoClient(env('MONGO_URL')).connect();
  const db = mongo.db(env('ORDER_DB'));
  const handled = db.collection('handled');
  const settings = {
    brokers: env('KAFKA_BROKERS').split(','),
    clientId: run,
    topicPrefix: env('KAFKA_TOPIC_PREFIX'),
    partitions: Number(env('KAFKA_PARTITIONS')),
    fetchWaitMs: 100,
  };
  const kafka = createKafka(settings, logger);
  const topics = new TopicRegistry(kafka, settings);
  let seq = 0;
  const runner = new ConsumerRunner(kafka, topics, {
    groupId: env('ORDER_GROUP'),
    topics: [env('ORDER_TOPIC')],
    logger,
    async handleBatch(events, { partition, offsets }) {
      for (const [index, event] of events.entries()) {
        const at = Date.now();
        seq += 1;
        const { by } = event.data as { by: number };
        const entry = { stream: event.streamId, version: event.version, run, seq, at, partition };
        await handled.insertOne({ ...entry, offset: offsets[index] });
        const writer = new ReadModelWriter(db);
        writer.upsertVersioned('streams', event.streamId, event, {
          $inc: { sum: by },
          $push: { applied: { version: event.version, run, seq, at } } as never,
        });
        await writer.flush();
        say(`APPLIED ${partition} ${index + 1}/${events.length}`);
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    },
  });
  await runner.start();
  say('READY');
  process.once('SIGTERM', () => {
    void runner
      .stop()
      .then(() => Promise.all([topics.close(), mongo.close()]))
      .finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(run, 'failed to start', error);
  process.exit(1);
});
