import { encodeLocation } from '../route-codec';
import { acceptLanguageOf, type Language } from '../language';
import { ApiError, TIMEOUT_MESSAGE } from './api-error';
import type { AlertId, ApiEvent, ApiListener, HttpMessageKey } from './api-events';
import type { RefreshAnswer } from './api-types';
import { readCookie } from './cookies';
import { toSearchParams, type FormValues } from './form-encoding';
import { bearerOf, clearTokens, readTokens, writeTokens, type TokenPair } from './token-storage';

export const REQUEST_TIMEOUT_MS = 20_000;
export const CSRF_COOKIE = 'cms_token';
export const CSRF_HEADER = 'BBS-XSRF-TOKEN';
export const REFRESH_PATH = '/refreshToken';

export interface ApiClientConfig {
  /** Prefix of every call; '' means the page's own origin. */
  baseUrl: string;
  /** The interface language, for `Accept-Language`. */
  language: () => Language;
  /** `pathname + search` of the screen shown now, for the `jumpUrl` of the login redirect. */
  currentLocation: () => string;
  fetch?: typeof fetch;
  storage?: Storage;
  cookies?: () => string;
  now?: () => number;
  timeoutMs?: number;
}

export interface RequestOptions {
  params?: FormValues;
  /** Fields of a POST (or other write); sent form-urlencoded. */
  data?: FormValues;
  /** A multipart body (file uploads) sent instead of `data`; the browser sets its Content-Type and boundary. */
  formData?: FormData;
  /** A JSON body sent instead of `data`, for the few endpoints whose schema wants real numbers (forum unlock). */
  json?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** GETs carry a `_t` timestamp against caches unless this is false. */
  timestamp?: boolean;
  /**
   * The browser finishes the request even if the page is being closed (`fetch`'s `keepalive`; bodies up to 64 KB):
   * a draft saved as the member leaves.
   */
  keepalive?: boolean;
  /** Whether the call shows the global loading indicator (default true). */
  loading?: boolean;
  /** A lost session sends the member to /login unless this is false (the unread-count poll). */
  redirectOnAuthFailure?: boolean;
  /** The caller shows failures itself: no toasts, dialogs or alerts (state effects still apply). */
  silent?: boolean;
  /**
   * A 401 renews the token pair and retries unless this is false: for credential calls (login), where a 401
   * is the answer ("account or password incorrect"), not a lost session.
   */
  renewSession?: boolean;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, data?: FormValues, options?: RequestOptions): Promise<T>;
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  /** Renews the token pair (single flight); on failure the session is cleared and, unless told not to, the member sent to /login. */
  refreshSession(options?: { redirect?: boolean }): Promise<boolean>;
  hasSession(): boolean;
  /** Stores the token pair of a successful login. */
  startSession(tokens: TokenPair): void;
  /** Forgets the token pair (log out). */
  endSession(): void;
  /** The UI closed a blocking alert, so the next one of that kind may show again. */
  dismissAlert(id: AlertId): void;
  subscribe(listener: ApiListener): () => void;
}

type RefreshOutcome = { ok: true } | { ok: false; attempt: number };

interface Answer {
  response: Response;
  body: unknown;
  url: string;
}

/**
 * The browser's API client, as docs/rules/web.md fixes it: common headers, `_t` on GETs, form bodies, the CSRF echo,
 * a 20 s timeout, the single-flight token refresh with retried requests, and the HTTP error catalogue.
 */
export function createApiClient(config: ApiClientConfig): ApiClient {
  const fetchImpl = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const storage = config.storage ?? globalThis.localStorage;
  const cookies = config.cookies ?? (() => globalThis.document?.cookie ?? '');
  const now = config.now ?? Date.now;
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;

  const listeners = new Set<ApiListener>();
  const openAlerts = new Set<AlertId>();
  let pending = 0;
  let refreshing: Promise<RefreshOutcome> | null = null;
  let refreshAttempts = 0;
  let redirectedForAttempt = -1;

  function emit(event: ApiEvent): void {
    for (const listener of listeners) listener(event);
  }

  function changePending(delta: number): void {
    pending += delta;
    emit({ type: 'loading', pending });
  }

  function urlOf(path: string, params: FormValues | undefined): string {
    const base = /^https?:\/\//.test(path) ? path : `${config.baseUrl}${path}`;
    const query = toSearchParams(params).toString();
    if (!query) return base;
    return `${base}${base.includes('?') ? '&' : '?'}${query}`;
  }

  async function transmit(
    method: string,
    path: string,
    options: RequestOptions,
    tokens: TokenPair | null,
  ): Promise<Answer> {
    const params = method === 'GET' && options.timestamp !== false ? { ...options.params, _t: now() } : options.params;
    const url = urlOf(path, params);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'Accept-Language': acceptLanguageOf(config.language()),
      ...options.headers,
    };
    if (tokens) headers.Authorization = bearerOf(tokens);
    const csrf = readCookie(cookies(), CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
    let body: string | FormData | undefined;
    if (options.formData && method !== 'GET' && method !== 'HEAD') {
      body = options.formData;
    } else if (options.json !== undefined && method !== 'GET' && method !== 'HEAD') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (method !== 'GET' && method !== 'HEAD') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = toSearchParams(options.data).toString();
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort();
    options.signal?.addEventListener('abort', forwardAbort);
    try {
      const response = await fetchImpl(url, {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: controller.signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      });
      return { response, body: await readBody(response), url };
    } catch (error) {
      if (timedOut) throw new ApiError({ kind: 'timeout', url, message: TIMEOUT_MESSAGE });
      if (options.signal?.aborted) throw new ApiError({ kind: 'aborted', url, message: 'aborted' });
      throw new ApiError({ kind: 'network', url, message: error instanceof Error ? error.message : String(error) });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  function toast(
    key: HttpMessageKey,
    persistent: boolean,
    extra: { params?: Record<string, string | number>; detail?: string } = {},
  ) {
    emit({ type: 'toast', key, persistent, ...extra });
  }

  function showAlertOnce(id: AlertId, message: string | undefined): void {
    if (openAlerts.has(id)) return;
    openAlerts.add(id);
    emit({ type: 'alert', id, message });
  }

  function reportTransportFailure(error: ApiError, silent: boolean): void {
    if (silent || error.kind === 'aborted') return;
    toast(error.kind === 'timeout' ? 'http.70' : 'http.network', false);
  }

  /** The HTTP error catalogue of docs/rules/web.md (401 is handled by the refresh logic). */
  function reportHttpFailure(error: ApiError, silent: boolean, method: string): void {
    const detail = error.code || error.fieldErrors.length ? error.message : undefined;
    const shown = (show: () => void) => {
      if (!silent) show();
    };
    if (error.fieldErrors.length && error.status !== 508) {
      shown(() => emit({ type: 'fieldErrors', messages: error.fieldErrors.map((field) => field.message) }));
      return;
    }
    switch (error.status) {
      case 400:
        shown(() => toast('http.10', true, { detail }));
        return;
      case 401:
        return;
      case 403:
        // Only reading the topic itself denies the page; a refused write on it (comments switched off, say) keeps
        // the topic and the member's text, and says why.
        if (isTopicRead(method, error.url)) emit({ type: 'topicDetailDenied' });
        else shown(() => toast('http.30', false, { detail }));
        return;
      case 404:
        shown(() => toast('http.40', true, { params: { url: error.url }, detail }));
        return;
      case 456:
        shown(() => showAlertOnce('456', detail));
        return;
      case 500:
        shown(() => toast('http.50', true, { detail }));
        return;
      case 503:
        shown(() => showAlertOnce('503', bodyText(error.body)));
        return;
      case 508:
        storage.clear();
        emit({ type: 'sessionCleared', reason: 'storageReset' });
        return;
      default:
        shown(() => toast('http.60', true, { params: { status: error.status }, detail }));
    }
  }

  async function refreshOnce(): Promise<RefreshOutcome> {
    refreshing ??= renewTokens().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function renewTokens(): Promise<RefreshOutcome> {
    const attempt = ++refreshAttempts;
    const failed = (): RefreshOutcome => {
      clearTokens(storage);
      emit({ type: 'sessionCleared', reason: 'refreshFailed' });
      return { ok: false, attempt };
    };
    const tokens = readTokens(storage);
    if (!tokens) return failed();
    let answer: Answer;
    try {
      answer = await transmit('POST', REFRESH_PATH, { timestamp: false }, tokens);
    } catch (error) {
      reportTransportFailure(error as ApiError, false);
      return failed();
    }
    if (answer.response.status === 401) {
      toast('http.20', false);
      return failed();
    }
    if (!answer.response.ok) {
      reportHttpFailure(
        new ApiError({ kind: 'http', url: answer.url, status: answer.response.status, body: answer.body }),
        false,
        'POST',
      );
      return failed();
    }
    const renewed = answer.body as RefreshAnswer | null;
    if (!renewed?.accessToken || !renewed.refreshToken) {
      toast('http.20', false);
      return failed();
    }
    writeTokens(storage, { accessToken: renewed.accessToken, refreshToken: renewed.refreshToken });
    emit({ type: 'userRefreshed', user: renewed.systemUser ?? null });
    return { ok: true };
  }

  /** After a failed refresh: one trip to /login per failure (POST keeps the history entry, others replace it). */
  function sendToLogin(attempt: number, method: string): void {
    if (attempt === redirectedForAttempt) return;
    const here = config.currentLocation();
    if (pathOf(here) === '/login') return;
    redirectedForAttempt = attempt;
    emit({ type: 'navigate', to: `/login?jumpUrl=${encodeLocation(here)}`, replace: method !== 'POST' });
  }

  async function send<T>(method: string, path: string, options: RequestOptions, retried: boolean): Promise<T> {
    const tokens = readTokens(storage);
    let answer: Answer;
    try {
      answer = await transmit(method, path, options, tokens);
    } catch (error) {
      reportTransportFailure(error as ApiError, options.silent === true);
      throw error;
    }
    const { response, body, url } = answer;
    if (response.ok) return body as T;
    const error = new ApiError({ kind: 'http', url, status: response.status, body });
    if (response.status === 401 && path !== REFRESH_PATH && options.renewSession !== false) {
      const current = readTokens(storage);
      // Someone else already renewed the pair while this call was in flight: just retry.
      if (!retried && current && tokens && current.accessToken !== tokens.accessToken) {
        return send<T>(method, path, options, true);
      }
      const outcome: RefreshOutcome = retried ? { ok: false, attempt: refreshAttempts } : await refreshOnce();
      if (outcome.ok) return send<T>(method, path, options, true);
      if (retried) {
        clearTokens(storage);
        emit({ type: 'sessionCleared', reason: 'refreshFailed' });
      }
      if (options.redirectOnAuthFailure !== false) sendToLogin(outcome.attempt, method);
      throw new ApiError({ kind: 'session', url, status: 401, body });
    }
    reportHttpFailure(error, options.silent === true, method);
    throw error;
  }

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const upper = method.toUpperCase();
    const counted = options.loading !== false;
    if (counted) changePending(1);
    try {
      return await send<T>(upper, path, options, false);
    } finally {
      if (counted) changePending(-1);
    }
  }

  return {
    get: (path, options) => request('GET', path, options),
    post: (path, data, options) => request('POST', path, { ...options, data }),
    request,
    async refreshSession(options = {}) {
      const outcome = await refreshOnce();
      if (!outcome.ok && options.redirect !== false) sendToLogin(outcome.attempt, 'GET');
      return outcome.ok;
    },
    hasSession: () => readTokens(storage) !== null,
    startSession: (tokens) => writeTokens(storage, tokens),
    endSession() {
      clearTokens(storage);
      emit({ type: 'sessionCleared', reason: 'loggedOut' });
    },
    dismissAlert: (id) => void openAlerts.delete(id),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^\s*[[{"]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function bodyText(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return body === null || body === undefined ? undefined : JSON.stringify(body);
}

function pathOf(location: string): string {
  const path = location.split(/[?#]/)[0] ?? '';
  return path.replace(/^https?:\/\/[^/]+/, '');
}

/** A read of one topic: the forum's `GET /api/forum/topics/:id`, or the route `/thread`. */
function isTopicRead(method: string, url: string): boolean {
  if (method !== 'GET') return false;
  const path = pathOf(url);
  return /\/api\/forum\/topics\/[^/]+$/.test(path) || /\/thread\/?$/.test(path);
}
