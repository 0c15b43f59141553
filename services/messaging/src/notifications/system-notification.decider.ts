import { streamId } from '@forum/contracts';
import type { SystemNotificationEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export function notificationStream(notificationId: string): string {
  return streamId('systemNotification', notificationId);
}

export interface NotificationState {
  published: boolean;
  withdrawn: boolean;
  title: string;
  content: string;
}

export type NotificationCommand =
  | { type: 'Publish'; notificationId: string; title: string; content: string; by: string; now: Date }
  | { type: 'Edit'; notificationId: string; title: string; content: string; by: string; now: Date }
  | { type: 'Withdraw'; notificationId: string; by: string; now: Date };

/** A staff broadcast: published once, edited while live, withdrawn for good (withdrawing twice does nothing). */
export const notificationDecider: Decider<NotificationState, NotificationCommand, SystemNotificationEvent> = {
  name: 'systemNotification',
  initialState: () => ({ published: false, withdrawn: false, title: '', content: '' }),
  evolve(state, event) {
    switch (event.type) {
      case 'SystemNotificationPublished':
      case 'SystemNotificationEdited':
        return { ...state, published: true, title: event.data.title, content: event.data.content };
      case 'SystemNotificationWithdrawn':
        return { ...state, withdrawn: true };
      default:
        return state;
    }
  },
  decide(command, state) {
    const at = command.now.toISOString();
    const { notificationId, by } = command;
    switch (command.type) {
      case 'Publish':
        if (state.published) return [];
        return [
          {
            type: 'SystemNotificationPublished',
            data: { notificationId, title: command.title, content: command.content, by, publishedAt: at },
          },
        ];
      case 'Edit':
        if (!state.published || state.withdrawn) throw new DomainError('messaging.notification_not_found');
        if (state.title === command.title && state.content === command.content) return [];
        return [
          {
            type: 'SystemNotificationEdited',
            data: { notificationId, title: command.title, content: command.content, by, editedAt: at },
          },
        ];
      case 'Withdraw':
        if (!state.published) throw new DomainError('messaging.notification_not_found');
        if (state.withdrawn) return [];
        return [{ type: 'SystemNotificationWithdrawn', data: { notificationId, by, withdrawnAt: at } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
