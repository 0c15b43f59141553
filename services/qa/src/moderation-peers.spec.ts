import type { AnswerEvent, AnswerReplyEvent, QuestionEvent } from '@forum/contracts';
import { fold } from '@forum/event-store';
import { given } from '@forum/testing';
import { answerDecider } from './answers/answer.decider';
import { answerReplyRestorer, answerRestorer, questionRestorer } from './moderation-peers';
import { questionDecider } from './questions/question.decider';

const now = new Date('2026-11-21T10:00:00.000Z');
const restore = (id: string) => ({ type: 'Restore' as const, id, by: 'staff-1', now });

const asked: QuestionEvent = {
  type: 'QuestionAsked',
  data: {
    questionId: 'q1',
    askerId: 'm1',
    title: 'Why?',
    content: '<p>Why?</p>',
    tagIds: ['t1'],
    bountyAmount: 500,
    bountyPoints: 0,
    mentions: [],
    isStaff: false,
    askedAt: now.toISOString(),
  },
};
const deleted: QuestionEvent = {
  type: 'QuestionDeleted',
  data: { questionId: 'q1', askerId: 'm1', by: 'staff-1', deletedAt: now.toISOString() },
};
const answered: AnswerEvent = {
  type: 'AnswerPosted',
  data: {
    answerId: 'a1',
    questionId: 'q1',
    authorId: 'm2',
    content: '<p>x</p>',
    mentions: [],
    isStaff: false,
    postedAt: now.toISOString(),
  },
};
const answerDeleted: AnswerEvent = {
  type: 'AnswerDeleted',
  data: { answerId: 'a1', questionId: 'q1', authorId: 'm2', by: 'staff-1', deletedAt: now.toISOString() },
};
const replied: AnswerReplyEvent = {
  type: 'AnswerReplyPosted',
  data: {
    replyId: 'r1',
    answerId: 'a1',
    questionId: 'q1',
    parentReplyId: null,
    authorId: 'm3',
    content: '<p>y</p>',
    mentions: [],
    isStaff: false,
    postedAt: now.toISOString(),
  },
};

describe('restoring Q&A content for moderation (ADR 0021)', () => {
  it('restores a deleted question, which comes back without the bounty refunded at its deletion', () => {
    given(questionRestorer, [asked, deleted])
      .when(restore('q1'))
      .then([
        {
          type: 'QuestionRestored',
          data: { questionId: 'q1', askerId: 'm1', by: 'staff-1', restoredAt: now.toISOString() },
        },
      ]);
    const state = fold(questionDecider, [
      asked,
      deleted,
      { type: 'QuestionRestored', data: { questionId: 'q1', askerId: 'm1', by: 's', restoredAt: '' } },
    ]);
    expect(state).toMatchObject({ deleted: false, hasBounty: false });
  });

  it('leaves a live question alone and refuses an unknown one', () => {
    given(questionRestorer, [asked]).when(restore('q1')).thenNothingHappened();
    given(questionRestorer, []).when(restore('q1')).thenError('qa.question_not_found');
  });

  it('restores a deleted answer, after which its author may edit it again', () => {
    given(answerRestorer, [answered, answerDeleted])
      .when(restore('a1'))
      .then([
        {
          type: 'AnswerRestored',
          data: { answerId: 'a1', questionId: 'q1', authorId: 'm2', by: 'staff-1', restoredAt: now.toISOString() },
        },
      ]);
    const restored: AnswerEvent = {
      type: 'AnswerRestored',
      data: { answerId: 'a1', questionId: 'q1', authorId: 'm2', by: 'staff-1', restoredAt: now.toISOString() },
    };
    given(answerDecider, [answered, answerDeleted, restored])
      .when({
        type: 'EditAnswer',
        answerId: 'a1',
        content: '<p>z</p>',
        mentions: [],
        adopted: false,
        by: 'm2',
        byStaff: false,
        now,
      })
      .then([
        {
          type: 'AnswerEdited',
          data: {
            answerId: 'a1',
            questionId: 'q1',
            content: '<p>z</p>',
            mentions: [],
            by: 'm2',
            editedAt: now.toISOString(),
          },
        },
      ]);
    given(answerRestorer, [answered]).when(restore('a1')).thenNothingHappened();
    given(answerRestorer, []).when(restore('a1')).thenError('qa.answer_not_found');
  });

  it('restores a deleted answer reply and refuses an unknown one', () => {
    const replyDeleted: AnswerReplyEvent = {
      type: 'AnswerReplyDeleted',
      data: {
        replyId: 'r1',
        answerId: 'a1',
        questionId: 'q1',
        authorId: 'm3',
        by: 'staff-1',
        deletedAt: now.toISOString(),
      },
    };
    given(answerReplyRestorer, [replied, replyDeleted])
      .when(restore('r1'))
      .then([
        {
          type: 'AnswerReplyRestored',
          data: {
            replyId: 'r1',
            answerId: 'a1',
            questionId: 'q1',
            authorId: 'm3',
            by: 'staff-1',
            restoredAt: now.toISOString(),
          },
        },
      ]);
    given(answerReplyRestorer, []).when(restore('r1')).thenError('qa.answer_reply_not_found');
  });
});
