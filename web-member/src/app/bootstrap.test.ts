import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/lib/api/api-client';
import { createI18n } from '@/lib/i18n';
import { fakeFetch, json } from '@/testing/fake-fetch';
import { memoryStorage } from '@/testing/memory-storage';
import { testQueryClient } from '@/testing/render';
import { appState, initialAppState } from '@/stores/app-state';
import { bootstrap } from './bootstrap';

vi.mock('@/lib/api/client', async () => {
  const { createApiClient: create } = await import('@/lib/api/api-client');
  return { api: create({ baseUrl: '', language: () => 'en', currentLocation: () => '/', cookies: () => '' }) };
});

const siteInfo = {
  title: 'Demo',
  defaultLanguage: 'en_US',
  supportAccessDevice: 1,
  languageSwitching: { zh_CN: '简体中文', en_US: 'English' },
  systemUser: null,
  friendlyLinks: [],
};

async function boot(options: { baseInfo: () => Response; storage?: Storage; browser?: string }) {
  const network = fakeFetch({
    'GET /baseInfo': options.baseInfo,
    'POST /refreshToken': () =>
      json(200, { accessToken: 'a2', refreshToken: 'r2', systemUser: { id: 'u1', account: 'ann', nickname: 'Ann' } }),
  });
  vi.stubGlobal('fetch', network.fetch);
  const storage = options.storage ?? memoryStorage();
  const api = createApiClient({
    baseUrl: '',
    fetch: network.fetch,
    storage,
    cookies: () => '',
    language: () => 'en',
    currentLocation: () => '/',
  });
  const i18n = createI18n('en');
  await bootstrap({ api, queryClient: testQueryClient(), i18n, storage, browserLanguage: options.browser ?? 'zh-CN' });
  return { network, i18n, storage };
}

beforeEach(() => {
  appState.set(initialAppState());
  vi.unstubAllGlobals();
});

describe('start-up', () => {
  it('loads site info without a loading indicator and uses the server default language', async () => {
    const { i18n, network } = await boot({ baseInfo: () => json(200, siteInfo) });
    expect(network.sent[0]!.url.pathname).toBe('/baseInfo');
    expect(appState.get().title).toBe('Demo');
    expect(appState.get().friendlyLinks).toEqual([]);
    expect(i18n.language).toBe('en');
  });

  it('prefers the stored language over the server default', async () => {
    const { i18n } = await boot({ baseInfo: () => json(200, siteInfo), storage: memoryStorage({ language: 'zh_CN' }) });
    expect(i18n.language).toBe('zh');
    expect(appState.get().currentLanguage).toBe('zh');
  });

  it('uses the browser language when the server is unreachable', async () => {
    const { i18n } = await boot({
      baseInfo: () => json(500, { code: 'common.internal', message: 'x' }),
      browser: 'zh-TW',
    });
    expect(i18n.language).toBe('zh');
    expect(appState.get().title).toBe('');
  });

  it('refreshes the session when a token is stored but the server knows no current user', async () => {
    const storage = memoryStorage({ accessToken: 'a1', refreshToken: 'r1' });
    const { network } = await boot({ baseInfo: () => json(200, siteInfo), storage });
    await vi.waitFor(() => expect(network.sent.some((request) => request.url.pathname === '/refreshToken')).toBe(true));
    await vi.waitFor(() => expect(storage.getItem('accessToken')).toBe('a2'));
  });

  it('does not refresh when the server already knows the member', async () => {
    const storage = memoryStorage({ accessToken: 'a1', refreshToken: 'r1' });
    const { network } = await boot({
      baseInfo: () => json(200, { ...siteInfo, systemUser: { id: 'u1', account: 'ann', nickname: 'Ann' } }),
      storage,
    });
    expect(network.sent.map((request) => request.url.pathname)).toEqual(['/baseInfo']);
    expect(appState.get().systemUser?.nickname).toBe('Ann');
  });
});
