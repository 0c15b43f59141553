import type { AssistantSource, AssistantConversationEvent, EventEnvelope } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';

export const ASSISTANT_CONVERSATIONS = 'assistant_conversations';

/** Characters of the first question kept as the conversation's title in the list. */
const TITLE_LENGTH = 60;

export interface ConversationMessage {
  messageId: string;
  role: 'user' | 'assistant';
  /** The question as typed, or the answer's Markdown (what had streamed, for a failed one). */
  content: string;
  at: string;
  sources?: AssistantSource[];
  provider?: 'offline' | 'openai';
  error?: { status: number; code: string; message: string };
}

export interface ConversationDocument {
  _id: string;
  memberId: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  deleted: boolean;
  messages: ConversationMessage[];
}

function apply(event: EventEnvelope & AssistantConversationEvent, writer: ReadModelWriter): void {
  const id = event.data.conversationId;
  const update = (change: Record<string, unknown>) =>
    writer.upsertVersioned(ASSISTANT_CONVERSATIONS, id, event, change);
  switch (event.type) {
    case 'AssistantAsked': {
      const { memberId, messageId, question, askedAt } = event.data;
      const message: ConversationMessage = { messageId, role: 'user', content: question, at: askedAt };
      const first = event.version === 1;
      update({
        $set: {
          memberId,
          updatedAt: askedAt,
          deleted: false,
          ...(first ? { title: question.replace(/\s+/g, ' ').trim().slice(0, TITLE_LENGTH), createdAt: askedAt } : {}),
        },
        $push: { messages: message },
      });
      return;
    }
    case 'AssistantAnswered': {
      const { messageId, answer, sources, provider, answeredAt } = event.data;
      const message: ConversationMessage = {
        messageId,
        role: 'assistant',
        content: answer,
        at: answeredAt,
        sources,
        provider,
      };
      update({ $set: { updatedAt: answeredAt }, $push: { messages: message } });
      return;
    }
    case 'AssistantAnswerFailed': {
      const { messageId, partial, status, code, message, failedAt } = event.data;
      const failed: ConversationMessage = {
        messageId,
        role: 'assistant',
        content: partial,
        at: failedAt,
        error: { status, code, message },
      };
      update({ $set: { updatedAt: failedAt }, $push: { messages: failed } });
      return;
    }
    case 'AssistantConversationDeleted':
      // The words go with the conversation; the event stream keeps the facts for the audit.
      update({ $set: { deleted: true, title: '', messages: [], updatedAt: event.data.deletedAt } });
      return;
  }
}

/** Each member's conversations with the assistant, one document per conversation with its messages. */
export const conversationsProjection: ProjectionDefinition = {
  name: 'assistant-conversations',
  version: 1,
  topics: ['assistant.conversation'],
  collections: [ASSISTANT_CONVERSATIONS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    apply(envelope as EventEnvelope & AssistantConversationEvent, writer);
  },
  async createIndexes(db, physical) {
    await db.collection(physical(ASSISTANT_CONVERSATIONS)).createIndex({ memberId: 1, updatedAt: -1 });
  },
};
