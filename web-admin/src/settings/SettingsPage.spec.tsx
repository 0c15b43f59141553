import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '@contracts/moderation/site-settings';
import { createI18nProvider } from '../i18n/i18n-provider';
import { createDataProvider } from '../providers/data-provider';
import { fakeApi, memoryStorage, testClient } from '../testing/fake-api';
import { SettingsPage } from './SettingsPage';

type Routes = Parameters<typeof fakeApi>[0];

function renderSettings(routes: Routes = {}, language: 'en' | 'zh' = 'en') {
  const api = fakeApi({ 'GET /api/moderation/settings': { json: DEFAULT_SITE_SETTINGS }, ...routes });
  const { httpClient } = testClient(api, { language });
  const dataProvider = createDataProvider({ apiUrl: '/api', httpClient });
  const i18nProvider = createI18nProvider(memoryStorage({ adminLanguage: language }), [language]);
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
      <SettingsPage />
      <Notification />
    </AdminContext>,
  );
  const patches = () =>
    api.requests.filter((request) => request.method === 'PATCH').map((request) => JSON.parse(request.body!) as unknown);
  return { api, patches };
}

/** The PATCH answer of a server that applies the change: the whole document after it. */
const applying = (request: { body: string | undefined }) => {
  const changes = JSON.parse(request.body!) as Record<string, unknown>;
  const next = structuredClone(DEFAULT_SITE_SETTINGS) as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(changes)) {
    const before = next[key];
    next[key] =
      before && typeof before === 'object' && !Array.isArray(before) ? { ...before, ...(value as object) } : value;
  }
  return { json: next };
};

async function openTab(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
}

/** Like a person: once the form has checked the last change (the button is disabled while it does). */
async function clickSave() {
  const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
  await waitFor(() => expect(save.disabled).toBe(false));
  fireEvent.click(save);
}

function switchRow(path: string): HTMLElement {
  return document.querySelector<HTMLElement>(`[data-switch="${path}"]`)!;
}

afterEach(cleanup);

describe('the settings and switches editor', () => {
  it('shows the current settings and sends a switch turned off with its message as such', async () => {
    const { patches } = renderSettings({ 'PATCH /api/moderation/settings': applying });
    expect(await screen.findByLabelText<HTMLInputElement>('Site title')).toHaveProperty('value', 'Forum');

    await openTab('Switches');
    const login = within(switchRow('switches.login'));
    const toggle = login.getByRole<HTMLInputElement>('switch', { name: 'Login' });
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    fireEvent.change(login.getByRole('textbox', { name: 'Message shown when off' }), {
      target: { value: 'Login is closed for maintenance.' },
    });
    await clickSave();

    await screen.findByText('Settings saved.');
    expect(patches()).toEqual([
      { switches: { login: { enabled: false, message: 'Login is closed for maintenance.' } } },
    ]);
    expect(toggle.checked).toBe(false);
    // The saved settings are the form's new starting point: nothing left to save.
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true));
  });

  it('shows the server’s field errors on their inputs, a generic one when the server gives no message', async () => {
    const { patches } = renderSettings({
      'PATCH /api/moderation/settings': {
        status: 400,
        json: {
          code: 'common.validation_failed',
          message: 'Some fields are not valid.',
          fieldErrors: [
            { field: 'title', code: 'validation.invalid', message: 'This title is not allowed.' },
            { field: 'switches.login.message', code: 'validation.invalid', message: '' },
          ],
        },
      },
    });
    fireEvent.change(await screen.findByLabelText('Site title'), { target: { value: 'Spam city' } });
    await openTab('Switches');
    const login = within(switchRow('switches.login'));
    fireEvent.change(login.getByRole('textbox', { name: 'Message shown when off' }), {
      target: { value: 'Closed' },
    });
    await clickSave();

    await screen.findByText('Some fields are not valid.');
    await waitFor(() =>
      expect(login.getByRole('textbox', { name: 'Message shown when off' }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(login.getByText('Not valid.')).toBeTruthy();
    expect(patches()).toEqual([{ title: 'Spam city', switches: { login: { enabled: true, message: 'Closed' } } }]);
    await openTab('Site');
    expect(await screen.findByText('This title is not allowed.')).toBeTruthy();
  });

  it('checks the schema’s rules before sending, and sends a numeric choice as a number', async () => {
    const { patches } = renderSettings({ 'PATCH /api/moderation/settings': applying });
    const title = await screen.findByLabelText('Site title');
    fireEvent.change(title, { target: { value: '' } });
    await clickSave();
    expect(await screen.findByText('Must be 1 characters at least')).toBeTruthy();
    expect(patches()).toEqual([]);

    fireEvent.change(title, { target: { value: 'Forum' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Mobile only' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Read-only' }));
    await clickSave();
    // (the "form is not valid" notification is still up: the saved one queues behind it)
    await waitFor(() => expect(patches()).toEqual([{ siteMode: 'readOnly', supportAccessDevice: 3 }]));
  });

  it('sets a saved third-party login provider’s client secret, which is never part of the settings', async () => {
    const github = {
      id: 'github',
      name: 'GitHub',
      enabled: true,
      authorizeUrl: 'https://github.com/login/oauth/authorize',
      tokenUrl: 'https://github.com/login/oauth/access_token',
      userInfoUrl: 'https://api.github.com/user',
      clientId: 'client-1',
      scope: 'read:user',
      idField: 'id',
      nicknameField: 'login',
    };
    const { api, patches } = renderSettings({
      'GET /api/moderation/settings': { json: { ...DEFAULT_SITE_SETTINGS, oauthProviders: [github] } },
      'PUT /api/identity/oauth/providers/github/secret': { status: 204 },
    });
    await openTab('Third-party login');
    fireEvent.click(await screen.findByRole('button', { name: 'Set the client secret' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Client secret'), { target: { value: 's3cret' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await screen.findByText('Client secret saved.');
    const put = api.requests.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe('/api/identity/oauth/providers/github/secret');
    expect(JSON.parse(put.body!)).toEqual({ clientSecret: 's3cret' });
    expect(patches()).toEqual([]);
  });

  it('speaks Chinese when the console does', async () => {
    renderSettings({}, 'zh');
    expect(await screen.findByLabelText('站点名称')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '功能开关' })).toBeTruthy();
  });

  it('sizes itself by the page, not by its row of section tabs (no sideways scrolling at 1366 px)', async () => {
    renderSettings();
    const heading = await screen.findByRole('heading', { name: 'Settings and switches' });
    // react-admin's layout grows to fit its widest content; the tabs are wider than a laptop screen, so the page
    // must not take its width from them (checked in Chromium at 1366 px: no element beyond the viewport).
    const page = heading.closest<HTMLElement>('[data-settings-page]')!;
    expect(getComputedStyle(page).getPropertyValue('contain')).toBe('inline-size');
    expect(screen.getAllByRole('tab').length).toBeGreaterThan(8);
  });
});
