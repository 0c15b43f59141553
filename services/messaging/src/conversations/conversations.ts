import { Inject, Injectable } from '@nestjs/common';
import { newId } from '@forum/contracts';
import type { Actor, CommandMetadata } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore, HandleResult } from '@forum/event-store';
import { APP_CONFIG, PermissionChecker, requireMember } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { MEMBER_ID, MessagingMembers } from '../members';
import { ConversationCommand, conversationDecider, conversationStream } from './conversation.decider';
import { conversationsProjection } from './conversations.projection';

export interface SentMessage {
  messageId: string;
  conversationId: string;
  sentAt: string;
}

/** Private messages: send, read, delete for me. Each returns once both members' views show the change. */
@Injectable()
export class Conversations {
  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    private readonly members: MessagingMembers,
    private readonly permissions: PermissionChecker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(actor: Actor, toMemberId: string, content: string, meta: CommandMetadata): Promise<SentMessage> {
    const fromMemberId = requireMember(actor).id;
    if (fromMemberId === toMemberId) throw new DomainError('messaging.cannot_message_self');
    await this.permissions.require(actor, 'privateMessage', null, meta.now);
    await this.members.requireReachable(toMemberId);
    const messageId = newId(meta.now.getTime());
    const command = { type: 'Send', messageId, fromMemberId, toMemberId, content, now: meta.now } as const;
    const result = await this.run(fromMemberId, toMemberId, command, meta);
    // A replayed request (same idempotency key) answers with the first message.
    const sent = result.events.find((event) => event.type === 'PrivateMessageSent');
    if (!sent) throw new Error('send appended no message');
    const data = sent.data as { messageId: string; conversationId: string; sentAt: string };
    return { messageId: data.messageId, conversationId: data.conversationId, sentAt: data.sentAt };
  }

  /** The member refuses (or accepts again) private messages from `otherMemberId`; answers once the list shows it. */
  async block(actor: Actor, otherMemberId: string, blocked: boolean, meta: CommandMetadata): Promise<void> {
    const memberId = requireMember(actor).id;
    if (otherMemberId === memberId) throw new DomainError('messaging.cannot_message_self');
    requireOther(memberId, otherMemberId);
    if (blocked) await this.members.requireReachable(otherMemberId);
    const type = blocked ? 'Block' : 'Unblock';
    await this.run(memberId, otherMemberId, { type, memberId, otherMemberId, now: meta.now }, meta);
  }

  async read(actor: Actor, otherMemberId: string, meta: CommandMetadata): Promise<void> {
    const memberId = requireMember(actor).id;
    requireOther(memberId, otherMemberId);
    await this.run(memberId, otherMemberId, { type: 'Read', memberId, otherMemberId, now: meta.now }, meta);
  }

  async deleteMessage(actor: Actor, otherMemberId: string, messageId: string, meta: CommandMetadata): Promise<void> {
    const memberId = requireMember(actor).id;
    requireOther(memberId, otherMemberId);
    const command = { type: 'DeleteMessage', memberId, otherMemberId, messageId, now: meta.now } as const;
    await this.run(memberId, otherMemberId, command, meta);
  }

  async deleteConversation(actor: Actor, otherMemberId: string, meta: CommandMetadata): Promise<void> {
    const memberId = requireMember(actor).id;
    requireOther(memberId, otherMemberId);
    await this.run(
      memberId,
      otherMemberId,
      { type: 'DeleteConversation', memberId, otherMemberId, now: meta.now },
      meta,
    );
  }

  private async run(a: string, b: string, command: ConversationCommand, meta: CommandMetadata): Promise<HandleResult> {
    const result = await this.store.handle(conversationDecider, conversationStream(a, b), command, meta);
    if (result.events.length > 0) {
      await this.waiter.waitFor(
        conversationsProjection.name,
        result.streamId,
        result.version,
        this.config.READ_YOUR_WRITES_TIMEOUT_MS,
      );
    }
    return result;
  }
}

function requireOther(memberId: string, otherMemberId: string): void {
  if (!MEMBER_ID.test(otherMemberId) || otherMemberId === memberId)
    throw new DomainError('messaging.conversation_not_found');
}
