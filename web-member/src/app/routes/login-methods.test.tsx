import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeLocation } from '@/lib/route-codec';
import { json } from '@/testing/fake-fetch';
import { callsTo, captchas, errorOf, field, inTurn } from '@/testing/form-helpers';
import { formOf, renderApp } from '@/testing/render-app';
import { appState, initialAppState } from '@/stores/app-state';

const session = {
  accessToken: 'access-new',
  refreshToken: 'refresh-new',
  systemUser: { id: 'm1', account: 'u1234567890', nickname: 'Ann', kind: 'member', avatarUrl: null },
};
const codeSent = () => json(200, { resendAfterSeconds: 60, validSeconds: 600 });

beforeEach(() => {
  appState.set(initialAppState());
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('/login by phone or email code', () => {
  it('checks the phone number and the SMS code with the §5 messages (en)', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/login', { routes: { 'GET /api/identity/captcha': captchas() } });
    await user.click(await screen.findByRole('tab', { name: 'Phone' }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(errorOf(field('Phone number'))).toBe('Phone number cannot be empty');
    expect(errorOf(field('SMS verification code'))).toBe('SMS verification code cannot be empty');
    expect(document.activeElement).toBe(field('Phone number'));

    await user.type(field('Phone number'), '138');
    await user.type(field('SMS verification code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(errorOf(field('Phone number'))).toBe('The phone number length is incorrect');
    expect(errorOf(field('SMS verification code'))).toBe('The verification code is 6 characters');
    expect(callsTo(network.sent, 'POST', '/api/identity/login')).toHaveLength(0);
  });

  it('checks the email and its code in Chinese', async () => {
    const user = userEvent.setup();
    renderApp('/login', { language: 'zh', routes: { 'GET /api/identity/captcha': captchas() } });
    await user.click(await screen.findByRole('tab', { name: '邮箱' }));
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(errorOf(field('邮箱'))).toBe('邮箱不能为空');
    expect(errorOf(field('邮箱验证码'))).toBe('验证码不能为空');
    await user.type(field('邮箱'), 'a@b');
    await user.type(field('邮箱验证码'), '1234567');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(errorOf(field('邮箱'))).toBe('邮箱长度不正确');
    expect(errorOf(field('邮箱验证码'))).toBe('验证码为 6 个字符');
  });

  it('sends a code only with a valid number and the captcha, then counts down the server’s seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { network } = renderApp('/login', {
      routes: { 'GET /api/identity/captcha': captchas(), 'POST /api/identity/codes': codeSent },
    });
    await user.click(await screen.findByRole('tab', { name: 'Phone' }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(errorOf(field('Phone number'))).toBe('Phone number cannot be empty');
    expect(errorOf(field('Captcha'))).toBe('Captcha cannot be empty');

    await user.type(field('Phone number'), '13800138000');
    await user.type(field('Captcha'), 'ab3d');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const button = await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect(button).toHaveProperty('disabled', true);
    expect(await screen.findByText('The code was sent to your phone.')).toBeTruthy();
    const sends = callsTo(network.sent, 'POST', '/api/identity/codes');
    expect(formOf(sends[0]!.body)).toEqual({
      channel: 'sms',
      target: '13800138000',
      purpose: 'login',
      captchaKey: 'k1',
      captcha: 'ab3d',
    });
    // The captcha was used up: a new one, typed anew.
    expect(field('Captcha').value).toBe('');
    await waitFor(() => expect(callsTo(network.sent, 'GET', '/api/identity/captcha')).toHaveLength(2));

    await act(async () => void (await vi.advanceTimersByTimeAsync(59_000)));
    expect(screen.getByRole('button', { name: 'Resend in 1 s' })).toHaveProperty('disabled', true);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1_000)));
    expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', false);
  });

  it('shows "too soon" under the code and waits the seconds the server names', async () => {
    const user = userEvent.setup();
    renderApp('/login', {
      routes: {
        'GET /api/identity/captcha': captchas(),
        'POST /api/identity/codes': () =>
          json(429, {
            code: 'identity.code_too_soon',
            message: 'Please wait 42 seconds before asking for another code.',
          }),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Email' }));
    await user.type(field('Email'), 'ann@example.com');
    await user.type(field('Captcha'), 'ab3d');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(errorOf(field('Email verification code'))).toBe('Please wait 42 seconds before asking for another code.'),
    );
    expect(screen.getByRole('button', { name: /^Resend in 4[12] s$/ })).toBeTruthy();
  });

  it('logs in with the phone and code and goes back to jumpUrl; a wrong code gets the uniform answer', async () => {
    const user = userEvent.setup();
    const jumpUrl = encodeLocation('/askList');
    const { network, router } = renderApp(`/login?jumpUrl=${jumpUrl}`, {
      routes: {
        'GET /api/identity/captcha': captchas(),
        'POST /api/identity/login': inTurn(
          () => json(401, { code: 'identity.login_failed', message: 'Phone or code incorrect.' }),
          () => json(200, session),
        ),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Phone' }));
    await user.type(field('Phone number'), '13800138000');
    await user.type(field('SMS verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Phone or code incorrect.');

    await user.clear(field('SMS verification code'));
    await user.type(field('SMS verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/askList'));
    const logins = callsTo(network.sent, 'POST', '/api/identity/login');
    expect(formOf(logins[1]!.body)).toEqual({ method: 'phone', phone: '13800138000', smsCode: '123456' });
    expect(localStorage.getItem('accessToken')).toBe('access-new');
    expect(appState.get().systemUser).toMatchObject({ id: 'm1' });
  });

  it('lists the third-party providers as links that remember where to return', async () => {
    const user = userEvent.setup();
    const jumpUrl = encodeLocation('/thread?topicId=t1');
    renderApp(`/login?jumpUrl=${jumpUrl}`, {
      routes: {
        'GET /api/identity/oauth/providers': () =>
          json(200, [
            { id: 'sandbox', name: 'Sandbox' },
            { id: 'github', name: 'GitHub' },
          ]),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Other methods' }));
    const github = await screen.findByRole('link', { name: 'Continue with GitHub' });
    // The server takes the plain path of this site to come back to.
    expect(github.getAttribute('href')).toBe(
      `/api/identity/oauth/github/authorize?jumpUrl=${encodeURIComponent('/thread?topicId=t1')}`,
    );
    expect(screen.getByRole('link', { name: 'Continue with Sandbox' })).toBeTruthy();
    github.addEventListener('click', (event) => event.preventDefault());
    await user.click(github);
    expect(sessionStorage.getItem('oauthJumpUrl')).toBe(jumpUrl);
  });
});
