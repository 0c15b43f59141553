import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import type { ConversationEvent, EventEnvelope, ReminderDeliveryEvent } from '@forum/contracts';
import type { ReactorDefinition } from '@forum/event-bus';
import { CONTEXT_DB, ReactorHost } from '@forum/platform';
import { chatPath, questionPath, topicPath } from './site-paths';
import { MessagingMembers } from '../members';
import { INBOX_STATE } from '../reminders/inbox.projection';
import type { InboxStateDocument } from '../reminders/inbox.projection';
import { EmailComposer } from './email-composer';
import { EmailDigests } from './email-digests';
import { emailGroupOf } from './email-groups';
import type { EmailItem } from './email-messages';
import { EMAIL_RECIPIENTS, reachable } from './email-preferences.projection';
import type { EmailRecipientDocument } from './email-preferences.projection';
import { EmailPreferences } from './email-preferences';
import type { EmailPreferencesView } from './email-preferences';
import { EmailQueue } from './email-queue';

export const EMAIL_REACTOR = 'messaging-email';

type Delivered = EventEnvelope & Extract<ReminderDeliveryEvent, { type: 'RemindersDelivered' }>;
type MessageSent = EventEnvelope & Extract<ConversationEvent, { type: 'PrivateMessageSent' }>;

const SUMMARY_CHARS = 140;

type MemberChoices = Omit<EmailPreferencesView, 'emailMasked'>;

/**
 * Email notifications from the same events the site's reminders come from (`RemindersDelivered`) and from private
 * messages. Per recipient: only a verified address of a live account, only a group the member has not turned to
 * never, only a reminder type they still receive on the site. "Immediately" queues one email, keyed by member and
 * reminder; "daily" keeps the item for the digest, keyed the same way — so a replay sends nothing twice.
 */
@Injectable()
export class EmailReactor {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly preferences: EmailPreferences,
    private readonly members: MessagingMembers,
    private readonly composer: EmailComposer,
    private readonly queue: EmailQueue,
    private readonly digests: EmailDigests,
  ) {}

  definition(): ReactorDefinition {
    return {
      name: EMAIL_REACTOR,
      version: 1,
      topics: ['messaging.reminderDelivery', 'messaging.conversation'],
      handle: (event) => this.react(event),
    };
  }

  async react(event: EventEnvelope): Promise<void> {
    if (event.type === 'RemindersDelivered') return this.reminders(event as Delivered);
    if (event.type === 'PrivateMessageSent') return this.privateMessage(event as MessageSent);
  }

  private async reminders(event: Delivered): Promise<void> {
    const { recipients, ...target } = event.data;
    const memberIds = recipients.map((recipient) => recipient.memberId);
    const reachable = await this.reachable(memberIds);
    if (reachable.size === 0) return;
    const inboxes = await this.db
      .collection<InboxStateDocument>(INBOX_STATE)
      .find({ _id: { $in: [...reachable] } })
      .toArray();
    const disabled = new Map(inboxes.map((inbox) => [inbox._id, new Set(inbox.disabledTypes ?? [])]));
    const preferences = await this.preferences.ofMany([...reachable]);
    const sender = (await this.members.views([target.senderId])).get(target.senderId)!;
    const path = target.questionId
      ? questionPath(target.questionId)
      : target.topicId
        ? topicPath(target.topicId, target.commentId)
        : `/user/${target.senderId}`;
    for (const { memberId, types } of recipients) {
      if (!reachable.has(memberId)) continue;
      const off = disabled.get(memberId);
      const chosen = emailGroupOf(types, (type) => !off?.has(type));
      if (!chosen) continue;
      await this.deliver(memberId, preferences.get(memberId)!, `reminder|${memberId}|${target.sourceEventId}`, {
        itemId: target.sourceEventId,
        group: chosen.group,
        type: chosen.type,
        senderName: sender.nickname,
        title: target.questionTitle ?? target.topicTitle,
        summary: target.summary,
        path,
        at: target.occurredAt,
      });
    }
  }

  private async privateMessage(event: MessageSent): Promise<void> {
    const { toMemberId, fromMemberId, messageId, content, sentAt } = event.data;
    if (!(await this.reachable([toMemberId])).has(toMemberId)) return;
    const sender = (await this.members.views([fromMemberId])).get(fromMemberId)!;
    await this.deliver(toMemberId, await this.preferences.of(toMemberId), `pm|${toMemberId}|${messageId}`, {
      itemId: messageId,
      group: 'privateMessages',
      type: null,
      senderName: sender.nickname,
      title: null,
      summary: excerpt(content),
      path: chatPath(fromMemberId),
      at: sentAt,
    });
  }

  private async deliver(memberId: string, preferences: MemberChoices, key: string, item: EmailItem): Promise<void> {
    const mode = preferences.modes[item.group];
    const now = new Date();
    if (mode === 'immediately') {
      const email = this.composer.immediate(memberId, this.composer.language(preferences.language), item);
      await this.queue.enqueue(key, { ...email, memberId, kind: item.type === null ? 'pm' : 'reminder' }, now);
      this.queue.sendSoon(key);
    } else if (mode === 'daily') {
      if (await this.queue.recordForDigest(key, memberId, item.type === null ? 'pm' : 'reminder', now)) {
        await this.digests.add(memberId, item);
      }
    }
  }

  /** The members with a verified address and a live account (identity's events, projected here). */
  private async reachable(memberIds: string[]): Promise<Set<string>> {
    const found = await this.db
      .collection<EmailRecipientDocument>(EMAIL_RECIPIENTS)
      .find({ _id: { $in: memberIds } })
      .toArray();
    return new Set(found.filter(reachable).map((entry) => entry._id));
  }
}

function excerpt(content: string): string {
  const text = content
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS)}…` : text;
}

/** Runs the email reactor where workers run; each reminder's email is keyed on its own, so events go wide. */
@Injectable()
export class EmailReactorRuntime extends ReactorHost {
  constructor(private readonly reactor: EmailReactor) {
    super();
  }

  reactors(): ReactorDefinition[] {
    return [{ ...this.reactor.definition(), parallelism: { partitions: 3, events: 16 } }];
  }
}
