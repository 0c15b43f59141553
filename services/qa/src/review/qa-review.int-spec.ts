import type { AnswerView, Page, QuestionRow } from '@forum/contracts';
import { EventStore } from '@forum/event-store';
import { SiteSettingsCache } from '@forum/platform';
import { auditWalletLedgers, eventually, QaFixture, startQa } from '@forum/testing';
import { QaModule } from '../qa.module';
import type { QaReviewRow } from './qa-review.controller';

jest.setTimeout(180_000);

interface Held {
  questionId?: string;
  id?: string;
  version: number;
  visible: boolean;
  pending?: boolean;
}

/**
 * The Q&A review queue over HTTP (ADR 0024): with review on, a member's question, answer or answer reply is held;
 * nobody else sees it (lists, detail, the events search and points read), its author sees it as pending; staff
 * approve (posted once, even under two approvals at once) or reject with a reason the author reads. A held
 * question's bounty is frozen at submission and refunded on rejection; the ledger audit passes.
 */
describe('qa: review queue', () => {
  let f: QaFixture;
  let tagId: string;
  let qaStore: EventStore;

  beforeAll(async () => {
    f = await startQa();
    qaStore = new EventStore('qa', f.t.db('qa'));
    tagId = await f.tag('Reviewed');
    const review = { questions: true, answers: true, answerReplies: true };
    const changed = await f.t.client.as(f.staffId, 'staff').request('PATCH', '/api/moderation/settings', { review });
    expect(changed.status).toBe(200);
    const cache = f.t.app.select(QaModule).get(SiteSettingsCache);
    await eventually(() => expect(cache.current().review).toMatchObject(review));
  }, 300_000);
  afterAll(() => f?.t.close());

  const staff = () => f.t.client.as(f.staffId, 'staff');
  const queue = async (kind: string) =>
    (await staff().get<Page<QaReviewRow>>(`/api/qa/staff/review?kind=${kind}&pageSize=100`)).body.items;
  const mine = async (memberId: string, kind: string) =>
    (await f.t.client.as(memberId).get<Page<QaReviewRow>>(`/api/qa/me/submissions?kind=${kind}`)).body.items;
  const listed = async () =>
    (await f.t.client.get<Page<QuestionRow>>(`/api/qa/questions?tagId=${tagId}&pageSize=100`)).body.items.map(
      (row) => row.questionId,
    );
  const detailStatus = async (questionId: string) => (await f.t.client.get(`/api/qa/questions/${questionId}`)).status;
  /** What search, points and reminders consume: the content's own stream. */
  const posted = async (stream: string) => (await qaStore.readStream(stream)).map((event) => event.type);

  it('holds a question with its bounty frozen; approval posts it exactly once under two concurrent approvals', async () => {
    const asker = await f.member();
    await f.fund(asker, 'balance', 5_000);
    await f.fund(asker, 'points', 50);
    const asked = await f.ask(asker, {
      title: 'Held question',
      content: '<p>Awaiting review</p>',
      tagIds: [tagId],
      bountyAmount: '20.00',
      bountyPoints: 30,
    });
    expect(asked.status).toBe(201);
    const held = asked.body as Held;
    expect(held).toMatchObject({ pending: true, visible: true });
    const questionId = held.questionId!;

    // Invisible to everyone else; frozen once; the author and staff see it waiting.
    expect(await listed()).not.toContain(questionId);
    expect(await detailStatus(questionId)).toBe(404);
    expect(await posted(`question-${questionId}`)).toEqual([]);
    // The cash and points freezes are two ledger entries: the read model may show one before the other.
    await eventually(async () =>
      expect(await f.wallet(asker)).toMatchObject({ available: 3_000, frozen: 2_000, points: 20 }),
    );
    expect((await mine(asker, 'question')).map((row) => [row.id, row.pending, row.title])).toEqual([
      [questionId, true, 'Held question'],
    ]);
    expect(await queue('question')).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: questionId, bountyAmount: 2_000, bountyPoints: 30 })]),
    );
    // Members may not decide.
    const forbidden = await f.t.client.as(asker).post(`/api/qa/staff/review/question/${questionId}/approve`, {});
    expect(forbidden.status).toBe(403);

    const decisions = await Promise.all([
      staff().post(`/api/qa/staff/review/question/${questionId}/approve`, {}),
      staff().post(`/api/qa/staff/review/question/${questionId}/approve`, {}),
    ]);
    expect(decisions.map((d) => d.status)).toEqual([200, 200]);
    expect(decisions.map((d) => (d.body as { status: string }).status)).toEqual(['approved', 'approved']);
    expect(await posted(`question-${questionId}`)).toEqual(['QuestionAsked']);
    expect((await qaStore.readStream(`qaSubmission-${questionId}`)).map((e) => e.type)).toEqual([
      'QaContentSubmitted',
      'QaContentApproved',
    ]);
    await eventually(async () => expect(await listed()).toContain(questionId));
    const detail = await f.question(questionId);
    expect(detail).toMatchObject({ title: 'Held question', rewardAmount: 2_000, rewardPoints: 30 });
    expect(detail.bounty).toMatchObject({ amount: 2_000, points: 30, status: 'held' });
    // Still frozen once (nothing more, nothing released); the points for asking come with the approval only.
    const forAsking = f.t.app.select(QaModule).get(SiteSettingsCache).current().points.question;
    await eventually(async () =>
      expect(await f.wallet(asker)).toMatchObject({ available: 3_000, frozen: 2_000, points: 20 + forAsking }),
    );
    expect(await queue('question')).not.toEqual(expect.arrayContaining([expect.objectContaining({ id: questionId })]));
    expect(await mine(asker, 'question')).toEqual([]);
    // Rejecting an approved item is refused.
    const late = await staff().post(`/api/qa/staff/review/question/${questionId}/reject`, { reason: 'late' });
    expect(late.status).toBe(409);
    expect((late.body as { code: string }).code).toBe('qa.submission_decided');
  });

  it('rejects a held question with a reason the author reads, and gives the frozen bounty back', async () => {
    const asker = await f.member();
    await f.fund(asker, 'balance', 5_000);
    await f.fund(asker, 'points', 50);
    const asked = await f.ask(asker, {
      title: 'Spam question',
      content: '<p>buy now</p>',
      tagIds: [tagId],
      bountyAmount: '10.00',
      bountyPoints: 5,
    });
    expect(asked.status).toBe(201);
    const questionId = (asked.body as Held).questionId!;
    // The cash and points freezes are two ledger entries: the read model may show one before the other.
    await eventually(async () =>
      expect(await f.wallet(asker)).toMatchObject({ available: 4_000, frozen: 1_000, points: 45 }),
    );

    const noReason = await staff().post(`/api/qa/staff/review/question/${questionId}/reject`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    const rejected = await staff().post(`/api/qa/staff/review/question/${questionId}/reject`, {
      reason: 'Advertising',
    });
    expect(rejected.status).toBe(200);
    // A double click changes nothing; approving it now is refused.
    const again = await staff().post(`/api/qa/staff/review/question/${questionId}/reject`, { reason: 'Advertising' });
    expect(again.status).toBe(200);
    const approve = await staff().post(`/api/qa/staff/review/question/${questionId}/approve`, {});
    expect(approve.status).toBe(409);

    await eventually(async () =>
      expect(await f.wallet(asker)).toMatchObject({ available: 5_000, frozen: 0, points: 50 }),
    );
    expect((await mine(asker, 'question')).map((row) => [row.id, row.status, row.pending, row.reason])).toEqual([
      [questionId, 'rejected', false, 'Advertising'],
    ]);
    expect(await posted(`question-${questionId}`)).toEqual([]);
    expect(await detailStatus(questionId)).toBe(404);
    expect(await listed()).not.toContain(questionId);
    // Someone else's submissions are not shown.
    expect(await mine(await f.member(), 'question')).toEqual([]);
  });

  it('holds answers and answer replies until approved; a rejected answer never appears', async () => {
    const asker = await f.member();
    const helper = await f.member();
    // Staff's own question is never held.
    const staffAsked = await f.ask(f.staffId, { title: 'Staff question', content: '<p>q</p>', tagIds: [tagId] });
    expect(staffAsked.status).toBe(201);
    expect((staffAsked.body as Held).pending).toBeUndefined();
    const questionId = (staffAsked.body as Held).questionId!;

    const answered = await f.t.client
      .as(helper)
      .post<Held>(`/api/qa/questions/${questionId}/answers`, { content: '<p>Held answer</p>' });
    expect(answered.status).toBe(201);
    expect(answered.body).toMatchObject({ pending: true });
    const answerId = answered.body.id!;
    const spam = await f.t.client
      .as(helper)
      .post<Held>(`/api/qa/questions/${questionId}/answers`, { content: '<p>Spam answer</p>' });
    const spamId = spam.body.id!;

    const answersOf = async () => (await f.question(questionId)).answers.map((a: AnswerView) => a.answerId);
    expect(await answersOf()).toEqual([]);
    expect((await f.question(questionId)).answerCount).toBe(0);
    expect(await posted(`answer-${answerId}`)).toEqual([]);
    // A held answer cannot be replied to yet.
    const early = await f.t.client.as(asker).post(`/api/qa/answers/${answerId}/replies`, { content: '<p>r</p>' });
    expect(early.status).toBe(404);
    expect((await mine(helper, 'answer')).map((row) => row.id).sort()).toEqual([answerId, spamId].sort());

    // The wrong kind in the route is not found.
    expect((await staff().post(`/api/qa/staff/review/question/${answerId}/approve`, {})).status).toBe(404);
    expect((await staff().post(`/api/qa/staff/review/answer/${answerId}/approve`, {})).status).toBe(200);
    expect((await staff().post(`/api/qa/staff/review/answer/${spamId}/reject`, { reason: 'Off topic' })).status).toBe(
      200,
    );
    expect(await answersOf()).toEqual([answerId]);
    expect((await f.question(questionId)).answerCount).toBe(1);
    expect(await posted(`answer-${spamId}`)).toEqual([]);
    expect((await mine(helper, 'answer')).map((row) => [row.id, row.reason])).toEqual([[spamId, 'Off topic']]);

    // A reply to the approved answer is held in turn.
    const replied = await f.t.client
      .as(asker)
      .post<Held>(`/api/qa/answers/${answerId}/replies`, { content: '<p>Held reply</p>' });
    expect(replied.status).toBe(201);
    expect(replied.body).toMatchObject({ pending: true });
    const replyId = replied.body.id!;
    const repliesOf = async () =>
      (await f.question(questionId)).answers.flatMap((a: AnswerView) => a.replies.map((r) => r.replyId));
    expect(await repliesOf()).toEqual([]);
    expect(await posted(`answerReply-${replyId}`)).toEqual([]);
    expect((await queue('answerReply')).map((row) => row.id)).toContain(replyId);
    const approvals = await Promise.all([
      staff().post(`/api/qa/staff/review/answerReply/${replyId}/approve`, {}),
      staff().post(`/api/qa/staff/review/answerReply/${replyId}/approve`, {}),
    ]);
    expect(approvals.map((a) => a.status)).toEqual([200, 200]);
    expect(await posted(`answerReply-${replyId}`)).toEqual(['AnswerReplyPosted']);
    expect(await repliesOf()).toEqual([replyId]);
  });

  it('keeps the ledger audit passing', async () => {
    await eventually(async () => {
      const report = await auditWalletLedgers(f.t, { settleMs: 5_000 });
      expect(report.differences).toEqual([]);
      expect(report.ok).toBe(true);
    });
  });
});
