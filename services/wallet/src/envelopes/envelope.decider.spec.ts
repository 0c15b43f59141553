import type { EnvelopeEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { envelopeDecider } from './envelope.decider';
import type { ClaimEnvelope, RefundEnvelope } from './envelope.decider';
import { fixedSplit, randomSplit } from './envelope-split';

const t0 = new Date('2026-11-21T10:00:00.000Z');
const t1 = new Date('2026-11-21T11:00:00.000Z');
const expiresAt = new Date('2026-11-22T10:00:00.000Z');
const late = new Date('2026-11-22T10:00:00.000Z');

const sent = (shares: number[], recipientId: string | null = null): EnvelopeEvent => ({
  type: 'EnvelopeSent',
  data: {
    envelopeId: 'e1',
    type: recipientId ? 10 : 20,
    senderId: 's',
    topicId: 't1',
    recipientId,
    totalAmount: shares.reduce((a, b) => a + b, 0),
    shares,
    sentAt: t0.toISOString(),
    expiresAt: expiresAt.toISOString(),
  },
});
const claimed = (memberId: string, position: number, amount: number, batch = position): EnvelopeEvent => ({
  type: 'EnvelopeClaimed',
  data: { envelopeId: 'e1', senderId: 's', memberId, position, amount, batch, claimedAt: t1.toISOString() },
});
const claim = (memberId: string, now = t1, batch = 1): ClaimEnvelope => ({
  type: 'ClaimEnvelope',
  memberId,
  batch,
  now,
});
const refund = (reason: RefundEnvelope['reason'], now = t1): RefundEnvelope => ({
  type: 'RefundEnvelope',
  reason,
  now,
});

describe('envelope decider', () => {
  it('sends with the split it is given, and a repeated send changes nothing', () => {
    given(envelopeDecider)
      .when({
        type: 'SendEnvelope',
        envelopeId: 'e1',
        envelopeType: 20,
        senderId: 's',
        topicId: 't1',
        recipientId: null,
        shares: [30, 70],
        expiresAt,
        now: t0,
      })
      .then([sent([30, 70])]);
    given(envelopeDecider, [sent([30, 70])])
      .when({
        type: 'SendEnvelope',
        envelopeId: 'e1',
        envelopeType: 20,
        senderId: 's',
        topicId: 't1',
        recipientId: null,
        shares: [30, 70],
        expiresAt,
        now: t0,
      })
      .thenNothingHappened();
  });

  it('refuses a split with an empty share', () => {
    given(envelopeDecider)
      .when({
        type: 'SendEnvelope',
        envelopeId: 'e1',
        envelopeType: 20,
        senderId: 's',
        topicId: 't1',
        recipientId: null,
        shares: [100, 0],
        expiresAt,
        now: t0,
      })
      .thenError('wallet.envelope_share_too_small');
  });

  it('gives the i-th claimer the i-th share, recording the batch that pays it', () => {
    given(envelopeDecider, [sent([30, 70])])
      .when(claim('a'))
      .then([claimed('a', 1, 30)]);
    given(envelopeDecider, [sent([30, 70]), claimed('a', 1, 30)])
      .when(claim('b', t1, 2))
      .then([claimed('b', 2, 70)]);
  });

  it('refuses a second claim by the same member', () => {
    given(envelopeDecider, [sent([30, 70]), claimed('a', 1, 30)])
      .when(claim('a'))
      .thenError('wallet.envelope_already_claimed');
  });

  it('refuses more claims than shares: snatched up', () => {
    given(envelopeDecider, [sent([30, 70]), claimed('a', 1, 30), claimed('b', 2, 70)])
      .when(claim('c'))
      .thenError('wallet.envelope_snatched');
  });

  it('refuses the sender their own envelope', () => {
    given(envelopeDecider, [sent([30, 70])])
      .when(claim('s'))
      .thenError('wallet.envelope_own');
  });

  it('gives a directed envelope to its recipient only', () => {
    given(envelopeDecider, [sent([100], 'r')])
      .when(claim('x'))
      .thenError('wallet.envelope_not_for_you');
    given(envelopeDecider, [sent([100], 'r')])
      .when(claim('r'))
      .then([claimed('r', 1, 100)]);
  });

  it('refuses claims on an unknown envelope, after the deadline, and after a refund', () => {
    given(envelopeDecider).when(claim('a')).thenError('wallet.envelope_not_found');
    given(envelopeDecider, [sent([30, 70])])
      .when(claim('a', late))
      .thenError('wallet.envelope_refunded');
    const refunded: EnvelopeEvent = {
      type: 'EnvelopeRefunded',
      data: { envelopeId: 'e1', senderId: 's', amount: 100, reason: 'topicDeleted', refundedAt: t1.toISOString() },
    };
    given(envelopeDecider, [sent([30, 70]), refunded])
      .when(claim('a'))
      .thenError('wallet.envelope_refunded');
  });

  it('refunds the unclaimed rest once, for any reason', () => {
    const history = [sent([30, 70]), claimed('a', 1, 30)];
    const refunded = (reason: RefundEnvelope['reason'], now = t1): EnvelopeEvent => ({
      type: 'EnvelopeRefunded',
      data: { envelopeId: 'e1', senderId: 's', amount: 70, reason, refundedAt: now.toISOString() },
    });
    given(envelopeDecider, history)
      .when(refund('topicDeleted'))
      .then([refunded('topicDeleted')]);
    given(envelopeDecider, history)
      .when(refund('postFailed'))
      .then([refunded('postFailed')]);
    given(envelopeDecider, history)
      .when(refund('expired', late))
      .then([refunded('expired', late)]);
    given(envelopeDecider, [...history, refunded('topicDeleted')])
      .when(refund('expired', late))
      .thenNothingHappened();
  });

  it('refunds nothing when every share was taken, and nothing early on expiry', () => {
    given(envelopeDecider, [sent([30, 70]), claimed('a', 1, 30), claimed('b', 2, 70)])
      .when(refund('topicDeleted'))
      .thenNothingHappened();
    given(envelopeDecider, [sent([30, 70])])
      .when(refund('expired'))
      .thenError('wallet.envelope_not_expired');
    given(envelopeDecider).when(refund('expired')).thenError('wallet.envelope_not_found');
  });
});

describe('envelope split', () => {
  it('double mean: every share ≥ 1 fen, the sum is the total, each draw within its bounds', () => {
    for (const [total, count] of [
      [100, 100],
      [101, 100],
      [10_000, 7],
      [99_999, 999],
      [5, 1],
    ] as const) {
      const shares = randomSplit(total, count);
      expect(shares).toHaveLength(count);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.min(...shares)).toBeGreaterThanOrEqual(1);
      let rest = total;
      shares.slice(0, -1).forEach((share, i) => {
        const left = count - i;
        expect(share).toBeLessThanOrEqual(Math.max(1, Math.floor((2 * rest) / left) - 1));
        rest -= share;
      });
    }
  });

  it('draws from the given source: the highest draws still leave 1 fen for every later share', () => {
    expect(randomSplit(10, 3, (_min, max) => max)).toEqual([5, 4, 1]);
    expect(randomSplit(10, 3, (min) => min)).toEqual([1, 1, 8]);
    expect(randomSplit(3, 3, (_min, max) => max)).toEqual([1, 1, 1]);
  });

  it('fixed: equal shares', () => {
    expect(fixedSplit(25, 4)).toEqual([25, 25, 25, 25]);
  });
});
