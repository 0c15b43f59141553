import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { Kafka, logLevel } from 'kafkajs';
import { MongoClient, MongoServerError } from 'mongodb';

import {
  ensureLocalInfraFetched,
  freePort,
  RunningKafka,
  RunningMongo,
  startLocalKafka,
  startLocalMongo,
} from './index';

// These start their own broker and server (on free ports) besides the harness's pair, because they
// kill and restart them. The first run downloads ~50 MB of jars.
jest.setTimeout(300_000);

async function consume(brokers: string, topic: string, groupId: string, count: number): Promise<string[]> {
  const kafka = new Kafka({ clientId: `spec-${groupId}`, brokers: [brokers], logLevel: logLevel.ERROR });
  const consumer = kafka.consumer({ groupId });
  const seen: string[] = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`got ${seen.length} of ${count} messages from ${topic}`)),
        60_000,
      );
      consumer
        .run({
          eachMessage: async ({ message }) => {
            seen.push(message.value?.toString() ?? '');
            if (seen.length >= count) {
              clearTimeout(timer);
              resolve();
            }
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
  return seen;
}

describe('local infrastructure (Kafka broker + MongoDB-wire stand-in)', () => {
  let work: string;
  let kafka: RunningKafka;
  let mongo: RunningMongo;
  let mongoFile: string;
  const topic = 'local-infra-spec';

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'local-infra-spec-'));
    mongoFile = path.join(work, 'mongo.mv');
    await ensureLocalInfraFetched();
    [kafka, mongo] = await Promise.all([
      startLocalKafka({ port: await freePort(), dataDir: path.join(work, 'kafka') }),
      startLocalMongo({ port: await freePort(), file: mongoFile }),
    ]);
  });

  afterAll(async () => {
    await Promise.allSettled([kafka?.stop(), mongo?.stop()]);
    rmSync(work, { recursive: true, force: true });
  });

  it('MongoDB-wire: insert/find and a compound multikey unique index rejects a duplicate', async () => {
    const client = new MongoClient(mongo.url);
    try {
      const streams = client
        .db('spec')
        .collection<{ _id: string; streamId: string; events: { version: number }[] }>('streams');
      await streams.insertOne({ _id: 'c1', streamId: 's1', events: [{ version: 1 }, { version: 2 }] });
      expect(await streams.findOne({ _id: 'c1' })).toMatchObject({ streamId: 's1' });

      await streams.createIndex({ streamId: 1, 'events.version': 1 }, { unique: true, name: 'stream_version' });
      await streams.insertOne({ _id: 'c2', streamId: 's2', events: [{ version: 1 }] }); // other stream: fine
      const duplicate = await streams
        .insertOne({ _id: 'c3', streamId: 's1', events: [{ version: 2 }, { version: 3 }] })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(duplicate).toBeInstanceOf(MongoServerError);
      expect((duplicate as MongoServerError).code).toBe(11000);
      expect(await streams.countDocuments({})).toBe(2);
    } finally {
      await client.close();
    }
  });

  it('Kafka: produces 3 messages and consumes them back in a consumer group', async () => {
    const client = new Kafka({ clientId: 'spec', brokers: [kafka.brokers], logLevel: logLevel.ERROR });
    const admin = client.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
    await admin.disconnect();
    const producer = client.producer();
    await producer.connect();
    await producer.send({ topic, acks: -1, messages: ['m1', 'm2', 'm3'].map((value) => ({ key: 'k', value })) });
    await producer.disconnect();
    expect(await consume(kafka.brokers, topic, 'spec-group-1', 3)).toEqual(['m1', 'm2', 'm3']);
  });

  it('Kafka: after SIGKILL, a restart on the same port and dataDir still has the messages', async () => {
    const { port, dataDir } = kafka;
    await kafka.kill();
    kafka = await startLocalKafka({ port, dataDir });
    expect(kafka.brokers).toBe(`127.0.0.1:${port}`);
    expect(await consume(kafka.brokers, topic, 'spec-group-2', 3)).toEqual(['m1', 'm2', 'm3']);
  });

  it('MongoDB-wire: a file-backed server restarted on the same file still has the documents', async () => {
    const { port } = mongo;
    await mongo.stop();
    mongo = await startLocalMongo({ port, file: mongoFile });
    const client = new MongoClient(mongo.url);
    try {
      const streams = client.db('spec').collection('streams');
      expect(await streams.findOne({ _id: 'c1' as never })).toMatchObject({ streamId: 's1' });
      expect(await streams.countDocuments({})).toBe(2);
      // the unique index survived too
      await expect(
        streams.insertOne({ _id: 'c4' as never, streamId: 's2', events: [{ version: 1 }] }),
      ).rejects.toMatchObject({ code: 11000 });
    } finally {
      await client.close();
    }
  });
});
