import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

const INTENT = { context: 'wallet', aggregate: 'paymentIntent' } as const;

/**
 * A recharge's payment intent (stream `paymentIntent-<intentId>`), stored from the moment the member asks to pay,
 * so a lost provider callback can be reconciled. `amount` is integer fen; `provider` is the gateway's id
 * (`sandbox`, `alipay`).
 */
export const PaymentIntentCreated = defineEvent({
  ...INTENT,
  type: 'PaymentIntentCreated',
  schema: z.object({
    intentId: z.string(),
    memberId: z.string(),
    amount: z.number().int().positive(),
    provider: z.string(),
    createdAt: z.string(),
    expiresAt: z.string(),
  }),
});

/** The provider confirmed the payment (signed notify or reconciliation): the balance is credited once. */
export const PaymentIntentPaid = defineEvent({
  ...INTENT,
  type: 'PaymentIntentPaid',
  schema: z.object({
    intentId: z.string(),
    memberId: z.string(),
    amount: z.number().int().positive(),
    provider: z.string(),
    providerTradeNo: z.string(),
    /** How the wallet learned it: the provider's notify, or the reconciliation job asking the provider. */
    via: z.enum(['notify', 'reconciliation']),
    paidAt: z.string(),
  }),
});

export const PaymentIntentFailed = defineEvent({
  ...INTENT,
  type: 'PaymentIntentFailed',
  schema: z.object({ intentId: z.string(), memberId: z.string(), reason: z.string(), at: z.string() }),
});

/** Nothing was paid before the intent's deadline and the provider closed the trade. */
export const PaymentIntentExpired = defineEvent({
  ...INTENT,
  type: 'PaymentIntentExpired',
  schema: z.object({ intentId: z.string(), memberId: z.string(), at: z.string() }),
});

export type PaymentIntentEvent =
  | EventOf<typeof PaymentIntentCreated>
  | EventOf<typeof PaymentIntentPaid>
  | EventOf<typeof PaymentIntentFailed>
  | EventOf<typeof PaymentIntentExpired>;
