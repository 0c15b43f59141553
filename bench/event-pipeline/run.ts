import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { Db, MongoClient } from 'mongodb';
import { CommandMetadata, EventEnvelope, newId } from '@forum/contracts';
import {
  ConsumerRunner,
  createKafka,
  OutboxRelay,
  ProjectionDefinition,
  projectionsRunner,
  ProjectionWaiter,
  TopicRegistry,
} from '@forum/event-bus';
import { Decider, EventStore } from '@forum/event-store';
import { ensureLocalInfraFetched, startLocalKafka, startLocalMongo } from '@forum/local-infra';
import { atLeast, atMost, reportResult } from '../lib/result';
import { latencySummary, machine, mib } from '../lib/stats';

/**
 * bench/event-pipeline: appends across 1,000 streams through the real store → outbox relay → Kafka →
 * projection runner → MongoDB path, and prints append throughput, end-to-end latency (append start →
 * read model written) at 200 events/s and at saturation, projector catch-up throughput and memory.
 */
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const SATURATION_EVENTS = Number(process.env.BENCH_SATURATION_EVENTS ?? 30_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const PACED_RATE = Number(process.env.BENCH_PACED_RATE ?? 200);
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 15);
const BACKLOG_EVENTS = Number(process.env.BENCH_BACKLOG_EVENTS ?? 50_000);

type Scored = { type: 'ScoreAdded'; data: { points: number; total: number } };
const score: Decider<{ total: number }, { points: number }, Scored> = {
  name: 'score',
  initialState: () => ({ total: 0 }),
  evolve: (_state, event) => ({ total: event.data.total }),
  decide: (command, state) => [
    { type: 'ScoreAdded', data: { points: command.points, total: state.total + command.points } },
  ],
};

function scoreboard(version: number): ProjectionDefinition {
  return {
    name: 'scoreboard',
    version,
    topics: ['bench.score'],
    collections: ['scoreboard'],
    apply(event, writer) {
      writer.upsertVersioned('scoreboard', event.streamId, event, {
        $set: { total: (event.data as Scored['data']).total, updatedAt: event.occurredAt },
      });
    },
  };
}

/** Records when each (stream, version) reached the read model. */
class TimingWaiter extends ProjectionWaiter {
  readonly appliedAt = new Map<string, number>();
  count = 0;
  override notify(projection: string, events: EventEnvelope[]): void {
    const now = performance.now();
    for (const event of events) this.appliedAt.set(`${event.streamId}@${event.version}`, now);
    this.count += events.length;
    super.notify(projection, events);
  }
}

const meta = (): CommandMetadata => ({ actor: { kind: 'system', id: null }, now: new Date(), correlationId: newId() });
const streamOf = (i: number) => `score-${String(i % STREAMS).padStart(4, '0')}`;

async function main(): Promise<void> {
  console.log(`bench/event-pipeline on ${machine()}`);
  const stops: (() => Promise<void>)[] = [];
  let mongoUrl = process.env.MONGO_URL;
  let brokers = process.env.KAFKA_BROKERS;
  if (!mongoUrl || !brokers) {
    await ensureLocalInfraFetched();
    const [kafka, mongo] = await Promise.all([startLocalKafka(), startLocalMongo()]);
    stops.push(
      () => kafka.stop(),
      () => mongo.stop(),
    );
    mongoUrl = mongo.url;
    brokers = kafka.brokers;
    console.log(`local Kafka ${brokers}, in-memory MongoDB-wire server ${mongoUrl}`);
  }
  const client = await new MongoClient(mongoUrl).connect();
  const db: Db = client.db(`bench_${Date.now()}`);
  const settings = {
    brokers: [brokers],
    clientId: 'bench',
    topicPrefix: `bench${Date.now()}.`,
    partitions: 3,
    fetchWaitMs: 100,
  };
  const kafka = createKafka(settings);
  const topics = new TopicRegistry(kafka, settings);
  const store = new EventStore('bench', db);
  await store.ensureIndexes();
  const relay = new OutboxRelay(store, kafka, topics);
  await relay.start();
  const waiter = new TimingWaiter();
  const context = { service: 'bench', kafka, topics };
  let projector: ConsumerRunner = projectionsRunner([scoreboard(1)], db, waiter, context);
  await projector.start();
  const rows: string[][] = [];

  async function appendAll(count: number, concurrency: number, onStart?: (key: string, t: number) => void) {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          const i = next++;
          const t = performance.now();
          const result = await store.handle(score, streamOf(i), { points: 1 }, meta());
          onStart?.(`${result.streamId}@${result.version}`, t);
        }
      }),
    );
    return performance.now() - started;
  }

  async function untilApplied(total: number, timeoutMs = 300_000) {
    const deadline = Date.now() + timeoutMs;
    while (waiter.count < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    if (waiter.count < total) throw new Error(`projector applied ${waiter.count} of ${total}`);
  }

  function latencies(starts: Map<string, number>): number[] {
    return [...starts].map(([key, t]) => (waiter.appliedAt.get(key) ?? NaN) - t).filter((ms) => !Number.isNaN(ms));
  }

  // Warm-up: JIT, topic creation, first group join.
  await appendAll(2000, CONCURRENCY);
  await untilApplied(2000);

  // 1. Saturation: as fast as 64 concurrent writers go.
  const saturationStarts = new Map<string, number>();
  const before = waiter.count;
  const appendMs = await appendAll(SATURATION_EVENTS, CONCURRENCY, (key, t) => saturationStarts.set(key, t));
  await untilApplied(before + SATURATION_EVENTS);
  const appendRate = Math.round((SATURATION_EVENTS * 1000) / appendMs);
  const saturation = latencySummary(latencies(saturationStarts));
  rows.push(['append throughput (64 writers, 1,000 streams)', `${appendRate} events/s`, '≥ 3,000 events/s']);
  reportResult(
    'event-pipeline',
    `append throughput (${CONCURRENCY} writers, ${STREAMS} streams)`,
    appendRate,
    'events/s',
    atLeast(3000),
  );
  reportResult('event-pipeline', 'end-to-end at saturation p95', saturation.p95, 'ms');
  rows.push([
    'end-to-end at saturation p50 / p95 / p99',
    `${saturation.p50} / ${saturation.p95} / ${saturation.p99} ms`,
    '—',
  ]);

  // 2. Paced: 200 events/s, one append every 5 ms, spread over the streams.
  const pacedStarts = new Map<string, number>();
  const pacedCount = PACED_RATE * PACED_SECONDS;
  const pacedBefore = waiter.count;
  const t0 = performance.now();
  const inFlight: Promise<unknown>[] = [];
  for (let i = 0; i < pacedCount; i++) {
    const due = t0 + (i * 1000) / PACED_RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t = performance.now();
    inFlight.push(
      store
        .handle(score, streamOf(i * 7), { points: 1 }, meta())
        .then((r) => pacedStarts.set(`${r.streamId}@${r.version}`, t)),
    );
  }
  await Promise.all(inFlight);
  await untilApplied(pacedBefore + pacedCount);
  const paced = latencySummary(latencies(pacedStarts));
  rows.push([
    `end-to-end at ${PACED_RATE} events/s p50 / p95 / p99`,
    `${paced.p50} / ${paced.p95} / ${paced.p99} ms`,
    'p95 ≤ 100 ms',
  ]);
  reportResult('event-pipeline', `end-to-end at ${PACED_RATE} events/s p50`, paced.p50, 'ms');
  reportResult('event-pipeline', `end-to-end at ${PACED_RATE} events/s p95`, paced.p95, 'ms', atMost(100));
  reportResult('event-pipeline', `end-to-end at ${PACED_RATE} events/s p99`, paced.p99, 'ms');

  // 3. Projector catch-up: a new projection version replays everything from Kafka into fresh state.
  await appendAll(BACKLOG_EVENTS, CONCURRENCY);
  await relay.drain();
  await untilApplied(waiter.count);
  await projector.stop();
  const total = await db.collection('commits').countDocuments();
  waiter.count = 0;
  await db.collection('scoreboard').drop();
  const replayStarted = performance.now();
  projector = projectionsRunner([scoreboard(2)], db, waiter, context);
  await projector.start();
  await untilApplied(total);
  const projectorRate = Math.round((total * 1000) / (performance.now() - replayStarted));
  rows.push([`projector catch-up (${total} events from Kafka)`, `${projectorRate} events/s`, '≥ 5,000 events/s']);
  reportResult('event-pipeline', `projector catch-up (${total} events)`, projectorRate, 'events/s', atLeast(5000));

  const memory = process.memoryUsage();
  rows.push([
    'memory of the process (store, relay, projector)',
    `RSS ${mib(memory.rss)}, heap ${mib(memory.heapUsed)}`,
    '—',
  ]);
  reportResult('event-pipeline', 'process RSS (store, relay, projector)', Math.round(memory.rss / 2 ** 20), 'MiB');

  console.log('\n| measure | result | target |\n|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(
    `\n${SATURATION_EVENTS} saturation events, ${pacedCount} paced, ${BACKLOG_EVENTS} backlog; 3 partitions; relay conflicts none (one process).`,
  );

  await projector.stop();
  await relay.stop();
  await topics.close();
  await client.close();
  for (const stop of stops) await stop();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
