import type { AnswerLikeEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { answerLikeDecider, SetAnswerLike } from './answer-like.decider';

const now = new Date('2026-03-01T10:00:00.000Z');
const target = {
  targetKind: 'answerReply' as const,
  targetId: 'r1',
  answerId: 'a1',
  questionId: 'q1',
  memberId: 'm1',
  targetAuthorId: 'author',
};
const set = (on: boolean): SetAnswerLike => ({ ...target, on, now });
const data = { ...target, at: now.toISOString() };
const liked: AnswerLikeEvent = { type: 'AnswerContentLiked', data };
const unliked: AnswerLikeEvent = { type: 'AnswerContentUnliked', data };

describe('answer like decider', () => {
  it('likes and unlikes, telling the reminders whose content it was', () => {
    given(answerLikeDecider).when(set(true)).then([liked]);
    given(answerLikeDecider, [liked]).when(set(false)).then([unliked]);
    given(answerLikeDecider, [liked, unliked]).when(set(true)).then([liked]);
  });

  it('appends nothing when the member already is where the click would take them', () => {
    given(answerLikeDecider).when(set(false)).thenNothingHappened();
    given(answerLikeDecider, [liked]).when(set(true)).thenNothingHappened();
    given(answerLikeDecider, [liked, unliked]).when(set(false)).thenNothingHappened();
  });
});
