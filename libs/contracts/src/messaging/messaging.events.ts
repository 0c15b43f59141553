import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/**
 * The messaging context's events. Private messages live on one stream per pair of members
 * (`conversation-<a>_<b>`, ids sorted), so both members' views are projections of one ordered history and every
 * read mark or deletion is exact against the messages before it.
 */
const CONVERSATION = { context: 'messaging', aggregate: 'conversation' } as const;

export const PrivateMessageSent = defineEvent({
  ...CONVERSATION,
  type: 'PrivateMessageSent',
  schema: z.object({
    conversationId: z.string(),
    messageId: z.string(),
    fromMemberId: z.string(),
    toMemberId: z.string(),
    content: z.string(),
    sentAt: z.string(),
  }),
});

/** `memberId` has read every message of the conversation up to `upToMessageId` (message ids sort by time). */
export const ConversationRead = defineEvent({
  ...CONVERSATION,
  type: 'ConversationRead',
  schema: z.object({
    conversationId: z.string(),
    memberId: z.string(),
    otherMemberId: z.string(),
    upToMessageId: z.string(),
    readAt: z.string(),
  }),
});

/** One message deleted for `memberId` only; `wasUnread` lets the unread count drop exactly once. */
export const PrivateMessageDeleted = defineEvent({
  ...CONVERSATION,
  type: 'PrivateMessageDeleted',
  schema: z.object({
    conversationId: z.string(),
    messageId: z.string(),
    memberId: z.string(),
    otherMemberId: z.string(),
    wasUnread: z.boolean(),
    deletedAt: z.string(),
  }),
});

/** The whole conversation up to `upToMessageId` deleted for `memberId` (it reappears with the next message). */
export const ConversationDeleted = defineEvent({
  ...CONVERSATION,
  type: 'ConversationDeleted',
  schema: z.object({
    conversationId: z.string(),
    memberId: z.string(),
    otherMemberId: z.string(),
    upToMessageId: z.string(),
    deletedAt: z.string(),
  }),
});

/**
 * `memberId` no longer accepts messages from `otherMemberId` (or accepts them again). Kept on the pair's stream, so
 * a message and a block racing each other are ordered: a message is refused once the block is in the history.
 */
export const MemberBlockedInConversation = defineEvent({
  ...CONVERSATION,
  type: 'MemberBlockedInConversation',
  schema: z.object({ conversationId: z.string(), memberId: z.string(), otherMemberId: z.string(), at: z.string() }),
});

export const MemberUnblockedInConversation = defineEvent({
  ...CONVERSATION,
  type: 'MemberUnblockedInConversation',
  schema: z.object({ conversationId: z.string(), memberId: z.string(), otherMemberId: z.string(), at: z.string() }),
});

export type ConversationEvent =
  | EventOf<typeof PrivateMessageSent>
  | EventOf<typeof ConversationRead>
  | EventOf<typeof PrivateMessageDeleted>
  | EventOf<typeof ConversationDeleted>
  | EventOf<typeof MemberBlockedInConversation>
  | EventOf<typeof MemberUnblockedInConversation>;

/**
 * Reminder codes (docs/rules/messaging.md), kept as the original numbers (clients and preferences store them). Mentions step by
 * ten like likes do: 200 topic, 210 comment, 220 reply, 230 question, 240 answer, 250 answer reply. 310 "my answer
 * was adopted" is ours: the original's 31 types have none for it (ADR 0012); so is 320 "my poll closed".
 */
export const REMINDER_TYPES = [
  10, 20, 30, 40, 50, 55, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210, 220, 230, 240,
  250, 260, 270, 280, 290, 300, 310, 320,
] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];

const reminderTarget = {
  /** The source event that caused the reminders; with the recipient it is the reminder's id. */
  sourceEventId: z.string(),
  sourceType: z.string(),
  senderId: z.string(),
  topicId: z.string().nullable(),
  topicTitle: z.string().nullable(),
  commentId: z.string().nullable(),
  replyId: z.string().nullable(),
  /** A short plain-text excerpt of what was written (never hidden content). */
  summary: z.string().nullable(),
  occurredAt: z.string(),
  /** Q&A reminders (120–190, 230–250, 280–310): the question, its title, the answer and the answer reply. */
  questionId: z.string().nullable().optional(),
  questionTitle: z.string().nullable().optional(),
  answerId: z.string().nullable().optional(),
  answerReplyId: z.string().nullable().optional(),
};

/**
 * The reminders one source event gives (stream `reminderDelivery-<sourceEventId>`, appended once by the reminder
 * reactor with the source event id as idempotency key). Each recipient carries its candidate types, most specific
 * first (a reply to my reply in my topic: [55, 20]); the member's preferences pick which one shows, at read time.
 */
export const RemindersDelivered = defineEvent({
  context: 'messaging',
  aggregate: 'reminderDelivery',
  type: 'RemindersDelivered',
  schema: z.object({
    ...reminderTarget,
    recipients: z.array(z.object({ memberId: z.string(), types: z.array(z.number().int()) })),
  }),
});

export type ReminderDeliveryEvent = EventOf<typeof RemindersDelivered>;

/** A member's own inbox settings and marks (stream `inbox-<memberId>`). */
const INBOX = { context: 'messaging', aggregate: 'inbox' } as const;

export const ReminderRead = defineEvent({
  ...INBOX,
  type: 'ReminderRead',
  schema: z.object({ memberId: z.string(), reminderId: z.string(), at: z.string() }),
});

/** Every reminder up to `upTo` (a reminder id; they sort by time) is read: one watermark, not one write each. */
export const AllRemindersRead = defineEvent({
  ...INBOX,
  type: 'AllRemindersRead',
  schema: z.object({ memberId: z.string(), upTo: z.string(), at: z.string() }),
});

export const ReminderDeleted = defineEvent({
  ...INBOX,
  type: 'ReminderDeleted',
  schema: z.object({ memberId: z.string(), reminderId: z.string(), at: z.string() }),
});

/** The reminder types the member does not want (absent = every type wanted). */
export const ReminderPreferencesChanged = defineEvent({
  ...INBOX,
  type: 'ReminderPreferencesChanged',
  schema: z.object({ memberId: z.string(), disabledTypes: z.array(z.number().int()), at: z.string() }),
});

export const SystemNotificationsRead = defineEvent({
  ...INBOX,
  type: 'SystemNotificationsRead',
  schema: z.object({ memberId: z.string(), upTo: z.string(), at: z.string() }),
});

export const SystemNotificationDeletedForMember = defineEvent({
  ...INBOX,
  type: 'SystemNotificationDeletedForMember',
  schema: z.object({ memberId: z.string(), notificationId: z.string(), at: z.string() }),
});

/** One notice read by one member (the others after the watermark stay unread). */
export const SystemNotificationReadByMember = defineEvent({
  ...INBOX,
  type: 'SystemNotificationReadByMember',
  schema: z.object({ memberId: z.string(), notificationId: z.string(), at: z.string() }),
});

export type InboxEvent =
  | EventOf<typeof ReminderRead>
  | EventOf<typeof AllRemindersRead>
  | EventOf<typeof ReminderDeleted>
  | EventOf<typeof ReminderPreferencesChanged>
  | EventOf<typeof SystemNotificationsRead>
  | EventOf<typeof SystemNotificationDeletedForMember>
  | EventOf<typeof SystemNotificationReadByMember>;

/** A staff broadcast (stream `systemNotification-<id>`): read state is per member, in their inbox stream. */
const NOTIFICATION = { context: 'messaging', aggregate: 'systemNotification' } as const;

export const SystemNotificationPublished = defineEvent({
  ...NOTIFICATION,
  type: 'SystemNotificationPublished',
  schema: z.object({
    notificationId: z.string(),
    title: z.string(),
    content: z.string(),
    by: z.string(),
    publishedAt: z.string(),
  }),
});

export const SystemNotificationEdited = defineEvent({
  ...NOTIFICATION,
  type: 'SystemNotificationEdited',
  schema: z.object({
    notificationId: z.string(),
    title: z.string(),
    content: z.string(),
    by: z.string(),
    editedAt: z.string(),
  }),
});

export const SystemNotificationWithdrawn = defineEvent({
  ...NOTIFICATION,
  type: 'SystemNotificationWithdrawn',
  schema: z.object({ notificationId: z.string(), by: z.string(), withdrawnAt: z.string() }),
});

export type SystemNotificationEvent =
  | EventOf<typeof SystemNotificationPublished>
  | EventOf<typeof SystemNotificationEdited>
  | EventOf<typeof SystemNotificationWithdrawn>;
