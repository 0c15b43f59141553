import type { Kafka, Producer } from 'kafkajs';
import { eventContract, newId } from '@forum/contracts';
import type { EventEnvelope } from '@forum/contracts';
import { encodeEvent, eventTopic, TopicRegistry } from '@forum/event-bus';
import { REACTOR_CHECKPOINTS } from '@forum/event-bus';
import type { ProjectorCheckpoint, ReactorCheckpoint } from '@forum/event-bus';
import { hostedProjections, KAFKA, MEMBER_PROFILES, PermissionChecker } from '@forum/platform';
import { eventually, memberAccount, staffAccount, startTestApp, TestApp } from '@forum/testing';
import { MessagingModule } from './messaging.module';

const serviceOf = (t: TestApp) => t.config.SERVICE_NAME;

export interface MessagingFixture {
  t: TestApp;
  staffId: string;
  /** A real member (registered through identity), known to messaging's member and permission copies. */
  member(account: string): Promise<string>;
  /** Publishes an event of another context to Kafka as its outbox relay would (validated by its contract). */
  publish(context: string, streamId: string, type: string, data: unknown, version?: number): Promise<EventEnvelope>;
  /** Publishes an already-built envelope again (a redelivery). */
  republish(context: string, envelope: EventEnvelope): Promise<void>;
  /** Builds a valid envelope without publishing it. */
  envelope(streamId: string, type: string, data: unknown, version?: number): EventEnvelope;
  /** Publishes many envelopes of one Kafka topic in one request. */
  republishAll(context: string, envelopes: EventEnvelope[]): Promise<void>;
  /** Waits until a worker (a name at version 1, or a projection's name and version) has handled all of `topics`. */
  caughtUp(worker: string | { name: string; version: number }, topics: string[]): Promise<void>;
  close(): Promise<void>;
}

/** Identity (members, follows, roles) and messaging, with a staff account that may manage content. */
export async function startMessaging(): Promise<MessagingFixture> {
  const t = await startTestApp(['identity', MessagingModule]);
  const staffId = await staffAccount(t.app, 'msg_admin', { contexts: [MessagingModule], permission: 'content.manage' });
  const kafka = t.app.get<Kafka>(KAFKA);
  const topics = t.app.get(TopicRegistry);
  const producer: Producer = kafka.producer({ idempotent: true });
  await producer.connect();
  let accounts = 0;

  const republish = async (context: string, envelope: EventEnvelope) => {
    const topic = eventTopic(context, envelope.streamId);
    await topics.ensure([topic]);
    await producer.send({
      topic: topics.physical(topic),
      acks: -1,
      messages: [{ key: envelope.streamId, value: encodeEvent(envelope) }],
    });
  };

  const build = (streamId: string, type: string, data: unknown, version = 1): EventEnvelope => {
    const contract = eventContract(type);
    if (!contract) throw new Error(`no contract for ${type}`);
    const now = new Date();
    return {
      id: newId(now.getTime()),
      type,
      streamId,
      version,
      occurredAt: now.toISOString(),
      schemaVersion: contract.schemaVersion,
      correlationId: newId(),
      causationId: null,
      actor: { kind: 'member', id: null },
      data: contract.schema.parse(data),
    };
  };

  return {
    t,
    staffId,
    async member(account) {
      const name = `${account}${Date.now().toString(36).slice(-4)}${accounts++}`;
      const memberId = await memberAccount(t.app, name, name);
      const profiles = t.db('messaging').collection<{ _id: string }>(MEMBER_PROFILES);
      await eventually(async () => expect(await profiles.findOne({ _id: memberId })).not.toBeNull());
      const checker = t.app.select(MessagingModule).get(PermissionChecker);
      await eventually(async () =>
        expect(await checker.can({ kind: 'member', id: memberId }, 'privateMessage')).toBe(true),
      );
      return memberId;
    },
    envelope: build,
    async publish(context, streamId, type, data, version = 1) {
      const envelope = build(streamId, type, data, version);
      await republish(context, envelope);
      return envelope;
    },
    async republishAll(context, envelopes) {
      const topic = eventTopic(context, envelopes[0]!.streamId);
      await topics.ensure([topic]);
      await producer.send({
        topic: topics.physical(topic),
        acks: -1,
        messages: envelopes.map((envelope) => ({ key: envelope.streamId, value: encodeEvent(envelope) })),
      });
    },
    republish,
    async caughtUp(worker, logical) {
      const { name, version } = typeof worker === 'string' ? { name: worker, version: 1 } : worker;
      const group = topics.physical(`${serviceOf(t)}.${name}.v${version}`);
      // Projections share their context's consumer group (ADR 36), reactors their host's (ADR 45); each records
      // its own progress per partition (the last offset it handled).
      const projection = hostedProjections()
        .get('messaging')
        ?.some((hosted) => hosted.name === name && hosted.version === version);
      const db = t.db('messaging');
      const admin = kafka.admin();
      await admin.connect();
      try {
        await eventually(async () => {
          for (const topic of logical.map((name) => topics.physical(name))) {
            for (const end of await admin.fetchTopicOffsets(topic)) {
              const _id = `${group}|${topic}|${end.partition}`;
              const handled = projection
                ? (await db.collection<ProjectorCheckpoint>('projector_checkpoints').findOne({ _id }))?.offset
                : (await db.collection<ReactorCheckpoint>(REACTOR_CHECKPOINTS).findOne({ _id }))?.offset;
              const done = BigInt(handled ?? '-1') + 1n;
              expect(BigInt(end.high) === 0n || done >= BigInt(end.high)).toBe(true);
            }
          }
        });
      } finally {
        await admin.disconnect();
      }
    },
    async close() {
      await producer.disconnect();
      await t.close();
    },
  };
}
