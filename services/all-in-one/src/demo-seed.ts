import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ADMINISTRATOR_ROLE_ID, newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { PostTopicCommand } from '../../forum/src/topics/commands/post-topic.command';
import type { PostTopicBody } from '../../forum/src/topics/topic.schemas';
import { seedDemoTopicHighlights } from '../../forum/src/topics/demo-topics';
import { seedDemoPaidUnlock } from '../../forum/src/unlocks/demo-unlocks';
import { TopicQueries } from '../../forum/src/topics/topic-queries';
import { GetTopicListQuery } from '../../forum/src/topics/queries/get-topic-list.query';
import { TagTree } from '../../forum/src/tags/tag.commands';
import { ForumModule } from '../../forum/src/forum.module';
import { PermissionChecker, SiteSettingsCache } from '@forum/platform';
import { LogInCommand, RegisterMemberCommand } from '../../identity/src/accounts/commands';
import { DefineRoleCommand, GrantRoleCommand } from '../../identity/src/roles/commands';
import { seedDemoFollows } from '../../identity/src/follows/demo-follows';
import { seedDemoEnvelopeFunds, seedDemoReaderFunds, seedDemoWallet } from '../../wallet/src/demo-wallet';
import { seedDemoEnvelopeClaims } from '../../wallet/src/envelopes/demo-envelopes';
import { WalletModule } from '../../wallet/src/wallet.module';
import { seedDemoMembership } from '../../wallet/src/membership/demo-membership';
import { seedDemoComments } from '../../forum/src/comments/demo-comments';
import { seedDemoReactions } from '../../forum/src/reactions/demo-reactions';
import { seedDemoDrafts } from '../../forum/src/drafts/demo-drafts';
import { seedDemoRevisions } from '../../forum/src/revisions/demo-revisions';
import { seedDemoPoll } from '../../forum/src/polls/demo-polls';
import { DEMO_MEMBER_EMAIL, seedDemoMessaging } from '../../messaging/src/demo-messaging';
import { seedDemoQa } from '../../qa/src/demo-qa';
import { DEMO_PLATFORM_SHARE_PERCENT, seedDemoModeration } from '../../moderation/src/demo-moderation';
import { bindVerifiedEmail } from '@forum/testing';

export const DEMO_ACCOUNTS = {
  staff: { account: 'admin', password: 'admin123456', nickname: '管理员' },
  member: { account: 'demo', password: 'demo123456', nickname: '演示用户' },
  /** A second member, so the demo has someone else who follows, mentions, claims, reports and pays. */
  reader: { account: 'lily', password: 'lily123456', nickname: '莉莉' },
};

export const DEMO_TITLES = {
  welcome: '欢迎来到社区 · Welcome to the community',
  ledger: 'How the forum keeps every fen right',
  hidden: '隐藏内容演示 · Hidden content demo',
  directedEnvelope: '给演示用户的红包 · A red envelope for the demo member',
  fixedEnvelope: '拼手气之外：定额红包 · A fixed red envelope: 2.00 each',
  weekend: '周末去哪儿玩？',
};

/** The price of the demo topic's balance block, in fen (its `value`). */
const DEMO_BLOCK_PRICE = 100;

/** The demo tag tree: topics go in leaf tags. */
const DEMO_TAGS: { name: string; children: string[] }[] = [
  { name: '社区 Community', children: ['公告 Announcements', '帮助 Help'] },
  { name: '技术 Tech', children: ['Node.js', '数据库 Databases'] },
  { name: '生活 Life', children: [] },
];

/** `byStaff`: posted by the staff account, so the demo member meets it as a reader (locked blocks to open). */
const DEMO_TOPICS: { title: string; content: string; tags: string[]; byStaff?: boolean }[] = [
  {
    title: DEMO_TITLES.welcome,
    content: '<p>Say hello, ask questions, share what you build.</p>',
    tags: ['公告 Announcements'],
  },
  {
    title: DEMO_TITLES.ledger,
    content: '<p>Every movement of money is an event; an audit replays them all.</p>',
    tags: ['数据库 Databases'],
  },
  {
    title: '新手指南：如何发帖',
    content: '<p>点击“发表话题”，填写标题与内容，选择标签即可。</p>',
    tags: ['帮助 Help'],
  },
  {
    title: DEMO_TITLES.hidden,
    content:
      '<p>This topic shows the five kinds of hidden content members can unlock.</p>' +
      '<hide type="10" value="demo"><p>Password block: the password was <code>demo</code>.</p></hide>' +
      '<hide type="20"><p>Comment block: thanks for commenting!</p></hide>' +
      '<hide type="30" value="100"><p>Grade block: readers with 100 points or more see this.</p></hide>' +
      '<hide type="40" value="20"><p>Points block: bought for 20 points, which went to the author.</p></hide>' +
      `<hide type="50" value="${DEMO_BLOCK_PRICE}"><p>Balance block: bought for ¥1.00; the author got it minus the platform share.</p></hide>`,
    tags: ['Node.js'],
    byStaff: true,
  },
  { title: DEMO_TITLES.weekend, content: '<p>分享一下你的周末计划。</p>', tags: ['生活 Life'] },
];

/** Creates the demo tags that do not exist yet (an interrupted seed resumes) and maps leaf names to ids. */
async function seedTags(app: NestFastifyApplication, staffId: string): Promise<Map<string, string>> {
  const tags = app.get(TagTree);
  const meta = () => systemMeta({ kind: 'staff', id: staffId });
  const byName = async () =>
    new Map(
      Object.entries((await tags.state()).tags).map(([tagId, tag]) => [`${tag.parentId ?? ''}/${tag.name}`, tagId]),
    );
  for (const [sort, root] of DEMO_TAGS.entries()) {
    const rootId =
      (await byName()).get(`/${root.name}`) ??
      (await tags.create({ name: root.name, parentId: null, sort }, meta())).tagId;
    for (const [childSort, child] of root.children.entries()) {
      if (!(await byName()).has(`${rootId}/${child}`)) {
        await tags.create({ name: child, parentId: rootId, sort: childSort }, meta());
      }
    }
  }
  const names = await byName();
  return new Map([...names].map(([key, tagId]) => [key.slice(key.indexOf('/') + 1), tagId]));
}

/**
 * Fills an empty site with demo accounts and content through the real command path (events, Kafka,
 * projections). Runs once: a site that has topics is left alone.
 */
export async function seedDemo(app: NestFastifyApplication): Promise<{ seeded: boolean }> {
  const existing = await app.get(QueryBus).execute(new GetTopicListQuery({ page: 1, pageSize: 1 }));
  if (existing.total > 0) return { seeded: false };
  const commands = app.get(CommandBus);
  const staffId = await ensureAccount(commands, 'staff');
  // The demo staff account administers the site: every staff permission.
  await onceProjected(() =>
    commands.execute(new GrantRoleCommand(staffId, ADMINISTRATOR_ROLE_ID, null, 'demo seed', systemMeta())),
  );
  const memberId = await ensureAccount(commands, 'member');
  const readerId = await ensureAccount(commands, 'reader');
  const tagIds = await seedTags(app, staffId);
  await forumAllowsPosting(app, memberId);
  const topicIds = new Map<string, string>();
  for (const { title, content, tags, byStaff } of DEMO_TOPICS) {
    const author = byStaff ? ({ kind: 'staff', id: staffId } as const) : ({ kind: 'member', id: memberId } as const);
    const meta = systemMeta({ ...author, ip: '127.0.0.1' });
    const topic = { title, content, tagIds: tags.map((name) => tagIds.get(name)!) };
    const posted = await commands.execute(
      new PostTopicCommand(topic, { ...meta, idempotencyKey: `demo-seed:${title}` }),
    );
    topicIds.set(title, posted.topicId);
  }
  await seedDemoWallet(app, memberId);
  await seedDemoReaderFunds(app, readerId);
  await seedDemoEnvelope(app, staffId, tagIds.get('公告 Announcements')!);
  // The role the demo membership card grants: the AI assistant and video uploads on every tag.
  const vip = await commands.execute(
    new DefineRoleCommand(
      {
        name: 'VIP',
        kind: 'member',
        isDefault: false,
        permissions: [
          { permission: 'aiAssistant', tagIds: null },
          { permission: 'upload.video', tagIds: null },
        ],
      },
      systemMeta(),
    ),
  );
  await seedDemoMembership(app, { staffId, memberId, roleId: vip.id, readerId });
  await seedDemoReactions(app, { staffId, memberId }, await seedDemoComments(app, { staffId, memberId }));
  await bindVerifiedEmail(app, memberId, DEMO_MEMBER_EMAIL);
  await seedDemoMessaging(app, { staffId, memberId });
  await seedDemoQa(app, { staffId, memberId });
  await seedDemoModeration(app, { staffId, memberId, readerId });
  await seedDemoFollows(app, { staffId, memberId, readerId });
  await seedDemoTopicHighlights(app, {
    staffId,
    readerId,
    memberNickname: DEMO_ACCOUNTS.member.nickname,
    pinTitle: DEMO_TITLES.welcome,
    essenceTitle: DEMO_TITLES.ledger,
    tagId: tagIds.get('生活 Life')!,
  });
  await seedMoreEnvelopes(app, { staffId, memberId, readerId, tagId: tagIds.get('公告 Announcements')! });
  await seedPlatformRevenue(app, { readerId, topicId: topicIds.get(DEMO_TITLES.hidden)! });
  await seedDemoDrafts(app, { memberId, tagId: tagIds.get('生活 Life')! });
  await seedDemoRevisions(app, { memberId, tagId: tagIds.get('生活 Life')! });
  await seedDemoPoll(app, { topicId: topicIds.get(DEMO_TITLES.weekend)!, memberId, staffId, readerId });
  return { seeded: true };
}

/**
 * Two more envelopes from the staff account, each with its topic: a directed one (6.66 yuan) only the demo member
 * can open, left for them to open, and a fixed one (5 shares of 2.00 yuan) both demo members have claimed.
 */
async function seedMoreEnvelopes(
  app: NestFastifyApplication,
  { staffId, memberId, readerId, tagId }: { staffId: string; memberId: string; readerId: string; tagId: string },
): Promise<void> {
  const commands = app.get(CommandBus);
  const post = async (title: string, content: string, redEnvelope: PostTopicBody['redEnvelope'], key: string) => {
    const meta = systemMeta({ kind: 'staff', id: staffId, ip: '127.0.0.1' });
    const topic = { title, content, tagIds: [tagId], redEnvelope };
    return (await commands.execute(new PostTopicCommand(topic, { ...meta, idempotencyKey: `demo-seed:${key}` })))
      .topicId;
  };
  await post(
    DEMO_TITLES.directedEnvelope,
    `<p>只有 ${DEMO_ACCOUNTS.member.nickname} 能打开这个红包。Only the demo member can open this one.</p>`,
    { type: 10, totalAmount: '6.66', giveQuantity: 1, recipientId: memberId },
    'envelope:directed',
  );
  const fixedTopicId = await post(
    DEMO_TITLES.fixedEnvelope,
    '<p>每份 2.00 元，共 5 份。Five shares of 2.00 yuan each.</p>',
    { type: 30, singleAmount: '2.00', giveQuantity: 5 },
    'envelope:fixed',
  );
  const detail = await app
    .select(ForumModule)
    .get(TopicQueries)
    .detail(fixedTopicId, { kind: 'staff', id: staffId }, new Date());
  if (detail.redEnvelopeId) {
    await seedDemoEnvelopeClaims(app, { envelopeId: detail.redEnvelopeId, claimerIds: [readerId, memberId] });
  }
}

/**
 * The second demo member buys the hidden-content topic's balance block once the wallet applies the platform's share
 * (set by the moderation seed): the console's revenue account shows the share.
 */
async function seedPlatformRevenue(
  app: NestFastifyApplication,
  { readerId, topicId }: { readerId: string; topicId: string },
): Promise<void> {
  const settings = app.select(WalletModule).get(SiteSettingsCache);
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (settings.current().wallet.platformSharePercent.paidUnlock === DEMO_PLATFORM_SHARE_PERCENT) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await seedDemoPaidUnlock(app, { readerId, topicId, price: DEMO_BLOCK_PRICE });
}

/** A topic by the staff account with an open random red envelope (88.88 yuan in 8 shares) for the demo member. */
async function seedDemoEnvelope(app: NestFastifyApplication, staffId: string, tagId: string): Promise<void> {
  await seedDemoEnvelopeFunds(app, staffId);
  const topic = {
    title: '新年红包 · A red envelope for the new year',
    content: '<p>Open the red envelope below: 8 shares, first come, first served.</p>',
    tagIds: [tagId],
    redEnvelope: { type: 20, totalAmount: '88.88', giveQuantity: 8 },
  };
  const meta = systemMeta({ kind: 'staff', id: staffId, ip: '127.0.0.1' });
  await app.get(CommandBus).execute(new PostTopicCommand(topic, { ...meta, idempotencyKey: 'demo-seed:envelope' }));
}

/** On a fresh site the built-in roles reach the forum's copy a moment after startup: wait for them (≤ 30 s). */
async function forumAllowsPosting(app: NestFastifyApplication, memberId: string): Promise<void> {
  const checker = app.select(ForumModule).get(PermissionChecker);
  for (let waited = 0; waited < 30_000; waited += 200) {
    if (await checker.can({ kind: 'member', id: memberId }, 'topic.post')) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Registers a demo account, or signs it in when an earlier, interrupted seed already registered it. */
async function ensureAccount(commands: CommandBus, kind: keyof typeof DEMO_ACCOUNTS): Promise<string> {
  const { account, password, nickname } = DEMO_ACCOUNTS[kind];
  try {
    const registered = await commands.execute(
      new RegisterMemberCommand(
        { account, password, confirmPassword: password, nickname, agreeTerms: true },
        systemMeta(),
        kind === 'staff' ? 'staff' : 'member',
        true,
      ),
    );
    return registered.systemUser.id;
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'identity.account_taken') throw error;
    return (await commands.execute(new LogInCommand({ account, password }, systemMeta()))).systemUser.id;
  }
}

/**
 * Runs a command that reads a read model the previous command wrote. A command waits up to 2 s for its own
 * projections; on a CPU-starved host the member directory has lagged longer, and the grant answered
 * `common.not_found` for the staff account registered just before (a first `npm start` then failed).
 */
async function onceProjected<T>(command: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 2_000)) {
    try {
      return await command();
    } catch (error) {
      const notYet = error instanceof DomainError && error.code === 'common.not_found';
      if (!notYet || Date.now() + delay > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

function systemMeta(actor: CommandMetadata['actor'] = { kind: 'system', id: null, ip: '127.0.0.1' }): CommandMetadata {
  return { actor, now: new Date(), correlationId: newId() };
}
