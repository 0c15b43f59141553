import { eventually, staffAccount } from '@forum/testing';
import { testTag } from '../../services/forum/src/tags/tag.fixture';
import { ModerationModule } from '../../services/moderation/src/moderation.module';
import { REPORTABLE_CONTENT } from '../../services/moderation/src/reports/report.projections';
import { browserSuite, registerMember } from './harness';

/**
 * A full report in the member site against the real contexts (docs/rules/moderation.md, reports): a member reports a topic from the
 * thread page, staff uphold it and delete the topic, and the member's report list shows the result — in each
 * language.
 */
const texts = {
  en: {
    visit: { locale: 'en-US', language: 'en_US' },
    report: 'Report',
    dialog: 'Report this content',
    reason: 'Reason',
    submit: 'Submit report',
    sent: 'Thank you. Staff will review your report.',
    pending: 'Pending',
    successful: 'Complaint successful',
    resultLabel: 'Result',
  },
  zh: {
    visit: { locale: 'zh-CN', language: 'zh_CN' },
    report: '举报',
    dialog: '举报该内容',
    reason: '理由',
    submit: '提交举报',
    sent: '感谢您的举报，员工会尽快处理。',
    pending: '待处理',
    successful: '投诉成功',
    resultLabel: '处理结果',
  },
} as const;

describe('reporting in Chromium', () => {
  const suite = browserSuite(['web-member']);
  let staffId: string;
  const typeName = `Spam ${Date.now().toString(36)}`;

  /** A topic by another author that moderation already knows of. */
  async function reportableTopic(title: string): Promise<string> {
    const posted = await suite.app.client
      .as('reports-browser-author', 'staff')
      .post<{ topicId: string }>('/api/forum/topics', {
        title,
        tagIds: [await testTag(suite.app.client)],
        content: '<p>Buy cheap watches here.</p>',
      });
    expect(posted.status).toBe(201);
    const facts = suite.app.db('moderation').collection<{ _id: string }>(REPORTABLE_CONTENT);
    await eventually(async () => expect(await facts.findOne({ _id: `topic:${posted.body.topicId}` })).not.toBeNull());
    return posted.body.topicId;
  }

  beforeAll(async () => {
    staffId = await staffAccount(suite.app.app, `reports_staff_${Date.now().toString(36)}`, {
      contexts: [ModerationModule],
      permission: 'reports.handle',
    });
    const created = await suite.app.client
      .as(staffId, 'staff')
      .post('/api/moderation/staff/report-types', { name: typeName });
    expect(created.status).toBe(201);
  }, 120_000);

  for (const language of ['en', 'zh'] as const) {
    const say = texts[language];
    let session: { accessToken: string; refreshToken: string };
    let topicId: string;
    const title = `Cheap watches ${language} ${Date.now()}`;

    beforeAll(async () => {
      session = await registerMember(suite.app, `reporter${language}`);
      topicId = await reportableTopic(title);
    }, 120_000);

    suite.test(
      `${language}: report a topic → staff uphold it and delete the topic → the reporter sees the result`,
      () => ({ locale: say.visit.locale, localStorage: { language: say.visit.language, ...session } }),
      async ({ page }) => {
        await page.goto(`/thread?topicId=${topicId}`);
        await page.getByRole('button', { name: say.report, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: say.dialog });
        await dialog.getByRole('radio', { name: typeName }).check();
        await dialog.getByLabel(say.reason).fill('advertising');
        await dialog.getByRole('button', { name: say.submit }).click();
        await page.getByText(say.sent).waitFor();

        await page.goto('/user/control/reportList');
        await page.getByText(say.pending, { exact: true }).waitFor();

        const queue = await suite.app.client
          .as(staffId, 'staff')
          .get<{ items: { id: string; content: { contentId: string } }[] }>('/api/moderation/staff/reports?status=10');
        const report = queue.body.items.find((row) => row.content.contentId === topicId)!;
        const resolved = await suite.app.client
          .as(staffId, 'staff')
          .post(`/api/moderation/staff/reports/${report.id}/resolve`, {
            outcome: 'successful',
            result: `Removed ${language}`,
            contentAction: 'delete',
          });
        expect(resolved.status).toBe(200);

        await page.reload();
        await page.getByText(say.successful, { exact: true }).waitFor();
        await page.getByText(`${say.resultLabel}: Removed ${language}`).waitFor();
        expect((await suite.app.client.anonymous().get(`/api/forum/topics/${topicId}`)).status).toBe(404);
      },
      120_000,
    );
  }
});
