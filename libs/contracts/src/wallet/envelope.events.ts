import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

const ENVELOPE = { context: 'wallet', aggregate: 'envelope' } as const;

/**
 * A red envelope sent with a topic (stream `envelope-<id>`). The whole split is decided here, once (the random
 * type's "double mean" draw included), so a replay gives the same shares and the i-th claimer the i-th share.
 * The total was frozen on the sender's wallet before this event (operation `envelope:<id>:freeze`).
 */
export const EnvelopeSent = defineEvent({
  ...ENVELOPE,
  type: 'EnvelopeSent',
  schema: z.object({
    envelopeId: z.string(),
    type: z.union([z.literal(10), z.literal(20), z.literal(30)]),
    senderId: z.string(),
    topicId: z.string(),
    /** Type 10 only: the one member who may claim it. */
    recipientId: z.string().nullable(),
    totalAmount: z.number().int().positive(),
    /** Fen per position, in claim order; sums to `totalAmount`, each ≥ 1. */
    shares: z.array(z.number().int().positive()).min(1),
    sentAt: z.string(),
    /** When unclaimed shares go back to the sender (settings `redEnvelope.refundAfterHours` at sending). */
    expiresAt: z.string(),
  }),
});

/**
 * One member took the share at `position` (1-based). `batch` is the first position of the commit this claim was
 * stored in: the claims of one commit are paid by one transfer from the sender's frozen balance
 * (`envelope:<id>:claims:<batch>`), so a hot envelope costs its sender one ledger entry per batch, not per claim.
 */
export const EnvelopeClaimed = defineEvent({
  ...ENVELOPE,
  type: 'EnvelopeClaimed',
  schema: z.object({
    envelopeId: z.string(),
    senderId: z.string(),
    memberId: z.string(),
    position: z.number().int().positive(),
    amount: z.number().int().positive(),
    batch: z.number().int().positive(),
    claimedAt: z.string(),
  }),
});

/** The unclaimed rest went back to the sender's available balance (module 140), once per envelope. */
export const EnvelopeRefunded = defineEvent({
  ...ENVELOPE,
  type: 'EnvelopeRefunded',
  schema: z.object({
    envelopeId: z.string(),
    senderId: z.string(),
    amount: z.number().int().positive(),
    reason: z.enum(['expired', 'topicDeleted', 'postFailed']),
    refundedAt: z.string(),
  }),
});

/**
 * A send froze the sender's money but never recorded its envelope (the process died in between): the envelope id
 * is closed for good (a late send of it is refused) and the freeze goes back to the sender.
 */
export const EnvelopeAbandoned = defineEvent({
  ...ENVELOPE,
  type: 'EnvelopeAbandoned',
  schema: z.object({ envelopeId: z.string(), senderId: z.string(), abandonedAt: z.string() }),
});

export type EnvelopeEvent =
  | EventOf<typeof EnvelopeSent>
  | EventOf<typeof EnvelopeClaimed>
  | EventOf<typeof EnvelopeRefunded>
  | EventOf<typeof EnvelopeAbandoned>;
