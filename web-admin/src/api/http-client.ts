import { HttpError } from 'react-admin';
import type { StaffSession } from './staff-session';

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  json: T;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Sends the body form-urlencoded (the fixed calls at the root, such as `/refreshToken`). */
  form?: boolean;
  /** For commands the server de-duplicates: a retried call with the same key gets the first outcome. */
  idempotencyKey?: string;
}

export type HttpClient = <T = unknown>(url: string, options?: RequestOptions) => Promise<HttpResponse<T>>;

export interface HttpClientOptions {
  session: StaffSession;
  /** The console's current locale, sent as Accept-Language so server messages come back in it. */
  language: () => string;
  fetch?: typeof fetch;
  /** `document.cookie` in the browser. */
  cookies?: () => string;
  /** Any answer from the API server sets the CSRF cookie; this cheap call gets one before a first write. */
  csrfSeedUrl?: string;
  timeoutMs?: number;
}

/** The API's one error shape. */
interface ErrorBody {
  code?: string;
  message?: string;
  fieldErrors?: { field: string; code: string; message: string }[];
  correlationId?: string;
}

const CSRF_COOKIE = 'cms_token';
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * fetch with the API's conventions: `X-Requested-With`, `Accept-Language`, `Authorization: Bearer
 * <access>,<refresh>`, the `cms_token` cookie echoed in `BBS-XSRF-TOKEN` on writes, a 20 s timeout (the
 * member site's), and failures turned into react-admin `HttpError`s that carry the server's message and
 * its field errors in the shape react-admin forms display (`body.errors`).
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const cookies = options.cookies ?? (() => document.cookie);
  const timeoutMs = options.timeoutMs ?? 20_000;

  const csrfToken = () =>
    cookies()
      .split(';')
      .map((pair) => pair.trim().split('='))
      .find(([name]) => name === CSRF_COOKIE)?.[1];

  return async function httpClient<T>(url: string, request: RequestOptions = {}): Promise<HttpResponse<T>> {
    const method = request.method ?? 'GET';
    const headers = new Headers({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'Accept-Language': options.language().startsWith('zh') ? 'zh-CN' : 'en-US',
    });
    const tokens = options.session.tokens();
    if (tokens) headers.set('Authorization', `Bearer ${tokens.access},${tokens.refresh}`);
    if (!SAFE_METHODS.has(method)) {
      let csrf = csrfToken();
      if (!csrf && options.csrfSeedUrl) {
        await fetchImpl(options.csrfSeedUrl, { credentials: 'same-origin' }).catch(() => undefined);
        csrf = csrfToken();
      }
      if (csrf) headers.set('BBS-XSRF-TOKEN', decodeURIComponent(csrf));
    }
    if (request.idempotencyKey) headers.set('Idempotency-Key', request.idempotencyKey);
    let body: string | undefined;
    if (request.body !== undefined) {
      if (request.form) {
        headers.set('Content-Type', 'application/x-www-form-urlencoded');
        body = new URLSearchParams(request.body as Record<string, string>).toString();
      } else {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(request.body);
      }
    }
    const response = await fetchImpl(withQuery(url, request.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = await readJson(response);
    if (!response.ok) throw toHttpError(response, json as ErrorBody | undefined);
    return { status: response.status, headers: response.headers, json: json as T };
  };
}

function withQuery(url: string, query: RequestOptions['query']): string {
  const entries = Object.entries(query ?? {}).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined,
  );
  if (entries.length === 0) return url;
  const search = new URLSearchParams(entries.map(([key, value]) => [key, String(value)]));
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toHttpError(response: Response, body: ErrorBody | string | undefined): HttpError {
  if (typeof body !== 'object' || body === null) {
    return new HttpError(response.statusText || `HTTP ${response.status}`, response.status, body);
  }
  const errors = Object.fromEntries(
    (body.fieldErrors ?? []).map((fieldError) => [fieldError.field, fieldError.message]),
  );
  return new HttpError(body.message || response.statusText || `HTTP ${response.status}`, response.status, {
    ...body,
    ...(body.fieldErrors?.length ? { errors } : {}),
  });
}
