import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeLocation } from '@/lib/route-codec';
import { json, type SentRequest } from '@/testing/fake-fetch';
import { formOf, renderApp } from '@/testing/render-app';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';

const session = {
  accessToken: 'access-new',
  refreshToken: 'refresh-new',
  systemUser: { id: 'm1', account: 'ann', nickname: 'Ann', kind: 'member', avatarUrl: null },
};

const loginFailed = () => json(401, { code: 'identity.login_failed', message: 'Account or password incorrect.' });
const captchaRequired = () =>
  json(400, { code: 'identity.captcha_required', message: 'Please enter the captcha.', correlationId: 'c1' });

/** Captchas k1, k2, … with distinct images. */
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

/** Answers one after the other (the last one repeats). */
function inTurn(...answers: (() => Response)[]) {
  let call = 0;
  return () => answers[Math.min(call++, answers.length - 1)]!();
}

/** A field of the tab shown (the other tabs' panels stay mounted, hidden, once visited). */
const field = (name: string) =>
  within(screen.getByRole('tabpanel')).getByLabelText<HTMLInputElement>(name, { selector: 'input' });
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field__error'))?.textContent ?? null;
const posts = (sent: SentRequest[]) => sent.filter((request) => request.url.pathname === '/api/identity/login');
const captchaImage = () =>
  screen.getByRole('button', { name: 'Captcha image: show a new one' }).querySelector('img') ??
  document.createElement('img');

async function fillIn(user: ReturnType<typeof userEvent.setup>, account: string, password: string) {
  await screen.findByRole('button', { name: 'Log in' });
  await user.clear(field('Account'));
  if (account) await user.type(field('Account'), account);
  await user.clear(field('Password'));
  if (password) await user.type(field('Password'), password);
}

beforeEach(() => {
  appState.set(initialAppState());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/login', () => {
  it('checks the account and password before sending anything', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(errorOf(field('Account'))).toBe('Account cannot be empty');
    expect(errorOf(field('Password'))).toBe('Password cannot be empty');
    expect(field('Account').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Account'));

    await fillIn(user, 'ab', '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(errorOf(field('Account'))).toBe('The account must be 3 to 25 characters');
    expect(errorOf(field('Password'))).toBe('The password must be at least 7 characters');

    await fillIn(user, 'a'.repeat(26), '1234567');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(errorOf(field('Account'))).toBe('The account must be 3 to 25 characters');
    expect(errorOf(field('Password'))).toBeNull();
    expect(posts(network.sent)).toHaveLength(0);
    // No captcha until the server asks for one.
    expect(screen.queryByLabelText('Captcha')).toBeNull();
  });

  it('shows the uniform failure without a token refresh and keeps what was typed', async () => {
    const user = userEvent.setup();
    localStorage.setItem('accessToken', 'old-access');
    localStorage.setItem('refreshToken', 'old-refresh');
    const { network } = renderApp('/login', { routes: { 'POST /api/identity/login': loginFailed } });
    await fillIn(user, 'ann', 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Account or password incorrect.');
    expect(network.sent.some((request) => request.url.pathname === '/refreshToken')).toBe(false);
    expect(field('Account').value).toBe('ann');
    expect(localStorage.getItem('accessToken')).toBe('old-access');
    const body = formOf(posts(network.sent)[0]!.body);
    expect(body).toEqual({ account: 'ann', password: 'wrong-password' });
    expect(posts(network.sent)[0]!.headers.get('Content-Type')).toContain('application/x-www-form-urlencoded');
  });

  it('asks for the captcha when the server requires it, validates it, refreshes it on click and logs in', async () => {
    const user = userEvent.setup();
    const jumpUrl = encodeLocation('/thread?topicId=t1');
    const { network, router } = renderApp(`/login?jumpUrl=${jumpUrl}`, {
      routes: {
        'GET /api/identity/captcha': captchas(),
        'POST /api/identity/login': inTurn(captchaRequired, () => json(200, session)),
      },
    });
    await fillIn(user, 'ann', 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const captchaInput = await screen.findByLabelText('Captcha', { selector: 'input' });
    expect(errorOf(captchaInput)).toBe('Please enter the captcha.');
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain(btoa('<svg id="1"/>')));
    expect(document.activeElement).toBe(captchaInput);

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(errorOf(field('Captcha'))).toBe('Captcha cannot be empty');
    await user.type(field('Captcha'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(errorOf(field('Captcha'))).toBe('The captcha is 4 characters');
    expect(posts(network.sent)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Captcha image: show a new one' }));
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain(btoa('<svg id="2"/>')));

    await user.clear(field('Captcha'));
    await user.type(field('Captcha'), 'x7Kp');
    const versionBefore = appState.get().userInfoVersion;
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/thread'));
    expect(router.state.location.search).toBe('?topicId=t1');
    expect(formOf(posts(network.sent)[1]!.body)).toEqual({
      account: 'ann',
      password: 'correct-horse',
      captchaKey: 'k2',
      captcha: 'x7Kp',
    });
    expect(localStorage.getItem('accessToken')).toBe('access-new');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-new');
    expect(appState.get().systemUser).toMatchObject({ id: 'm1', nickname: 'Ann' });
    expect(appState.get().userInfoVersion).toBeGreaterThan(versionBefore);
    expect(await screen.findByRole('button', { name: 'Account menu for Ann' })).toBeTruthy();
  });

  it('renews a used captcha after a wrong one or a failed attempt', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/login', {
      routes: {
        'GET /api/identity/captcha': captchas(),
        'POST /api/identity/login': inTurn(
          captchaRequired,
          () => json(400, { code: 'identity.captcha_invalid', message: 'Captcha error.' }),
          loginFailed,
        ),
      },
    });
    await fillIn(user, 'ann', 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain(btoa('<svg id="1"/>')));

    await user.type(field('Captcha'), 'abcd');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(errorOf(field('Captcha'))).toBe('Captcha error.'));
    expect(field('Captcha').value).toBe('');
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain(btoa('<svg id="2"/>')));

    await user.type(field('Captcha'), 'efgh');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Account or password incorrect.');
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain(btoa('<svg id="3"/>')));
    expect(formOf(posts(network.sent)[1]!.body)).toMatchObject({ captchaKey: 'k1', captcha: 'abcd' });
    expect(formOf(posts(network.sent)[2]!.body)).toMatchObject({ captchaKey: 'k2', captcha: 'efgh' });
  });

  it('shows server field errors under their fields', async () => {
    const user = userEvent.setup();
    renderApp('/login', {
      routes: {
        'POST /api/identity/login': () =>
          json(400, {
            code: 'common.validation_failed',
            message: 'Some fields are not valid.',
            fieldErrors: [{ field: 'account', code: 'validation.too_long', message: 'At most 25 characters.' }],
          }),
      },
    });
    await fillIn(user, 'ann', 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(errorOf(field('Account'))).toBe('At most 25 characters.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a rate limit or an unreachable server above the form', async () => {
    const user = userEvent.setup();
    renderApp('/login', {
      routes: {
        'POST /api/identity/login': inTurn(
          () => json(429, { code: 'common.rate_limited', message: 'Too many requests, please wait a minute.' }),
          () => {
            throw new TypeError('Failed to fetch');
          },
        ),
      },
    });
    await fillIn(user, 'ann', 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests, please wait a minute.');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The server cannot be reached. Please check your connection.'),
    );
  });

  it('goes home after login when jumpUrl is missing or points off the site', async () => {
    const user = userEvent.setup();
    const offSite = btoa('//evil.example/phish').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const { router } = renderApp(`/login?jumpUrl=${offSite}`, {
      routes: { 'POST /api/identity/login': () => json(200, session) },
    });
    await fillIn(user, 'ann', 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
  });

  it('shows the staff message instead of the form when login is switched off', async () => {
    applySiteInfo({ switches: { login: { enabled: false, message: 'Login reopens at 18:00.' } } });
    renderApp('/login');
    expect((await screen.findByRole('alert')).textContent).toBe('Login reopens at 18:00.');
    expect(screen.queryByRole('textbox', { name: 'Account' })).toBeNull();
  });

  it('uses the standard text when the switch has no message, and obeys a switch the server reports', async () => {
    const user = userEvent.setup();
    renderApp('/login', {
      routes: {
        'POST /api/identity/login': () =>
          json(403, { code: 'identity.login_disabled', message: 'Closed for maintenance.' }),
      },
    });
    await fillIn(user, 'ann', 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Closed for maintenance.');
    expect(screen.queryByRole('textbox', { name: 'Account' })).toBeNull();
  });

  it('offers phone, email and other methods, and links to register and password recovery', async () => {
    const user = userEvent.setup();
    const jumpUrl = encodeLocation('/askList');
    renderApp(`/login?jumpUrl=${jumpUrl}`, {
      language: 'zh',
      routes: {
        'GET /api/identity/captcha': captchas(),
        'GET /api/identity/oauth/providers': () => json(200, [{ id: 'sandbox', name: 'Sandbox' }]),
      },
    });
    const tabs = within(await screen.findByRole('tablist', { name: '登录方式' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['账号', '手机', '邮箱', '其他方式']);
    expect(screen.getByRole('link', { name: '立即注册' }).getAttribute('href')).toBe(`/register?jumpUrl=${jumpUrl}`);
    expect(screen.getByRole('link', { name: '忘记密码？' }).getAttribute('href')).toBe('/findPassWord/step1');

    await user.click(screen.getByRole('tab', { name: '手机' }));
    expect(field('手机号')).toBeTruthy();
    expect(field('短信验证码')).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '邮箱' }).getAttribute('aria-selected')).toBe('true');
    expect(field('邮箱验证码')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '其他方式' }));
    expect((await screen.findByRole('link', { name: '使用 Sandbox 登录' })).getAttribute('href')).toBe(
      `/api/identity/oauth/sandbox/authorize?jumpUrl=${encodeURIComponent('/askList')}`,
    );
    expect(screen.queryByRole('textbox', { name: '账号' })).toBeNull();
  });
});
