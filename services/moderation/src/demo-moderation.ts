import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { contextDb, PermissionChecker } from '@forum/platform';
import { FeedbackBox } from './feedback/feedback';
import { HelpCenter } from './help/help-center';
import { ModerationModule } from './moderation.module';
import { ReportCommands } from './reports/report.commands';
import { REPORTABLE_CONTENT } from './reports/report.projections';
import type { ReportableContentDocument } from './reports/report.projections';
import { ReportTypes } from './reports/report-types';
import { ChangeSettingsCommand } from './settings/commands/change-settings';

/** How long the seed waits for moderation's copies (permissions, the forum's topics) to arrive from Kafka. */
const COPY_WAIT_MS = 120_000;

const REPORT_TYPES: { name: string; reasonRequired?: boolean; children?: string[] }[] = [
  { name: '不当内容 Inappropriate', children: ['广告 Spam', '色情低俗 Vulgar', '人身攻击 Abuse'] },
  { name: '侵权 Infringement', reasonRequired: true },
  { name: '其他 Other', reasonRequired: true },
];

const HELP: { category: string; articles: { title: string; content: string }[] }[] = [
  {
    category: '新手入门 Getting started',
    articles: [
      {
        title: '如何发帖 · How to post a topic',
        content:
          '点击首页的“发表话题”，填写标题和内容，选择至少一个标签后提交。\n\nClick “Post a topic” on the home page, write a title and the content, choose at least one tag and submit.',
      },
      {
        title: '积分与等级 · Points and grades',
        content:
          '发帖、评论和回复都会获得积分；积分达到一定数量后等级提升，可以查看更多隐藏内容。\n\nTopics, comments and replies earn points; enough points raise your grade, which opens more hidden content.',
      },
    ],
  },
  {
    category: '社区规则 Community rules',
    articles: [
      {
        title: '如何举报 · How to report content',
        content:
          '在话题、评论或回复下点击“举报”，选择举报类型并填写理由，员工会尽快处理；处理结果显示在“我的举报”中。\n\nClick “Report” under a topic, comment or reply, choose a type and give a reason; staff review it, and the result shows under “My reports”.',
      },
    ],
  },
];

const TERMS =
  '欢迎使用本演示社区。发布内容即表示您同意遵守社区规则，不发布违法、侵权或骚扰他人的内容。\n\n' +
  'Welcome to this demo community. By posting you agree to follow the community rules and not to post illegal, infringing or harassing content.';

/** The platform's share of paid unlocks and bounties on the demo site, so its revenue account fills. */
export const DEMO_PLATFORM_SHARE_PERCENT = 10;

/**
 * Report types, a help center (zh and en), the terms of service, the platform's share of paid content and bounties,
 * an online message, one pending report by the demo member on a staff topic and, when `readerId` is given, a report
 * by that member on a demo member's topic that staff have resolved, through the real commands. Each part is skipped
 * when it is already there, so a seed interrupted half-way resumes.
 */
export async function seedDemoModeration(
  app: NestFastifyApplication,
  { staffId, memberId, readerId }: { staffId: string; memberId: string; readerId?: string },
): Promise<void> {
  const moderation = app.select(ModerationModule);
  const staff = { kind: 'staff' as const, id: staffId, ip: '127.0.0.1' };
  const meta = (actor: CommandMetadata['actor'], key: string): CommandMetadata => ({
    actor,
    now: new Date(),
    correlationId: newId(),
    idempotencyKey: `demo-seed:moderation:${key}`,
  });
  await until(() => moderation.get(PermissionChecker, { strict: true }).can(staff, 'reports.handle'));

  const types = moderation.get(ReportTypes);
  if ((await types.tree()).length === 0) {
    for (const [sort, type] of REPORT_TYPES.entries()) {
      const body = { name: type.name, parentId: null, sort, reasonRequired: type.reasonRequired ?? false };
      const { id } = await types.create(body, meta(staff, `type:${sort}`));
      for (const [childSort, child] of (type.children ?? []).entries()) {
        const childBody = { name: child, parentId: id, sort: childSort, reasonRequired: false };
        await types.create(childBody, meta(staff, `type:${sort}:${childSort}`));
      }
    }
  }

  const help = moderation.get(HelpCenter);
  if ((await help.categories()).length === 0) {
    for (const [sort, { category, articles }] of HELP.entries()) {
      const { id: categoryId } = await help.createCategory({ name: category, sort }, meta(staff, `help:${sort}`));
      for (const [articleSort, article] of articles.entries()) {
        await help.publish({ categoryId, ...article, sort: articleSort }, meta(staff, `help:${sort}:${articleSort}`));
      }
    }
  }

  await moderation.get(CommandBus).execute(
    new ChangeSettingsCommand(
      {
        termsOfService: TERMS,
        wallet: {
          platformSharePercent: { paidUnlock: DEMO_PLATFORM_SHARE_PERCENT, bounty: DEMO_PLATFORM_SHARE_PERCENT },
        },
      },
      meta(staff, 'terms'),
    ),
  );
  const visitor = { kind: 'visitor' as const, id: null, ip: '127.0.0.1' };
  await moderation.get(FeedbackBox).receive(
    {
      name: '访客 Visitor',
      contact: 'visitor@example.org',
      content: '希望增加夜间模式。Please add a dark mode.',
    },
    meta(visitor, 'feedback'),
  );

  await seedPendingReport(app, { staffId, memberId, types: await types.tree() });
  if (readerId) await seedResolvedReport(app, { staffId, memberId, readerId, types: await types.tree() });
}

/**
 * `readerId` reports one of the demo member's topics as spam; staff look, find nothing wrong and resolve it as not
 * upheld with a written result, which the reporter reads under "My reports" and the console lists as handled.
 */
async function seedResolvedReport(
  app: NestFastifyApplication,
  {
    staffId,
    memberId,
    readerId,
    types,
  }: { staffId: string; memberId: string; readerId: string; types: { id: string; children: { id: string }[] }[] },
): Promise<void> {
  const content = contextDb(app, 'moderation').collection<ReportableContentDocument>(REPORTABLE_CONTENT);
  let topic: ReportableContentDocument | null = null;
  await until(async () => {
    topic = await content.findOne({ kind: 'topic', authorId: memberId, deleted: false });
    return topic !== null;
  });
  const spam = types[0]?.children[0];
  if (!topic || !spam) return;
  const reports = app.select(ModerationModule).get(ReportCommands);
  const at = (actor: CommandMetadata['actor'], key: string): CommandMetadata => ({
    actor,
    now: new Date(),
    correlationId: newId(),
    idempotencyKey: `demo-seed:moderation:${key}`,
  });
  const { reportId } = await reports.file(
    {
      kind: 'topic',
      contentId: (topic as ReportableContentDocument).contentId,
      typeId: spam.id,
      reason: '像是广告 · Looks like an advert',
      imageUrls: [],
    },
    at({ kind: 'member', id: readerId, ip: '127.0.0.1' }, 'resolved-report'),
  );
  await reports.resolve(
    reportId,
    {
      outcome: 'failed',
      result: '经核实不是广告，话题保留。Checked: not an advert, the topic stays.',
      remark: 'demo',
      contentAction: 'none',
    },
    at({ kind: 'staff', id: staffId, ip: '127.0.0.1' }, 'resolve-report'),
  );
}

/** The demo member reports one of the staff account's topics (as spam), for the console's queue. */
async function seedPendingReport(
  app: NestFastifyApplication,
  {
    staffId,
    memberId,
    types,
  }: { staffId: string; memberId: string; types: { id: string; children: { id: string }[] }[] },
): Promise<void> {
  const content = contextDb(app, 'moderation').collection<ReportableContentDocument>(REPORTABLE_CONTENT);
  let topic: ReportableContentDocument | null = null;
  await until(async () => {
    topic = await content.findOne({ kind: 'topic', authorId: staffId, deleted: false });
    return topic !== null;
  });
  const spam = types[0]?.children[0];
  if (!topic || !spam) return;
  const member = { kind: 'member' as const, id: memberId, ip: '127.0.0.1' };
  await app
    .select(ModerationModule)
    .get(ReportCommands)
    .file(
      {
        kind: 'topic',
        contentId: (topic as ReportableContentDocument).contentId,
        typeId: spam.id,
        reason: '演示举报 · A demo report',
        imageUrls: [],
      },
      { actor: member, now: new Date(), correlationId: newId(), idempotencyKey: 'demo-seed:moderation:report' },
    );
}

async function until(ready: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; waited < COPY_WAIT_MS; waited += 200) {
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
