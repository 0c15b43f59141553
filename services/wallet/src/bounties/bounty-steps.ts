import { BALANCE_MODULES, BOUNTY_ESCROW_WALLET_ID, POINTS_MODULES } from '@forum/contracts';
import type { BountyEvent } from '@forum/contracts';
import { legsWithPlatformShare } from '../ledger/transfers';
import type { TransferRequest } from '../ledger/transfers';

/** One ledger movement of a bounty: a hold or release on the asker's wallet, or a transfer between wallets. */
export type BountyStep =
  | {
      kind: 'freeze' | 'release';
      walletId: string;
      operationId: string;
      amount: number;
      module: number;
      remark: string;
    }
  | { kind: 'transfer'; request: TransferRequest };

/** The cash legs of an award: the answerer's part and the platform's share (all of it for a staff answerer). */
export function awardLegs(amount: number, sharePercent: number, answererId: string) {
  return legsWithPlatformShare(
    amount,
    sharePercent,
    { memberId: answererId, module: BALANCE_MODULES.bountyAwarded, remark: 'Bounty awarded' },
    'Platform share of a bounty',
  );
}

function pointsMove(
  transferId: string,
  from: string,
  to: string,
  points: number,
  module: number,
  remark: string,
  questionId: string,
): BountyStep {
  return {
    kind: 'transfer',
    request: {
      transferId,
      from,
      source: 'points',
      amount: points,
      module,
      remark,
      reference: questionId,
      legs: [{ memberId: to, amount: points, module, remark }],
    },
  };
}

/**
 * The ledger movements a bounty event stands for, in order. Every operation id derives from the question and the
 * event's version (`bounty:<questionId>:<version>:…`), so booking them again — a retry, the healing reactor —
 * books nothing twice. Held points wait in the escrow wallet (wallets have no frozen points).
 */
export function bountySteps(event: BountyEvent, version: number): BountyStep[] {
  const { questionId, askerId } = event.data;
  const id = `bounty:${questionId}:${version}`;
  const steps: BountyStep[] = [];
  const cash = (kind: 'freeze' | 'release', amount: number, module: number, remark: string, suffix = 'cash') => {
    if (amount > 0) steps.push({ kind, walletId: askerId, operationId: `${id}:${suffix}`, amount, module, remark });
  };
  const points = (from: string, to: string, amount: number, module: number, remark: string) => {
    if (amount > 0) steps.push(pointsMove(`${id}:points`, from, to, amount, module, remark, questionId));
  };
  const escrow = BOUNTY_ESCROW_WALLET_ID;
  switch (event.type) {
    case 'BountyHeld':
      cash('freeze', event.data.amount, BALANCE_MODULES.bountyHeld, 'Bounty held');
      points(askerId, escrow, event.data.points, POINTS_MODULES.bountyHeld, 'Bounty held');
      break;
    case 'BountyAwarded': {
      const { amount, sharePercent, answererId } = event.data;
      if (amount > 0)
        steps.push({
          kind: 'transfer',
          request: {
            transferId: `${id}:cash`,
            from: askerId,
            source: 'frozen',
            amount,
            module: BALANCE_MODULES.bountyAwarded,
            remark: 'Bounty awarded',
            reference: questionId,
            legs: awardLegs(amount, sharePercent, answererId),
          },
        });
      points(escrow, answererId, event.data.points, POINTS_MODULES.bountyAwarded, 'Bounty awarded');
      break;
    }
    case 'BountyAwardCancelled': {
      const { amount, sharePercent, answererId } = event.data;
      const remark = 'Bounty award reversed';
      for (const [index, leg] of (amount > 0 ? awardLegs(amount, sharePercent, answererId) : []).entries()) {
        steps.push({
          kind: 'transfer',
          request: {
            transferId: `${id}:cash:${index}`,
            from: leg.memberId,
            source: 'balance',
            amount: leg.amount,
            module: BALANCE_MODULES.bountyAwarded,
            remark,
            reference: questionId,
            legs: [{ memberId: askerId, amount: leg.amount, module: BALANCE_MODULES.bountyAwarded, remark }],
          },
        });
      }
      cash('freeze', amount, BALANCE_MODULES.bountyHeld, 'Bounty held again', 'hold');
      points(answererId, escrow, event.data.points, POINTS_MODULES.bountyAwarded, remark);
      break;
    }
    case 'BountyAdjusted': {
      const cashDelta = event.data.amount - event.data.previousAmount;
      const pointsDelta = event.data.points - event.data.previousPoints;
      const remark = `Bounty adjusted: ${event.data.reason}`;
      cash(cashDelta > 0 ? 'freeze' : 'release', Math.abs(cashDelta), BALANCE_MODULES.bountyAdjusted, remark);
      if (pointsDelta > 0) points(askerId, escrow, pointsDelta, POINTS_MODULES.bountyAdjusted, remark);
      else points(escrow, askerId, -pointsDelta, POINTS_MODULES.bountyAdjusted, remark);
      break;
    }
    case 'BountyRefunded':
      cash('release', event.data.amount, BALANCE_MODULES.bountyRefund, 'Bounty refunded');
      points(escrow, askerId, event.data.points, POINTS_MODULES.bountyRefund, 'Bounty refunded');
      break;
  }
  return steps;
}
