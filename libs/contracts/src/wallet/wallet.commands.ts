import { z } from 'zod';
import { definePeerCommand } from '../peers/peer-command';
import {
  adjustBountyInput,
  awardBountyInput,
  BOUNTY_COMMANDS,
  cancelBountyAwardInput,
  holdBountyInput,
  refundBountyInput,
} from './bounty-commands';
import { PAY_UNLOCK, payUnlockInput } from './pay-unlock';

/** The commands the wallet answers for the other contexts (ADR 0040); their inputs are in `pay-unlock.ts` and `bounty-commands.ts`. */

const id = z.string().min(1).max(64);
const count = z.number().int();

export const payUnlockCommand = definePeerCommand({
  name: PAY_UNLOCK,
  input: payUnlockInput,
  answer: z.object({ transferId: z.string(), paid: count, authorReceived: count }),
  errors: [
    'common.validation_failed',
    'auth.forbidden',
    'wallet.insufficient_balance',
    'wallet.insufficient_points',
    'common.conflict',
  ],
});

const bountyView = z.object({
  questionId: z.string(),
  status: z.enum(['held', 'awarded', 'refunded']),
  amount: count,
  points: count,
  round: count,
  answererId: z.string().nullable(),
  version: count,
});
const bountyErrors = [
  'common.validation_failed',
  'auth.forbidden',
  'wallet.bounty_not_found',
  'wallet.bounty_state_invalid',
  'wallet.insufficient_balance',
  'wallet.insufficient_points',
  'wallet.insufficient_frozen',
  'common.conflict',
] as const;

export const holdBountyCommand = definePeerCommand({
  name: BOUNTY_COMMANDS.hold,
  input: holdBountyInput,
  answer: bountyView,
  errors: bountyErrors,
});
export const awardBountyCommand = definePeerCommand({
  name: BOUNTY_COMMANDS.award,
  input: awardBountyInput,
  answer: bountyView,
  errors: bountyErrors,
});
export const cancelBountyAwardCommand = definePeerCommand({
  name: BOUNTY_COMMANDS.cancelAward,
  input: cancelBountyAwardInput,
  answer: bountyView,
  errors: bountyErrors,
});
export const adjustBountyCommand = definePeerCommand({
  name: BOUNTY_COMMANDS.adjust,
  input: adjustBountyInput,
  answer: bountyView,
  errors: bountyErrors,
});
export const refundBountyCommand = definePeerCommand({
  name: BOUNTY_COMMANDS.refund,
  input: refundBountyInput,
  answer: bountyView,
  errors: bountyErrors,
});

/**
 * `wallet.sendEnvelope`: the topic form's red envelope with the ids the forum chose. The amounts and counts are the
 * member's form values as typed: the wallet checks them and refuses on the form's field (`redEnvelope.<field>`).
 */
export const sendEnvelopeCommand = definePeerCommand({
  name: 'wallet.sendEnvelope',
  input: z.looseObject({
    envelopeId: id,
    topicId: id,
    senderId: id,
    type: z.unknown(),
    totalAmount: z.unknown().optional(),
    singleAmount: z.unknown().optional(),
    giveQuantity: z.unknown(),
    recipientId: z.unknown().optional(),
  }),
  answer: z.object({ envelopeId: z.string(), totalAmount: count, giveQuantity: count }),
  errors: [
    'common.validation_failed',
    'wallet.envelope_disabled',
    'wallet.envelope_type_invalid',
    'wallet.envelope_quantity_invalid',
    'wallet.envelope_amount_invalid',
    'wallet.envelope_amount_out_of_range',
    'wallet.envelope_share_too_small',
    'wallet.envelope_recipient_invalid',
    'wallet.envelope_insufficient_balance',
    'common.conflict',
  ],
});

export const cancelEnvelopeCommand = definePeerCommand({
  name: 'wallet.cancelEnvelope',
  input: z.object({ envelopeId: id, senderId: id }),
  answer: z.object({ refunded: count }),
  errors: ['common.validation_failed', 'wallet.envelope_not_found', 'common.conflict'],
});

const balances = z.object({ available: count, frozen: count, points: count });

/** The ledger audit's report (`npm run audit:ledgers`, the console's audit job). */
export const ledgerAuditReport = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  elapsedMs: z.number(),
  events: count,
  wallets: count,
  money: z.object({ cameIn: count, wentOut: count, held: count, inTransit: count }),
  points: z.object({ issued: count, removed: count, held: count, inTransit: count }),
  differences: z.array(
    z.object({
      walletId: z.string(),
      problem: z.string(),
      detail: z.string(),
      expected: balances.optional(),
      actual: balances.optional(),
    }),
  ),
});
export type LedgerAuditReport = z.infer<typeof ledgerAuditReport>;

/**
 * `wallet.auditLedgers`: replays every wallet stream and compares it with the balances the members see (ADR 0011).
 * Asked by the console's audit job (moderation), which never reads the wallet's database itself.
 */
export const auditLedgersCommand = definePeerCommand({
  name: 'wallet.auditLedgers',
  input: z.strictObject({}),
  answer: ledgerAuditReport,
  errors: ['auth.forbidden'],
  timeoutMs: 30 * 60_000,
});
