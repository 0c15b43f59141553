import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { newId } from '@forum/contracts';
import { CONTEXT_DB } from '@forum/platform';
import type { CodeChannel, CodePurpose, EmailSender, OutgoingEmail, OutgoingSms, SmsSender } from './delivery';

export const OUTBOX_MESSAGES = 'outbox_messages';

export interface OutboxMessage {
  _id: string;
  channel: CodeChannel;
  target: string;
  text: string;
  purpose: CodePurpose | 'notification';
  /** Email headers beyond subject and address (a notification's unsubscribe headers). */
  headers?: Record<string, string>;
  sentAt: string;
}

/**
 * The development "provider": messages are kept instead of sent, and staff read them in the console. The
 * embedded default runs without any SMS or mail account, and tests read codes the way a person would.
 */
@Injectable()
export class Outbox implements SmsSender, EmailSender {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  private get messages() {
    return this.db.collection<OutboxMessage>(OUTBOX_MESSAGES);
  }

  async send(message: OutgoingSms | OutgoingEmail): Promise<void> {
    const now = new Date();
    const sms = 'phone' in message;
    await this.messages.insertOne({
      _id: newId(now.getTime()),
      channel: sms ? 'sms' : 'email',
      target: sms ? message.phone : message.to,
      text: sms ? message.text : `${message.subject}\n\n${message.text}`,
      purpose: message.purpose,
      ...(!sms && message.headers ? { headers: message.headers } : {}),
      sentAt: now.toISOString(),
    });
  }

  /**
   * Newest first. Ids are time-ordered, so the order is by `_id`; a development outbox stays small, so the
   * sort (a scan on the stand-in, ADR 2) is acceptable here and nowhere hot.
   */
  async page(
    page: number,
    pageSize: number,
    channel?: CodeChannel,
  ): Promise<{ items: OutboxMessage[]; total: number }> {
    const filter = channel ? { channel } : {};
    const [items, total] = await Promise.all([
      this.messages
        .find(filter)
        .sort({ _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      this.messages.countDocuments(filter),
    ]);
    return { items, total };
  }
}
