import type { AssistantConversationEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { conversationDecider, MAX_QUESTIONS_PER_CONVERSATION } from './conversation.decider';
import type { ConversationCommand } from './conversation.decider';

const now = new Date('2026-11-21T10:00:00.000Z');
const at = now.toISOString();
const conversationId = 'c1';

const asked = (messageId = 'm1', memberId = 'alice'): AssistantConversationEvent => ({
  type: 'AssistantAsked',
  data: { conversationId, memberId, messageId, question: 'How?', askedAt: at },
});
const ask = (memberId = 'alice', messageId = 'm2'): ConversationCommand => ({
  type: 'Ask',
  conversationId,
  memberId,
  messageId,
  question: 'How?',
  now,
});
const answer = (messageId = 'm1'): ConversationCommand => ({
  type: 'RecordAnswer',
  conversationId,
  messageId,
  answer: '**Offline assistant**',
  sources: [],
  provider: 'offline',
  model: 'offline',
  now,
});
const deleted: AssistantConversationEvent = {
  type: 'AssistantConversationDeleted',
  data: { conversationId, memberId: 'alice', deletedAt: at },
};

describe('a conversation with the assistant', () => {
  it('starts with the first question and belongs to whoever asked it', () => {
    given(conversationDecider)
      .when(ask('alice', 'm1'))
      .then([asked('m1')]);
    given(conversationDecider, [asked()]).when(ask('bob')).thenError('assistant.conversation_not_found');
  });

  it('records the answer of the pending question once, and ignores an answer to anything else', () => {
    given(conversationDecider, [asked()])
      .when(answer())
      .then([
        {
          type: 'AssistantAnswered',
          data: {
            conversationId,
            memberId: 'alice',
            messageId: 'm1',
            answer: '**Offline assistant**',
            sources: [],
            provider: 'offline',
            model: 'offline',
            answeredAt: at,
          },
        },
      ]);
    given(conversationDecider, [asked()]).when(answer('other')).thenNothingHappened();
    const answered = conversationDecider.decide(
      answer(),
      [asked()].reduce(conversationDecider.evolve, conversationDecider.initialState()),
    );
    given(conversationDecider, [asked(), ...answered])
      .when(answer())
      .thenNothingHappened();
  });

  it('is deleted by its member only, and takes no questions afterwards', () => {
    const remove = (memberId: string): ConversationCommand => ({ type: 'Delete', conversationId, memberId, now });
    given(conversationDecider, [asked()]).when(remove('bob')).thenError('assistant.conversation_not_found');
    given(conversationDecider).when(remove('alice')).thenError('assistant.conversation_not_found');
    given(conversationDecider, [asked()]).when(remove('alice')).then([deleted]);
    given(conversationDecider, [asked(), deleted]).when(ask()).thenError('assistant.conversation_not_found');
  });

  it('is full after its question limit', () => {
    const full = Array.from({ length: MAX_QUESTIONS_PER_CONVERSATION }, (_, index) => asked(`m${index}`));
    given(conversationDecider, full).when(ask('alice', 'next')).thenError('assistant.conversation_full');
  });
});
