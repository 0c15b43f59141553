import { streamId } from '@forum/contracts';
import type { ConversationEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

/** One stream per pair of members, ids sorted: both sides of a conversation share one ordered history. */
export function conversationId(a: string, b: string): string {
  return a < b ? `${a}_${b}` : `${b}_${a}`;
}

export function conversationStream(a: string, b: string): string {
  return streamId('conversation', conversationId(a, b));
}

export interface ConversationState {
  lastMessageId: string | null;
  /** Per member: the newest message they have read, and the newest they deleted the conversation up to. */
  readUpTo: Record<string, string>;
  hiddenUpTo: Record<string, string>;
  /** Every message's sender and who deleted it for themselves. */
  messages: Record<string, { from: string; deletedFor: string[] }>;
  /** Members of the pair who refuse messages from the other. */
  blockedBy?: string[];
}

export type ConversationCommand =
  | { type: 'Send'; messageId: string; fromMemberId: string; toMemberId: string; content: string; now: Date }
  | { type: 'Read'; memberId: string; otherMemberId: string; now: Date }
  | { type: 'DeleteMessage'; memberId: string; otherMemberId: string; messageId: string; now: Date }
  | { type: 'DeleteConversation'; memberId: string; otherMemberId: string; now: Date }
  | { type: 'Block' | 'Unblock'; memberId: string; otherMemberId: string; now: Date };

const after = (id: string, mark: string | undefined) => mark === undefined || id > mark;

/** Whether `memberId` still sees `messageId` (not deleted by them, not before their conversation deletion). */
function visibleTo(state: ConversationState, memberId: string, messageId: string): boolean {
  const message = state.messages[messageId];
  return !!message && !message.deletedFor.includes(memberId) && after(messageId, state.hiddenUpTo[memberId]);
}

export const conversationDecider: Decider<ConversationState, ConversationCommand, ConversationEvent> = {
  name: 'conversation',
  initialState: () => ({ lastMessageId: null, readUpTo: {}, hiddenUpTo: {}, messages: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'PrivateMessageSent':
        return {
          ...state,
          lastMessageId: event.data.messageId,
          // Sending implies having read everything before.
          readUpTo: { ...state.readUpTo, [event.data.fromMemberId]: event.data.messageId },
          messages: { ...state.messages, [event.data.messageId]: { from: event.data.fromMemberId, deletedFor: [] } },
        };
      case 'ConversationRead':
        return { ...state, readUpTo: { ...state.readUpTo, [event.data.memberId]: event.data.upToMessageId } };
      case 'PrivateMessageDeleted': {
        const message = state.messages[event.data.messageId]!;
        return {
          ...state,
          messages: {
            ...state.messages,
            [event.data.messageId]: { ...message, deletedFor: [...message.deletedFor, event.data.memberId] },
          },
        };
      }
      case 'ConversationDeleted':
        return {
          ...state,
          hiddenUpTo: { ...state.hiddenUpTo, [event.data.memberId]: event.data.upToMessageId },
          readUpTo: { ...state.readUpTo, [event.data.memberId]: event.data.upToMessageId },
        };
      case 'MemberBlockedInConversation':
        return { ...state, blockedBy: [...(state.blockedBy ?? []), event.data.memberId] };
      case 'MemberUnblockedInConversation':
        return { ...state, blockedBy: (state.blockedBy ?? []).filter((id) => id !== event.data.memberId) };
      default:
        return state;
    }
  },
  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'Send': {
        const { messageId, fromMemberId, toMemberId, content } = command;
        if (fromMemberId === toMemberId) throw new DomainError('messaging.cannot_message_self');
        if (state.messages[messageId]) return [];
        if (state.blockedBy?.includes(toMemberId)) throw new DomainError('messaging.blocked');
        const data = { conversationId: conversationId(fromMemberId, toMemberId), messageId, fromMemberId, toMemberId };
        return [{ type: 'PrivateMessageSent', data: { ...data, content, sentAt: at } }];
      }
      case 'Read': {
        const { memberId, otherMemberId } = command;
        const last = state.lastMessageId;
        if (!last || !after(last, state.readUpTo[memberId])) return [];
        const id = conversationId(memberId, otherMemberId);
        return [
          {
            type: 'ConversationRead',
            data: { conversationId: id, memberId, otherMemberId, upToMessageId: last, readAt: at },
          },
        ];
      }
      case 'DeleteMessage': {
        const { memberId, otherMemberId, messageId } = command;
        if (!visibleTo(state, memberId, messageId)) throw new DomainError('messaging.message_not_found');
        const wasUnread = state.messages[messageId]!.from !== memberId && after(messageId, state.readUpTo[memberId]);
        const id = conversationId(memberId, otherMemberId);
        return [
          {
            type: 'PrivateMessageDeleted',
            data: { conversationId: id, messageId, memberId, otherMemberId, wasUnread, deletedAt: at },
          },
        ];
      }
      case 'DeleteConversation': {
        const { memberId, otherMemberId } = command;
        const last = state.lastMessageId;
        if (!last) throw new DomainError('messaging.conversation_not_found');
        if (!after(last, state.hiddenUpTo[memberId])) return [];
        const id = conversationId(memberId, otherMemberId);
        return [
          {
            type: 'ConversationDeleted',
            data: { conversationId: id, memberId, otherMemberId, upToMessageId: last, deletedAt: at },
          },
        ];
      }
      case 'Block':
      case 'Unblock': {
        const { memberId, otherMemberId } = command;
        if (memberId === otherMemberId) throw new DomainError('messaging.cannot_message_self');
        if (state.blockedBy?.includes(memberId) === (command.type === 'Block')) return [];
        const data = { conversationId: conversationId(memberId, otherMemberId), memberId, otherMemberId, at };
        return [
          {
            type: command.type === 'Block' ? 'MemberBlockedInConversation' : 'MemberUnblockedInConversation',
            data,
          },
        ];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
