/** Shapes of the wallet context's answers (services/wallet/src). Money is integer fen. */

export interface WalletView {
  memberId: string;
  available: number;
  frozen: number;
  points: number;
}

export interface BalanceEntry {
  /** Human-readable, unique. */
  serial: string;
  /** Balance module code (docs/rules/wallet.md). */
  module: number;
  kind: 'credit' | 'debit' | 'freeze' | 'release' | 'spend';
  /** Signed: what arrived in (+) or left (−) the affected balance. */
  amount: number;
  availableAfter: number;
  frozenAfter: number;
  remark: string;
  at: string;
}

export interface PointsEntry {
  serial: string;
  /** Points module code (docs/rules/wallet.md). */
  module: number;
  direction: 'income' | 'expense';
  /** Signed like `direction`. */
  amount: number;
  pointsAfter: number;
  remark: string;
  at: string;
}

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
