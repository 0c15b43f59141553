import { Injectable } from '@nestjs/common';
import { ConversationsReader } from '../conversations/conversations.reader';
import { SystemNotifications } from '../notifications/system-notifications';
import { Reminders } from '../reminders/reminders';

/** The badge numbers, exact (clients cap the display at 99+). */
export interface UnreadCount {
  privateMessageCount: number;
  remindCount: number;
  systemNotifyCount: number;
}

export const NO_UNREAD: UnreadCount = { privateMessageCount: 0, remindCount: 0, systemNotifyCount: 0 };

@Injectable()
export class UnreadCounts {
  constructor(
    private readonly conversations: ConversationsReader,
    private readonly reminders: Reminders,
    private readonly notifications: SystemNotifications,
  ) {}

  async of(memberId: string): Promise<UnreadCount> {
    const inbox = await this.reminders.inboxState(memberId);
    const [privateMessageCount, remindCount, systemNotifyCount] = await Promise.all([
      this.conversations.unreadCount(memberId),
      this.reminders.unreadCount(memberId, inbox),
      this.notifications.unreadCount(memberId, inbox),
    ]);
    return { privateMessageCount, remindCount, systemNotifyCount };
  }
}

export function sameCount(a: UnreadCount | null, b: UnreadCount): boolean {
  return (
    !!a &&
    a.privateMessageCount === b.privateMessageCount &&
    a.remindCount === b.remindCount &&
    a.systemNotifyCount === b.systemNotifyCount
  );
}
