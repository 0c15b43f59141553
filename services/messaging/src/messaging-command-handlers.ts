import type { Provider } from '@nestjs/common';
import {
  DeleteConversationHandler,
  DeleteMessageHandler,
  ReadConversationHandler,
  SendMessageHandler,
  SetBlockHandler,
} from './conversations/conversation.commands';
import { SetEmailPreferencesHandler, UnsubscribeEmailHandler } from './email/email.commands';
import {
  DeleteNotificationForMeHandler,
  EditNotificationHandler,
  MarkAllNotificationsReadHandler,
  MarkNotificationReadHandler,
  PublishNotificationHandler,
  WithdrawNotificationHandler,
} from './notifications/system-notification.commands';
import {
  DeleteReminderHandler,
  MarkAllRemindersReadHandler,
  MarkReminderReadHandler,
  SetReminderPreferencesHandler,
} from './reminders/reminder.commands';

/** The handlers of the messaging routes' commands (ADR 0041), registered by the messaging module. */
export const MESSAGING_COMMAND_HANDLERS: Provider[] = [
  SendMessageHandler,
  SetBlockHandler,
  ReadConversationHandler,
  DeleteConversationHandler,
  DeleteMessageHandler,
  MarkAllNotificationsReadHandler,
  MarkNotificationReadHandler,
  DeleteNotificationForMeHandler,
  PublishNotificationHandler,
  EditNotificationHandler,
  WithdrawNotificationHandler,
  MarkAllRemindersReadHandler,
  MarkReminderReadHandler,
  DeleteReminderHandler,
  SetReminderPreferencesHandler,
  SetEmailPreferencesHandler,
  UnsubscribeEmailHandler,
];
