import { Module } from '@nestjs/common';
import type { ProjectionDefinition } from '@forum/event-bus';
import {
  EventSourcingModule,
  memberProfilesProjection,
  PermissionChecker,
  permissionSetsProjection,
} from '@forum/platform';
import { Conversations } from './conversations/conversations';
import { ConversationsController } from './conversations/conversations.controller';
import { conversationsProjection } from './conversations/conversations.projection';
import { ConversationsReader } from './conversations/conversations.reader';
import { EmailComposer } from './email/email-composer';
import { EmailDigests } from './email/email-digests';
import { EmailController } from './email/email.controller';
import { emailPreferencesProjection } from './email/email-preferences.projection';
import { EmailPreferences } from './email/email-preferences';
import { EmailQueue } from './email/email-queue';
import { EmailReactor, EmailReactorRuntime } from './email/email-reactor';
import { MemberMailer } from './email/member-mailer';
import { MessagingMembers } from './members';
import { systemNotificationsProjection } from './notifications/notifications.projection';
import { SystemNotifications } from './notifications/system-notifications';
import {
  StaffNotificationsController,
  SystemNotificationsController,
} from './notifications/system-notifications.controller';
import { FollowerFanout, FollowerFanoutRuntime } from './reminders/follower-fanout';
import { followersProjection } from './reminders/followers.projection';
import { inboxProjection } from './reminders/inbox.projection';
import { ReminderReactor, ReminderReactorRuntime } from './reminders/reminder-reactor';
import { reminderSourcesProjection } from './reminders/reminder-sources.projection';
import { Reminders } from './reminders/reminders';
import { RemindersController } from './reminders/reminders.controller';
import { LiveUnread } from './unread/live-unread';
import { UnreadController } from './unread/unread.controller';
import { UnreadCounts } from './unread/unread-counts';
import { MESSAGING_COMMAND_HANDLERS } from './messaging-command-handlers';

/** Every read model of the messaging context (also listed for the rebuild command). */
export const MESSAGING_PROJECTIONS: ProjectionDefinition[] = [
  conversationsProjection,
  inboxProjection,
  reminderSourcesProjection,
  followersProjection,
  systemNotificationsProjection,
  emailPreferencesProjection,
  memberProfilesProjection('messaging'),
  permissionSetsProjection('messaging'),
];

/**
 * The messaging context (docs/rules/messaging.md): private messages, reminders built from other contexts' events,
 * staff system notifications, unread counts with live push, email notifications.
 */
@Module({
  imports: [EventSourcingModule.forContext({ context: 'messaging', projections: MESSAGING_PROJECTIONS })],
  controllers: [
    ConversationsController,
    RemindersController,
    SystemNotificationsController,
    StaffNotificationsController,
    UnreadController,
    EmailController,
  ],
  providers: [
    PermissionChecker,
    MessagingMembers,
    Conversations,
    ConversationsReader,
    ReminderReactor,
    ReminderReactorRuntime,
    FollowerFanout,
    FollowerFanoutRuntime,
    Reminders,
    SystemNotifications,
    UnreadCounts,
    LiveUnread,
    EmailPreferences,
    EmailComposer,
    MemberMailer,
    EmailQueue,
    EmailDigests,
    EmailReactor,
    EmailReactorRuntime,
    ...MESSAGING_COMMAND_HANDLERS,
  ],
  exports: [Conversations, SystemNotifications, LiveUnread],
})
export class MessagingModule {}
