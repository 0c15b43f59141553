import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { newId, pageOf } from '@forum/contracts';
import type { Actor, CommandMetadata, Page } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import type { HandleResult } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, requireMember } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { InboxStateDocument } from '../reminders/inbox.projection';
import { Reminders } from '../reminders/reminders';
import { NotificationCommand, notificationDecider, notificationStream } from './system-notification.decider';
import { NotificationDocument, SYSTEM_NOTIFICATIONS, systemNotificationsProjection } from './notifications.projection';

export interface NotificationView {
  notificationId: string;
  title: string;
  content: string;
  publishedAt: string;
  editedAt: string | null;
  read: boolean;
}

export interface StaffNotificationView extends Omit<NotificationView, 'read'> {
  withdrawn: boolean;
  by: string;
}

const NOTIFICATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Staff broadcasts, and each member's view of them (a read watermark plus the notices they deleted). */
@Injectable()
export class SystemNotifications {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    private readonly reminders: Reminders,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get notices() {
    return this.db.collection<NotificationDocument>(SYSTEM_NOTIFICATIONS);
  }

  async publish(
    actor: Actor,
    title: string,
    content: string,
    meta: CommandMetadata,
  ): Promise<{ notificationId: string }> {
    const notificationId = newId(meta.now.getTime());
    const command = { type: 'Publish', notificationId, title, content, by: actor.id!, now: meta.now } as const;
    const result = await this.run(command, meta);
    // A replayed request (same idempotency key) answers with the notice it published first.
    const first = result.events[0]?.data as { notificationId?: string } | undefined;
    return { notificationId: first?.notificationId ?? notificationId };
  }

  async edit(actor: Actor, notificationId: string, title: string, content: string, meta: CommandMetadata) {
    requireId(notificationId);
    await this.run({ type: 'Edit', notificationId, title, content, by: actor.id!, now: meta.now }, meta);
  }

  async withdraw(actor: Actor, notificationId: string, meta: CommandMetadata): Promise<void> {
    requireId(notificationId);
    await this.run({ type: 'Withdraw', notificationId, by: actor.id!, now: meta.now }, meta);
  }

  /** Every notice, withdrawn ones included, newest first (the staff console). */
  async staffList(page: number, pageSize: number): Promise<Page<StaffNotificationView>> {
    const [rows, total] = await Promise.all([
      this.notices
        .find({})
        .sort({ _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      this.notices.countDocuments({}),
    ]);
    return pageOf(rows.map(staffView), page, pageSize, total);
  }

  /** One notice as staff see it (the console's edit form), withdrawn or not. */
  async staffOne(notificationId: string): Promise<StaffNotificationView> {
    requireId(notificationId);
    const notice = await this.notices.findOne({ _id: notificationId });
    if (!notice) throw new DomainError('messaging.notification_not_found');
    return staffView(notice);
  }

  async list(memberId: string, page: number, pageSize: number): Promise<Page<NotificationView>> {
    const state = await this.reminders.inboxState(memberId);
    const filter = { withdrawn: false, _id: { $nin: state.deletedNotifications ?? [] } };
    const [rows, total] = await Promise.all([
      this.notices
        .find(filter)
        .sort({ _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      this.notices.countDocuments(filter),
    ]);
    const watermark = state.systemReadUpTo ?? '';
    const readOneByOne = new Set(state.readNotifications ?? []);
    const items = rows.map(({ _id, title, content, publishedAt, editedAt }) => ({
      notificationId: _id,
      title,
      content,
      publishedAt,
      editedAt,
      read: _id <= watermark || readOneByOne.has(_id),
    }));
    return pageOf(items, page, pageSize, total);
  }

  /** Live notices after the member's watermark that they have neither read one by one nor deleted. */
  async unreadCount(memberId: string, state?: InboxStateDocument): Promise<number> {
    const inbox = state ?? (await this.reminders.inboxState(memberId));
    const done = [...(inbox.deletedNotifications ?? []), ...(inbox.readNotifications ?? [])];
    return this.notices.countDocuments({ _id: { $gt: inbox.systemReadUpTo ?? '', $nin: done }, withdrawn: false });
  }

  async markRead(actor: Actor, notificationId: string, meta: CommandMetadata): Promise<void> {
    const memberId = requireMember(actor).id;
    await this.requireLive(notificationId);
    await this.reminders.run(memberId, { type: 'ReadSystem', memberId, notificationId, now: meta.now }, meta);
  }

  async markAllRead(actor: Actor, meta: CommandMetadata): Promise<void> {
    const memberId = requireMember(actor).id;
    const newest = await this.notices.find({}).sort({ _id: -1 }).limit(1).next();
    if (!newest) return;
    await this.reminders.run(memberId, { type: 'ReadAllSystem', memberId, upTo: newest._id, now: meta.now }, meta);
  }

  async deleteForMe(actor: Actor, notificationId: string, meta: CommandMetadata): Promise<void> {
    const memberId = requireMember(actor).id;
    await this.requireLive(notificationId);
    await this.reminders.run(memberId, { type: 'DeleteSystem', memberId, notificationId, now: meta.now }, meta);
  }

  private async requireLive(notificationId: string): Promise<void> {
    requireId(notificationId);
    const notice = await this.notices.findOne({ _id: notificationId });
    if (!notice || notice.withdrawn) throw new DomainError('messaging.notification_not_found');
  }

  private async run(command: NotificationCommand, meta: CommandMetadata): Promise<HandleResult> {
    const result = await this.store.handle(
      notificationDecider,
      notificationStream(command.notificationId),
      command,
      meta,
    );
    if (result.events.length > 0)
      await this.waiter.waitFor(
        systemNotificationsProjection.name,
        result.streamId,
        result.version,
        this.config.READ_YOUR_WRITES_TIMEOUT_MS,
      );
    return result;
  }
}

function staffView({ _id, title, content, publishedAt, editedAt, withdrawn, by }: NotificationDocument) {
  return { notificationId: _id, title, content, publishedAt, editedAt, withdrawn, by };
}

function requireId(notificationId: string): void {
  if (!NOTIFICATION_ID.test(notificationId)) throw new DomainError('messaging.notification_not_found');
}
