import { createHttpClient } from '../api/http-client';
import { StaffSession } from '../api/staff-session';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

type Answer = { status?: number; json?: unknown } | ((request: RecordedRequest) => { status?: number; json?: unknown });

/** A fetch that records every request and answers from a route table (`'POST /api/x'` or `'GET /api/x?…'`). */
export function fakeApi(routes: Record<string, Answer> = {}) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request: RecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    requests.push(request);
    const path = request.url.split('?')[0];
    const answer = routes[`${request.method} ${request.url}`] ?? routes[`${request.method} ${path}`];
    const { status = answer ? 200 : 404, json = answer ? undefined : notFound } =
      typeof answer === 'function' ? answer(request) : (answer ?? {});
    return new Response(json === undefined ? null : JSON.stringify(json), {
      status,
      headers: json === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

const notFound = { code: 'common.route_not_found', message: 'There is no such address.' };

export function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

/** An http client over the fake API, signed in as staff unless `signedIn` is false, with a CSRF cookie. */
export function testClient(
  api: ReturnType<typeof fakeApi>,
  options: { signedIn?: boolean; cookie?: string; language?: string } = {},
) {
  const storage = memoryStorage(
    options.signedIn === false ? {} : { staffAccessToken: 'access-1', staffRefreshToken: 'refresh-1' },
  );
  const session = new StaffSession(storage);
  let cookie = options.cookie ?? 'theme=dark; cms_token=csrf-secret-0123456789';
  const httpClient = createHttpClient({
    session,
    language: () => options.language ?? 'en',
    fetch: async (input, init) => {
      const response = await api.fetch(input, init);
      if (!cookie.includes('cms_token')) cookie = `${cookie}; cms_token=seeded-secret-0123456789`;
      return response;
    },
    cookies: () => cookie,
    csrfSeedUrl: '/api/health',
  });
  return { httpClient, session, storage };
}
