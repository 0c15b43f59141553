import { streamId } from '@forum/contracts';
import type { AssistantSource, AssistantConversationEvent } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import type { Decider } from '@forum/event-store';

export const conversationStream = (conversationId: string) => streamId('conversation', conversationId);

/** Questions one conversation holds; a longer talk starts a new conversation (and keeps the history small). */
export const MAX_QUESTIONS_PER_CONVERSATION = 100;

export interface ConversationState {
  memberId: string | null;
  deleted: boolean;
  questions: number;
  /** The question still waiting for its answer (or failure). */
  pending: string | null;
}

export type ConversationCommand =
  | { type: 'Ask'; conversationId: string; memberId: string; messageId: string; question: string; now: Date }
  | {
      type: 'RecordAnswer';
      conversationId: string;
      messageId: string;
      answer: string;
      sources: AssistantSource[];
      provider: 'offline' | 'openai';
      model: string;
      now: Date;
    }
  | {
      type: 'RecordFailure';
      conversationId: string;
      messageId: string;
      partial: string;
      status: number;
      code: string;
      message: string;
      now: Date;
    }
  | { type: 'Delete'; conversationId: string; memberId: string; now: Date };

/** Someone else's (or a deleted) conversation is reported as missing, never as forbidden. */
function requireOwner(state: ConversationState, memberId: string): void {
  if (state.deleted || (state.memberId !== null && state.memberId !== memberId)) {
    throw new DomainError('assistant.conversation_not_found');
  }
}

/** One member's conversation: questions and the provider's answers, kept until the member deletes it. */
export const conversationDecider: Decider<ConversationState, ConversationCommand, AssistantConversationEvent> = {
  name: 'conversation',
  initialState: () => ({ memberId: null, deleted: false, questions: 0, pending: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'AssistantAsked':
        return {
          ...state,
          memberId: event.data.memberId,
          questions: state.questions + 1,
          pending: event.data.messageId,
        };
      case 'AssistantAnswered':
      case 'AssistantAnswerFailed':
        return { ...state, pending: state.pending === event.data.messageId ? null : state.pending };
      case 'AssistantConversationDeleted':
        return { ...state, deleted: true, pending: null };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'Ask': {
        requireOwner(state, command.memberId);
        if (state.questions >= MAX_QUESTIONS_PER_CONVERSATION) throw new DomainError('assistant.conversation_full');
        const { conversationId, memberId, messageId, question } = command;
        return [
          {
            type: 'AssistantAsked',
            data: { conversationId, memberId, messageId, question, askedAt: command.now.toISOString() },
          },
        ];
      }
      case 'RecordAnswer': {
        if (state.pending !== command.messageId || !state.memberId) return [];
        const { conversationId, messageId, answer, sources, provider, model } = command;
        return [
          {
            type: 'AssistantAnswered',
            data: {
              conversationId,
              memberId: state.memberId,
              messageId,
              answer,
              sources,
              provider,
              model,
              answeredAt: command.now.toISOString(),
            },
          },
        ];
      }
      case 'RecordFailure': {
        if (state.pending !== command.messageId || !state.memberId) return [];
        const { conversationId, messageId, partial, status, code, message } = command;
        return [
          {
            type: 'AssistantAnswerFailed',
            data: {
              conversationId,
              memberId: state.memberId,
              messageId,
              partial,
              status,
              code,
              message,
              failedAt: command.now.toISOString(),
            },
          },
        ];
      }
      case 'Delete': {
        requireOwner(state, command.memberId);
        if (state.memberId === null) throw new DomainError('assistant.conversation_not_found');
        return [
          {
            type: 'AssistantConversationDeleted',
            data: {
              conversationId: command.conversationId,
              memberId: command.memberId,
              deletedAt: command.now.toISOString(),
            },
          },
        ];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
