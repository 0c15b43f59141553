import { isDeepStrictEqual } from 'node:util';
import { BALANCE_MODULES, newId, POINTS_MODULES } from '@forum/contracts';
import type { EventEnvelope } from '@forum/contracts';
import { createKafka, encodeEvent, eventTopic, rebuildProjection, SHADOW_SUFFIX } from '@forum/event-bus';
import { EventStore, toEnvelopes } from '@forum/event-store';
import { eventually } from '@forum/testing';
import type { Db, MongoClient } from 'mongodb';
import { PROJECTIONS } from '../../services/all-in-one/src/contexts';
import { auditLedgers } from '../../services/wallet/src/audit/ledger-audit';
import type { AuditReport } from '../../services/wallet/src/audit/ledger-audit';
import { Ledger } from '../../services/wallet/src/ledger/ledger';

/** Env for fault-test apps: traffic from one test member must not meet the per-process write limit. */
export const FAULT_ENV = {
  RATE_LIMIT_WRITES_PER_MINUTE: '100000',
  RATE_LIMIT_WRITES_PER_MINUTE_PER_IP: '100000',
  READ_YOUR_WRITES_TIMEOUT_MS: '5000',
};

/** The manual (long) variant of each fault scenario: `FAULT_SOAK=1`. */
export const SOAK = process.env.FAULT_SOAK === '1';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const system = () => ({ actor: { kind: 'system' as const, id: null }, now: new Date(), correlationId: newId() });

/** Money (fen) and points to spend, as a staff adjustment gives them. */
export async function fund(
  ledger: Ledger,
  walletId: string,
  { fen = 0, points = 0 }: { fen?: number; points?: number },
): Promise<void> {
  const base = { walletId, remark: 'fault test funds', now: new Date() };
  if (fen > 0)
    await ledger.record(
      {
        ...base,
        type: 'Credit',
        operationId: `fault-fund:${newId()}`,
        module: BALANCE_MODULES.staffAdjustment,
        amount: fen,
      },
      system(),
      { waitForReadModel: true },
    );
  if (points > 0)
    await ledger.record(
      {
        ...base,
        type: 'CreditPoints',
        operationId: `fault-points:${newId()}`,
        module: POINTS_MODULES.staffAdjustment,
        amount: points,
      },
      system(),
      { waitForReadModel: true },
    );
}

/** The ledger audit of the wallet database passes (retried while the ledger projection catches up). */
export async function expectAuditPasses(walletDb: Db, timeoutMs = 90_000): Promise<AuditReport> {
  let report: AuditReport | undefined;
  await eventually(
    async () => {
      // The scenario's writes are over when it audits: the cut is the audit's start, not a second before it (the
      // margin a live site needs for clocks), so two audits around a quiet step compare the same commits.
      report = await auditLedgers(walletDb, { cutMarginMs: 0 });
      expect(report.differences).toEqual([]);
      expect(report.ok).toBe(true);
    },
    { timeoutMs, intervalMs: 1_000 },
  );
  return report!;
}

export interface RebuildComparison {
  /** `context/projection` names compared. */
  compared: string[];
  /** Documents compared in all. */
  documents: number;
}

/**
 * Every projection of the given contexts, rebuilt from the event stores into shadow collections (`swap: false`),
 * equals its live read model document for document. Retried while the live projectors catch up.
 */
export async function expectReadModelsEqualRebuild(
  mongo: MongoClient,
  prefix: string,
  contexts: string[],
  timeoutMs = 120_000,
): Promise<RebuildComparison> {
  const stores = Object.keys(PROJECTIONS).map((context) => new EventStore(context, mongo.db(`${prefix}${context}`)));
  let result: RebuildComparison = { compared: [], documents: 0 };
  await eventually(
    async () => {
      result = { compared: [], documents: 0 };
      const differences: unknown[] = [];
      for (const context of contexts) {
        const db = mongo.db(`${prefix}${context}`);
        const projections = PROJECTIONS[context] ?? [];
        const compared = new Set<string>();
        for (const projection of projections) {
          if (projection.collections.every((collection) => compared.has(collection))) {
            result.compared.push(`${context}/${projection.name}`);
            continue;
          }
          // Several projections may write one collection (`forum_lists`): the co-owners are rebuilt together.
          await rebuildProjection(projection, stores, db, { swap: false, coOwners: projections });
          const shadows = (await db.listCollections({}, { nameOnly: true }).toArray())
            .map(({ name }) => name)
            .filter((name) => name.endsWith(SHADOW_SUFFIX));
          for (const shadow of shadows) {
            const collection = shadow.slice(0, -SHADOW_SUFFIX.length);
            const live = await db.collection(collection).find().toArray();
            const rebuilt = await db.collection(shadow).find().toArray();
            result.documents += live.length;
            const docs = new Map(rebuilt.map((doc) => [String(doc._id), doc]));
            const liveIds = new Set(live.map((doc) => String(doc._id)));
            const differing = live.filter(
              (doc) => !isDeepStrictEqual(comparable(doc), comparable(docs.get(String(doc._id)))),
            );
            const missing = [];
            for (const doc of rebuilt)
              if (!liveIds.has(String(doc._id)) && !(await settledWorkItem(db, collection, doc))) missing.push(doc);
            if (differing.length > 0 || missing.length > 0)
              differences.push({
                readModel: `${context}/${collection} (${projection.name})`,
                differing: differing.length,
                missingLive: missing.length,
                example: differing[0]
                  ? { live: differing[0], rebuilt: docs.get(String(differing[0]._id)) ?? null }
                  : { rebuiltOnly: missing[0] },
              });
            compared.add(collection);
            await db.collection(shadow).drop();
          }
          result.compared.push(`${context}/${projection.name}`);
        }
      }
      expect(differences).toEqual([]);
    },
    { timeoutMs, intervalMs: 3_000 },
  );
  return result;
}

/**
 * `wallet_envelope_due` is the expiry job's work list: the projection adds a row per envelope, the job deletes it
 * once the envelope is refunded or fully claimed (no event says so). A rebuild brings such rows back; they are
 * harmless (the next round deletes them, refunding nothing twice), so a row only the rebuild has is accepted when
 * its envelope is settled.
 */
async function settledWorkItem(db: Db, collection: string, doc: Record<string, unknown>): Promise<boolean> {
  if (collection !== 'wallet_envelope_due') return false;
  const envelope = await db
    .collection<{ _id: string; refundAmount?: number; receivedQuantity?: number; giveQuantity: number }>(
      'wallet_envelopes',
    )
    .findOne({ _id: String(doc.envelopeId) });
  return !!envelope && (envelope.refundAmount !== undefined || envelope.receivedQuantity === envelope.giveQuantity);
}

/**
 * `ids` arrays (the forum's id lists) are sets filled by `$addToSet` from many streams: their arrival order differs
 * between a live projector and a replay, and readers order them by the time-ordered ids (`readList`).
 */
function comparable(doc: Record<string, unknown> | undefined): unknown {
  if (!doc || !Array.isArray(doc.ids)) return doc;
  return { ...doc, ids: [...(doc.ids as string[])].sort() };
}

/** Every event of the given contexts' stores, in commit order, with its logical topic and stream. */
export async function storedEvents(
  mongo: MongoClient,
  prefix: string,
  contexts: string[],
): Promise<{ topic: string; streamId: string; event: EventEnvelope }[]> {
  const events: { topic: string; streamId: string; event: EventEnvelope }[] = [];
  for (const context of contexts) {
    const store = new EventStore(context, mongo.db(`${prefix}${context}`));
    for await (const commits of store.readAll())
      for (const commit of commits)
        for (const event of toEnvelopes(commit))
          events.push({ topic: eventTopic(context, commit.streamId), streamId: commit.streamId, event });
  }
  return events;
}

/**
 * Publishes the given events again onto their topics, as a relay sweep after a crash or a misbehaving producer
 * would: each message exactly as the outbox relay encodes it, in the order given, one message per send.
 */
export async function republish(
  brokers: string | string[],
  topicPrefix: string,
  events: { topic: string; streamId: string; event: EventEnvelope }[],
): Promise<void> {
  const kafka = createKafka({
    brokers: brokerList(brokers),
    clientId: 'fault-republisher',
    topicPrefix,
    partitions: 3,
    fetchWaitMs: 100,
  });
  const producer = kafka.producer();
  await producer.connect();
  try {
    for (const { topic, streamId, event } of events)
      await producer.send({
        topic: `${topicPrefix}${topic}`,
        acks: -1,
        messages: [
          {
            key: streamId,
            value: encodeEvent(event),
            headers: { 'event-type': event.type, 'event-id': event.id },
          },
        ],
      });
  } finally {
    await producer.disconnect();
  }
}

/**
 * Waits until every consumer group of this app (named with its topic prefix) has committed the end of every
 * partition it reads: the projectors and reactors have handled everything published so far.
 */
export async function waitForConsumersDrained(
  brokers: string | string[],
  topicPrefix: string,
  timeoutMs = 120_000,
): Promise<void> {
  const kafka = createKafka({
    brokers: brokerList(brokers),
    clientId: 'fault-lag',
    topicPrefix,
    partitions: 3,
    fetchWaitMs: 100,
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    await eventually(
      async () => {
        const groups = (await admin.listGroups()).groups
          .map((group) => group.groupId)
          .filter((id) => id.startsWith(topicPrefix));
        expect(groups.length).toBeGreaterThan(0);
        const behind: string[] = [];
        for (const groupId of groups) {
          for (const { topic, partitions } of await admin.fetchOffsets({ groupId })) {
            const ends = await admin.fetchTopicOffsets(topic);
            for (const end of ends) {
              const committed = partitions.find((p) => p.partition === end.partition)?.offset ?? '-1';
              const done = committed === '-1' ? Number(end.high) === 0 : Number(committed) >= Number(end.high);
              if (!done) behind.push(`${groupId} ${topic}/${end.partition}: ${committed} < ${end.high}`);
            }
          }
        }
        expect(behind).toEqual([]);
      },
      { timeoutMs, intervalMs: 1_000 },
    );
  } finally {
    await admin.disconnect();
  }
}

const brokerList = (brokers: string | string[]) => (Array.isArray(brokers) ? brokers : brokers.split(','));
