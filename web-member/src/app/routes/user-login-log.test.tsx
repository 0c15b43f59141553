import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';

const page2 = {
  items: [
    { at: '2025-03-04T05:06:07.000Z', ip: '203.0.113.9', ipLocation: 'Shanghai, China', type: 'renewal' },
    { at: '2025-03-01T10:00:00.000Z', ip: '2001:db8::1', ipLocation: null, type: 'login' },
  ],
  page: 2,
  pageSize: 20,
  total: 42,
  totalPages: 3,
};

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/user/control/userLoginLogList', () => {
  it('lists time, IP, IP location and the translated type, one page at a time', async () => {
    const { network } = renderApp('/user/control/userLoginLogList?page=2', {
      routes: { 'GET /api/identity/login-log': () => json(200, page2) },
    });
    const table = await screen.findByRole('table', { name: /recent logins and token renewals/ });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Login log');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'IP address', 'IP location', 'Type']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['203.0.113.9', 'Shanghai, China', 'Renewal'],
      ['2001:db8::1', 'Unknown', 'Login'],
    ]);
    expect(rows[0]!.querySelector('time')!.getAttribute('datetime')).toBe('2025-03-04T05:06:07.000Z');
    expect(rows[0]!.querySelector('time')!.textContent).toMatch(/2025/);

    const call = network.sent.find((request) => request.url.pathname === '/api/identity/login-log')!;
    expect(call.url.searchParams.get('page')).toBe('2');
    expect(call.url.searchParams.get('pageSize')).toBe('20');
    expect(call.headers.get('Authorization')).toBe('Bearer access-1,refresh-1');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 2 of 3')).toBeTruthy();
    expect(within(pages).getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe(
      '/user/control/userLoginLogList',
    );
    expect(within(pages).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe(
      '/user/control/userLoginLogList?page=3',
    );
    expect(screen.getByText('42 entries')).toBeTruthy();
  });

  it('speaks Chinese and says when there is nothing yet', async () => {
    renderApp('/user/control/userLoginLogList', {
      language: 'zh',
      routes: {
        'GET /api/identity/login-log': () => json(200, { items: [], page: 1, pageSize: 20, total: 0, totalPages: 0 }),
      },
    });
    expect(await screen.findByText('暂无登录记录。')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('登录日志');
  });

  it('translates the types in Chinese', async () => {
    renderApp('/user/control/userLoginLogList?page=2', {
      language: 'zh',
      routes: { 'GET /api/identity/login-log': () => json(200, page2) },
    });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('续期')).toBeTruthy();
    expect(within(table).getByText('登录')).toBeTruthy();
  });
});
