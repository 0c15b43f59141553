import type { EnvelopeEvent, EnvelopeType, EventEnvelope } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const ENVELOPES_PROJECTION = 'wallet-envelopes';

/** One document per envelope (`_id` = envelope id): what its card and the sender's list show. */
export const ENVELOPES = 'wallet_envelopes';
/** One row per claim, `_id` = `<envelopeId>|<position, 4 digits>`: an envelope's distribution is one `_id` range. */
export const ENVELOPE_CLAIMS = 'wallet_envelope_claims';
/** `_id` = `<senderId>|<envelopeId>` (envelope ids grow with time): a member's sent list, newest first. */
export const ENVELOPES_SENT = 'wallet_envelopes_sent';
/** `_id` = `<memberId>|<envelopeId>`: what a member received, and "did I claim this one" by `_id`. */
export const ENVELOPES_RECEIVED = 'wallet_envelopes_received';
/** Per member: how many envelopes they sent and received (the lists' totals). */
export const ENVELOPE_COUNTS = 'wallet_envelope_counts';
/** `_id` = `<expiresAt ISO>|<envelopeId>`: the expiry job reads the due ones as one `_id` range, oldest first. */
export const ENVELOPE_DUE = 'wallet_envelope_due';

export interface EnvelopeDocument {
  _id: string;
  _version?: number;
  type: EnvelopeType;
  topicId: string;
  senderId: string;
  recipientId: string | null;
  totalAmount: number;
  giveQuantity: number;
  receivedQuantity?: number;
  receivedAmount?: number;
  refundAmount?: number;
  refundReason?: string | null;
  createdAt: string;
  expiresAt: string;
}

export interface EnvelopeClaimDocument {
  _id: string;
  envelopeId: string;
  memberId: string;
  position: number;
  amount: number;
  claimedAt: string;
}

export interface ReceivedEnvelopeDocument {
  _id: string;
  envelopeId: string;
  senderId: string;
  amount: number;
  claimedAt: string;
}

export interface EnvelopeCountsDocument {
  _id: string;
  sent?: number;
  received?: number;
}

export interface EnvelopeDueDocument {
  _id: string;
  envelopeId: string;
}

export function claimRowId(envelopeId: string, position: number): string {
  return `${envelopeId}|${String(position).padStart(4, '0')}`;
}

export function memberRowId(memberId: string, envelopeId: string): string {
  return `${memberId}|${envelopeId}`;
}

export const envelopesProjection: ProjectionDefinition = {
  name: ENVELOPES_PROJECTION,
  version: 1,
  topics: ['wallet.envelope'],
  collections: [ENVELOPES, ENVELOPE_CLAIMS, ENVELOPES_SENT, ENVELOPES_RECEIVED, ENVELOPE_COUNTS, ENVELOPE_DUE],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & EnvelopeEvent;
    switch (event.type) {
      case 'EnvelopeSent': {
        const { envelopeId, type, topicId, senderId, recipientId, totalAmount, shares, sentAt, expiresAt } = event.data;
        writer.upsertVersioned(ENVELOPES, envelopeId, envelope, {
          $set: {
            type,
            topicId,
            senderId,
            recipientId,
            totalAmount,
            giveQuantity: shares.length,
            createdAt: sentAt,
            expiresAt,
          },
        });
        writer.upsertVersioned(ENVELOPES_SENT, memberRowId(senderId, envelopeId), envelope, {
          $set: { envelopeId },
        });
        writer.updateOnce(ENVELOPE_COUNTS, senderId, envelope, { $inc: { sent: 1 } }, { upsert: true });
        writer.upsertVersioned(ENVELOPE_DUE, `${expiresAt}|${envelopeId}`, envelope, { $set: { envelopeId } });
        return;
      }
      case 'EnvelopeClaimed': {
        const { envelopeId, senderId, memberId, position, amount, claimedAt } = event.data;
        writer.upsertVersioned(ENVELOPES, envelopeId, envelope, {
          $inc: { receivedQuantity: 1, receivedAmount: amount },
        });
        writer.upsertVersioned(ENVELOPE_CLAIMS, claimRowId(envelopeId, position), envelope, {
          $set: { envelopeId, memberId, position, amount, claimedAt },
        });
        writer.upsertVersioned(ENVELOPES_RECEIVED, memberRowId(memberId, envelopeId), envelope, {
          $set: { envelopeId, senderId, amount, claimedAt },
        });
        writer.updateOnce(ENVELOPE_COUNTS, memberId, envelope, { $inc: { received: 1 } }, { upsert: true });
        return;
      }
      case 'EnvelopeRefunded':
        writer.upsertVersioned(ENVELOPES, event.data.envelopeId, envelope, {
          $set: { refundAmount: event.data.amount, refundReason: event.data.reason },
        });
        return;
    }
  },
};
