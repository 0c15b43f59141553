import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeLocation } from '@/lib/route-codec';
import { json, type SentRequest } from '@/testing/fake-fetch';
import { formOf, renderApp } from '@/testing/render-app';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';

const created = {
  accessToken: 'access-new',
  refreshToken: 'refresh-new',
  systemUser: { id: 'm9', account: 'new_member', nickname: 'Newbie', kind: 'member', avatarUrl: null },
};

function captchas() {
  let issued = 0;
  return () => {
    issued += 1;
    return json(200, {
      captchaKey: `k${issued}`,
      image: `data:image/svg+xml;base64,${btoa(`<svg id="${issued}"/>`)}`,
      expiresInSeconds: 120,
    });
  };
}

/** A field of the tab shown (the other tabs' panels stay mounted, hidden, once visited). */
const field = (name: string) =>
  within(screen.getByRole('tabpanel')).getByLabelText<HTMLInputElement>(name, { selector: 'input' });
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field__error'))?.textContent ?? null;
const registrations = (sent: SentRequest[]) =>
  sent.filter((request) => request.url.pathname === '/api/identity/register');
const captchaCalls = (sent: SentRequest[]) =>
  sent.filter((request) => request.url.pathname === '/api/identity/captcha');

type User = ReturnType<typeof userEvent.setup>;

async function type(user: User, label: string, value: string) {
  await user.clear(field(label));
  if (value) await user.type(field(label), value);
}

async function fillValid(user: User) {
  await screen.findByRole('button', { name: 'Register' });
  await type(user, 'Account', 'new_member');
  await type(user, 'Nickname (optional)', 'Newbie');
  await type(user, 'Password', 'secret-pass');
  await type(user, 'Confirm password', 'secret-pass');
  await type(user, 'Captcha', 'ab3d');
  await user.click(field('I have read and agree to the terms of service'));
}

beforeEach(() => {
  appState.set(initialAppState());
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/register', () => {
  it('checks every field with the form rules’ messages before sending', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/register', { routes: { 'GET /api/identity/captcha': captchas() } });
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(errorOf(field('Account'))).toBe('Account cannot be empty');
    expect(errorOf(field('Password'))).toBe('Password cannot be empty');
    expect(errorOf(field('Confirm password'))).toBe('Password cannot be empty');
    expect(errorOf(field('Captcha'))).toBe('Captcha cannot be empty');
    expect(errorOf(field('I have read and agree to the terms of service'))).toBe(
      'Please agree to the terms of service',
    );
    // Optional fields left empty are fine.
    expect(errorOf(field('Nickname (optional)'))).toBeNull();
    expect(errorOf(field('Password hint question'))).toBeNull();
    expect(document.activeElement).toBe(field('Account'));

    await type(user, 'Account', 'ab');
    await type(user, 'Nickname (optional)', 'n'.repeat(16));
    await type(user, 'Password', '123456');
    await type(user, 'Confirm password', '1234567');
    await type(user, 'Password hint question', 'pet?');
    await type(user, 'Captcha', 'abc');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(errorOf(field('Account'))).toBe('The account must be 3 to 25 characters');
    expect(errorOf(field('Nickname (optional)'))).toBe('The nickname can be at most 15 characters');
    expect(errorOf(field('Password'))).toBe('The password must be at least 7 characters');
    expect(errorOf(field('Password hint question'))).toBe('The password hint question must be at least 7 characters');
    expect(errorOf(field('Password hint answer'))).toBe('Password hint answer cannot be empty');
    expect(errorOf(field('Captcha'))).toBe('The captcha is 4 characters');

    await type(user, 'Account', 'new member');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(errorOf(field('Account'))).toBe('The account may contain only letters, digits and underscores');
    expect(registrations(network.sent)).toHaveLength(0);
  });

  it('refuses different passwords and a missing agreement to the terms', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/register', { routes: { 'GET /api/identity/captcha': captchas() } });
    await fillValid(user);
    await type(user, 'Confirm password', 'secret-pasS');
    await user.click(field('I have read and agree to the terms of service'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(errorOf(field('Confirm password'))).toBe('The two passwords do not match');
    expect(errorOf(field('I have read and agree to the terms of service'))).toBe(
      'Please agree to the terms of service',
    );
    expect(errorOf(field('Account'))).toBeNull();
    expect(registrations(network.sent)).toHaveLength(0);
    expect(screen.getByRole('link', { name: /Read the terms of service/ }).getAttribute('href')).toBe('/termsService');
  });

  it('registers, stores the session, shows the success and goes on after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const jumpUrl = encodeLocation('/question?questionId=7');
    const { network, router } = renderApp(`/register?jumpUrl=${jumpUrl}`, {
      routes: { 'GET /api/identity/captcha': captchas(), 'POST /api/identity/register': () => json(201, created) },
    });
    await waitFor(() => expect(captchaCalls(network.sent)).toHaveLength(1));
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Registration successful' })).toBeTruthy();
    expect(screen.getByText('Welcome, Newbie! You are now logged in.')).toBeTruthy();
    expect(formOf(registrations(network.sent)[0]!.body)).toEqual({
      account: 'new_member',
      password: 'secret-pass',
      confirmPassword: 'secret-pass',
      nickname: 'Newbie',
      agreeTerms: 'true',
      captchaKey: 'k1',
      captcha: 'ab3d',
    });
    expect(localStorage.getItem('accessToken')).toBe('access-new');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-new');
    expect(appState.get().systemUser).toMatchObject({ id: 'm9', nickname: 'Newbie' });
    expect(appState.get().userInfoVersion).toBe(1);
    expect(screen.getByRole('button', { name: 'Account menu for Newbie' })).toBeTruthy();

    expect(screen.getByRole('status').textContent).toContain('3 s');
    await act(async () => void (await vi.advanceTimersByTimeAsync(2900)));
    expect(router.state.location.pathname).toBe('/register');
    await act(async () => void (await vi.advanceTimersByTimeAsync(200)));
    // The navigation has started; it commits once the next screen's code has loaded.
    expect(router.state.navigation.location?.pathname ?? router.state.location.pathname).toBe('/question');
    await waitFor(() => expect(router.state.location.pathname).toBe('/question'));
    expect(router.state.location.search).toBe('?questionId=7');
  });

  it('sends the hint question and answer together', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/register', {
      routes: { 'GET /api/identity/captcha': captchas(), 'POST /api/identity/register': () => json(201, created) },
    });
    await fillValid(user);
    await type(user, 'Nickname (optional)', '');
    await type(user, 'Password hint question', 'First pet name?');
    await type(user, 'Password hint answer', 'Mr Whiskers');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('heading', { name: 'Registration successful' });
    const body = formOf(registrations(network.sent)[0]!.body);
    expect(body).toMatchObject({ hintQuestion: 'First pet name?', hintAnswer: 'Mr Whiskers' });
    expect(body).not.toHaveProperty('nickname');
  });

  it('shows a taken account under its field and renews the used captcha', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/register', {
      routes: {
        'GET /api/identity/captcha': captchas(),
        'POST /api/identity/register': () =>
          json(409, { code: 'identity.account_taken', message: 'This account name is already taken.' }),
      },
    });
    await waitFor(() => expect(captchaCalls(network.sent)).toHaveLength(1));
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(errorOf(field('Account'))).toBe('This account name is already taken.'));
    expect(field('Captcha').value).toBe('');
    await waitFor(() => expect(captchaCalls(network.sent)).toHaveLength(2));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(appState.get().systemUser).toBeNull();
  });

  it('shows the staff message when registration is switched off', async () => {
    applySiteInfo({ switches: { registration: { enabled: false, message: 'Invitations only this week.' } } });
    renderApp('/register');
    expect((await screen.findByRole('alert')).textContent).toBe('Invitations only this week.');
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('shows the standard text when the server says registration is off, and offers phone and email', async () => {
    const user = userEvent.setup();
    renderApp('/register', {
      language: 'zh',
      routes: {
        'GET /api/identity/captcha': captchas(),
        'POST /api/identity/register': () => json(403, { code: 'identity.registration_disabled', message: '' }),
      },
    });
    await user.click(await screen.findByRole('tab', { name: '手机' }));
    expect(field('手机号')).toBeTruthy();
    expect(field('短信验证码')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '邮箱' }));
    expect(field('邮箱')).toBeTruthy();
    expect(field('邮箱验证码')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '账号' }));
    await type(user, '账号', 'new_member');
    await type(user, '密码', 'secret-pass');
    await type(user, '确认密码', 'secret-pass');
    await type(user, '验证码', 'ab3d');
    await user.click(field('我已阅读并同意服务条款'));
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect((await screen.findByRole('alert')).textContent).toBe('注册功能暂时关闭');
  });
});
