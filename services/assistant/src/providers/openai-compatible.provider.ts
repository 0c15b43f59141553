import type { AssistantSource, Language } from '@forum/contracts';
import { ProviderError } from './assistant-provider';
import type { AnswerChunk, AssistantProvider, AssistantRequest, PublicSnippet } from './assistant-provider';
import { serverSentData } from './server-sent-events';

export interface OpenAiCompatibleOptions {
  /** `https://api.openai.com/v1`: `/chat/completions` is appended. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** The whole answer's time limit. */
  timeoutMs?: number;
}

/** Upstream messages are shown to members: bounded, and never with the key in them. */
const MAX_UPSTREAM_MESSAGE = 300;

const SYSTEM_PROMPT: Record<Language, string> = {
  zh: '你是本论坛的 AI 助手。用简体中文、Markdown 格式回答。若下面给出了本站的公开内容，优先依据它们回答，并用 Markdown 链接注明引用的来源。',
  en: "You are this forum's AI assistant. Answer in English, formatted as Markdown. When public content of this site is given below, base the answer on it first and cite what you use as Markdown links.",
};

function contextMessage(context: PublicSnippet[], language: Language): string {
  const heading = language === 'zh' ? '本站公开内容：' : 'Public content of this site:';
  return [heading, ...context.map((item, index) => `[${index + 1}] ${item.title} (${item.url})\n${item.snippet}`)].join(
    '\n\n',
  );
}

interface ChatChunk {
  choices?: { delta?: { content?: string | null } }[];
  error?: { message?: unknown; type?: unknown; code?: unknown };
}

/**
 * The OpenAI-compatible adapter (ADR 0022): `POST {baseUrl}/chat/completions` with `stream: true`, the answer read
 * from the Server-Sent Events' `choices[0].delta.content` until `[DONE]`. HTTP failures and `{error: {message,
 * type, code}}` bodies or chunks become a `ProviderError`: 401/403 the key, 429 the upstream's rate limit, a
 * timeout or a lost connection `provider_unavailable`, anything else `provider_error`.
 */
export class OpenAiCompatibleProvider implements AssistantProvider {
  readonly kind = 'openai';
  readonly model: string;

  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.model = options.model;
  }

  async *answer(request: AssistantRequest): AsyncGenerator<AnswerChunk> {
    const { baseUrl, apiKey, model, timeoutMs = 120_000 } = this.options;
    if (!baseUrl || !model || !apiKey) {
      throw new ProviderError('assistant.provider_not_configured', '');
    }
    const messages = [
      { role: 'system', content: SYSTEM_PROMPT[request.language] },
      ...(request.context.length > 0
        ? [{ role: 'system', content: contextMessage(request.context, request.language) }]
        : []),
      ...request.history,
      { role: 'user', content: request.question },
    ];
    const signal = AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]);
    let response: Response;
    try {
      response = await fetch(`${baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          authorization: `Bearer ${apiKey}`,
        },
        body: JSON.stringify({ model, stream: true, messages }),
        signal,
      });
    } catch (error) {
      throw this.unreachable(error);
    }
    if (!response.ok || !response.body) throw await this.httpError(response);
    const sources = request.context.map(({ type, id, title, url }): AssistantSource => ({ type, id, title, url }));
    if (sources.length > 0) yield { type: 'sources', sources };
    try {
      for await (const data of serverSentData(response.body)) {
        if (data.trim() === '[DONE]') return;
        let chunk: ChatChunk;
        try {
          chunk = JSON.parse(data) as ChatChunk;
        } catch {
          throw new ProviderError('assistant.provider_error', 'malformed stream chunk', {
            status: response.status,
            code: null,
            type: null,
          });
        }
        if (chunk.error) throw this.bodyError(chunk.error, response.status);
        const text = chunk.choices?.[0]?.delta?.content;
        if (typeof text === 'string' && text.length > 0) yield { type: 'delta', text };
      }
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throw this.unreachable(error);
    }
    // The connection closed before `[DONE]`: the answer may be cut off.
    throw new ProviderError('assistant.provider_unavailable', 'the stream ended before [DONE]', {
      status: response.status,
      code: null,
      type: null,
    });
  }

  private async httpError(response: Response): Promise<ProviderError> {
    const body = (await response.json().catch(() => null)) as ChatChunk | null;
    return this.bodyError(body?.error ?? {}, response.status);
  }

  private bodyError(error: NonNullable<ChatChunk['error']>, status: number): ProviderError {
    const upstream = {
      status,
      code: error.code === undefined || error.code === null ? null : String(error.code),
      type: typeof error.type === 'string' ? error.type : null,
    };
    const message = this.redact(typeof error.message === 'string' ? error.message : '');
    const code =
      status === 401 || status === 403 || upstream.code === 'invalid_api_key'
        ? 'assistant.provider_unauthorized'
        : status === 429 || upstream.code === 'rate_limit_exceeded'
          ? 'assistant.provider_rate_limited'
          : status === 408 || status === 504
            ? 'assistant.provider_unavailable'
            : 'assistant.provider_error';
    return new ProviderError(code, message, upstream);
  }

  private unreachable(error: unknown): ProviderError {
    const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return new ProviderError(
      'assistant.provider_unavailable',
      timeout ? 'timed out' : this.redact(error instanceof Error ? error.message : String(error)),
    );
  }

  private redact(message: string): string {
    const key = this.options.apiKey;
    const clean = key ? message.split(key).join('***') : message;
    return clean.slice(0, MAX_UPSTREAM_MESSAGE);
  }
}
