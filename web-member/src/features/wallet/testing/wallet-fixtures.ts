import type { EnvelopeMember, EnvelopeView } from '../api/types';

export const wallet = { memberId: 'm1', available: 123456, frozen: 500, points: 42 };

export const sender: EnvelopeMember = { id: 'm2', nickname: 'Bob', avatar: null, cancelled: false };
export const cancelled: EnvelopeMember = { id: 'm3', nickname: null, avatar: null, cancelled: true };

export function envelope(overrides: Partial<EnvelopeView> = {}): EnvelopeView {
  return {
    id: 'e1',
    type: 20,
    topicId: 't1',
    sender,
    totalAmount: 1000,
    giveQuantity: 5,
    receivedQuantity: 2,
    refundAmount: 0,
    status: 'open',
    recipientId: null,
    claimedByMe: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

export const envelopeSettings = { minAmount: 100, maxAmount: 20000, maxQuantity: 999, availableBalance: 5000 };
