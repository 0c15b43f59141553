import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBase } from '@/config/env';
import { api } from '@/lib/api/client';
import { CSRF_COOKIE, CSRF_HEADER } from '@/lib/api/api-client';
import { readCookie } from '@/lib/api/cookies';
import { bearerOf, readTokens } from '@/lib/api/token-storage';
import { acceptLanguageOf, type Language } from '@/lib/language';
import { assistantStatusKey } from './assistant-status';

export type AssistantProvider = 'offline' | 'openai';

export interface AssistantSource {
  type: 'topic' | 'question' | 'help';
  id: string;
  title: string;
  url: string;
}

/** Status code, error code and message: what the dialog shows of any failure (docs/rules/assistant.md). */
export interface AssistantFailure {
  status: number;
  code: string;
  message: string;
}

export interface AssistantStatus {
  enabled: boolean;
  allowed: boolean;
  message: string;
  provider: AssistantProvider;
  maxQuestionLength: number;
}

export interface ConversationSummary {
  conversationId: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
}

export interface ConversationMessage {
  messageId: string;
  role: 'user' | 'assistant';
  content: string;
  at: string;
  sources?: AssistantSource[];
  provider?: AssistantProvider;
  error?: AssistantFailure;
}

export interface Conversation extends ConversationSummary {
  messages: ConversationMessage[];
}

export const assistantKeys = {
  status: () => assistantStatusKey,
  conversations: () => ['assistant', 'conversations'] as const,
  conversation: (id: string) => ['assistant', 'conversation', id] as const,
};

export function conversationsQueryOptions() {
  return queryOptions({
    queryKey: assistantKeys.conversations(),
    queryFn: ({ signal }) =>
      api.get<{ items: ConversationSummary[] }>('/api/assistant/conversations', { signal, loading: false }),
  });
}

export function useConversations(enabled: boolean) {
  return useQuery({ ...conversationsQueryOptions(), enabled });
}

export function useConversation(id: string | null) {
  return useQuery({
    queryKey: assistantKeys.conversation(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<Conversation>(`/api/assistant/conversations/${encodeURIComponent(id!)}`, { signal, loading: false }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.request<{ deleted: true }>('DELETE', `/api/assistant/conversations/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: assistantKeys.conversation(id) });
      return queryClient.invalidateQueries({ queryKey: assistantKeys.conversations() });
    },
  });
}

/** What the answer stream reports, in order: `start`, any `sources` and `delta`s, then `done` or `error`. */
export interface AnswerHandlers {
  start(info: { conversationId: string; messageId: string; provider: AssistantProvider }): void;
  sources(sources: AssistantSource[]): void;
  delta(text: string): void;
  done(): void;
  error(failure: AssistantFailure): void;
}

function headersFor(language: Language): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    'Content-Type': 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': acceptLanguageOf(language),
  };
  const tokens = readTokens(globalThis.localStorage);
  if (tokens) headers.Authorization = bearerOf(tokens);
  const csrf = readCookie(document.cookie, CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  return headers;
}

async function failureOf(response: Response): Promise<AssistantFailure> {
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  return {
    status: response.status,
    code: body.code ?? 'common.internal',
    message: body.message ?? response.statusText,
  };
}

function dispatch(event: string, data: string, handlers: AnswerHandlers): void {
  const payload = JSON.parse(data) as Record<string, unknown>;
  if (event === 'start') handlers.start(payload as Parameters<AnswerHandlers['start']>[0]);
  else if (event === 'sources') handlers.sources(payload.sources as AssistantSource[]);
  else if (event === 'delta') handlers.delta(payload.text as string);
  else if (event === 'done') handlers.done();
  else if (event === 'error') handlers.error(payload as unknown as AssistantFailure);
}

/**
 * `POST /api/assistant/conversations/:id/messages`, the answer read as Server-Sent Events over `fetch` (an
 * `EventSource` cannot POST nor send the Authorization header). A refused question answers JSON; an expired
 * session is renewed once. The call itself never throws: every failure reaches `handlers.error`.
 */
export async function askAssistant(
  conversationId: string,
  question: string,
  language: Language,
  handlers: AnswerHandlers,
  signal: AbortSignal,
): Promise<void> {
  const url = `${apiBase}/api/assistant/conversations/${encodeURIComponent(conversationId)}/messages`;
  const send = () =>
    fetch(url, {
      method: 'POST',
      headers: headersFor(language),
      body: JSON.stringify({ question }),
      credentials: 'same-origin',
      signal,
    });
  try {
    let response = await send();
    if (response.status === 401 && (await api.refreshSession({ redirect: false }))) response = await send();
    if (!response.ok || !response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      handlers.error(await failureOf(response));
      return;
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let finished = false;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data.push(line.slice(6));
        }
        if (data.length === 0) continue;
        if (event === 'done' || event === 'error') finished = true;
        dispatch(event, data.join('\n'), handlers);
      }
    }
    if (!finished) handlers.error({ status: 0, code: 'common.unavailable', message: 'connection closed' });
  } catch (error) {
    if (signal.aborted) return;
    handlers.error({
      status: 0,
      code: 'common.unavailable',
      message: error instanceof Error ? error.message : String(error),
    });
  }
}
