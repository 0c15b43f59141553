import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogs } from '@/components/ui/dialog-store';
import { loading } from '@/components/ui/loading-indicator';
import { toaster } from '@/components/ui/toast-store';
import { createApiClient } from '@/lib/api/api-client';
import { createI18n } from '@/lib/i18n';
import { fakeFetch, json } from '@/testing/fake-fetch';
import { memoryStorage } from '@/testing/memory-storage';
import { testQueryClient } from '@/testing/render';
import { appState, initialAppState } from '@/stores/app-state';
import { connectApiEvents } from './connect-api-events';

function setup(routes: Parameters<typeof fakeFetch>[0], storage = memoryStorage()) {
  const { fetch } = fakeFetch(routes);
  const api = createApiClient({
    baseUrl: '',
    fetch,
    storage,
    cookies: () => '',
    language: () => 'en',
    currentLocation: () => '/askList',
  });
  const navigate = vi.fn();
  connectApiEvents(api, { i18n: createI18n('en'), queryClient: testQueryClient(), navigate });
  return { api, navigate };
}

beforeEach(() => {
  appState.set(initialAppState());
  toaster.store.set({ toasts: [] });
  dialogs.set({ queue: [] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('API events in the UI', () => {
  it('shows catalogue toasts in the current language', async () => {
    const { api } = setup({ 'GET /api/x': () => json(404, { code: 'common.not_found', message: 'Not found.' }) });
    await api.get('/api/x', { timestamp: false }).catch(() => undefined);
    expect(toaster.store.get().toasts).toEqual([
      expect.objectContaining({
        kind: 'error',
        message: 'Page not found: /api/x',
        detail: 'Not found.',
        persistent: true,
      }),
    ]);
  });

  it('shows field errors as a numbered list titled with the common error text', async () => {
    const { api } = setup({
      'POST /api/x': () =>
        json(400, {
          code: 'common.validation_failed',
          message: 'Some fields are not valid.',
          fieldErrors: [{ field: 'title', code: 'validation.required', message: 'Title: Required.' }],
        }),
    });
    await api.post('/api/x', {}).catch(() => undefined);
    expect(dialogs.get().queue).toEqual([expect.objectContaining({ title: 'Error', items: ['Title: Required.'] })]);
  });

  it('shows the 456 notice titled Notice, and again only after it was closed', async () => {
    const { api } = setup({ 'GET /api/x': () => json(456, { code: 'site.notice', message: 'Closed on Sundays' }) });
    await api.get('/api/x').catch(() => undefined);
    await api.get('/api/x').catch(() => undefined);
    const queue = dialogs.get().queue;
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ title: 'Notice', detail: 'Closed on Sundays' });
    expect(queue[0]!.message).toMatch(/refused/);
    const { closeDialog } = await import('@/components/ui/dialog-store');
    closeDialog(queue[0]!.id);
    await api.get('/api/x').catch(() => undefined);
    expect(dialogs.get().queue).toHaveLength(1);
  });

  it('clears the current user and navigates when the session is lost', async () => {
    appState.set({ systemUser: { id: 'u1', account: 'ann', nickname: 'Ann' } });
    const storage = memoryStorage({ accessToken: 'a', refreshToken: 'r' });
    const { api, navigate } = setup(
      { 'GET /api/x': () => json(401, {}), 'POST /refreshToken': () => json(401, {}) },
      storage,
    );
    await api.get('/api/x').catch(() => undefined);
    expect(appState.get().systemUser).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?jumpUrl=[\w-]+$/), { replace: true });
    expect(toaster.store.get().toasts[0]!.message).toBe('Error requesting a refresh token, please log in again');
  });

  it('sets the topic-detail flag on a 403 for a topic', async () => {
    const { api } = setup({ 'GET /thread': () => json(403, { code: 'auth.forbidden', message: 'no' }) });
    await api.get('/thread').catch(() => undefined);
    expect(appState.get().topicDetailPermission).toBe(false);
  });

  it('drives the loading indicator with the 300 ms close delay', async () => {
    vi.useFakeTimers();
    const { api } = setup({ 'GET /api/x': () => json(200, {}) });
    const call = api.get('/api/x');
    expect(loading.get().visible).toBe(true);
    await call;
    expect(loading.get().visible).toBe(true);
    await vi.advanceTimersByTimeAsync(300);
    expect(loading.get().visible).toBe(false);
  });
});
