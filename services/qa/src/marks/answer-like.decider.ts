import { streamId } from '@forum/contracts';
import type { AnswerLikeEvent, AnswerLikeTarget } from '@forum/contracts';
import type { Decider } from '@forum/event-store';

export const answerLikeStream = (targetId: string, memberId: string) =>
  streamId('answerLike', `${targetId}_${memberId}`);

export interface SetAnswerLike {
  targetKind: AnswerLikeTarget;
  targetId: string;
  answerId: string;
  questionId: string;
  memberId: string;
  targetAuthorId: string;
  on: boolean;
  now: Date;
}

/**
 * One member's like of one answer or answer reply, a toggle like the question's: setting what is already set
 * appends nothing, so repeated or concurrent clicks of one member leave one like or none, never two.
 */
export const answerLikeDecider: Decider<{ liked: boolean }, SetAnswerLike, AnswerLikeEvent> = {
  name: 'answerLike',
  initialState: () => ({ liked: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'AnswerContentLiked':
        return { liked: true };
      case 'AnswerContentUnliked':
        return { liked: false };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state) {
    if (state.liked === command.on) return [];
    const { targetKind, targetId, answerId, questionId, memberId, targetAuthorId } = command;
    const data = {
      targetKind,
      targetId,
      answerId,
      questionId,
      memberId,
      targetAuthorId,
      at: command.now.toISOString(),
    };
    return [{ type: command.on ? 'AnswerContentLiked' : 'AnswerContentUnliked', data }];
  },
};
