import type { AssistantSource, ErrorCode, Language } from '@forum/contracts';
import { errorStatus } from '@forum/contracts';

export type ProviderKind = 'offline' | 'openai';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AssistantRequest {
  question: string;
  /** Earlier turns of the conversation, oldest first. */
  history: ChatTurn[];
  language: Language;
  /** Public content found by search for the question (never hidden blocks, never restricted topics). */
  context: PublicSnippet[];
  signal: AbortSignal;
}

/** One public search result as the assistant may use it: plain text, with the member site's link. */
export interface PublicSnippet extends AssistantSource {
  snippet: string;
}

/** What a provider streams: pieces of the Markdown answer, and the sources it cites. */
export type AnswerChunk = { type: 'delta'; text: string } | { type: 'sources'; sources: AssistantSource[] };

/**
 * The assistant's provider port (ADR 0022): the offline assistant and the OpenAI-compatible adapter answer the same
 * request as a stream of chunks, and fail with a `ProviderError`.
 */
export interface AssistantProvider {
  readonly kind: ProviderKind;
  readonly model: string;
  answer(request: AssistantRequest): AsyncIterable<AnswerChunk>;
}

/**
 * A provider's failure as the member sees it: our HTTP status and error code, the message to show, and what the
 * upstream service said (its status and its own `{error: {code, type}}`), for the dialog and the logs.
 */
export class ProviderError extends Error {
  readonly status: number;

  constructor(
    readonly code: Extract<ErrorCode, `assistant.provider_${string}`>,
    message: string,
    readonly upstream: { status: number | null; code: string | null; type: string | null } = {
      status: null,
      code: null,
      type: null,
    },
  ) {
    super(message);
    this.name = 'ProviderError';
    this.status = errorStatus[code];
  }
}
