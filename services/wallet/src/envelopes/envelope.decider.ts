import { streamId } from '@forum/contracts';
import type { EnvelopeEvent, EnvelopeType } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export function envelopeStream(envelopeId: string): string {
  return streamId('envelope', envelopeId);
}

export type RefundReason = 'expired' | 'topicDeleted' | 'postFailed';

export interface EnvelopeState {
  sent: boolean;
  envelopeId: string;
  type: EnvelopeType;
  senderId: string;
  recipientId: string | null;
  shares: readonly number[];
  expiresAt: string;
  /** Who claimed, and at which position. */
  claimers: ReadonlyMap<string, number>;
  claimedAmount: number;
  refunded: boolean;
  /** Its send never completed and was closed (`EnvelopeAbandoned`): it can no longer be sent. */
  abandoned?: boolean;
}

export interface SendEnvelope {
  type: 'SendEnvelope';
  envelopeId: string;
  envelopeType: EnvelopeType;
  senderId: string;
  topicId: string;
  recipientId: string | null;
  shares: number[];
  expiresAt: Date;
  now: Date;
}

/** `batch`: the first position claimable in the commit this claim goes into (see `EnvelopeClaimed`). */
export interface ClaimEnvelope {
  type: 'ClaimEnvelope';
  memberId: string;
  batch: number;
  now: Date;
}

export interface RefundEnvelope {
  type: 'RefundEnvelope';
  reason: RefundReason;
  now: Date;
}

export interface AbandonEnvelope {
  type: 'AbandonEnvelope';
  envelopeId: string;
  senderId: string;
  now: Date;
}

export type EnvelopeCommand = SendEnvelope | ClaimEnvelope | RefundEnvelope | AbandonEnvelope;

const initialState = (): EnvelopeState => ({
  sent: false,
  envelopeId: '',
  type: 20,
  senderId: '',
  recipientId: null,
  shares: [],
  expiresAt: '',
  claimers: new Map(),
  claimedAmount: 0,
  refunded: false,
});

/** What is still unclaimed, in fen. */
export function unclaimedAmount(state: EnvelopeState): number {
  return state.shares.reduce((sum, share) => sum + share, 0) - state.claimedAmount;
}

function claim(state: EnvelopeState, command: ClaimEnvelope): EnvelopeEvent[] {
  if (!state.sent) throw new DomainError('wallet.envelope_not_found');
  const { memberId } = command;
  if (state.claimers.has(memberId)) throw new DomainError('wallet.envelope_already_claimed');
  if (state.recipientId !== null && memberId !== state.recipientId)
    throw new DomainError('wallet.envelope_not_for_you');
  if (memberId === state.senderId) throw new DomainError('wallet.envelope_own');
  const position = state.claimers.size + 1;
  if (position > state.shares.length) throw new DomainError('wallet.envelope_snatched');
  // After the deadline the rest belongs to the sender, even before the refund job has run.
  if (state.refunded || command.now.toISOString() >= state.expiresAt) throw new DomainError('wallet.envelope_refunded');
  return [
    {
      type: 'EnvelopeClaimed',
      data: {
        envelopeId: state.envelopeId,
        senderId: state.senderId,
        memberId,
        position,
        amount: state.shares[position - 1]!,
        batch: Math.min(command.batch, position),
        claimedAt: command.now.toISOString(),
      },
    },
  ];
}

function refund(state: EnvelopeState, command: RefundEnvelope): EnvelopeEvent[] {
  if (!state.sent) throw new DomainError('wallet.envelope_not_found');
  const amount = unclaimedAmount(state);
  // Exactly once, and nothing to give back when every share was taken.
  if (state.refunded || amount === 0) return [];
  if (command.reason === 'expired' && command.now.toISOString() < state.expiresAt)
    throw new DomainError('wallet.envelope_not_expired');
  return [
    {
      type: 'EnvelopeRefunded',
      data: {
        envelopeId: state.envelopeId,
        senderId: state.senderId,
        amount,
        reason: command.reason,
        refundedAt: command.now.toISOString(),
      },
    },
  ];
}

/**
 * A red envelope (docs/rules/wallet.md, red envelopes): sent once with its whole split; claims take the shares in order, one per member,
 * never more than there are; the sender cannot claim a public one, and a directed one is only for its recipient.
 * The unclaimed rest is refunded once (expiry, topic deleted, or the topic could not be posted); after the
 * deadline nobody claims any more, even before the refund is booked.
 */
export const envelopeDecider: Decider<EnvelopeState, EnvelopeCommand, EnvelopeEvent> = {
  name: 'envelope',
  initialState,
  evolve(state, event) {
    switch (event.type) {
      case 'EnvelopeSent':
        return {
          ...state,
          sent: true,
          envelopeId: event.data.envelopeId,
          type: event.data.type,
          senderId: event.data.senderId,
          recipientId: event.data.recipientId,
          shares: event.data.shares,
          expiresAt: event.data.expiresAt,
        };
      case 'EnvelopeClaimed':
        return {
          ...state,
          claimers: new Map(state.claimers).set(event.data.memberId, event.data.position),
          claimedAmount: state.claimedAmount + event.data.amount,
        };
      case 'EnvelopeRefunded':
        return { ...state, refunded: true };
      case 'EnvelopeAbandoned':
        return { ...state, abandoned: true };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'SendEnvelope': {
        // A retried send of the same envelope changes nothing; one closed as abandoned is gone.
        if (state.sent) return [];
        if (state.abandoned) throw new DomainError('wallet.envelope_not_found');
        const total = command.shares.reduce((sum, share) => sum + share, 0);
        if (command.shares.length === 0 || command.shares.some((share) => !Number.isSafeInteger(share) || share < 1))
          throw new DomainError('wallet.envelope_share_too_small');
        return [
          {
            type: 'EnvelopeSent',
            data: {
              envelopeId: command.envelopeId,
              type: command.envelopeType,
              senderId: command.senderId,
              topicId: command.topicId,
              recipientId: command.recipientId,
              totalAmount: total,
              shares: command.shares,
              sentAt: command.now.toISOString(),
              expiresAt: command.expiresAt.toISOString(),
            },
          },
        ];
      }
      case 'ClaimEnvelope':
        return claim(state, command);
      case 'RefundEnvelope':
        return refund(state, command);
      case 'AbandonEnvelope':
        if (state.sent || state.abandoned) return [];
        return [
          {
            type: 'EnvelopeAbandoned',
            data: {
              envelopeId: command.envelopeId,
              senderId: command.senderId,
              abandonedAt: command.now.toISOString(),
            },
          },
        ];
    }
  },
};
