/** Shapes of the wallet context's answers (public read views from `libs/contracts`, ADR 0047). Money is integer fen. */
import type { EnvelopeType } from '@contracts/wallet/envelope.views';

export type {
  BalanceEntryView as BalanceEntry,
  PointsEntryView as PointsEntry,
  WalletView,
} from '@contracts/wallet/wallet.views';
export type {
  EnvelopeClaimView as EnvelopeClaimRow,
  EnvelopeMember,
  EnvelopeType,
  EnvelopeView,
  ReceivedEnvelopeView as ReceivedEnvelopeRow,
  SentEnvelopeView as SentEnvelopeRow,
} from '@contracts/wallet/envelope.views';

export interface PaymentView {
  intentId: string;
  amount: number;
  provider: string;
  status: 'pending' | 'paid' | 'failed' | 'expired';
  createdAt: string;
  paidAt: string | null;
}

export interface EnvelopeSettings {
  minAmount: number;
  /** 0: sending envelopes is switched off. */
  maxAmount: number;
  maxQuantity: number;
  /** The member's available balance; null for visitors. */
  availableBalance: number | null;
}

/** The `redEnvelope` field of a topic post: yuan text, as the topic endpoint takes it. */
export interface EnvelopeInput {
  type: EnvelopeType;
  totalAmount?: string;
  singleAmount?: string;
  giveQuantity: number;
  recipientId?: string;
}
