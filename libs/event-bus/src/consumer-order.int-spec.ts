import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Db, MongoClient } from 'mongodb';
import { EventStore } from '@forum/event-store';
import { repoRoot } from '@forum/local-infra';
import { commandMeta, counterDecider, eventually, testInfra, uniqueName } from '@forum/testing';
import { createKafka, KafkaSettings, TopicRegistry } from './kafka';
import { OutboxRelay } from './outbox-relay';

const SUPPORT = path.join(repoRoot(), 'test', 'fault', 'support');
const TOPIC = 'test.counter';
const STREAMS = 30;
const ROUNDS = 20;

/** What `test/fault/support/order-replica.ts` records per event it is handed, and per version it applied. */
interface Handled {
  stream: string;
  version: number;
  run: string;
  seq: number;
  at: number;
}
interface StreamDocument {
  _id: string;
  _version: number;
  sum: number;
  applied: Omit<Handled, 'stream'>[];
}

interface Replica {
  /** Resolves with the first line (after `ORDER `) that `match` accepts, printed from now on. */
  next(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Issue 23: several replicas of one consumer group, through a replica joining, one SIGKILLed mid-batch and started
 * again, one leaving, still apply each stream's events first in stream order — what the read models' version guards
 * rely on (a version first applied after a higher one of its stream would be skipped, its increment lost).
 */
describe('consumer group order through rebalances (two replica processes)', () => {
  let mongo: MongoClient;
  let db: Db;
  let settings: KafkaSettings;
  let topics: TopicRegistry;
  let store: EventStore;
  let relay: OutboxRelay;
  const replicas: Replica[] = [];

  beforeAll(async () => {
    const infra = testInfra();
    mongo = await new MongoClient(infra.mongoUrl).connect();
    db = mongo.db(uniqueName('order_'));
    settings = {
      brokers: [infra.brokers],
      clientId: 'consumer-order-spec',
      topicPrefix: `${uniqueName('o')}.`,
      fetchWaitMs: 100,
      partitions: 6,
    };
    const kafka = createKafka(settings);
    topics = new TopicRegistry(kafka, settings);
    await topics.ensure([TOPIC]);
    store = new EventStore('test', db);
    await store.ensureIndexes();
    relay = new OutboxRelay(store, kafka, topics, { sweepIntervalMs: 200, sweepGraceMs: 0 });
    await relay.start();
  });

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await relay?.stop();
    await topics?.close();
    await mongo?.close();
  });

  function replica(name: string): Replica {
    const logFile = path.join(tmpdir(), `consumer-order-${name}-${process.pid}.log`);
    const log = createWriteStream(logFile, { flags: 'a' });
    const waiting = new Set<{
      match: (line: string) => boolean;
      found(line: string): void;
      failed(error: Error): void;
    }>();
    let child: ChildProcess | null = null;
    let exited: Promise<void> = Promise.resolve();
    const signal = async (name: NodeJS.Signals) => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill(name);
      await exited;
    };
    const next = (match: (line: string) => boolean, timeoutMs = 90_000) =>
      new Promise<string>((resolve, reject) => {
        const waiter = {
          match,
          found: (line: string) => {
            clearTimeout(timer);
            resolve(line);
          },
          failed: (error: Error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        const timer = setTimeout(() => {
          waiting.delete(waiter);
          reject(new Error(`replica ${name}: no matching line in ${timeoutMs} ms; see ${logFile}`));
        }, timeoutMs).unref();
        waiting.add(waiter);
      });
    const start = async () => {
      const proc = spawn(
        process.execPath,
        ['-r', path.join(SUPPORT, 'register-ts.cjs'), path.join(SUPPORT, 'order-replica.ts')],
        {
          env: {
            ...process.env,
            NODE_OPTIONS: '',
            MONGO_URL: testInfra().mongoUrl,
            ORDER_DB: db.databaseName,
            KAFKA_BROKERS: settings.brokers.join(','),
            KAFKA_TOPIC_PREFIX: settings.topicPrefix,
            KAFKA_PARTITIONS: String(settings.partitions),
            ORDER_GROUP: topics.physical('spec.order.v1'),
            ORDER_TOPIC: TOPIC,
            ORDER_REPLICA: name,
            // Slow enough that batches pile up behind the appends and a kill lands inside one.
            ORDER_EVENT_DELAY_MS: '20',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      child = proc;
      exited = new Promise((resolve) =>
        proc.once('exit', (code, signalled) => {
          // Killed or stopped by the spec, or crashed: whoever still waits for a line will not get it.
          const error = new Error(`replica ${name} exited (${signalled ?? code}); see ${logFile}`);
          for (const waiter of waiting) waiter.failed(error);
          waiting.clear();
          resolve();
        }),
      );
      proc.stderr!.pipe(log, { end: false });
      let partial = '';
      proc.stdout!.on('data', (chunk: Buffer) => {
        log.write(chunk);
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop()!;
        for (const line of lines) {
          if (!line.startsWith('ORDER ')) continue;
          for (const waiter of waiting)
            if (waiter.match(line.slice(6))) {
              waiting.delete(waiter);
              waiter.found(line.slice(6));
            }
        }
      });
      await next((line) => line === 'READY', 120_000);
    };
    const handle: Replica = {
      next,
      start,
      kill: () => signal('SIGKILL'),
      stop: async () => {
        await signal('SIGTERM');
        log.end();
      },
    };
    replicas.push(handle);
    return handle;
  }

  const streams = Array.from({ length: STREAMS }, (_, i) => `counter-o${i}`);
  let round = 0;
  /** Appends one event to every stream per round, `by` varying so a lost or doubled increment shows in a sum. */
  async function publishRounds(count: number): Promise<void> {
    for (const last = round + count; round < last; round++) {
      const r = round;
      await Promise.all(
        streams.map((stream, i) =>
          store.handle(counterDecider, stream, { type: 'Increment', by: 1 + ((i * 7 + r * 3) % 11) }, commandMeta()),
        ),
      );
    }
  }

  /** `APPLIED <partition> <i>/<n>` with at least `left` events of the batch still to go. */
  const midBatch =
    (left: number) =>
    (line: string): boolean => {
      const match = /^APPLIED \d+ (\d+)\/(\d+)$/.exec(line);
      return !!match && Number(match[2]) - Number(match[1]) >= left;
    };

  it('applies every event once, each stream first in version order, while a replica joins, one is killed mid-batch, one leaves', async () => {
    const a = replica('a');
    await a.start();
    await publishRounds(5);
    await a.next((line) => line.startsWith('APPLIED'));

    // A second replica joins: the group rebalances while events keep coming.
    const b = replica('b');
    await b.start();
    const bApplies = b.next((line) => line.startsWith('APPLIED'));
    await publishRounds(5);
    await bApplies;

    // A burst piles batches up; the first replica is SIGKILLed inside one and started again at once. Its
    // partitions stay with the dead member until the group's 30 s session runs out, then move.
    const aMidBatch = a.next(midBatch(5));
    await publishRounds(5);
    await aMidBatch;
    await a.kill();
    await a.start();
    const aAgainApplies = a.next((line) => line.startsWith('APPLIED'));
    await publishRounds(2);
    await aAgainApplies;

    // The second replica leaves cleanly while the last events come: its partitions move at once.
    await Promise.all([b.stop(), publishRounds(ROUNDS - round)]);

    await eventually(
      async () => {
        const done = await db.collection<StreamDocument>('streams').countDocuments({ _version: ROUNDS });
        expect(done).toBe(STREAMS);
      },
      { timeoutMs: 150_000, intervalMs: 500 },
    );

    const documents = await db.collection<StreamDocument>('streams').find().sort({ _id: 1 }).toArray();
    const handled = await db.collection<Handled>('handled').find().toArray();
    const versions = Array.from({ length: ROUNDS }, (_, i) => i + 1);
    const seen = [];
    const wanted = [];
    for (const stream of streams) {
      const events = await store.readStream(stream);
      const document = documents.find((doc) => doc._id === stream);
      // Across processes, in time order: each version was first handed to a replica after every lower one.
      const firstHandled: number[] = [];
      for (const entry of handled
        .filter((entry) => entry.stream === stream)
        .sort((x, y) => x.at - y.at || (x.run === y.run ? x.seq - y.seq : 0)))
        if (!firstHandled.includes(entry.version)) firstHandled.push(entry.version);
      // Every version applied once, in order: a late first application shows as a gap (the guard skipped it), two
      // writers past one guard as a repeat or a step back; the sum shows a lost or doubled increment.
      seen.push({
        stream,
        firstHandled,
        applied: document?.applied.map((entry) => entry.version),
        version: document?._version,
        sum: document?.sum,
      });
      wanted.push({
        stream,
        firstHandled: versions,
        applied: versions,
        version: ROUNDS,
        sum: events.reduce((sum, event) => sum + (event.data as { by: number }).by, 0),
      });
    }
    expect(seen).toEqual(wanted);

    // The scenario happened: three runs (a, b, a again) applied events, some streams moved between them, and
    // the kill cut a batch whose applied part was handed out again (and skipped by the guard).
    const applied = documents.flatMap((doc) => doc.applied);
    const runs = new Set(applied.map((entry) => entry.run));
    expect(runs.size).toBe(3);
    expect(documents.filter((doc) => new Set(doc.applied.map((entry) => entry.run)).size > 1).length).toBeGreaterThan(
      0,
    );
    // The killed run's last event was in a batch it never committed: another run was handed it again.
    const killedRun = [...handled].sort((x, y) => x.at - y.at).find((entry) => entry.run.startsWith('a#'))!.run;
    const lastOfKilled = handled.filter((entry) => entry.run === killedRun).sort((x, y) => y.seq - x.seq)[0]!;
    const handedAgain = handled.filter(
      (entry) =>
        entry.run !== killedRun && entry.stream === lastOfKilled.stream && entry.version === lastOfKilled.version,
    );
    expect(handedAgain.length).toBeGreaterThan(0);
    expect(handled.length).toBeGreaterThan(applied.length);
  }, 300_000);
});
