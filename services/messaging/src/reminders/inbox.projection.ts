import type { EventEnvelope, InboxEvent, ReminderDeliveryEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

/**
 * Reminder rows, `_id` = `<recipientId>|<sourceEventId>`: one per recipient per source event (so a redelivered
 * event rewrites the same row), a member's list is one `_id` range, and source event ids (UUIDv7) sort by time.
 * A row's read / deleted marks come from the member's inbox stream and are never touched by delivery, so a
 * replay that applies a mark before its delivery still ends with the mark.
 */
export const REMINDERS = 'reminders';
/** Per member (`_id` = memberId): the read-all watermarks, reminder preferences, notices deleted for them. */
export const INBOX_STATE = 'inbox_state';

/**
 * Per member (`_id` = memberId): what the unread count needs, in one document read by `_id` (counting rows is an
 * `_id` range, which the MongoDB-wire stand-in answers by scanning every member's reminders). `delivered` maps a
 * reminder id to its types, `done` marks the reminders read or deleted one by one. Both only grow by idempotent,
 * commuting writes, so no `_src` entry per delivery stream is needed; entries at or below the read-all watermark
 * no longer count and are pruned by the reader (ADR 0029).
 */
export const REMINDER_UNREAD = 'reminder_unread';

export interface ReminderUnreadDocument {
  _id: string;
  delivered?: Record<string, number[]>;
  done?: Record<string, 1>;
}

export interface ReminderRowDocument {
  _id: string;
  memberId: string;
  reminderId: string;
  types: number[];
  senderId: string;
  sourceType: string;
  topicId: string | null;
  topicTitle: string | null;
  commentId: string | null;
  replyId: string | null;
  questionId?: string | null;
  questionTitle?: string | null;
  answerId?: string | null;
  answerReplyId?: string | null;
  summary: string | null;
  occurredAt: string;
  read?: boolean;
  deleted?: boolean;
}

export interface InboxStateDocument {
  _id: string;
  remindersReadUpTo?: string;
  disabledTypes?: number[];
  systemReadUpTo?: string;
  /** Notices after the watermark read one by one (cleared by the next read-all, which covers them). */
  readNotifications?: string[];
  deletedNotifications?: string[];
}

export const reminderRowId = (memberId: string, reminderId: string) => `${memberId}|${reminderId}`;

export const inboxProjection: ProjectionDefinition = {
  name: 'messaging-inbox',
  version: 2,
  topics: ['messaging.reminderDelivery', 'messaging.inbox'],
  collections: [REMINDERS, INBOX_STATE, REMINDER_UNREAD],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & (ReminderDeliveryEvent | InboxEvent);
    const mark = (memberId: string, reminderId: string, fields: Partial<ReminderRowDocument>) => {
      writer.updateOnce(REMINDERS, reminderRowId(memberId, reminderId), envelope, { $set: fields }, { upsert: true });
      writer.updateIdempotent(REMINDER_UNREAD, memberId, { $set: { [`done.${reminderId}`]: 1 } });
    };
    const state = (memberId: string, update: Record<string, unknown>) =>
      writer.upsertVersioned(INBOX_STATE, memberId, envelope, update);
    switch (event.type) {
      case 'RemindersDelivered': {
        const { recipients, ...target } = event.data;
        const { sourceEventId, ...fields } = target;
        for (const { memberId, types } of recipients) {
          writer.updateOnce(
            REMINDERS,
            reminderRowId(memberId, sourceEventId),
            envelope,
            // A follower who is also mentioned gets one reminder with both types (direct and fan-out deliveries).
            { $set: { ...fields, memberId, reminderId: sourceEventId }, $addToSet: { types: { $each: types } } },
            { upsert: true },
          );
          writer.updateIdempotent(REMINDER_UNREAD, memberId, {
            $addToSet: { [`delivered.${sourceEventId}`]: { $each: types } },
          });
        }
        return;
      }
      case 'ReminderRead':
        mark(event.data.memberId, event.data.reminderId, { read: true });
        return;
      case 'ReminderDeleted':
        mark(event.data.memberId, event.data.reminderId, { deleted: true });
        return;
      case 'AllRemindersRead':
        state(event.data.memberId, { $set: { remindersReadUpTo: event.data.upTo } });
        return;
      case 'ReminderPreferencesChanged':
        state(event.data.memberId, { $set: { disabledTypes: event.data.disabledTypes } });
        return;
      case 'SystemNotificationsRead':
        state(event.data.memberId, { $set: { systemReadUpTo: event.data.upTo, readNotifications: [] } });
        return;
      case 'SystemNotificationReadByMember':
        state(event.data.memberId, { $addToSet: { readNotifications: event.data.notificationId } });
        return;
      case 'SystemNotificationDeletedForMember':
        state(event.data.memberId, { $addToSet: { deletedNotifications: event.data.notificationId } });
        return;
      default:
        return;
    }
  },
};
