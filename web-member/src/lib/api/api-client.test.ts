// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeRoute } from '../route-codec';
import type { Language } from '../language';
import { fakeFetch, json, never, type SentRequest } from '@/testing/fake-fetch';
import { memoryStorage } from '@/testing/memory-storage';
import { createApiClient, REQUEST_TIMEOUT_MS, type ApiClientConfig } from './api-client';
import { ApiError } from './api-error';
import type { ApiEvent } from './api-events';

const loggedIn = { accessToken: 'access-1', refreshToken: 'refresh-1' };

function setup(
  routes: Parameters<typeof fakeFetch>[0],
  overrides: Partial<Omit<ApiClientConfig, 'language'>> & { language?: Language; location?: string } = {},
) {
  const { fetch, sent } = fakeFetch(routes);
  const storage = overrides.storage ?? memoryStorage();
  const language = overrides.language ?? 'zh';
  const client = createApiClient({
    baseUrl: '',
    fetch,
    storage,
    cookies: () => '',
    now: () => 1_700_000_000_000,
    currentLocation: () => overrides.location ?? '/question?questionId=7',
    ...overrides,
    language: () => language,
  });
  const events: ApiEvent[] = [];
  client.subscribe((event) => events.push(event));
  const uiEvents = () => events.filter((event) => event.type !== 'loading');
  return { client, sent, storage, events, uiEvents };
}

function withTokens(tokens = loggedIn, extra: Record<string, string> = {}) {
  return memoryStorage({ ...tokens, ...extra });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('common request shape', () => {
  it('sends X-Requested-With and Accept-Language of the current language', async () => {
    const zh = setup({ 'GET /api/x': () => json(200, {}) });
    await zh.client.get('/api/x');
    expect(zh.sent[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(zh.sent[0]!.headers.get('Accept-Language')).toBe('zh-CN');

    const en = setup({ 'GET /api/x': () => json(200, {}) }, { language: 'en' });
    await en.client.get('/api/x');
    expect(en.sent[0]!.headers.get('Accept-Language')).toBe('en-US');
  });

  it('sends the Bearer pair only when a session is stored', async () => {
    const visitor = setup({ 'GET /api/x': () => json(200, {}) });
    await visitor.client.get('/api/x');
    expect(visitor.sent[0]!.headers.has('Authorization')).toBe(false);

    const member = setup({ 'GET /api/x': () => json(200, {}) }, { storage: withTokens() });
    await member.client.get('/api/x');
    expect(member.sent[0]!.headers.get('Authorization')).toBe('Bearer access-1,refresh-1');
  });

  it('adds a _t timestamp to GETs unless disabled, never to POSTs', async () => {
    const { client, sent } = setup({ 'GET /api/x': () => json(200, {}), 'POST /api/x': () => json(200, {}) });
    await client.get('/api/x', { params: { page: 2 } });
    await client.get('/api/x', { timestamp: false });
    await client.post('/api/x', { a: 1 });
    expect(sent[0]!.url.searchParams.get('_t')).toBe('1700000000000');
    expect(sent[0]!.url.searchParams.get('page')).toBe('2');
    expect(sent[1]!.url.searchParams.has('_t')).toBe(false);
    expect(sent[2]!.url.searchParams.has('_t')).toBe(false);
  });

  it('echoes the cms_token cookie in BBS-XSRF-TOKEN', async () => {
    const { client, sent } = setup(
      { 'POST /api/x': () => json(200, {}) },
      { cookies: () => 'theme=dark; cms_token=csrf%2Dvalue-42; other=1' },
    );
    await client.post('/api/x', {});
    expect(sent[0]!.headers.get('BBS-XSRF-TOKEN')).toBe('csrf-value-42');
  });

  it('omits the CSRF header when there is no cookie', async () => {
    const { client, sent } = setup({ 'POST /api/x': () => json(200, {}) });
    await client.post('/api/x', {});
    expect(sent[0]!.headers.has('BBS-XSRF-TOKEN')).toBe(false);
  });

  it('sends POST bodies form-urlencoded, arrays as repeated keys', async () => {
    const { client, sent } = setup({ 'POST /api/forum/topics': () => json(201, { topicId: 't1' }) });
    const answer = await client.post('/api/forum/topics', {
      title: 'Hello & 你好',
      tagIds: ['a', 'b'],
      skipped: undefined,
      pinned: false,
    });
    expect(answer).toEqual({ topicId: 't1' });
    expect(sent[0]!.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(sent[0]!.body).toBe('title=Hello+%26+%E4%BD%A0%E5%A5%BD&tagIds=a&tagIds=b&pinned=false');
  });

  it('sends a JSON body when asked (numbers stay numbers)', async () => {
    const { client, sent } = setup({ 'POST /api/forum/topics/t1/unlock': () => json(200, { blocks: [] }) });
    await client.request('POST', '/api/forum/topics/t1/unlock', { json: { type: 10, password: 'p&w' } });
    expect(sent[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(sent[0]!.body!)).toEqual({ type: 10, password: 'p&w' });
  });

  it('uses the configured base URL', async () => {
    const { client, sent } = setup({ 'GET /base/api/x': () => json(200, {}) }, { baseUrl: 'http://api.test/base' });
    await client.get('/api/x');
    expect(sent[0]!.url.href.startsWith('http://api.test/base/api/x?')).toBe(true);
  });

  it('gives up after 20 seconds with the not-responding message', async () => {
    vi.useFakeTimers();
    const { client, uiEvents } = setup({ 'GET /api/slow': never });
    const outcome = client.get('/api/slow').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(uiEvents()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await outcome) as ApiError;
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/^current request is not responding/);
    expect(uiEvents()).toEqual([{ type: 'toast', key: 'http.70', persistent: false }]);
  });

  it('counts requests for the loading indicator, except those that opt out', async () => {
    const { client, events } = setup({ 'GET /baseInfo': () => json(200, {}), 'GET /api/x': () => json(200, {}) });
    await client.get('/baseInfo', { loading: false });
    expect(events).toEqual([]);
    await client.get('/api/x');
    expect(events).toEqual([
      { type: 'loading', pending: 1 },
      { type: 'loading', pending: 0 },
    ]);
  });
});

describe('session refresh on 401', () => {
  const renewed = {
    accessToken: 'access-2',
    refreshToken: 'refresh-2',
    systemUser: { id: 'u1', account: 'ann', nickname: 'Ann' },
  };

  function protectedRoute(request: SentRequest) {
    return request.headers.get('Authorization') === 'Bearer access-2,refresh-2'
      ? json(200, { path: request.url.pathname })
      : json(401, { code: 'auth.token_expired', message: 'expired' });
  }

  it('runs one refresh for three concurrent 401s and retries all three with the new token', async () => {
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const { client, sent, storage, uiEvents } = setup(
      {
        'GET /api/a': protectedRoute,
        'GET /api/b': protectedRoute,
        'POST /api/c': protectedRoute,
        'POST /refreshToken': async () => {
          await refreshGate;
          return json(200, renewed);
        },
      },
      { storage: withTokens() },
    );
    const results = Promise.all([client.get('/api/a'), client.get('/api/b'), client.post('/api/c', { x: 1 })]);
    await vi.waitFor(() => expect(sent.filter((r) => r.url.pathname !== '/refreshToken')).toHaveLength(3));
    releaseRefresh();
    expect(await results).toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);

    const refreshCalls = sent.filter((r) => r.url.pathname === '/refreshToken');
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]!.headers.get('Authorization')).toBe('Bearer access-1,refresh-1');
    expect(refreshCalls[0]!.body).toBe('');
    expect(refreshCalls[0]!.headers.get('Content-Type')).toMatch(/^application\/x-www-form-urlencoded/);
    const retries = sent.filter((r) => r.headers.get('Authorization') === 'Bearer access-2,refresh-2');
    expect(retries.map((r) => r.url.pathname).sort()).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(retries.find((r) => r.url.pathname === '/api/c')!.body).toBe('x=1');
    expect(storage.getItem('accessToken')).toBe('access-2');
    expect(storage.getItem('refreshToken')).toBe('refresh-2');
    expect(uiEvents()).toEqual([{ type: 'userRefreshed', user: renewed.systemUser }]);
  });

  it('on a 401 from the refresh call clears the session, toasts http.20 and replaces the page with /login', async () => {
    const { client, storage, uiEvents } = setup(
      {
        'GET /api/a': protectedRoute,
        'POST /refreshToken': () => json(401, { code: 'auth.token_invalid', message: 'x' }),
      },
      { storage: withTokens(), location: '/question?questionId=7' },
    );
    const error = (await client.get('/api/a').catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('session');
    expect(storage.getItem('accessToken')).toBeNull();
    expect(storage.getItem('refreshToken')).toBeNull();
    const events = uiEvents();
    expect(events.slice(0, 2)).toEqual([
      { type: 'toast', key: 'http.20', persistent: false },
      { type: 'sessionCleared', reason: 'refreshFailed' },
    ]);
    const navigation = events[2] as Extract<ApiEvent, { type: 'navigate' }>;
    expect(navigation.replace).toBe(true);
    const jumpUrl = new URL(navigation.to, 'http://x').searchParams.get('jumpUrl')!;
    expect(new URL(navigation.to, 'http://x').pathname).toBe('/login');
    expect(decodeRoute(jumpUrl)?.fullPath).toBe('/question?questionId=7');
  });

  it('keeps the history entry (push) when a POST lost the session', async () => {
    const { client, uiEvents } = setup(
      { 'POST /api/c': protectedRoute, 'POST /refreshToken': () => json(200, {}) },
      { storage: withTokens() },
    );
    await client.post('/api/c', {}).catch(() => undefined);
    expect(uiEvents()).toContainEqual(expect.objectContaining({ type: 'navigate', replace: false }));
    expect(uiEvents()).toContainEqual({ type: 'toast', key: 'http.20', persistent: false });
  });

  it('treats an empty refresh answer as a failure and redirects only once for concurrent requests', async () => {
    const { client, storage, uiEvents } = setup(
      {
        'GET /api/a': protectedRoute,
        'GET /api/b': protectedRoute,
        'POST /refreshToken': () => new Response('', { status: 200 }),
      },
      { storage: withTokens() },
    );
    await Promise.allSettled([client.get('/api/a'), client.get('/api/b')]);
    expect(storage.getItem('accessToken')).toBeNull();
    expect(uiEvents().filter((event) => event.type === 'navigate')).toHaveLength(1);
  });

  it('never redirects for the unread-count call', async () => {
    const { client, storage, uiEvents } = setup(
      { 'GET /api/messaging/unread-count': protectedRoute, 'POST /refreshToken': () => json(401, {}) },
      { storage: withTokens() },
    );
    await client
      .get('/api/messaging/unread-count', { redirectOnAuthFailure: false, silent: true })
      .catch(() => undefined);
    expect(storage.getItem('accessToken')).toBeNull();
    expect(uiEvents().some((event) => event.type === 'navigate')).toBe(false);
  });

  it('sends a visitor who hits a member-only call to /login without a refresh call', async () => {
    const { client, sent, uiEvents } = setup({ 'POST /api/c': () => json(401, {}) }, { location: '/addTopic' });
    await client.post('/api/c', {}).catch(() => undefined);
    expect(sent.map((r) => r.url.pathname)).toEqual(['/api/c']);
    const navigation = uiEvents().find((event) => event.type === 'navigate');
    expect(navigation).toMatchObject({ type: 'navigate', replace: false });
  });

  it('a credential call (renewSession: false) takes its 401 as the answer: no refresh, no redirect, session kept', async () => {
    const { client, sent, storage, uiEvents } = setup(
      {
        'POST /api/identity/login': () =>
          json(401, { code: 'identity.login_failed', message: 'Account or password incorrect.' }),
      },
      { storage: withTokens(), location: '/login' },
    );
    const error = await client
      .post('/api/identity/login', { account: 'ann' }, { renewSession: false, silent: true })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 'identity.login_failed' });
    expect(sent.map((request) => request.url.pathname)).toEqual(['/api/identity/login']);
    expect(storage.getItem('accessToken')).toBe('access-1');
    expect(uiEvents()).toEqual([]);
  });

  it('does not redirect again when the member is already on /login', async () => {
    const { client, uiEvents } = setup({ 'GET /api/a': () => json(401, {}) }, { location: '/login?jumpUrl=abc' });
    await client.get('/api/a').catch(() => undefined);
    expect(uiEvents().some((event) => event.type === 'navigate')).toBe(false);
  });

  it('refreshSession renews the pair on demand (token stored but no systemUser)', async () => {
    const { client, storage, uiEvents } = setup(
      { 'POST /refreshToken': () => json(200, renewed) },
      { storage: withTokens() },
    );
    expect(await client.refreshSession()).toBe(true);
    expect(storage.getItem('accessToken')).toBe('access-2');
    expect(uiEvents()).toEqual([{ type: 'userRefreshed', user: renewed.systemUser }]);
  });
});

describe('HTTP error catalogue', () => {
  async function failWith(status: number, body: unknown, options: { url?: string; location?: string } = {}) {
    const url = options.url ?? '/api/x';
    const context = setup({ [`GET ${url}`]: () => json(status, body) }, { location: options.location ?? '/' });
    const error = (await context.client.get(url).catch((e: unknown) => e)) as ApiError;
    return { ...context, error };
  }

  it('400: persistent toast http.10 with the server message', async () => {
    const { uiEvents, error } = await failWith(400, { code: 'common.malformed_request', message: 'bad' });
    expect(error.status).toBe(400);
    expect(uiEvents()).toEqual([{ type: 'toast', key: 'http.10', persistent: true, detail: 'bad' }]);
  });

  it('field errors open the error dialog with every message', async () => {
    const { uiEvents } = await failWith(400, {
      code: 'common.validation_failed',
      message: 'Some fields are not valid.',
      fieldErrors: [
        { field: 'title', code: 'validation.required', message: 'Title: required.' },
        { field: 'content', code: 'validation.too_long', message: 'Content: at most 10 characters.' },
      ],
    });
    expect(uiEvents()).toEqual([
      { type: 'fieldErrors', messages: ['Title: required.', 'Content: at most 10 characters.'] },
    ]);
  });

  it('403 on a /thread call denies topic detail without a toast', async () => {
    const { uiEvents } = await failWith(403, { code: 'auth.forbidden', message: 'no' }, { url: '/thread' });
    expect(uiEvents()).toEqual([{ type: 'topicDetailDenied' }]);
  });

  it('403 on reading the topic denies topic detail', async () => {
    const { uiEvents } = await failWith(
      403,
      { code: 'auth.forbidden', message: 'no' },
      { url: '/api/forum/topics/t1', location: '/thread?topicId=t1' },
    );
    expect(uiEvents()).toEqual([{ type: 'topicDetailDenied' }]);
  });

  it('403 on anything else while the topic is shown keeps the topic and shows the server message', async () => {
    const refused = { code: 'forum.comments_disabled', message: '评论功能维护中，请稍后再来。' };
    const { client, uiEvents } = setup(
      {
        'POST /api/forum/topics/t1/comments': () => json(403, refused),
        'GET /api/forum/topics/t1/comments': () => json(403, refused),
      },
      { location: '/thread?topicId=t1' },
    );
    const written = await client.post('/api/forum/topics/t1/comments', { content: 'hi' }).catch((e: unknown) => e);
    expect(written).toMatchObject({ status: 403, message: refused.message });
    await client.post('/api/forum/topics/t1/comments', { content: 'hi' }, { silent: true }).catch(() => undefined);
    await client.get('/api/forum/topics/t1/comments').catch(() => undefined);
    expect(uiEvents()).toEqual([
      { type: 'toast', key: 'http.30', persistent: false, detail: refused.message },
      { type: 'toast', key: 'http.30', persistent: false, detail: refused.message },
    ]);
  });

  it('403 elsewhere: toast http.30', async () => {
    const { uiEvents } = await failWith(403, { code: 'auth.forbidden', message: 'Insufficient privileges.' });
    expect(uiEvents()).toEqual([
      { type: 'toast', key: 'http.30', persistent: false, detail: 'Insufficient privileges.' },
    ]);
  });

  it('404: persistent toast http.40 with the URL', async () => {
    const { uiEvents } = await failWith(404, 'Not Found', { url: '/api/missing' });
    const [event] = uiEvents();
    expect(event).toMatchObject({ type: 'toast', key: 'http.40', persistent: true });
    expect(String((event as unknown as { params: { url: string } }).params.url)).toMatch(/^\/api\/missing\?_t=/);
  });

  it('456: one blocking notice until dismissed', async () => {
    const { client, uiEvents } = setup({
      'GET /api/x': () => json(456, { code: 'site.notice', message: 'Read only today' }),
    });
    await client.get('/api/x').catch(() => undefined);
    await client.get('/api/x').catch(() => undefined);
    expect(uiEvents()).toEqual([{ type: 'alert', id: '456', message: 'Read only today' }]);
    client.dismissAlert('456');
    await client.get('/api/x').catch(() => undefined);
    expect(uiEvents()).toHaveLength(2);
  });

  it('500: persistent toast http.50', async () => {
    const { uiEvents } = await failWith(500, { code: 'common.internal', message: 'oops' });
    expect(uiEvents()).toEqual([{ type: 'toast', key: 'http.50', persistent: true, detail: 'oops' }]);
  });

  it('503: one blocking alert with the response body', async () => {
    const { client, uiEvents } = setup({
      'GET /api/x': () => new Response('Closed for maintenance until 22:00', { status: 503 }),
    });
    await client.get('/api/x').catch(() => undefined);
    await client.get('/api/x').catch(() => undefined);
    expect(uiEvents()).toEqual([{ type: 'alert', id: '503', message: 'Closed for maintenance until 22:00' }]);
  });

  it('508: clears all of localStorage and the current user', async () => {
    const storage = withTokens(loggedIn, { language: 'en_US', other: 'x' });
    const { client, uiEvents } = setup({ 'GET /api/x': () => json(508, {}) }, { storage });
    await client.get('/api/x').catch(() => undefined);
    expect(storage.length).toBe(0);
    expect(uiEvents()).toEqual([{ type: 'sessionCleared', reason: 'storageReset' }]);
  });

  it('any other status: persistent toast http.60 with the status', async () => {
    const { uiEvents } = await failWith(429, { code: 'common.rate_limited', message: 'slow down' });
    expect(uiEvents()).toEqual([
      { type: 'toast', key: 'http.60', persistent: true, params: { status: 429 }, detail: 'slow down' },
    ]);
  });

  it('an unreachable server: network toast', async () => {
    const { client, uiEvents } = setup({ 'GET /api/x': () => Promise.reject(new TypeError('Failed to fetch')) });
    const error = (await client.get('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
    expect(uiEvents()).toEqual([{ type: 'toast', key: 'http.network', persistent: false }]);
  });

  it('silent calls change state but show nothing', async () => {
    const { client, uiEvents } = setup({ 'GET /api/x': () => json(500, { code: 'common.internal', message: 'x' }) });
    await client.get('/api/x', { silent: true }).catch(() => undefined);
    expect(uiEvents()).toEqual([]);
  });
});
