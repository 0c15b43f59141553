import type { ConversationEvent, EventEnvelope } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

/**
 * Each member's side of each conversation, `_id` = `<memberId>|<otherId>`: the member's conversation list is one
 * `_id` range. Every write comes from the pair's one stream, so the stream version guards it exactly (the unread
 * counter included: `$inc` applies once per version).
 */
export const PM_CONVERSATIONS = 'pm_conversations';
/** Each member's copy of each message, `_id` = `<memberId>|<otherId>|<messageId>`: the chat view is one range. */
export const PM_MESSAGES = 'pm_messages';
/** Whom a member refuses messages from, `_id` = `<memberId>|<otherId>` (a member's list is one range). */
export const PM_BLOCKS = 'pm_blocks';

export interface BlockDocument {
  _id: string;
  memberId: string;
  otherId: string;
  blocked: boolean;
  at: string;
}

export interface LastMessage {
  messageId: string;
  fromMemberId: string;
  content: string;
  sentAt: string;
}

export interface ConversationSideDocument {
  _id: string;
  memberId: string;
  otherId: string;
  lastMessage: LastMessage;
  unread: number;
  /** The newest message this member has read / deleted the conversation up to ('' = none). */
  readUpTo: string;
  hiddenUpTo: string;
}

export interface MessageRowDocument {
  _id: string;
  memberId: string;
  otherId: string;
  messageId: string;
  fromMemberId: string;
  content: string;
  sentAt: string;
  deleted: boolean;
}

export const sideId = (memberId: string, otherId: string) => `${memberId}|${otherId}`;
export const messageRowId = (memberId: string, otherId: string, messageId: string) =>
  `${memberId}|${otherId}|${messageId}`;

export const conversationsProjection: ProjectionDefinition = {
  name: 'messaging-conversations',
  version: 1,
  topics: ['messaging.conversation'],
  collections: [PM_CONVERSATIONS, PM_MESSAGES, PM_BLOCKS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & ConversationEvent;
    switch (event.type) {
      case 'PrivateMessageSent': {
        const { messageId, fromMemberId, toMemberId, content, sentAt } = event.data;
        const lastMessage: LastMessage = { messageId, fromMemberId, content, sentAt };
        for (const [memberId, otherId] of [
          [fromMemberId, toMemberId],
          [toMemberId, fromMemberId],
        ] as const) {
          writer.upsertVersioned(PM_MESSAGES, messageRowId(memberId, otherId, messageId), envelope, {
            $set: { memberId, otherId, messageId, fromMemberId, content, sentAt, deleted: false },
          });
        }
        writer.upsertVersioned(PM_CONVERSATIONS, sideId(fromMemberId, toMemberId), envelope, {
          // Answering means having read the conversation (the decider's rule too).
          $set: { memberId: fromMemberId, otherId: toMemberId, lastMessage, readUpTo: messageId, unread: 0 },
          $setOnInsert: { hiddenUpTo: '' },
        });
        writer.upsertVersioned(PM_CONVERSATIONS, sideId(toMemberId, fromMemberId), envelope, {
          $set: { memberId: toMemberId, otherId: fromMemberId, lastMessage },
          $setOnInsert: { readUpTo: '', hiddenUpTo: '' },
          $inc: { unread: 1 },
        });
        return;
      }
      case 'ConversationRead':
        writer.upsertVersioned(PM_CONVERSATIONS, sideId(event.data.memberId, event.data.otherMemberId), envelope, {
          $set: { readUpTo: event.data.upToMessageId, unread: 0 },
        });
        return;
      case 'PrivateMessageDeleted': {
        const { memberId, otherMemberId, messageId, wasUnread } = event.data;
        writer.upsertVersioned(PM_MESSAGES, messageRowId(memberId, otherMemberId, messageId), envelope, {
          $set: { deleted: true },
        });
        if (wasUnread)
          writer.upsertVersioned(PM_CONVERSATIONS, sideId(memberId, otherMemberId), envelope, { $inc: { unread: -1 } });
        return;
      }
      case 'ConversationDeleted':
        writer.upsertVersioned(PM_CONVERSATIONS, sideId(event.data.memberId, event.data.otherMemberId), envelope, {
          $set: { hiddenUpTo: event.data.upToMessageId, readUpTo: event.data.upToMessageId, unread: 0 },
        });
        return;
      case 'MemberBlockedInConversation':
      case 'MemberUnblockedInConversation': {
        const { memberId, otherMemberId, at } = event.data;
        writer.upsertVersioned(PM_BLOCKS, sideId(memberId, otherMemberId), envelope, {
          $set: { memberId, otherId: otherMemberId, blocked: event.type === 'MemberBlockedInConversation', at },
        });
        return;
      }
      default:
        return;
    }
  },
};
