import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/**
 * A question's bounty as the wallet keeps it (stream `bounty-<questionId>`): the record of what the ledger
 * entries of the bounty are for. Amounts are integer fen (`amount`) and points. `round` counts awards: an award
 * belongs to one round, and cancelling it opens the next, so every ledger operation of a bounty has an id
 * derived from the question and the event's version, and a replay books nothing twice.
 */
const BOUNTY = { context: 'wallet', aggregate: 'bounty' } as const;

/** The asker's cash was frozen and points moved to the bounty escrow before this was written. */
export const BountyHeld = defineEvent({
  ...BOUNTY,
  type: 'BountyHeld',
  schema: z.object({
    questionId: z.string(),
    askerId: z.string(),
    amount: z.number().int().min(0),
    points: z.number().int().min(0),
    heldAt: z.string(),
  }),
});

/** Paid out to the answerer: cash minus the platform share (all cash to the platform when staff answered). */
export const BountyAwarded = defineEvent({
  ...BOUNTY,
  type: 'BountyAwarded',
  schema: z.object({
    questionId: z.string(),
    askerId: z.string(),
    answerId: z.string(),
    answererId: z.string(),
    amount: z.number().int().min(0),
    points: z.number().int().min(0),
    /** Whole percent of the cash booked to the platform (100 for a staff answerer). */
    sharePercent: z.number().int().min(0).max(100),
    round: z.number().int().positive(),
    awardedAt: z.string(),
  }),
});

/** Staff cancelled the adoption: what the award paid goes back, and the bounty is held again for the next round. */
export const BountyAwardCancelled = defineEvent({
  ...BOUNTY,
  type: 'BountyAwardCancelled',
  schema: z.object({
    questionId: z.string(),
    askerId: z.string(),
    answererId: z.string(),
    amount: z.number().int().min(0),
    points: z.number().int().min(0),
    sharePercent: z.number().int().min(0).max(100),
    round: z.number().int().positive(),
    by: z.string(),
    cancelledAt: z.string(),
  }),
});

/** Staff changed a held bounty to new totals; the difference was frozen or released (module 110 / 1200). */
export const BountyAdjusted = defineEvent({
  ...BOUNTY,
  type: 'BountyAdjusted',
  schema: z.object({
    questionId: z.string(),
    askerId: z.string(),
    amount: z.number().int().min(0),
    points: z.number().int().min(0),
    previousAmount: z.number().int().min(0),
    previousPoints: z.number().int().min(0),
    by: z.string(),
    reason: z.string(),
    adjustedAt: z.string(),
  }),
});

/** The held bounty went back to the asker: expired, the question deleted unresolved, or the asking failed. */
export const BountyRefunded = defineEvent({
  ...BOUNTY,
  type: 'BountyRefunded',
  schema: z.object({
    questionId: z.string(),
    askerId: z.string(),
    amount: z.number().int().min(0),
    points: z.number().int().min(0),
    reason: z.enum(['expired', 'question_deleted', 'asking_failed']),
    refundedAt: z.string(),
  }),
});

export type BountyEvent =
  | EventOf<typeof BountyHeld>
  | EventOf<typeof BountyAwarded>
  | EventOf<typeof BountyAwardCancelled>
  | EventOf<typeof BountyAdjusted>
  | EventOf<typeof BountyRefunded>;
