import type { EventEnvelope, SystemNotificationEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

/**
 * One document per notice (`_id` = notification id, a UUIDv7, so ids sort by publication). Members' read state is
 * NOT here: it is a per-member watermark plus the notices they deleted (`inbox_state`), so a broadcast to a
 * million members writes one document.
 */
export const SYSTEM_NOTIFICATIONS = 'system_notifications';

export interface NotificationDocument {
  _id: string;
  title: string;
  content: string;
  by: string;
  publishedAt: string;
  editedAt: string | null;
  withdrawn: boolean;
}

export const systemNotificationsProjection: ProjectionDefinition = {
  name: 'messaging-system-notifications',
  version: 1,
  topics: ['messaging.systemNotification'],
  collections: [SYSTEM_NOTIFICATIONS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & SystemNotificationEvent;
    const set = (fields: Partial<NotificationDocument>) =>
      writer.upsertVersioned(SYSTEM_NOTIFICATIONS, event.data.notificationId, envelope, { $set: fields });
    switch (event.type) {
      case 'SystemNotificationPublished': {
        const { title, content, by, publishedAt } = event.data;
        set({ title, content, by, publishedAt, editedAt: null, withdrawn: false });
        return;
      }
      case 'SystemNotificationEdited':
        set({ title: event.data.title, content: event.data.content, editedAt: event.data.editedAt });
        return;
      case 'SystemNotificationWithdrawn':
        set({ withdrawn: true });
        return;
      default:
        return;
    }
  },
};
