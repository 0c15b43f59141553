import { Kafka } from 'kafkajs';
import { Db, MongoClient } from 'mongodb';
import type { EventEnvelope } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { commandMeta, counterDecider, eventually, testInfra, uniqueName } from '@forum/testing';
import { ConsumerRunner } from './consumer-runner';
import { createKafka, decodeEvent, KafkaSettings, TopicRegistry } from './kafka';
import { OutboxRelay } from './outbox-relay';
import type { ProjectionDefinition, ReactorDefinition } from './projection';
import { consumerGroup, projectionsRunner } from './projection-runner';
import { REACTOR_CHECKPOINTS, reactorsGroup, reactorsRunner } from './reactors-runner';
import type { ReactorCheckpoint } from './reactors-runner';
import { ProjectionWaiter } from './projection-waiter';
import type { PublishedEvent } from './projection-waiter';
import { rebuildProjection } from './rebuild';

/** Per stream: the latest value (version-guarded); overall: a count of applied events (once per stream version). */
const counters: ProjectionDefinition = {
  name: 'counters',
  version: 1,
  topics: ['test.counter'],
  collections: ['counters', 'counter_totals'],
  apply(event, writer) {
    if (event.type !== 'CounterIncremented') return;
    const { value } = event.data as { value: number };
    writer.upsertVersioned('counters', event.streamId, event, { $set: { value } });
    writer.updateOnce('counter_totals', 'all', event, { $inc: { applied: 1 } }, { upsert: true });
  },
};

describe('event pipeline: store → outbox relay → Kafka → projection', () => {
  let mongo: MongoClient;
  let db: Db;
  let kafka: Kafka;
  let settings: KafkaSettings;
  let topics: TopicRegistry;
  let store: EventStore;
  const running: { stop(): Promise<void> }[] = [];

  beforeEach(async () => {
    const infra = testInfra();
    mongo = await new MongoClient(infra.mongoUrl).connect();
    db = mongo.db(uniqueName('pipe_'));
    settings = {
      brokers: [infra.brokers],
      clientId: 'pipeline-spec',
      topicPrefix: `${uniqueName('p')}.`,
      fetchWaitMs: 100,
      partitions: 3,
    };
    kafka = createKafka(settings);
    topics = new TopicRegistry(kafka, settings);
    store = new EventStore('test', db);
    await store.ensureIndexes();
  });

  afterEach(async () => {
    for (const part of running.splice(0).reverse()) await part.stop();
    await topics.close();
    await mongo.close();
  });

  async function startRelay(options: ConstructorParameters<typeof OutboxRelay>[3] = {}): Promise<OutboxRelay> {
    const relay = new OutboxRelay(store, kafka, topics, { sweepIntervalMs: 200, sweepGraceMs: 0, ...options });
    await relay.start();
    running.push(relay);
    return relay;
  }

  async function startProjector(projection = counters): Promise<ConsumerRunner> {
    const runner = projectionsRunner([projection], db, new ProjectionWaiter(), { service: 'spec', kafka, topics });
    await runner.start();
    running.push(runner);
    return runner;
  }

  function increment(stream: string, times: number): Promise<unknown> {
    return Promise.all(
      Array.from({ length: times }, () =>
        store.handle(counterDecider, stream, { type: 'Increment', by: 1 }, commandMeta()),
      ),
    );
  }

  async function publishedEvents(): Promise<EventEnvelope[]> {
    const consumer = kafka.consumer({ groupId: uniqueName('reader'), maxWaitTimeInMs: 100 });
    const seen: EventEnvelope[] = [];
    // Disconnected whatever happens: a reader left connected kept Jest from exiting.
    try {
      await consumer.connect();
      await consumer.subscribe({ topic: topics.physical('test.counter'), fromBeginning: true });
      await consumer.run({ eachMessage: async ({ message }) => void seen.push(decodeEvent(message.value)!) });
      const admin = kafka.admin();
      await admin.connect();
      const offsets = await admin.fetchTopicOffsets(topics.physical('test.counter'));
      await admin.disconnect();
      const total = offsets.reduce((sum, p) => sum + Number(p.high), 0);
      await eventually(() => expect(seen.length).toBeGreaterThanOrEqual(total));
    } finally {
      await consumer.disconnect();
    }
    return seen;
  }

  it('publishes appended events in stream order and projects them', async () => {
    await startRelay();
    await startProjector();
    await increment('counter-a', 5);
    await increment('counter-b', 3);
    await eventually(async () => {
      expect(await db.collection('counters').find().sort({ _id: 1 }).toArray()).toEqual([
        expect.objectContaining({ _id: 'counter-a', value: 5, _version: 5 }),
        expect.objectContaining({ _id: 'counter-b', value: 3, _version: 3 }),
      ]);
    });
    const published = await publishedEvents();
    const streamA = published.filter((e) => e.streamId === 'counter-a').map((e) => e.version);
    expect(streamA).toEqual([1, 2, 3, 4, 5]);
    expect(await db.collection('commits').countDocuments({ dispatched: false })).toBe(0);
  });

  it('reports where each event landed: the partition and offset it gives hold that very event (ADR 0052)', async () => {
    const reported: PublishedEvent[] = [];
    await startRelay({ onPublished: (events) => void reported.push(...events) });
    // Several streams at once: sends of many events over every partition.
    await Promise.all(Array.from({ length: 12 }, (_, i) => increment(`counter-${i}`, 5)));
    await eventually(() => expect(reported).toHaveLength(60));
    const consumer = kafka.consumer({ groupId: uniqueName('reader'), maxWaitTimeInMs: 100 });
    const landed = new Map<string, string>();
    await consumer.connect();
    try {
      await consumer.subscribe({ topic: topics.physical('test.counter'), fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ partition, message }) => {
          const event = decodeEvent(message.value)!;
          landed.set(`${partition}|${message.offset}`, `${event.streamId}@${event.version}`);
        },
      });
      await eventually(() => expect(landed.size).toBe(60));
    } finally {
      await consumer.disconnect();
    }

    expect(new Set(reported.map((event) => event.partition)).size).toBeGreaterThan(1);
    for (const event of reported) {
      expect(event.topic).toBe(topics.physical('test.counter'));
      expect(landed.get(`${event.partition}|${event.offset}`)).toBe(`${event.streamId}@${event.version}`);
    }
  });

  it('republishes after a crash between publish and mark, and the read model counts each event once', async () => {
    let crash = true;
    const crashing = await startRelay({
      afterPublish: () => {
        if (crash) throw new Error('relay killed between publish and mark');
      },
    });
    await increment('counter-c', 4);
    await eventually(async () => (await publishedEvents()).length >= 4);
    expect(await db.collection('commits').countDocuments({ dispatched: false })).toBe(4);
    await crashing.stop(0);
    running.splice(running.indexOf(crashing), 1);
    crash = false;
    await startRelay();
    await startProjector();
    await eventually(async () => expect(await db.collection('commits').countDocuments({ dispatched: false })).toBe(0));
    const published = await publishedEvents();
    const perEvent = new Map<string, number>();
    for (const event of published) perEvent.set(event.id, (perEvent.get(event.id) ?? 0) + 1);
    expect(perEvent.size).toBe(4);
    expect([...perEvent.values()].some((count) => count > 1)).toBe(true);
    await eventually(async () => {
      expect(await db.collection('counters').findOne({ _id: 'counter-c' as never })).toMatchObject({ value: 4 });
      expect(await db.collection('counter_totals').findOne({ _id: 'all' as never })).toMatchObject({ applied: 4 });
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await db.collection('counter_totals').findOne({ _id: 'all' as never })).toMatchObject({ applied: 4 });
  });

  it('catches up after a stop: 1,000 events later the read model equals a rebuild from the event store', async () => {
    await startRelay();
    const projector = await startProjector();
    await increment('counter-warm', 3);
    await eventually(async () => expect(await db.collection('counters').countDocuments()).toBe(1));
    await projector.stop();
    running.splice(running.indexOf(projector), 1);

    const streams = Array.from({ length: 50 }, (_, i) => `counter-s${i}`);
    for (let round = 0; round < 20; round++) await Promise.all(streams.map((stream) => increment(stream, 1)));
    await startProjector();
    await eventually(
      async () =>
        expect(await db.collection('counter_totals').findOne({ _id: 'all' as never })).toMatchObject({ applied: 1003 }),
      { timeoutMs: 30_000 },
    );

    await rebuildProjection(counters, [store], db, { swap: false });
    const live = await db.collection('counters').find().sort({ _id: 1 }).toArray();
    const rebuilt = await db.collection('counters__rebuild').find().sort({ _id: 1 }).toArray();
    expect(live).toHaveLength(51);
    expect(rebuilt).toEqual(live);
    expect(await db.collection('counter_totals__rebuild').findOne({ _id: 'all' as never })).toEqual(
      await db.collection('counter_totals').findOne({ _id: 'all' as never }),
    );
  });

  it('swaps a rebuilt model in while the live projector keeps running', async () => {
    await startRelay();
    await startProjector();
    await increment('counter-x', 10);
    await eventually(async () =>
      expect(await db.collection('counters').findOne({ _id: 'counter-x' as never })).toMatchObject({ value: 10 }),
    );
    await db.collection('counters').updateOne({ _id: 'counter-x' as never }, { $set: { value: -1 } });
    const progress = await rebuildProjection(counters, [store], db);
    expect(progress).toMatchObject({ commits: 10, events: 10 });
    expect(await db.collection('counters').findOne({ _id: 'counter-x' as never })).toMatchObject({ value: 10 });
    await increment('counter-x', 1);
    await eventually(async () =>
      expect(await db.collection('counters').findOne({ _id: 'counter-x' as never })).toMatchObject({ value: 11 }),
    );
  });

  it('runs a reactor that turns events into idempotent commands: redelivery issues nothing twice', async () => {
    await startRelay();
    const mirrored: string[] = [];
    const reactor = {
      name: 'mirror',
      version: 1,
      topics: ['test.counter'],
      async handle(event: EventEnvelope) {
        if (event.streamId !== 'counter-source') return;
        const meta = commandMeta({ idempotencyKey: `mirror:${event.id}`, causationId: event.id });
        const result = await store.handle(counterDecider, 'counter-mirror', { type: 'Increment', by: 10 }, meta);
        if (!result.replayed) mirrored.push(event.id);
      },
    };
    const first = reactorsRunner([reactor], db, { service: 'spec', kafka, topics });
    await first.start();
    await increment('counter-source', 3);
    await eventually(() => expect(mirrored).toHaveLength(3));
    await first.stop();
    // A second generation of the same group that re-reads from the beginning sees every event again.
    const again = reactorsRunner([{ ...reactor, version: 2 }], db, { service: 'spec', kafka, topics });
    await again.start();
    running.push(again);
    await eventually(async () => expect((await store.readStream('counter-mirror')).length).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const mirror = await store.readStream('counter-mirror');
    expect(mirror.map((e) => (e.data as { value: number }).value)).toEqual([10, 20, 30]);
    expect(mirror.map((e) => e.causationId)).toEqual(mirrored);
  });

  /** A reactor that records the ids of the events it was handed, and can be told to fail its first batch. */
  function recorder(name: string, failFirst = false): ReactorDefinition & { seen: string[] } {
    const seen: string[] = [];
    let failed = !failFirst;
    return {
      name,
      version: 1,
      topics: ['test.counter'],
      seen,
      async handle(event) {
        if (!failed) {
          failed = true;
          throw new Error(`${name} fails once`);
        }
        seen.push(event.id);
      },
    };
  }

  async function groupIds(): Promise<string[]> {
    const admin = kafka.admin();
    await admin.connect();
    const { groups } = await admin.listGroups();
    await admin.disconnect();
    return groups.map((group) => group.groupId);
  }

  it("runs a host's reactors on one group: a batch retried for one of them is not handled again by the others", async () => {
    await startRelay();
    const steady = recorder('steady');
    const flaky = recorder('flaky', true);
    const runner = reactorsRunner([steady, flaky], db, { service: 'spec', kafka, topics });
    await runner.start();
    running.push(runner);
    await increment('counter-r', 4);
    await eventually(() => expect(flaky.seen).toHaveLength(4), { timeoutMs: 15_000 });
    expect(steady.seen).toHaveLength(4);
    expect(new Set(steady.seen).size).toBe(4);
    const context = { service: 'spec', kafka, topics };
    const groups = await groupIds();
    expect(groups).toContain(reactorsGroup(context, [steady, flaky]));
    expect(groups).not.toContain(consumerGroup(context, steady));
    expect(groups).not.toContain(consumerGroup(context, flaky));
  });

  it('adding a reactor replays its history for it alone; a reactor starts where its own former group stood', async () => {
    await startRelay();
    await increment('counter-h', 3);
    const context = { service: 'spec', kafka, topics };
    const old = recorder('old');
    // Before one group per host, `old` had a group of its own that had read everything so far.
    const admin = kafka.admin();
    await admin.connect();
    const topic = topics.physical('test.counter');
    await eventually(async () => {
      const ends = await admin.fetchTopicOffsets(topic);
      expect(ends.reduce((sum, p) => sum + Number(p.high), 0)).toBe(3);
    });
    const ends = await admin.fetchTopicOffsets(topic);
    await admin.setOffsets({
      groupId: consumerGroup(context, old),
      topic,
      partitions: ends.map(({ partition, high }) => ({ partition, offset: high })),
    });
    await admin.disconnect();

    const first = reactorsRunner([old], db, context);
    await first.start();
    await increment('counter-h', 1);
    await eventually(() => expect(old.seen).toHaveLength(1));
    await first.stop();

    const added = recorder('added');
    const second = reactorsRunner([old, added], db, context);
    await second.start();
    running.push(second);
    await eventually(() => expect(added.seen).toHaveLength(4));
    await increment('counter-h', 1);
    await eventually(() => expect(added.seen).toHaveLength(5));
    await eventually(() => expect(old.seen).toHaveLength(2));
    expect(new Set(old.seen).size).toBe(2);
  });

  it("drops a checkpoint beyond its partition's end (the topic was made anew), so no new event is skipped", async () => {
    await startRelay();
    const context = { service: 'spec', kafka, topics };
    const fresh = recorder('fresh');
    const topic = topics.physical('test.counter');
    await topics.ensure(['test.counter']);
    await db.collection<ReactorCheckpoint>(REACTOR_CHECKPOINTS).insertMany(
      [0, 1, 2].map((partition) => ({
        _id: `${consumerGroup(context, fresh)}|${topic}|${partition}`,
        reactor: consumerGroup(context, fresh),
        topic,
        partition,
        offset: 999,
        at: new Date(),
      })),
    );
    const runner = reactorsRunner([fresh], db, context);
    await runner.start();
    running.push(runner);
    await increment('counter-n', 2);
    await eventually(() => expect(fresh.seen).toHaveLength(2));
  });
});
