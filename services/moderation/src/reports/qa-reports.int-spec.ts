import type { AuditLogRow, ErrorBody, Page } from '@forum/contracts';
import { eventually, qaContentDeleted, startQa } from '@forum/testing';
import type { QaFixture } from '@forum/testing';
import { REPORTABLE_CONTENT } from './report.projections';
import type { MyReportRow } from './report.reader';

/** Reports on the Q&A kinds (docs/rules/moderation.md, reports): filed from questions, answers and answer replies, acted on by peer command. */
describe('reports on Q&A content over HTTP', () => {
  let f: QaFixture;
  let tagId: string;
  let typeId: string;
  const staff = () => f.t.client.as(f.staffId, 'staff');

  const known = (key: string) =>
    eventually(async () =>
      expect(
        await f.t.db('moderation').collection<{ _id: string }>(REPORTABLE_CONTENT).findOne({ _id: key }),
      ).not.toBeNull(),
    );
  const report = (memberId: string, kind: string, contentId: string) =>
    f.t.client
      .as(memberId)
      .post<{ reportId: string } & ErrorBody>('/api/moderation/reports', { kind, contentId, typeId, reason: 'rude' });
  const settings = (reports: Record<string, number>) =>
    staff().request('PATCH', '/api/moderation/settings', { reports });

  /** A question with an answer and a reply to it, each by another member. */
  async function thread(title: string) {
    const asked = await f.ask(await f.member(), { title, content: '<p>Why?</p>', tagIds: [tagId] });
    expect(asked.status).toBe(201);
    const questionId = (asked.body as { questionId: string }).questionId;
    const answerId = await f.answer(await f.member(), questionId, '<p>Because.</p>');
    const reply = await f.t.client
      .as(await f.member())
      .post<{ id: string }>(`/api/qa/answers/${answerId}/replies`, { content: '<p>Thanks</p>' });
    expect(reply.status).toBe(201);
    await known(`question:${questionId}`);
    await known(`answer:${answerId}`);
    await known(`answerReply:${reply.body.id}`);
    return { questionId, answerId, replyId: reply.body.id };
  }

  beforeAll(async () => {
    f = await startQa();
    tagId = await f.tag('Reported');
    typeId = (await staff().post<{ id: string }>('/api/moderation/staff/report-types', { name: 'Rude' })).body.id;
    expect((await settings({ autoHideAfterReporters: 0, captchaAfterPerMinute: 100 })).status).toBe(200);
  }, 240_000);
  afterAll(() => f.t.close());

  it('files reports on a question, an answer and an answer reply; staff delete the answer in the same action', async () => {
    const { questionId, answerId, replyId } = await thread('Is this rude?');
    const reporter = await f.member();
    const filed = await Promise.all([
      report(reporter, 'question', questionId),
      report(reporter, 'answer', answerId),
      report(reporter, 'answerReply', replyId),
    ]);
    expect(filed.map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await report(reporter, 'answer', 'no-such-answer')).status).toBeGreaterThanOrEqual(400);

    const answerReport = filed[1]!.body.reportId;
    const resolved = await staff().post(`/api/moderation/staff/reports/${answerReport}/resolve`, {
      outcome: 'successful',
      result: 'Removed.',
      contentAction: 'delete',
    });
    expect(resolved.status).toBe(200);
    await eventually(async () => expect(await qaContentDeleted(f.t.app, 'answer', answerId)).toBe(true));
    const question = await f.question(questionId);
    expect(question).toBeTruthy();
    await eventually(async () => {
      const mine = await f.t.client.as(reporter).get<Page<MyReportRow>>('/api/moderation/reports/mine');
      const row = mine.body.items.find((item) => item.id === answerReport);
      expect(row).toMatchObject({ status: 50, result: 'Removed.', content: { kind: 'answer', deleted: true } });
    });
    // The Q&A deletion is a staff action in the audit log, under the staff member who handled the report.
    await eventually(async () => {
      const filter = encodeURIComponent(JSON.stringify({ action: 'AnswerDeleted', targetId: answerId }));
      const log = await staff().get<Page<AuditLogRow>>(`/api/moderation/staff/audit-log?filter=${filter}`);
      expect(log.body.items.map((row) => row.actorId)).toEqual([f.staffId]);
    });
  });

  it('hides an answer reply reported by N members, and restores it when the complaint fails', async () => {
    const { replyId } = await thread('Is this hidden?');
    expect((await settings({ autoHideAfterReporters: 1 })).status).toBe(200);
    const filed = await report(await f.member(), 'answerReply', replyId);
    expect(filed.status).toBe(201);
    await eventually(async () => expect(await qaContentDeleted(f.t.app, 'answerReply', replyId)).toBe(true));

    const failed = await staff().post(`/api/moderation/staff/reports/${filed.body.reportId}/resolve`, {
      outcome: 'failed',
      result: 'Nothing wrong here.',
    });
    expect(failed.status).toBe(200);
    await eventually(async () => expect(await qaContentDeleted(f.t.app, 'answerReply', replyId)).toBe(false));
    expect((await settings({ autoHideAfterReporters: 0 })).status).toBe(200);
  });

  it('deletes and restores a question through the peer commands, idempotently', async () => {
    const { questionId } = await thread('Delete and restore me');
    const filed = await report(await f.member(), 'question', questionId);
    const resolved = await staff().post(`/api/moderation/staff/reports/${filed.body.reportId}/resolve`, {
      outcome: 'successful',
      result: 'Removed.',
      contentAction: 'delete',
    });
    expect(resolved.status).toBe(200);
    await eventually(async () => expect((await f.t.client.get(`/api/qa/questions/${questionId}`)).status).toBe(404));
    const { PeerCommands } = await import('@forum/platform');
    const { qaContentCommands } = await import('@forum/contracts');
    const peers = f.t.app.get(PeerCommands);
    const meta = () => ({
      actor: { kind: 'staff' as const, id: f.staffId },
      now: new Date(),
      correlationId: 'c-qa-peer',
    });
    const ref = { kind: 'question' as const, contentId: questionId };
    expect(await peers.execute(qaContentCommands.delete, ref, meta())).toEqual({ changed: false });
    expect(await peers.execute(qaContentCommands.restore, ref, meta())).toEqual({ changed: true });
    expect(await peers.execute(qaContentCommands.restore, ref, meta())).toEqual({ changed: false });
    await eventually(async () => expect((await f.t.client.get(`/api/qa/questions/${questionId}`)).status).toBe(200));
    await expect(
      peers.execute(qaContentCommands.delete, { kind: 'answer', contentId: 'nope' }, meta()),
    ).rejects.toMatchObject({
      code: 'qa.answer_not_found',
    });
  });
});
