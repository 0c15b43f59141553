import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import type { AuthProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../i18n/i18n-provider';
import { createDataProvider } from '../providers/data-provider';
import { fakeApi, memoryStorage, testClient } from '../testing/fake-api';
import { renderAdmin } from '../testing/render-admin';
import { MemberField } from './MemberField';

afterEach(cleanup);

const ada = { memberId: 'm-1', nickname: 'Ada', cancelled: false };

describe('a member in the console', () => {
  it("links the name to the member's record and offers their member-site page in a new tab", async () => {
    renderAdmin(<MemberField member={ada} />);
    const record = await screen.findByRole('link', { name: 'Ada' });
    // The test's router is a hash router; the console's is a browser router under /admin.
    const [path, query] = record.getAttribute('href')!.replace(/^#/, '').split('?');
    expect(path).toBe('/members');
    expect(JSON.parse(new URLSearchParams(query).get('filter')!)).toEqual({ id: 'm-1' });
    const site = screen.getByRole('link', { name: "Open Ada's page on the member site (new tab)" });
    expect([site.getAttribute('href'), site.getAttribute('target'), site.getAttribute('rel')]).toEqual([
      '/user/m-1',
      '_blank',
      'noopener noreferrer',
    ]);
  });

  it('names a member known only by id from their public profile (zh)', async () => {
    const { api } = renderAdmin(<MemberField memberId="m-2" />, {
      language: 'zh',
      routes: { 'GET /api/identity/members/m-2': { json: { id: 'm-2', nickname: 'Bea', cancelled: false } } },
    });
    expect(await screen.findByRole('link', { name: 'Bea' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '在会员站打开 Bea 的主页（新标签页）' }).getAttribute('href')).toBe(
      '/user/m-2',
    );
    expect(api.requests.filter((request) => request.url.startsWith('/api/identity/members/m-2'))).toHaveLength(1);
  });

  it('shows a cancelled account as such, with no member-site page', async () => {
    renderAdmin(<MemberField member={{ memberId: 'm-3', nickname: null, cancelled: true }} />);
    expect(await screen.findByRole('link', { name: 'This user account has been cancelled' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /member site/ })).toBeNull();
  });

  it('is plain text for staff who may not open the member list, the member-site page still offered', async () => {
    const api = fakeApi({});
    const { httpClient } = testClient(api, { language: 'en' });
    const authProvider: AuthProvider = {
      login: () => Promise.resolve(),
      logout: () => Promise.resolve(),
      checkAuth: () => Promise.resolve(),
      checkError: () => Promise.resolve(),
      getPermissions: () => Promise.resolve(['content.manage']),
    };
    render(
      <AdminContext
        dataProvider={createDataProvider({ apiUrl: '/api', httpClient })}
        authProvider={authProvider}
        i18nProvider={createI18nProvider(memoryStorage({ adminLanguage: 'en' }), ['en'])}
        store={memoryStore()}
      >
        <MemberField member={ada} />
      </AdminContext>,
    );
    await screen.findByRole('link', { name: "Open Ada's page on the member site (new tab)" });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ada' })).toBeNull());
    expect(screen.getByText('Ada')).toBeTruthy();
  });
});
