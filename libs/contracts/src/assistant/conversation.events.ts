import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/**
 * One member's conversation with the AI assistant (stream `conversation-<conversationId>`, docs/rules/assistant.md). Questions
 * and answers are the member's own; the provider's API key never appears here.
 */
const CONVERSATION = { context: 'assistant', aggregate: 'conversation' } as const;

export const assistantSource = z.object({
  type: z.enum(['topic', 'question', 'help']),
  id: z.string(),
  title: z.string(),
  url: z.string(),
});
export type AssistantSource = z.infer<typeof assistantSource>;

export const AssistantAsked = defineEvent({
  ...CONVERSATION,
  type: 'AssistantAsked',
  schema: z.object({
    conversationId: z.string(),
    memberId: z.string(),
    messageId: z.string(),
    question: z.string(),
    askedAt: z.string(),
  }),
});

export const AssistantAnswered = defineEvent({
  ...CONVERSATION,
  type: 'AssistantAnswered',
  schema: z.object({
    conversationId: z.string(),
    memberId: z.string(),
    messageId: z.string(),
    /** Markdown. */
    answer: z.string(),
    sources: z.array(assistantSource),
    provider: z.enum(['offline', 'openai']),
    model: z.string(),
    answeredAt: z.string(),
  }),
});

/** The provider failed: what the member was shown (status code, error code, message). */
export const AssistantAnswerFailed = defineEvent({
  ...CONVERSATION,
  type: 'AssistantAnswerFailed',
  schema: z.object({
    conversationId: z.string(),
    memberId: z.string(),
    messageId: z.string(),
    /** What had streamed before the failure (Markdown, may be empty). */
    partial: z.string(),
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
    failedAt: z.string(),
  }),
});

export const AssistantConversationDeleted = defineEvent({
  ...CONVERSATION,
  type: 'AssistantConversationDeleted',
  schema: z.object({ conversationId: z.string(), memberId: z.string(), deletedAt: z.string() }),
});

export type AssistantConversationEvent =
  | EventOf<typeof AssistantAsked>
  | EventOf<typeof AssistantAnswered>
  | EventOf<typeof AssistantAnswerFailed>
  | EventOf<typeof AssistantConversationDeleted>;

/**
 * Staff set or removed the OpenAI-compatible provider's API key (stream `apiKey-openai`), for the audit log: the
 * key itself is never in an event, only that it changed and who changed it.
 */
const API_KEY = { context: 'assistant', aggregate: 'apiKey' } as const;

export const AssistantApiKeySet = defineEvent({
  ...API_KEY,
  type: 'AssistantApiKeySet',
  schema: z.object({ at: z.string() }),
});
export const AssistantApiKeyCleared = defineEvent({
  ...API_KEY,
  type: 'AssistantApiKeyCleared',
  schema: z.object({ at: z.string() }),
});

export type AssistantApiKeyEvent = EventOf<typeof AssistantApiKeySet> | EventOf<typeof AssistantApiKeyCleared>;
