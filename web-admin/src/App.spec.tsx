import { cleanup, render, screen, within } from '@testing-library/react';
import { memoryStore } from 'react-admin';
import type { AuthProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from './App';
import { createI18nProvider } from './i18n/i18n-provider';
import { createDataProvider } from './providers/data-provider';
import { fakeApi, memoryStorage, testClient } from './testing/fake-api';

afterEach(cleanup);

function renderApp(permissions: string[]) {
  const api = fakeApi({ 'GET /api/ops/status': { json: { outboxBacklog: 0, projectorLag: 0, groups: [] } } });
  const { httpClient } = testClient(api);
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => permissions,
    getIdentity: async () => ({ id: 's-1', fullName: 'Ada' }),
  };
  render(
    <App
      authProvider={authProvider}
      dataProvider={createDataProvider({ apiUrl: '/api', httpClient })}
      i18nProvider={createI18nProvider(memoryStorage({ adminLanguage: 'en' }), ['en'])}
      store={memoryStore()}
    />,
  );
}

const menu = async () => within(await screen.findByRole('menu'));

describe('the console’s menu', () => {
  it('offers an administrator every screen', async () => {
    renderApp([
      'settings.read',
      'settings.edit',
      'members.manage',
      'roles.manage',
      'reports.handle',
      'content.manage',
      'outbox.read',
      'dashboard.read',
    ]);
    const items = await menu();
    for (const name of ['Dashboard', 'Topics', 'Members', 'Roles', 'Outbox', 'Settings and switches']) {
      expect(await items.findByRole('menuitem', { name })).toBeTruthy();
    }
  });

  it('hides from a moderator the screens the server would refuse them', async () => {
    renderApp(['reports.handle']);
    const items = await menu();
    expect(await items.findByRole('menuitem', { name: 'Dashboard' })).toBeTruthy();
    for (const name of ['Topics', 'Outbox', 'Members', 'Roles', 'Settings and switches']) {
      expect(items.queryByRole('menuitem', { name })).toBeNull();
    }
  });
});
