/** Shapes of the wallet context's answers (public read views from `libs/contracts`, ADR 0047). Money is integer fen. */
export type {
  BalanceEntryView as BalanceEntry,
  PointsEntryView as PointsEntry,
  WalletView,
} from '@contracts/wallet/wallet.views';

export interface PaymentView {
  intentId: string;
  amount: number;
  provider: string;
  status: 'pending' | 'paid' | 'failed' | 'expired';
  createdAt: string;
  paidAt: string | null;
}

/** A member as the envelope endpoints show one (`cancelled`: no name, no avatar). */
export interface EnvelopeMember {
  id: string;
  nickname: string | null;
  avatar: string | null;
  cancelled: boolean;
}

/** 10 directed, 20 public random, 30 public fixed (docs/rules/wallet.md, red envelopes). */
export type EnvelopeType = 10 | 20 | 30;

export interface EnvelopeView {
  id: string;
  type: EnvelopeType;
  topicId: string;
  sender: EnvelopeMember;
  totalAmount: number;
  giveQuantity: number;
  receivedQuantity: number;
  refundAmount: number;
  status: 'open' | 'snatched' | 'refunded';
  recipientId: string | null;
  claimedByMe: { amount: number; claimedAt: string } | null;
  createdAt: string;
}

export interface EnvelopeSettings {
  minAmount: number;
  /** 0: sending envelopes is switched off. */
  maxAmount: number;
  maxQuantity: number;
  /** The member's available balance; null for visitors. */
  availableBalance: number | null;
}

export interface SentEnvelopeRow {
  id: string;
  type: EnvelopeType;
  topicId: string;
  totalAmount: number;
  giveQuantity: number;
  receivedQuantity: number;
  refundAmount: number;
  createdAt: string;
}

export interface ReceivedEnvelopeRow {
  envelopeId: string;
  /** Null when the topic is gone. */
  topicId: string | null;
  sender: EnvelopeMember;
  amount: number;
  claimedAt: string;
}

export interface EnvelopeClaimRow {
  member: EnvelopeMember;
  amount: number;
  claimedAt: string;
}

/** The `redEnvelope` field of a topic post: yuan text, as the topic endpoint takes it. */
export interface EnvelopeInput {
  type: EnvelopeType;
  totalAmount?: string;
  singleAmount?: string;
  giveQuantity: number;
  recipientId?: string;
}
