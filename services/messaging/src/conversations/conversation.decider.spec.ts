import type { ConversationEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { conversationDecider, conversationId } from './conversation.decider';

const t1 = new Date('2026-11-21T10:00:00.000Z');
const t2 = new Date('2026-11-21T11:00:00.000Z');
const id = conversationId('a', 'b');
const sent = (messageId: string, from: string, to: string): ConversationEvent => ({
  type: 'PrivateMessageSent',
  data: { conversationId: id, messageId, fromMemberId: from, toMemberId: to, content: 'hi', sentAt: t1.toISOString() },
});

describe('conversation decider (one stream per pair of members)', () => {
  it('names the pair the same way from both sides', () => {
    expect(conversationId('b', 'a')).toBe(id);
  });

  it('sends, and a replayed message id appends nothing', () => {
    const send = { type: 'Send', messageId: 'm1', fromMemberId: 'a', toMemberId: 'b', content: 'hi', now: t1 } as const;
    given(conversationDecider)
      .when(send)
      .then([sent('m1', 'a', 'b')]);
    given(conversationDecider, [sent('m1', 'a', 'b')])
      .when(send)
      .thenNothingHappened();
  });

  it('refuses messaging oneself', () => {
    given(conversationDecider)
      .when({ type: 'Send', messageId: 'm1', fromMemberId: 'a', toMemberId: 'a', content: 'hi', now: t1 })
      .thenError('messaging.cannot_message_self');
  });

  it('refuses messages to a member who blocked the sender, until unblocked; blocking twice appends nothing', () => {
    const blocked: ConversationEvent = {
      type: 'MemberBlockedInConversation',
      data: { conversationId: id, memberId: 'b', otherMemberId: 'a', at: t1.toISOString() },
    };
    const unblocked: ConversationEvent = {
      type: 'MemberUnblockedInConversation',
      data: { conversationId: id, memberId: 'b', otherMemberId: 'a', at: t2.toISOString() },
    };
    given(conversationDecider).when({ type: 'Block', memberId: 'b', otherMemberId: 'a', now: t1 }).then([blocked]);
    given(conversationDecider, [blocked])
      .when({ type: 'Block', memberId: 'b', otherMemberId: 'a', now: t2 })
      .thenNothingHappened();
    given(conversationDecider, [blocked])
      .when({ type: 'Send', messageId: 'm1', fromMemberId: 'a', toMemberId: 'b', content: 'hi', now: t2 })
      .thenError('messaging.blocked');
    given(conversationDecider, [blocked])
      .when({ type: 'Send', messageId: 'm1', fromMemberId: 'b', toMemberId: 'a', content: 'hi', now: t2 })
      .then([
        {
          ...sent('m1', 'b', 'a'),
          data: { ...sent('m1', 'b', 'a').data, sentAt: t2.toISOString() },
        } as ConversationEvent,
      ]);
    given(conversationDecider, [blocked, unblocked])
      .when({ type: 'Send', messageId: 'm1', fromMemberId: 'a', toMemberId: 'b', content: 'hi', now: t1 })
      .then([sent('m1', 'a', 'b')]);
  });

  it('reads up to the last message once; the sender has read what came before their message', () => {
    const read = { type: 'Read', memberId: 'b', otherMemberId: 'a', now: t2 } as const;
    given(conversationDecider, [sent('m1', 'a', 'b'), sent('m2', 'a', 'b')])
      .when(read)
      .then([
        {
          type: 'ConversationRead',
          data: {
            conversationId: id,
            memberId: 'b',
            otherMemberId: 'a',
            upToMessageId: 'm2',
            readAt: t2.toISOString(),
          },
        },
      ]);
    given(conversationDecider, [sent('m1', 'a', 'b'), sent('m2', 'b', 'a')])
      .when(read)
      .thenNothingHappened();
    given(conversationDecider).when(read).thenNothingHappened();
  });

  it('deletes a message for one member, telling whether it was unread, and only once', () => {
    const del = { type: 'DeleteMessage', memberId: 'b', otherMemberId: 'a', messageId: 'm1', now: t2 } as const;
    const deleted: ConversationEvent = {
      type: 'PrivateMessageDeleted',
      data: {
        conversationId: id,
        messageId: 'm1',
        memberId: 'b',
        otherMemberId: 'a',
        wasUnread: true,
        deletedAt: t2.toISOString(),
      },
    };
    given(conversationDecider, [sent('m1', 'a', 'b')])
      .when(del)
      .then([deleted]);
    given(conversationDecider, [sent('m1', 'a', 'b'), deleted])
      .when(del)
      .thenError('messaging.message_not_found');
    given(conversationDecider, [sent('m1', 'a', 'b')])
      .when({ ...del, memberId: 'a', otherMemberId: 'b' })
      .then([
        {
          ...deleted,
          data: { ...deleted.data, memberId: 'a', otherMemberId: 'b', wasUnread: false },
        } as ConversationEvent,
      ]);
    given(conversationDecider).when(del).thenError('messaging.message_not_found');
  });

  it('deletes the conversation for one member up to its last message; older messages are gone for them', () => {
    const history = [sent('m1', 'a', 'b'), sent('m2', 'b', 'a')];
    const hide = { type: 'DeleteConversation', memberId: 'a', otherMemberId: 'b', now: t2 } as const;
    const hidden: ConversationEvent = {
      type: 'ConversationDeleted',
      data: { conversationId: id, memberId: 'a', otherMemberId: 'b', upToMessageId: 'm2', deletedAt: t2.toISOString() },
    };
    given(conversationDecider, history).when(hide).then([hidden]);
    given(conversationDecider, [...history, hidden])
      .when(hide)
      .thenNothingHappened();
    given(conversationDecider, [...history, hidden])
      .when({ type: 'DeleteMessage', memberId: 'a', otherMemberId: 'b', messageId: 'm1', now: t2 })
      .thenError('messaging.message_not_found');
    given(conversationDecider).when(hide).thenError('messaging.conversation_not_found');
  });
});
