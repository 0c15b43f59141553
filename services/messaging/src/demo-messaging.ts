import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { contextDb, MEMBER_PROFILES, PermissionChecker } from '@forum/platform';
import { Conversations } from './conversations/conversations';
import { EMAIL_RECIPIENTS } from './email/email-preferences.projection';
import type { EmailRecipientDocument } from './email/email-preferences.projection';
import { EmailPreferences } from './email/email-preferences';
import { MessagingModule } from './messaging.module';
import { SystemNotifications } from './notifications/system-notifications';

/**
 * How long the seed waits for messaging's copies of the demo accounts to arrive from Kafka (a busy CI machine,
 * booting every context beside other suites, took over 30 s).
 */
const COPY_WAIT_MS = 120_000;

/** The demo member's verified address: their notification emails land in the development outbox (console). */
export const DEMO_MEMBER_EMAIL = 'demo-member@example.com';

/**
 * Two system notifications (a welcome, and how reminders work) and a short conversation between the demo staff
 * account and the demo member, through the real commands. The demo member has a verified address (`DEMO_MEMBER_EMAIL`,
 * bound by identity before this seed runs) and wants private
 * messages by email at once (the rest in the daily digest), so the staff's messages put two emails in the outbox. The demo member's reminders need no seed of their own:
 * the demo comments, replies and likes on their topics (forum seed) reach them through the reminder reactors.
 * Every step has its own idempotency key, so a seed interrupted half-way resumes.
 */
export async function seedDemoMessaging(
  app: NestFastifyApplication,
  { staffId, memberId }: { staffId: string; memberId: string },
): Promise<void> {
  const messaging = app.select(MessagingModule);
  const db = contextDb(app, 'messaging');
  const checker = messaging.get(PermissionChecker, { strict: true });
  const staff = { kind: 'staff' as const, id: staffId, ip: '127.0.0.1' };
  const member = { kind: 'member' as const, id: memberId, ip: '127.0.0.1' };
  await until(async () => {
    const profiles = await db
      .collection(MEMBER_PROFILES)
      .countDocuments({ _id: { $in: [staffId, memberId] } as never });
    return (
      profiles === 2 && (await checker.can(staff, 'content.manage')) && (await checker.can(member, 'privateMessage'))
    );
  });
  const meta = (actor: CommandMetadata['actor'], key: string): CommandMetadata => ({
    actor,
    now: new Date(),
    correlationId: newId(),
    idempotencyKey: `demo-seed:messaging:${key}`,
  });
  await messaging
    .get(SystemNotifications)
    .publish(
      staff,
      '欢迎 · Welcome',
      '欢迎来到演示社区！这里的一切都可以试：发帖、评论、私信。Everything here is a demo: post, comment, send messages.',
      meta(staff, 'notice:welcome'),
    );
  await messaging
    .get(SystemNotifications)
    .publish(
      staff,
      '提醒与未读数 · Reminders and the unread badge',
      '评论、回复、点赞和关注会出现在“提醒”中，顶部的铃铛实时更新；在提醒列表里可以选择接收哪些提醒。Comments, replies, likes and follows arrive under Reminders and the bell updates live; choose which reminders you receive on the reminder list.',
      meta(staff, 'notice:reminders'),
    );
  // Identity binds the address (the all-in-one's seed, `bindVerifiedEmail`, before this one): wait for its event here.
  await until(
    async () =>
      (await db.collection<EmailRecipientDocument>(EMAIL_RECIPIENTS).findOne({ _id: memberId }))?.verified === true,
  );
  await messaging
    .get(EmailPreferences)
    .set(member, { modes: { privateMessages: 'immediately' }, language: null }, meta(member, 'email-preferences'));
  const conversations = messaging.get(Conversations);
  await conversations.send(staff, memberId, '你好！有问题随时私信我。Hi! Message me any time.', meta(staff, 'pm:1'));
  await conversations.send(member, staffId, '谢谢！Thanks, will do.', meta(member, 'pm:2'));
  await conversations.send(
    staff,
    memberId,
    '看看系统通知里的欢迎信息。See the welcome notice too.',
    meta(staff, 'pm:3'),
  );
}

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + COPY_WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('demo seed: messaging has not received the demo accounts from Kafka');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
