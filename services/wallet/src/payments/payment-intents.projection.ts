import type { EventEnvelope, PaymentIntentEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const PAYMENT_INTENTS_PROJECTION = 'wallet-payment-intents';
export const PAYMENT_INTENTS = 'payment_intents';

export interface PaymentIntentDocument {
  _id: string;
  memberId: string;
  amount: number;
  provider: string;
  status: 'pending' | 'paid' | 'failed' | 'expired';
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  providerTradeNo: string | null;
  failureReason: string | null;
}

/** Each intent's current state: the payment result page and the reconciliation job read it. */
export const paymentIntentsProjection: ProjectionDefinition = {
  name: PAYMENT_INTENTS_PROJECTION,
  version: 1,
  topics: ['wallet.paymentIntent'],
  collections: [PAYMENT_INTENTS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & PaymentIntentEvent;
    const id = event.data.intentId;
    switch (event.type) {
      case 'PaymentIntentCreated': {
        const { memberId, amount, provider, createdAt, expiresAt } = event.data;
        writer.upsertVersioned(PAYMENT_INTENTS, id, envelope, {
          $set: {
            memberId,
            amount,
            provider,
            status: 'pending',
            createdAt,
            expiresAt,
            paidAt: null,
            providerTradeNo: null,
            failureReason: null,
          },
        });
        break;
      }
      case 'PaymentIntentPaid':
        writer.upsertVersioned(PAYMENT_INTENTS, id, envelope, {
          $set: { status: 'paid', paidAt: event.data.paidAt, providerTradeNo: event.data.providerTradeNo },
        });
        break;
      case 'PaymentIntentFailed':
        writer.upsertVersioned(PAYMENT_INTENTS, id, envelope, {
          $set: { status: 'failed', failureReason: event.data.reason },
        });
        break;
      case 'PaymentIntentExpired':
        writer.upsertVersioned(PAYMENT_INTENTS, id, envelope, { $set: { status: 'expired' } });
        break;
    }
  },
};
