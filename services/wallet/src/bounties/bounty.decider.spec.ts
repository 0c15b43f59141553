import type { BountyEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { BountyCommand, bountyDecider } from './bounty.decider';

const now = new Date('2026-03-01T10:00:00.000Z');
const at = now.toISOString();
const q = 'q1';

const held: BountyEvent = {
  type: 'BountyHeld',
  data: { questionId: q, askerId: 'asker', amount: 500, points: 20, heldAt: at },
};
const awarded = (round = 1): BountyEvent => ({
  type: 'BountyAwarded',
  data: {
    questionId: q,
    askerId: 'asker',
    answerId: 'a1',
    answererId: 'answerer',
    amount: 500,
    points: 20,
    sharePercent: 10,
    round,
    awardedAt: at,
  },
});
const cancelled = (round = 1): BountyEvent => ({
  type: 'BountyAwardCancelled',
  data: {
    questionId: q,
    askerId: 'asker',
    answererId: 'answerer',
    amount: 500,
    points: 20,
    sharePercent: 10,
    round,
    by: 'staff',
    cancelledAt: at,
  },
});
const refunded: BountyEvent = {
  type: 'BountyRefunded',
  data: { questionId: q, askerId: 'asker', amount: 500, points: 20, reason: 'expired', refundedAt: at },
};

const hold = (amount = 500, points = 20): BountyCommand => ({
  type: 'HoldBounty',
  questionId: q,
  askerId: 'asker',
  amount,
  points,
  now,
});
const award = (round = 1, answerId = 'a1'): BountyCommand => ({
  type: 'AwardBounty',
  questionId: q,
  answerId,
  answererId: 'answerer',
  sharePercent: 10,
  round,
  now,
});
const cancel = (round = 1): BountyCommand => ({ type: 'CancelBountyAward', questionId: q, round, by: 'staff', now });
const adjust = (amount: number, points: number): BountyCommand => ({
  type: 'AdjustBounty',
  questionId: q,
  amount,
  points,
  by: 'staff',
  reason: 'typo',
  now,
});
const refund: BountyCommand = { type: 'RefundBounty', questionId: q, reason: 'expired', now };

describe('bounty decider', () => {
  describe('hold', () => {
    it('holds cash and points once; the same asker holding again appends nothing', () => {
      given(bountyDecider).when(hold()).then([held]);
      given(bountyDecider, [held]).when(hold()).thenNothingHappened();
    });

    it('refuses an empty or negative bounty and another asker on the same question', () => {
      given(bountyDecider).when(hold(0, 0)).thenError('wallet.amount_invalid');
      given(bountyDecider).when(hold(-1, 5)).thenError('wallet.amount_invalid');
      given(bountyDecider, [held])
        .when({ ...hold(), askerId: 'someone-else' } as BountyCommand)
        .thenError('wallet.bounty_state_invalid');
    });
  });

  it('refuses every other command on a bounty that was never held', () => {
    for (const command of [award(), cancel(), adjust(1, 1), refund])
      given(bountyDecider).when(command).thenError('wallet.bounty_not_found');
  });

  describe('held → awarded', () => {
    it('awards the held totals with the share percent for the current round', () => {
      given(bountyDecider, [held]).when(award()).then([awarded()]);
    });

    it('a repeat of the award appends nothing; another answer in the same round is refused', () => {
      given(bountyDecider, [held, awarded()]).when(award()).thenNothingHappened();
      given(bountyDecider, [held, awarded()]).when(award(1, 'a2')).thenError('wallet.bounty_state_invalid');
    });

    it('refuses an award for a future round and after a refund', () => {
      given(bountyDecider, [held]).when(award(2)).thenError('wallet.bounty_state_invalid');
      given(bountyDecider, [held, refunded]).when(award()).thenError('wallet.bounty_state_invalid');
    });
  });

  describe('awarded → cancelled (held again, next round)', () => {
    it('cancels the current round and the next award belongs to round 2', () => {
      given(bountyDecider, [held, awarded()]).when(cancel()).then([cancelled()]);
      given(bountyDecider, [held, awarded(), cancelled()])
        .when(award(2))
        .then([awarded(2)]);
    });

    it('a late award or cancellation of round 1 changes nothing', () => {
      given(bountyDecider, [held, awarded(), cancelled()]).when(award(1)).thenNothingHappened();
      given(bountyDecider, [held, awarded(), cancelled()]).when(cancel(1)).thenNothingHappened();
    });

    it('refuses to cancel a bounty that is not awarded', () => {
      given(bountyDecider, [held]).when(cancel()).thenError('wallet.bounty_state_invalid');
      given(bountyDecider, [held, refunded]).when(cancel()).thenError('wallet.bounty_state_invalid');
    });
  });

  describe('held → adjusted', () => {
    it('records the new and previous totals; the same totals append nothing', () => {
      given(bountyDecider, [held])
        .when(adjust(300, 40))
        .then([
          {
            type: 'BountyAdjusted',
            data: {
              questionId: q,
              askerId: 'asker',
              amount: 300,
              points: 40,
              previousAmount: 500,
              previousPoints: 20,
              by: 'staff',
              reason: 'typo',
              adjustedAt: at,
            },
          },
        ]);
      given(bountyDecider, [held]).when(adjust(500, 20)).thenNothingHappened();
    });

    it('refuses adjusting to nothing, an awarded and a refunded bounty', () => {
      given(bountyDecider, [held]).when(adjust(0, 0)).thenError('wallet.amount_invalid');
      given(bountyDecider, [held, awarded()]).when(adjust(1, 1)).thenError('wallet.bounty_state_invalid');
      given(bountyDecider, [held, refunded]).when(adjust(1, 1)).thenError('wallet.bounty_state_invalid');
    });
  });

  describe('held → refunded', () => {
    it('refunds the held totals once', () => {
      given(bountyDecider, [held]).when(refund).then([refunded]);
      given(bountyDecider, [held, refunded]).when(refund).thenNothingHappened();
    });

    it('refunds the adjusted totals', () => {
      const adjusted: BountyEvent = {
        type: 'BountyAdjusted',
        data: {
          questionId: q,
          askerId: 'asker',
          amount: 100,
          points: 0,
          previousAmount: 500,
          previousPoints: 20,
          by: 'staff',
          reason: 'x',
          adjustedAt: at,
        },
      };
      given(bountyDecider, [held, adjusted])
        .when(refund)
        .then([{ ...refunded, data: { ...refunded.data, amount: 100, points: 0 } } as BountyEvent]);
    });

    it('refuses refunding an awarded bounty', () => {
      given(bountyDecider, [held, awarded()]).when(refund).thenError('wallet.bounty_state_invalid');
    });
  });
});
