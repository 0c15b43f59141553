import { z } from 'zod';

/**
 * The bounty peer commands the wallet answers for the Q&A context (docs/architecture.md, ADR 0017). Every command
 * names the question: the bounty's stream and every ledger operation id derive from it, so a retry, a concurrent
 * twin or a healing reactor books nothing twice.
 */
export const BOUNTY_COMMANDS = {
  hold: 'wallet.holdBounty',
  award: 'wallet.awardBounty',
  cancelAward: 'wallet.cancelBountyAward',
  adjust: 'wallet.adjustBounty',
  refund: 'wallet.refundBounty',
} as const;

const id = z.string().min(1).max(64);
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const holdBountyInput = z.strictObject({ questionId: id, askerId: id, amount, points: amount });
export type HoldBountyInput = z.infer<typeof holdBountyInput>;

/** `round` is the question's adoption count: an award or a cancellation applies to its round only. */
export const awardBountyInput = z.strictObject({
  questionId: id,
  answerId: id,
  answererId: id,
  answererIsStaff: z.boolean(),
  round: z.number().int().positive(),
});
export type AwardBountyInput = z.infer<typeof awardBountyInput>;

export const cancelBountyAwardInput = z.strictObject({ questionId: id, round: z.number().int().positive() });
export type CancelBountyAwardInput = z.infer<typeof cancelBountyAwardInput>;

export const adjustBountyInput = z.strictObject({
  questionId: id,
  amount,
  points: amount,
  reason: z.string().trim().min(1).max(200),
});
export type AdjustBountyInput = z.infer<typeof adjustBountyInput>;

export const refundBountyInput = z.strictObject({
  questionId: id,
  reason: z.enum(['expired', 'question_deleted', 'asking_failed']),
});
export type RefundBountyInput = z.infer<typeof refundBountyInput>;

export type BountyStatus = 'held' | 'awarded' | 'refunded';

/** A bounty as every command answers it (after the command). */
export interface BountyView {
  questionId: string;
  status: BountyStatus;
  amount: number;
  points: number;
  round: number;
  answererId: string | null;
  /** The bounty stream's version after the command (read your writes: wait for it). */
  version: number;
}
