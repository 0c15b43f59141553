import type { EventEnvelope } from '@forum/contracts';
import { allEventTopics, beforeAfter, staffAuditProjection } from './staff-audit.projection';

const envelope = (overrides: Partial<EventEnvelope>): EventEnvelope => ({
  id: 'e1',
  type: 'TopicPinned',
  streamId: 'topic-t1',
  version: 3,
  occurredAt: '2026-11-21T10:00:00.000Z',
  schemaVersion: 1,
  correlationId: 'c1',
  causationId: null,
  actor: { kind: 'staff', id: 's1' },
  data: { topicId: 't1', weight: 2 },
  ...overrides,
});

function applied(event: EventEnvelope) {
  const writes: { collection: string; id: string; update: unknown }[] = [];
  const writer = {
    upsertVersioned: (collection: string, id: string, _event: unknown, update: unknown) =>
      writes.push({ collection, id, update }),
  };
  void staffAuditProjection.apply(event, writer as never);
  return writes;
}

describe('the staff audit projection', () => {
  it('listens to every topic of every context', () => {
    expect(allEventTopics()).toEqual(
      expect.arrayContaining(['forum.topic', 'identity.role', 'wallet.wallet', 'qa.question', 'moderation.settings']),
    );
  });

  it('records a staff event by time and event id, with its target', () => {
    const [write] = applied(envelope({}));
    expect(write).toMatchObject({
      collection: 'staff_audit_log',
      id: '2026-11-21T10:00:00.000Z|e1',
      update: { $set: { actorId: 's1', action: 'TopicPinned', context: 'forum', targetKind: 'topic', targetId: 't1' } },
    });
  });

  it('ignores members, the system, visitors and token renewals', () => {
    expect(applied(envelope({ actor: { kind: 'member', id: 'm1' } }))).toEqual([]);
    expect(applied(envelope({ actor: { kind: 'system', id: null } }))).toEqual([]);
    expect(applied(envelope({ type: 'TokenRenewed', streamId: 'session-x' }))).toEqual([]);
  });

  it('finds before and after where the event carries them', () => {
    expect(beforeAfter('SettingsChanged', { changes: { a: 2 }, previous: { a: 1 } })).toEqual({
      before: { a: 1 },
      after: { a: 2 },
    });
    expect(beforeAfter('BountyAdjusted', { amount: 300, previousAmount: 100, points: 0, previousPoints: 0 })).toEqual({
      before: { amount: 100, points: 0 },
      after: { amount: 300, points: 0 },
    });
    expect(beforeAfter('TopicPinned', { weight: 2 })).toEqual({ before: null, after: null });
  });
});
