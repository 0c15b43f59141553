import type { EventEnvelope } from '@forum/contracts';
import { FOLLOWED_POST_TYPES } from './follower-fanout';
import { qaFollowedPost } from './qa-reminder-rules';
import { IMPLEMENTED_REMINDER_TYPES, planReminders, ReminderLookups } from './reminder-rules';
import { REMINDER_TYPES } from '@forum/contracts';

const lookups = (over: Partial<ReminderLookups> = {}): ReminderLookups => ({
  topic: async () => null,
  commentAuthor: async () => null,
  commentRepliers: async () => [],
  question: async () => ({ askerId: 'asker', title: 'A question' }),
  answerAuthor: async () => 'answerer',
  answerReplyAuthor: async () => 'parentReplier',
  answerRepliers: async () => [],
  ...over,
});

const envelope = (type: string, data: unknown): EventEnvelope => ({
  id: 'e1',
  type,
  streamId: 'x-1',
  version: 1,
  occurredAt: '2026-11-21T10:00:00.000Z',
  schemaVersion: 1,
  correlationId: 'c',
  causationId: null,
  actor: { kind: 'member', id: null },
  data,
});

const at = '2026-11-21T10:00:00.000Z';
const asked = (data: Record<string, unknown> = {}) =>
  envelope('QuestionAsked', {
    questionId: 'q1',
    askerId: 'asker',
    title: 'A question',
    content: '<p>Why <b>is</b> it?</p>',
    tagIds: [],
    bountyAmount: 0,
    bountyPoints: 0,
    mentions: [],
    isStaff: false,
    askedAt: at,
    ...data,
  });
const answered = (data: Record<string, unknown> = {}) =>
  envelope('AnswerPosted', {
    answerId: 'a1',
    questionId: 'q1',
    authorId: 'answerer',
    content: '<p>Because.</p>',
    mentions: [],
    isStaff: false,
    postedAt: at,
    ...data,
  });
const replied = (data: Record<string, unknown> = {}) =>
  envelope('AnswerReplyPosted', {
    replyId: 'r5',
    answerId: 'a1',
    questionId: 'q1',
    parentReplyId: null,
    authorId: 'replier',
    content: '<p>Thanks</p>',
    mentions: [],
    isStaff: false,
    postedAt: at,
    ...data,
  });

describe('Q&A reminder rules', () => {
  it('230: a question reminds whom it mentions, never the asker, and points at the question', async () => {
    const plan = await planReminders(asked({ mentions: ['asker', 'm1', 'm2'] }), lookups());
    expect(plan?.recipients).toEqual([
      { memberId: 'm1', types: [230] },
      { memberId: 'm2', types: [230] },
    ]);
    expect(plan?.target).toMatchObject({
      senderId: 'asker',
      questionId: 'q1',
      questionTitle: 'A question',
      answerId: null,
      answerReplyId: null,
      topicId: null,
      summary: 'Why is it?',
    });
    expect(await planReminders(asked(), lookups())).toBeNull();
  });

  it('120 / 240: an answer reminds the asker and whom it mentions (a mentioned asker: [240, 120])', async () => {
    const plan = await planReminders(answered({ mentions: ['asker', 'm1'] }), lookups());
    expect(plan?.recipients).toEqual([
      { memberId: 'asker', types: [240, 120] },
      { memberId: 'm1', types: [240] },
    ]);
    expect(plan?.target).toMatchObject({
      senderId: 'answerer',
      questionId: 'q1',
      questionTitle: 'A question',
      answerId: 'a1',
    });
  });

  it('an answer by the asker reminds nobody; an unknown question reminds only the mentioned', async () => {
    expect(await planReminders(answered({ authorId: 'asker' }), lookups())).toBeNull();
    const plan = await planReminders(answered({ mentions: ['m1'] }), lookups({ question: async () => null }));
    expect(plan?.recipients).toEqual([{ memberId: 'm1', types: [240] }]);
    expect(plan?.target.questionTitle).toBeNull();
  });

  it('160 / 140 / 250 / 150 / 130: an answer reply, most specific type first, never to its author', async () => {
    const plan = await planReminders(
      replied({ parentReplyId: 'r3', mentions: ['asker', 'other', 'replier'] }),
      lookups({
        answerReplyAuthor: async (answerId, replyId) =>
          answerId === 'a1' && replyId === 'r3' ? 'parentReplier' : null,
        answerRepliers: async () => [
          { memberId: 'parentReplier', replyId: 'r3' },
          { memberId: 'earlier', replyId: 'r1' },
          { memberId: 'answerer', replyId: 'r2' },
          { memberId: 'replier', replyId: 'r4' },
          { memberId: 'later', replyId: 'r9' },
        ],
      }),
    );
    expect(plan?.recipients).toEqual([
      { memberId: 'parentReplier', types: [160, 150] },
      { memberId: 'answerer', types: [140, 150] },
      { memberId: 'asker', types: [250, 130] },
      { memberId: 'other', types: [250] },
      { memberId: 'earlier', types: [150] },
    ]);
    expect(plan?.target).toMatchObject({ senderId: 'replier', questionId: 'q1', answerId: 'a1', answerReplyId: 'r5' });
  });

  it('a reply to the answer itself reminds the answer author (140) and the asker (130)', async () => {
    const plan = await planReminders(replied(), lookups({ answerReplyAuthor: async () => 'nobody' }));
    expect(plan?.recipients).toEqual([
      { memberId: 'answerer', types: [140] },
      { memberId: 'asker', types: [130] },
    ]);
  });

  it('280 / 290 / 300: likes go to the author of what was liked, never for liking one’s own', async () => {
    const questionLike = await planReminders(
      envelope('QuestionLiked', { questionId: 'q1', memberId: 'fan', at }),
      lookups(),
    );
    expect(questionLike?.recipients).toEqual([{ memberId: 'asker', types: [280] }]);
    expect(questionLike?.target).toMatchObject({
      senderId: 'fan',
      questionId: 'q1',
      questionTitle: 'A question',
      summary: null,
    });

    const like = (targetKind: 'answer' | 'answerReply', targetId: string, targetAuthorId: string) =>
      envelope('AnswerContentLiked', {
        targetKind,
        targetId,
        answerId: 'a1',
        questionId: 'q1',
        memberId: 'fan',
        targetAuthorId,
        at,
      });
    const answerLike = await planReminders(like('answer', 'a1', 'answerer'), lookups());
    expect(answerLike?.recipients).toEqual([{ memberId: 'answerer', types: [290] }]);
    expect(answerLike?.target).toMatchObject({ answerId: 'a1', answerReplyId: null });
    const replyLike = await planReminders(like('answerReply', 'r1', 'replier'), lookups());
    expect(replyLike?.recipients).toEqual([{ memberId: 'replier', types: [300] }]);
    expect(replyLike?.target).toMatchObject({ answerId: 'a1', answerReplyId: 'r1' });

    expect(await planReminders(like('answer', 'a1', 'fan'), lookups())).toBeNull();
    expect(
      await planReminders(envelope('QuestionUnliked', { questionId: 'q1', memberId: 'fan', at }), lookups()),
    ).toBeNull();
    expect(
      await planReminders(envelope('QuestionFavourited', { questionId: 'q1', memberId: 'fan', at }), lookups()),
    ).toBeNull();
  });

  it('310: an adopted answer reminds its author, from whoever adopted it', async () => {
    const adopted = envelope('AnswerAdopted', {
      questionId: 'q1',
      answerId: 'a1',
      answererId: 'answerer',
      answererIsStaff: false,
      round: 1,
      by: 'asker',
      adoptedAt: at,
    });
    const plan = await planReminders(adopted, lookups());
    expect(plan?.recipients).toEqual([{ memberId: 'answerer', types: [310] }]);
    expect(plan?.target).toMatchObject({
      senderId: 'asker',
      questionId: 'q1',
      questionTitle: 'A question',
      answerId: 'a1',
    });
  });

  it('170 / 180 / 190: what the follower fan-out sends for a question, an answer and an answer reply', () => {
    expect(qaFollowedPost(asked())).toMatchObject({
      authorId: 'asker',
      type: 170,
      target: { questionTitle: 'A question' },
    });
    expect(qaFollowedPost(answered())).toMatchObject({ authorId: 'answerer', type: 180, target: { answerId: 'a1' } });
    expect(qaFollowedPost(answered())?.target).not.toHaveProperty('questionTitle');
    expect(qaFollowedPost(replied())).toMatchObject({
      authorId: 'replier',
      type: 190,
      target: { answerReplyId: 'r5' },
    });
    expect(qaFollowedPost(envelope('QuestionLiked', {}))).toBeNull();
    expect(FOLLOWED_POST_TYPES).toEqual(expect.arrayContaining([170, 180, 190]));
  });

  it('every reminder type of docs/rules/messaging.md is generated, and 310 and 320 (a poll closed) besides', () => {
    expect(IMPLEMENTED_REMINDER_TYPES).toEqual([...REMINDER_TYPES]);
    expect(REMINDER_TYPES).toHaveLength(33);
    expect(REMINDER_TYPES).toEqual(expect.arrayContaining([310, 320]));
  });
});
