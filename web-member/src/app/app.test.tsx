import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '@/locales/en/translation';
import { createI18n } from '@/lib/i18n';
import { fakeFetch, json } from '@/testing/fake-fetch';
import { testQueryClient } from '@/testing/render';
import { appState, applySiteInfo, initialAppState, setCurrentLanguage } from '@/stores/app-state';
import type { Language } from '@/lib/language';
import { AppProvider } from './provider';
import { controlScreens, publicScreens } from './route-table';
import { createRoutes } from './router';

const topics = {
  items: [
    {
      topicId: 't1',
      title: 'Welcome to the forum',
      summary: 'Say hello here.',
      tagIds: [],
      authorId: 'u1',
      postedAt: '2025-01-02T03:04:05.000Z',
      commentCount: 3,
      likeCount: 5,
      viewCount: 42,
    },
    {
      topicId: 't2',
      title: 'Second topic',
      summary: '',
      tagIds: [],
      authorId: 'u2',
      postedAt: '2025-01-01T00:00:00.000Z',
      commentCount: 0,
      likeCount: 0,
      viewCount: 1,
    },
  ],
  page: 1,
  pageSize: 20,
  total: 2,
  totalPages: 1,
};

function renderApp(path: string, language: Language = 'en') {
  const network = fakeFetch({
    'GET /api/forum/topics': () => json(200, topics),
    'GET /statistic/add': () => new Response(null, { status: 204 }),
  });
  vi.stubGlobal('fetch', network.fetch);
  setCurrentLanguage(language);
  const onNavigate = vi.fn();
  const router = createMemoryRouter(createRoutes({ onNavigate }), { initialEntries: [path] });
  render(
    <AppProvider i18n={createI18n(language)} queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, onNavigate, network };
}

beforeEach(() => {
  appState.set(initialAppState());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('member site shell', () => {
  it('home shows the site title and the newest topics from the API', async () => {
    applySiteInfo({ title: 'Demo Forum', friendlyLinks: [{ name: 'Partner', url: 'https://partner.example' }] });
    const { network } = renderApp('/');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Demo Forum');
    const list = await screen.findByRole('list', { name: 'Newest topics' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Welcome to the forum' }).getAttribute('href')).toBe(
      '/thread?topicId=t1',
    );
    expect(rows[0]!.textContent).toContain('Say hello here.');
    expect(rows[0]!.textContent).toContain('Comments 3');
    expect(rows[0]!.textContent).toContain('Likes 5');
    expect(rows[0]!.textContent).toContain('Reads 42');
    expect(rows[0]!.querySelector('time')!.getAttribute('datetime')).toBe('2025-01-02T03:04:05.000Z');
    const call = network.sent.find((request) => request.url.pathname === '/api/forum/topics')!;
    expect(call.url.searchParams.get('page')).toBe('1');
    expect(call.url.searchParams.get('pageSize')).toBe('20');
    expect(screen.getByRole('link', { name: 'Partner' }).getAttribute('href')).toBe('https://partner.example');
  });

  it('falls back to the translated home title without site info', async () => {
    renderApp('/', 'zh');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('社区论坛');
    expect(await screen.findByRole('list', { name: '最新话题' })).toBeTruthy();
  });

  it('has a header landmark with a labelled nav, a search box and a labelled language switch', async () => {
    renderApp('/');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(within(header).getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(within(header).getByRole('searchbox', { name: 'Search' })).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main');
  });

  it('switches the language, remembers it and sends it to the server', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'zh_CN');
    expect(await screen.findByRole('combobox', { name: '语言' })).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('zh_CN');
    expect(appState.get().currentLanguage).toBe('zh');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('searches through /search?keyword=', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), '红包 bounty');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('红包 bounty');
  });

  it('shows the member menu and unread badge when logged in', async () => {
    applySiteInfo({ systemUser: { id: 'u1', account: 'ann', nickname: 'Ann' } });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Account menu for Ann' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Messages, 0 unread' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('registers every route of docs/rules/web.md', () => {
    const paths = [
      ...publicScreens.map((screen) => `/${screen.path}`),
      ...controlScreens.map((screen) => `/user/control/${screen.path}`),
    ];
    expect(paths).toEqual(
      expect.arrayContaining([
        '/search',
        '/addTopic',
        '/thread',
        '/user/editTopic',
        '/askList',
        '/addQuestion',
        '/question',
        '/membershipCardList',
        '/membershipCard',
        '/help',
        '/helpDetail',
        '/login',
        '/thirdParty/loginRedirect',
        '/register',
        '/termsService',
        '/feedback',
        '/findPassWord/step1',
        '/findPassWord/step2',
        '/paymentCompleted/:interfaceProduct/:paymentModule/:parameterId',
      ]),
    );
    const control = controlScreens.map((screen) => screen.path);
    // The 34 routes of docs/rules/web.md, the avatar screen (whose path the original does not give) and the drafts.
    expect(control).toHaveLength(36);
    expect(new Set(control).size).toBe(36);
    expect(control).toEqual(
      expect.arrayContaining(['home', 'updatePhoneBinding/step1', 'updatePhoneBinding/step2', 'reportList']),
    );
    const known = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
    for (const screen of [...publicScreens, ...controlScreens])
      expect(typeof known(screen.titleKey), screen.titleKey).toBe('string');
  });

  it.each([
    ['/askList', 'Questions'],
    ['/addQuestion', 'Ask a question'],
  ])('%s shows its title (the screen is built, not "coming soon")', async (path, title) => {
    renderApp(path);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
    expect(screen.queryByText('Coming soon')).toBeNull();
  });

  it('the control panel shows its grouped navigation beside a screen', async () => {
    renderApp('/user/control/questionList', 'zh');
    expect(await screen.findByRole('heading', { level: 1, name: '我的问题' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '用户中心' });
    expect(within(nav).getAllByRole('link')).toHaveLength(36);
    expect(within(nav).getByRole('link', { name: '我的问题' }).getAttribute('aria-current')).toBe('page');
  });

  it('/user/control goes to the control panel home', async () => {
    const { router } = renderApp('/user/control');
    await screen.findByRole('heading', { name: 'My home' });
    expect(router.state.location.pathname).toBe('/user/control/home');
  });

  it('unknown paths redirect to /', async () => {
    const { router } = renderApp('/no/such/page?x=1');
    await screen.findByRole('list', { name: 'Newest topics' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('reports every navigation before it happens', async () => {
    const user = userEvent.setup();
    const { onNavigate, router } = renderApp('/');
    await screen.findByRole('list', { name: 'Newest topics' });
    expect(onNavigate).toHaveBeenLastCalledWith('/');
    await user.click(screen.getByRole('link', { name: 'Questions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/askList'));
    expect(onNavigate).toHaveBeenLastCalledWith('/askList');
    await router.navigate('/thread?topicId=t1');
    expect(onNavigate).toHaveBeenLastCalledWith('/thread?topicId=t1');
  });

  it('tells a member without access that the topic is denied', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('list', { name: 'Newest topics' });
    await router.navigate('/thread?topicId=secret');
    await screen.findByText('This topic does not exist or has been deleted.');
    const { setTopicDetailPermission } = await import('@/stores/app-state');
    setTopicDetailPermission(false);
    expect(await screen.findByText('You do not have permission to read this topic.')).toBeTruthy();
  });
});
