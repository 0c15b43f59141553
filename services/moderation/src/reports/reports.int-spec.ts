import type { ErrorBody, Page } from '@forum/contracts';
import { eventually, staffAccount, startForum, testTag } from '@forum/testing';
import type { ForumFixture } from '@forum/testing';
import { ModerationModule } from '../moderation.module';
import { REPORTABLE_CONTENT } from './report.projections';
import type { MyReportRow, StaffReportRow } from './report.reader';
import type { ReportTypeView } from './report.schemas';

describe('reports (docs/rules/moderation.md, reports) over HTTP', () => {
  let f: ForumFixture;
  let tagId: string;
  let spamTypeId: string;
  let otherTypeId: string;

  const staff = () => f.t.client.as(f.staffId, 'staff');

  /** A topic the moderation context knows of (its content facts come from the forum's events). */
  async function topicBy(authorId: string, title: string): Promise<string> {
    // Not `f.post`: on a loaded machine the forum's lists may miss the read-your-writes wait, which is not ours.
    const posted = await f.t.client
      .as(authorId)
      .post<{ topicId: string }>('/api/forum/topics', { title, content: `<p>${title}</p>`, tagIds: [tagId] });
    expect(posted.status).toBe(201);
    const { topicId } = posted.body;
    const facts = f.t.db('moderation').collection<{ _id: string }>(REPORTABLE_CONTENT);
    await eventually(async () => expect(await facts.findOne({ _id: `topic:${topicId}` })).not.toBeNull());
    return topicId;
  }

  const report = (memberId: string, contentId: string, extra: Record<string, unknown> = {}) =>
    f.t.client.as(memberId).post<{ reportId: string; visible: boolean } & ErrorBody>('/api/moderation/reports', {
      kind: 'topic',
      contentId,
      typeId: spamTypeId,
      ...extra,
    });

  beforeAll(async () => {
    f = await startForum();
    tagId = await testTag(f.t.client, 'Reports');
    const root = await staff().post<{ id: string }>('/api/moderation/staff/report-types', { name: 'Abuse' });
    const spam = await staff().post<{ id: string }>('/api/moderation/staff/report-types', {
      name: 'Spam',
      parentId: root.body.id,
    });
    const other = await staff().post<{ id: string }>('/api/moderation/staff/report-types', {
      name: 'Other',
      reasonRequired: true,
    });
    spamTypeId = spam.body.id;
    otherTypeId = other.body.id;
    await staff().request('PATCH', '/api/moderation/settings', {
      reports: { autoHideAfterReporters: 0, captchaAfterPerMinute: 100 },
    });
  }, 240_000);
  afterAll(() => f.t.close());

  it('offers the report types tree to everyone', async () => {
    const tree = await f.t.client.anonymous().get<{ items: ReportTypeView[] }>('/api/moderation/report-types');
    expect(tree.body.items.map((type) => type.name)).toEqual(['Abuse', 'Other']);
    expect(tree.body.items[0]!.children.map((type) => type.name)).toEqual(['Spam']);
  });

  it('files a report, resolves it as successful with deletion: the reporter sees the result, the topic is gone', async () => {
    const author = await f.member('report_author');
    const reporter = await f.member('report_filer');
    const topicId = await topicBy(author, 'Buy cheap watches');

    const needsReason = await report(reporter, topicId, { typeId: otherTypeId });
    expect([needsReason.status, needsReason.body.code]).toEqual([400, 'moderation.reason_required']);
    const own = await report(author, topicId);
    expect([own.status, own.body.code]).toEqual([400, 'moderation.own_content']);

    const filed = await report(reporter, topicId, { reason: 'advertising' });
    expect([filed.status, filed.body.visible]).toEqual([201, true]);
    const again = await report(reporter, topicId);
    expect([again.status, again.body.code]).toEqual([409, 'moderation.already_reported']);

    const mine = await f.t.client.as(reporter).get<Page<MyReportRow>>('/api/moderation/reports/mine');
    expect(mine.body.items[0]).toMatchObject({ id: filed.body.reportId, status: 10, typeName: 'Spam', result: null });

    const queue = await staff().get<Page<StaffReportRow>>('/api/moderation/staff/reports?status=10&kind=topic');
    expect(queue.body.items.map((row) => row.id)).toContain(filed.body.reportId);

    const resolved = await staff().post(`/api/moderation/staff/reports/${filed.body.reportId}/resolve`, {
      outcome: 'successful',
      result: 'Removed, thank you.',
      remark: 'repeat spammer',
      contentAction: 'delete',
    });
    expect(resolved.status).toBe(200);
    const twice = await staff().post<ErrorBody>(`/api/moderation/staff/reports/${filed.body.reportId}/resolve`, {
      outcome: 'failed',
      result: 'No.',
    });
    expect([twice.status, twice.body.code]).toEqual([409, 'moderation.report_not_pending']);

    const after = await f.t.client.as(reporter).get<Page<MyReportRow>>('/api/moderation/reports/mine');
    expect(after.body.items[0]).toMatchObject({ status: 50, result: 'Removed, thank you.' });
    expect(after.body.items[0]).not.toHaveProperty('remark');
    const topic = await f.t.client.as(reporter).get(`/api/forum/topics/${topicId}`);
    expect(topic.status).toBe(404);

    const deleted = await f.t.client.as(reporter).request('DELETE', `/api/moderation/reports/${filed.body.reportId}`);
    expect(deleted.status).toBe(200);
    const marked = await f.t.client.as(reporter).get<Page<MyReportRow>>('/api/moderation/reports/mine');
    expect(marked.body.items[0]!.status).toBe(1050);
  });

  it('hides content reported by N distinct members, and restores it when the complaint fails', async () => {
    await staff().request('PATCH', '/api/moderation/settings', { reports: { autoHideAfterReporters: 2 } });
    const author = await f.member('hide_author');
    const topicId = await topicBy(author, 'A fine topic');
    const first = await report(await f.member('hide_one'), topicId);
    expect(first.status).toBe(201);
    expect((await f.t.client.anonymous().get(`/api/forum/topics/${topicId}`)).status).toBe(200);
    const second = await report(await f.member('hide_two'), topicId);
    expect(second.status).toBe(201);
    await eventually(async () =>
      expect((await f.t.client.anonymous().get(`/api/forum/topics/${topicId}`)).status).toBe(404),
    );

    const failed = await staff().post(`/api/moderation/staff/reports/${second.body.reportId}/resolve`, {
      outcome: 'failed',
      result: 'Nothing wrong here.',
    });
    expect(failed.status).toBe(200);
    await eventually(async () =>
      expect((await f.t.client.anonymous().get(`/api/forum/topics/${topicId}`)).status).toBe(200),
    );
    await staff().request('PATCH', '/api/moderation/settings', { reports: { autoHideAfterReporters: 0 } });
  });

  it('limits reports per member: a captcha after N a minute, a refusal past the hourly cap', async () => {
    await staff().request('PATCH', '/api/moderation/settings', {
      reports: { captchaAfterPerMinute: 1, perMemberPerHour: 2 },
    });
    const author = await f.member('rate_author');
    const reporter = await f.member('rate_filer');
    const topics = await Promise.all(['One', 'Two', 'Three'].map((title) => topicBy(author, `Rate ${title}`)));
    expect((await report(reporter, topics[0]!)).status).toBe(201);
    const withoutCaptcha = await report(reporter, topics[1]!);
    expect([withoutCaptcha.status, withoutCaptcha.body.code]).toEqual([400, 'moderation.captcha_required']);
    const wrongCaptcha = await report(reporter, topics[1]!, { captchaKey: 'nope', captchaValue: 'abcd' });
    expect([wrongCaptcha.status, wrongCaptcha.body.code]).toEqual([400, 'moderation.captcha_invalid']);

    const captcha = await f.t.client.anonymous().get<{ captchaKey: string }>('/api/identity/captcha');
    const stored = await f.t
      .db('identity')
      .collection<{ _id: string; text: string }>('captchas')
      .findOne({ _id: captcha.body.captchaKey });
    const solved = await report(reporter, topics[1]!, {
      captchaKey: captcha.body.captchaKey,
      captchaValue: stored!.text,
    });
    expect(solved.status).toBe(201);
    const capped = await report(reporter, topics[2]!);
    expect([capped.status, capped.body.code]).toEqual([429, 'moderation.report_rate_limited']);
    await staff().request('PATCH', '/api/moderation/settings', {
      reports: { captchaAfterPerMinute: 100, perMemberPerHour: 20 },
    });
  });

  it('answers 403 from every report admin endpoint to staff without reports.handle', async () => {
    const roles = await staff().post<{ id: string }>('/api/identity/roles', {
      name: 'Help editors',
      kind: 'staff',
      permissions: [{ permission: 'content.manage' }],
    });
    expect(roles.status).toBe(201);
    const editorId = await staffAccount(f.t.app, 'help_editor', {
      roleId: roles.body.id,
      contexts: ['identity', ModerationModule, 'forum'],
      permission: 'content.manage',
    });
    const editor = f.t.client.as(editorId, 'staff');
    const id = '0190aaaa-0000-7000-8000-000000000000';
    const endpoints: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, Record<string, unknown>?][] = [
      ['GET', '/api/moderation/staff/reports'],
      ['POST', `/api/moderation/staff/reports/${id}/resolve`, { outcome: 'failed', result: 'x' }],
      ['DELETE', `/api/moderation/staff/reports/${id}`],
      ['GET', '/api/moderation/staff/report-types'],
      ['POST', '/api/moderation/staff/report-types', { name: 'x' }],
      ['PATCH', `/api/moderation/staff/report-types/${id}`, { name: 'y' }],
      ['DELETE', `/api/moderation/staff/report-types/${id}`],
    ];
    for (const [method, path, body] of endpoints) {
      const answer = await editor.request<ErrorBody>(method, path, body);
      expect([method, path, answer.status, answer.body.code]).toEqual([method, path, 403, 'auth.forbidden']);
    }
  });
});
