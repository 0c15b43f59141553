/** The red envelopes' public read views (`/api/wallet/envelopes/...`): amounts are integer fen. */

/** The red envelope types (docs/rules/wallet.md): 10 directed (one named member), 20 public random, 30 public fixed. */
export const ENVELOPE_TYPES = [10, 20, 30] as const;
export type EnvelopeType = (typeof ENVELOPE_TYPES)[number];

/** A member as envelope screens show them; a cancelled account has no name and no avatar. */
export interface EnvelopeMember {
  id: string;
  nickname: string | null;
  avatar: string | null;
  cancelled: boolean;
}

export type EnvelopeStatus = 'open' | 'snatched' | 'refunded';

/** An envelope as its topic shows it, with the reader's own claim. */
export interface EnvelopeView {
  id: string;
  type: EnvelopeType;
  topicId: string;
  sender: EnvelopeMember;
  totalAmount: number;
  giveQuantity: number;
  receivedQuantity: number;
  refundAmount: number;
  status: EnvelopeStatus;
  recipientId: string | null;
  claimedByMe: { amount: number; claimedAt: string } | null;
  createdAt: string;
}

/** Who took a share of an envelope, and how much. */
export interface EnvelopeClaimView {
  member: EnvelopeMember;
  amount: number;
  claimedAt: string;
}

/** A row of the member's sent envelopes. */
export interface SentEnvelopeView {
  id: string;
  type: EnvelopeType;
  topicId: string;
  totalAmount: number;
  giveQuantity: number;
  receivedQuantity: number;
  refundAmount: number;
  createdAt: string;
}

/** A row of the member's received envelopes. */
export interface ReceivedEnvelopeView {
  envelopeId: string;
  /** Null when the topic is gone. */
  topicId: string | null;
  sender: EnvelopeMember;
  amount: number;
  claimedAt: string;
}
