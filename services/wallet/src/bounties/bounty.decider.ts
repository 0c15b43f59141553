import { streamId } from '@forum/contracts';
import type { BountyEvent, BountyStatus } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

/** One stream per question's bounty: `bounty-<questionId>`. */
export function bountyStream(questionId: string): string {
  return streamId('bounty', questionId);
}

export interface BountyState {
  status: 'none' | BountyStatus;
  askerId: string | null;
  amount: number;
  points: number;
  /** The adoption round an award would belong to (1 at first; each cancelled award opens the next). */
  round: number;
  award: { answerId: string; answererId: string; sharePercent: number } | null;
}

interface At {
  questionId: string;
  now: Date;
}

export type BountyCommand =
  | ({ type: 'HoldBounty'; askerId: string; amount: number; points: number } & At)
  | ({ type: 'AwardBounty'; answerId: string; answererId: string; sharePercent: number; round: number } & At)
  | ({ type: 'CancelBountyAward'; round: number; by: string } & At)
  | ({ type: 'AdjustBounty'; amount: number; points: number; by: string; reason: string } & At)
  | ({ type: 'RefundBounty'; reason: 'expired' | 'question_deleted' | 'asking_failed' } & At);

const initialState = (): BountyState => ({
  status: 'none',
  askerId: null,
  amount: 0,
  points: 0,
  round: 1,
  award: null,
});

function checkTotals(amount: number, points: number): void {
  const valid = (n: number) => Number.isSafeInteger(n) && n >= 0;
  if (!valid(amount) || !valid(points) || amount + points === 0) throw new DomainError('wallet.amount_invalid');
}

const illegal = () => new DomainError('wallet.bounty_state_invalid');

/**
 * A question's bounty (docs/rules/qa.md, ADR 0017): held → awarded → (award cancelled) held again → …; a held bounty
 * may be adjusted (new totals) or refunded (final). Awards and cancellations name their adoption round, so a
 * late or repeated one (a retry, the healing reactor) changes nothing, while one for a round that is not the
 * bounty's current one is refused. Repeating the command that made the current state appends nothing.
 */
export const bountyDecider: Decider<BountyState, BountyCommand, BountyEvent> = {
  name: 'bounty',
  initialState,
  evolve(state, event) {
    switch (event.type) {
      case 'BountyHeld':
        return {
          ...state,
          status: 'held',
          askerId: event.data.askerId,
          amount: event.data.amount,
          points: event.data.points,
        };
      case 'BountyAwarded': {
        const { answerId, answererId, sharePercent } = event.data;
        return { ...state, status: 'awarded', award: { answerId, answererId, sharePercent } };
      }
      case 'BountyAwardCancelled':
        return { ...state, status: 'held', award: null, round: event.data.round + 1 };
      case 'BountyAdjusted':
        return { ...state, amount: event.data.amount, points: event.data.points };
      case 'BountyRefunded':
        return { ...state, status: 'refunded' };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state) {
    const { questionId } = command;
    const at = command.now.toISOString();
    if (command.type === 'HoldBounty') {
      if (state.status !== 'none') {
        if (state.askerId === command.askerId) return [];
        throw illegal();
      }
      checkTotals(command.amount, command.points);
      const { askerId, amount, points } = command;
      return [{ type: 'BountyHeld', data: { questionId, askerId, amount, points, heldAt: at } }];
    }
    if (state.status === 'none') throw new DomainError('wallet.bounty_not_found');
    const askerId = state.askerId!;
    const { amount, points } = state;
    switch (command.type) {
      case 'AwardBounty': {
        if (command.round < state.round) return [];
        if (command.round > state.round || state.status === 'refunded') throw illegal();
        if (state.status === 'awarded') {
          if (state.award?.answerId === command.answerId) return [];
          throw illegal();
        }
        const { answerId, answererId, sharePercent, round } = command;
        const data = { questionId, askerId, answerId, answererId, amount, points, sharePercent, round, awardedAt: at };
        return [{ type: 'BountyAwarded', data }];
      }
      case 'CancelBountyAward': {
        if (command.round < state.round) return [];
        if (state.status !== 'awarded' || command.round !== state.round) throw illegal();
        const { answererId, sharePercent } = state.award!;
        const data = {
          questionId,
          askerId,
          answererId,
          amount,
          points,
          sharePercent,
          round: state.round,
          by: command.by,
          cancelledAt: at,
        };
        return [{ type: 'BountyAwardCancelled', data }];
      }
      case 'AdjustBounty': {
        if (state.status !== 'held') throw illegal();
        checkTotals(command.amount, command.points);
        if (command.amount === amount && command.points === points) return [];
        const data = {
          questionId,
          askerId,
          amount: command.amount,
          points: command.points,
          previousAmount: amount,
          previousPoints: points,
          by: command.by,
          reason: command.reason,
          adjustedAt: at,
        };
        return [{ type: 'BountyAdjusted', data }];
      }
      case 'RefundBounty': {
        if (state.status === 'refunded') return [];
        if (state.status !== 'held') throw illegal();
        const data = { questionId, askerId, amount, points, reason: command.reason, refundedAt: at };
        return [{ type: 'BountyRefunded', data }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
