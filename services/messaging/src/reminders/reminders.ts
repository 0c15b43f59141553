import { Inject, Injectable } from '@nestjs/common';
import type { Db, Filter } from 'mongodb';
import { pageOf, REMINDER_TYPES } from '@forum/contracts';
import type { Actor, CommandMetadata, Page, ReminderView } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, requireMember } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { MessagingMembers } from '../members';
import { InboxCommand, inboxDecider, inboxStream } from './inbox.decider';
import {
  INBOX_STATE,
  inboxProjection,
  InboxStateDocument,
  reminderRowId,
  ReminderRowDocument,
  REMINDER_UNREAD,
  REMINDERS,
  ReminderUnreadDocument,
} from './inbox.projection';
import { FOLLOWED_POST_TYPES } from './follower-fanout';
import { IMPLEMENTED_REMINDER_TYPES } from './reminder-rules';

export interface ReminderPreferences {
  /** Every type this site knows, and which of them the member receives. */
  types: { type: number; enabled: boolean; generated: boolean }[];
}

/** Entries below the read-all watermark kept in a member's unread document before a count drops them. */
const PRUNE_AT = 200;

const REMINDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A member's reminders: list, count, marks and preferences (marks go through the member's inbox stream). */
@Injectable()
export class Reminders {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    private readonly members: MessagingMembers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get rows() {
    return this.db.collection<ReminderRowDocument>(REMINDERS);
  }

  async inboxState(memberId: string): Promise<InboxStateDocument> {
    return (await this.db.collection<InboxStateDocument>(INBOX_STATE).findOne({ _id: memberId })) ?? { _id: memberId };
  }

  async list(memberId: string, page: number, pageSize: number): Promise<Page<ReminderView>> {
    const state = await this.inboxState(memberId);
    const enabled = enabledTypes(state);
    const prefix = `${memberId}|`;
    const filter: Filter<ReminderRowDocument> = {
      _id: { $gt: prefix, $lt: `${prefix}\uffff` },
      deleted: { $ne: true },
      types: { $in: enabled },
    };
    const [rows, total] = await Promise.all([
      this.rows
        .find(filter)
        .sort({ _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      this.rows.countDocuments(filter),
    ]);
    const senders = await this.members.views(rows.map((row) => row.senderId));
    const watermark = state.remindersReadUpTo ?? '';
    const items = rows.map((row): ReminderView => ({
      reminderId: row.reminderId,
      type: displayType(row.types, enabled),
      sender: senders.get(row.senderId)!,
      topicId: row.topicId,
      topicTitle: row.topicTitle,
      commentId: row.commentId,
      replyId: row.replyId,
      questionId: row.questionId ?? null,
      questionTitle: row.questionTitle ?? null,
      answerId: row.answerId ?? null,
      answerReplyId: row.answerReplyId ?? null,
      summary: row.summary,
      at: row.occurredAt,
      read: row.read === true || row.reminderId <= watermark,
    }));
    return pageOf(items, page, pageSize, total);
  }

  /**
   * Unread = after the read-all watermark, not read one by one, not deleted, of a wanted type: counted from the
   * member's one `reminder_unread` document. Entries the watermark covers count for nothing; once there are many,
   * they are dropped (a redelivery that brings one back leaves it below the watermark, so the count holds).
   */
  async unreadCount(memberId: string, state?: InboxStateDocument): Promise<number> {
    const [inbox, unread] = await Promise.all([
      state ?? this.inboxState(memberId),
      this.db.collection<ReminderUnreadDocument>(REMINDER_UNREAD).findOne({ _id: memberId }),
    ]);
    const watermark = inbox.remindersReadUpTo ?? '';
    const disabled = new Set(inbox.disabledTypes ?? []);
    const done = unread?.done ?? {};
    let count = 0;
    const stale: string[] = [];
    for (const [reminderId, types] of Object.entries(unread?.delivered ?? {})) {
      if (reminderId <= watermark) stale.push(`delivered.${reminderId}`);
      else if (!done[reminderId] && types.some((type) => !disabled.has(type))) count += 1;
    }
    for (const reminderId of Object.keys(done)) if (reminderId <= watermark) stale.push(`done.${reminderId}`);
    if (stale.length >= PRUNE_AT) await this.prune(memberId, stale);
    return count;
  }

  private async prune(memberId: string, paths: string[]): Promise<void> {
    await this.db
      .collection<ReminderUnreadDocument>(REMINDER_UNREAD)
      .updateOne({ _id: memberId }, { $unset: Object.fromEntries(paths.map((path) => [path, ''])) });
  }

  async markRead(actor: Actor, reminderId: string, meta: CommandMetadata): Promise<void> {
    const memberId = requireMember(actor).id;
    await this.requireReminder(memberId, reminderId);
    await this.run(memberId, { type: 'ReadReminder', memberId, reminderId, now: meta.now }, meta);
  }

  /**
   * Everything the member has now is read: the watermark is their newest reminder at this moment, so a reminder
   * arriving concurrently (a newer id) stays unread and the count stays exact.
   */
  async markAllRead(actor: Actor, meta: CommandMetadata): Promise<void> {
    const memberId = requireMember(actor).id;
    const prefix = `${memberId}|`;
    const newest = await this.rows
      .find({ _id: { $gt: prefix, $lt: `${prefix}\uffff` }, types: { $exists: true } })
      .sort({ _id: -1 })
      .limit(1)
      .next();
    if (!newest) return;
    await this.run(memberId, { type: 'ReadAllReminders', memberId, upTo: newest.reminderId, now: meta.now }, meta);
  }

  async delete(actor: Actor, reminderId: string, meta: CommandMetadata): Promise<void> {
    const memberId = requireMember(actor).id;
    await this.requireReminder(memberId, reminderId);
    await this.run(memberId, { type: 'DeleteReminder', memberId, reminderId, now: meta.now }, meta);
  }

  async preferences(memberId: string): Promise<ReminderPreferences> {
    const enabled = enabledTypes(await this.inboxState(memberId));
    return {
      types: REMINDER_TYPES.map((type) => ({
        type,
        enabled: enabled.includes(type),
        generated: IMPLEMENTED_REMINDER_TYPES.includes(type),
      })),
    };
  }

  async setPreferences(actor: Actor, disabledTypes: number[], meta: CommandMetadata): Promise<ReminderPreferences> {
    const memberId = requireMember(actor).id;
    await this.run(memberId, { type: 'SetPreferences', memberId, disabledTypes, now: meta.now }, meta);
    return this.preferences(memberId);
  }

  async run(memberId: string, command: InboxCommand, meta: CommandMetadata): Promise<void> {
    const result = await this.store.handle(inboxDecider, inboxStream(memberId), command, meta);
    if (result.events.length > 0)
      await this.waiter.waitFor(
        inboxProjection.name,
        result.streamId,
        result.version,
        this.config.READ_YOUR_WRITES_TIMEOUT_MS,
      );
  }

  private async requireReminder(memberId: string, reminderId: string): Promise<void> {
    const row = REMINDER_ID.test(reminderId)
      ? await this.rows.findOne({ _id: reminderRowId(memberId, reminderId) })
      : null;
    if (!row || !row.types || row.deleted) throw new DomainError('messaging.reminder_not_found');
  }
}

/** The most specific wanted type: a delivery lists its types most specific first; follower fan-out types come last. */
function displayType(types: number[], enabled: number[]): number {
  const ordered = [...types.filter((type) => !FOLLOWED_POST_TYPES.includes(type as never)), ...types];
  return ordered.find((type) => enabled.includes(type))!;
}

export function enabledTypes(state: InboxStateDocument): number[] {
  const disabled = new Set(state.disabledTypes ?? []);
  return REMINDER_TYPES.filter((type) => !disabled.has(type));
}
