import { vi } from 'vitest';

export interface SentRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: string | undefined;
  /** A multipart body (uploads). */
  formData: FormData | undefined;
  signal: AbortSignal | undefined;
}

type Handler = (request: SentRequest) => Response | Promise<Response>;

/** A `fetch` stand-in at the network boundary: routes by method and path, records what was sent. */
export function fakeFetch(routes: Record<string, Handler>) {
  const sent: SentRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://forum.test');
    const request: SentRequest = {
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
      formData: init.body instanceof FormData ? init.body : undefined,
      signal: init.signal ?? undefined,
    };
    sent.push(request);
    const handler = routes[`${request.method} ${url.pathname}`];
    if (!handler) return json(404, { code: 'common.route_not_found', message: 'There is no such address.' });
    return handler(request);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A response that never arrives, except as an abort when the request's signal fires. */
export function never(request: SentRequest): Promise<Response> {
  return new Promise((_resolve, reject) => {
    request.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}
