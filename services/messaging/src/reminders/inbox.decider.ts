import { streamId } from '@forum/contracts';
import type { InboxEvent } from '@forum/contracts';
import type { Decider } from '@forum/event-store';

/** A member's marks on their reminders and system notifications, and their reminder preferences. */
export function inboxStream(memberId: string): string {
  return streamId('inbox', memberId);
}

export interface InboxState {
  remindersReadUpTo: string;
  readReminders: string[];
  deletedReminders: string[];
  disabledTypes: number[];
  systemReadUpTo: string;
  readNotifications: string[];
  deletedNotifications: string[];
}

export type InboxCommand =
  | { type: 'ReadReminder'; memberId: string; reminderId: string; now: Date }
  | { type: 'ReadAllReminders'; memberId: string; upTo: string; now: Date }
  | { type: 'DeleteReminder'; memberId: string; reminderId: string; now: Date }
  | { type: 'SetPreferences'; memberId: string; disabledTypes: number[]; now: Date }
  | { type: 'ReadAllSystem'; memberId: string; upTo: string; now: Date }
  | { type: 'ReadSystem'; memberId: string; notificationId: string; now: Date }
  | { type: 'DeleteSystem'; memberId: string; notificationId: string; now: Date };

const same = (a: number[], b: number[]) => a.length === b.length && a.every((value, index) => value === b[index]);

/** Every command is idempotent: marking what is marked, deleting what is deleted, changes nothing. */
export const inboxDecider: Decider<InboxState, InboxCommand, InboxEvent> = {
  name: 'inbox',
  initialState: () => ({
    remindersReadUpTo: '',
    readReminders: [],
    deletedReminders: [],
    disabledTypes: [],
    systemReadUpTo: '',
    readNotifications: [],
    deletedNotifications: [],
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'ReminderRead':
        return { ...state, readReminders: [...state.readReminders, event.data.reminderId] };
      case 'AllRemindersRead':
        return { ...state, remindersReadUpTo: event.data.upTo, readReminders: [] };
      case 'ReminderDeleted':
        return { ...state, deletedReminders: [...state.deletedReminders, event.data.reminderId] };
      case 'ReminderPreferencesChanged':
        return { ...state, disabledTypes: event.data.disabledTypes };
      case 'SystemNotificationsRead':
        return { ...state, systemReadUpTo: event.data.upTo, readNotifications: [] };
      case 'SystemNotificationReadByMember':
        return { ...state, readNotifications: [...state.readNotifications, event.data.notificationId] };
      case 'SystemNotificationDeletedForMember':
        return { ...state, deletedNotifications: [...state.deletedNotifications, event.data.notificationId] };
      default:
        return state;
    }
  },
  decide(command, state) {
    const at = command.now.toISOString();
    const { memberId } = command;
    switch (command.type) {
      case 'ReadReminder': {
        const { reminderId } = command;
        if (reminderId <= state.remindersReadUpTo || state.readReminders.includes(reminderId)) return [];
        return [{ type: 'ReminderRead', data: { memberId, reminderId, at } }];
      }
      case 'ReadAllReminders':
        return command.upTo > state.remindersReadUpTo
          ? [{ type: 'AllRemindersRead', data: { memberId, upTo: command.upTo, at } }]
          : [];
      case 'DeleteReminder':
        return state.deletedReminders.includes(command.reminderId)
          ? []
          : [{ type: 'ReminderDeleted', data: { memberId, reminderId: command.reminderId, at } }];
      case 'SetPreferences': {
        const disabledTypes = [...new Set(command.disabledTypes)].sort((a, b) => a - b);
        return same(disabledTypes, state.disabledTypes)
          ? []
          : [{ type: 'ReminderPreferencesChanged', data: { memberId, disabledTypes, at } }];
      }
      case 'ReadAllSystem':
        return command.upTo > state.systemReadUpTo
          ? [{ type: 'SystemNotificationsRead', data: { memberId, upTo: command.upTo, at } }]
          : [];
      case 'ReadSystem': {
        const { notificationId } = command;
        if (notificationId <= state.systemReadUpTo || state.readNotifications.includes(notificationId)) return [];
        return [{ type: 'SystemNotificationReadByMember', data: { memberId, notificationId, at } }];
      }
      case 'DeleteSystem':
        return state.deletedNotifications.includes(command.notificationId)
          ? []
          : [
              {
                type: 'SystemNotificationDeletedForMember',
                data: { memberId, notificationId: command.notificationId, at },
              },
            ];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
