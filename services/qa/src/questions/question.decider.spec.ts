import type { QuestionEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { answerDecider } from '../answers/answer.decider';
import { QuestionCommand, questionDecider } from './question.decider';

const now = new Date('2026-03-01T10:00:00.000Z');
const at = now.toISOString();
const questionId = 'q1';
const asker = { by: 'asker', byStaff: false, now };
const staff = { by: 'staff', byStaff: true, now };

const asked: QuestionEvent = {
  type: 'QuestionAsked',
  data: {
    questionId,
    askerId: 'asker',
    title: 'Why?',
    content: '<p>?</p>',
    tagIds: ['t'],
    bountyAmount: 100,
    bountyPoints: 0,
    mentions: [],
    isStaff: false,
    askedAt: at,
  },
};
const adopt = (answerId: string, actor = asker, answererId = 'answerer'): QuestionCommand & { questionId: string } => ({
  type: 'AdoptAnswer',
  questionId,
  answerId,
  answererId,
  answererIsStaff: false,
  ...actor,
});
const adopted = (answerId: string, round = 1, by = 'asker'): QuestionEvent => ({
  type: 'AnswerAdopted',
  data: { questionId, answerId, answererId: 'answerer', answererIsStaff: false, round, by, adoptedAt: at },
});
const cancelled: QuestionEvent = {
  type: 'AdoptionCancelled',
  data: { questionId, answerId: 'a1', round: 1, by: 'staff', cancelledAt: at },
};

describe('question decider', () => {
  it('the asker or staff adopt one answer; the same answer again appends nothing, another is refused', () => {
    given(questionDecider, [asked])
      .when(adopt('a1'))
      .then([adopted('a1')]);
    given(questionDecider, [asked])
      .when(adopt('a1', staff))
      .then([adopted('a1', 1, 'staff')]);
    given(questionDecider, [asked, adopted('a1')])
      .when(adopt('a1', staff))
      .thenNothingHappened();
    given(questionDecider, [asked, adopted('a1')])
      .when(adopt('a2'))
      .thenError('qa.already_adopted');
  });

  it('refuses adoption by anyone else, of the asker’s own answer, and on a deleted question', () => {
    given(questionDecider, [asked])
      .when(adopt('a1', { by: 'other', byStaff: false, now }))
      .thenError('auth.forbidden');
    given(questionDecider, [asked])
      .when(adopt('a1', asker, 'asker'))
      .thenError('qa.cannot_adopt_own_answer');
    const deleted: QuestionEvent = {
      type: 'QuestionDeleted',
      data: { questionId, askerId: 'asker', by: 'asker', deletedAt: at },
    };
    given(questionDecider, [asked, deleted]).when(adopt('a1')).thenError('qa.question_not_found');
  });

  it('only staff cancel an adoption; the next adoption is the next round', () => {
    const cancel = { type: 'CancelAdoption' as const, questionId, ...staff };
    given(questionDecider, [asked, adopted('a1')])
      .when(cancel)
      .then([cancelled]);
    given(questionDecider, [asked, adopted('a1')])
      .when({ ...cancel, ...asker })
      .thenError('auth.forbidden');
    given(questionDecider, [asked]).when(cancel).thenError('qa.not_adopted');
    given(questionDecider, [asked, adopted('a1'), cancelled])
      .when(adopt('a2'))
      .then([{ ...adopted('a2', 2) }] as QuestionEvent[]);
  });
});

describe('answer decider', () => {
  const posted = {
    type: 'AnswerPosted' as const,
    data: {
      answerId: 'a1',
      questionId,
      authorId: 'answerer',
      content: '<p>x</p>',
      mentions: [],
      isStaff: false,
      postedAt: at,
    },
  };
  const edit = (adopted: boolean, byStaff = false) => ({
    type: 'EditAnswer' as const,
    answerId: 'a1',
    content: '<p>y</p>',
    mentions: [],
    adopted,
    by: byStaff ? 'staff' : 'answerer',
    byStaff,
    now,
  });

  it('an adopted answer can no longer be edited or deleted by its author, staff still can', () => {
    given(answerDecider, [posted]).when(edit(true)).thenError('qa.adopted_answer_locked');
    given(answerDecider, [posted])
      .when({ type: 'DeleteAnswer', answerId: 'a1', adopted: true, by: 'answerer', byStaff: false, now })
      .thenError('qa.adopted_answer_locked');
    given(answerDecider, [posted])
      .when(edit(true, true))
      .then([
        {
          type: 'AnswerEdited',
          data: { answerId: 'a1', questionId, content: '<p>y</p>', mentions: [], by: 'staff', editedAt: at },
        },
      ]);
    given(answerDecider, [posted])
      .when(edit(false))
      .then([
        {
          type: 'AnswerEdited',
          data: { answerId: 'a1', questionId, content: '<p>y</p>', mentions: [], by: 'answerer', editedAt: at },
        },
      ]);
  });
});
