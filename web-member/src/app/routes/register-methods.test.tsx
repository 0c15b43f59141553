import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fake-fetch';
import { callsTo, captchas, errorOf, field } from '@/testing/form-helpers';
import { formOf, renderApp } from '@/testing/render-app';
import { appState, initialAppState } from '@/stores/app-state';

const created = {
  accessToken: 'access-new',
  refreshToken: 'refresh-new',
  systemUser: { id: 'm9', account: 'u1234567890', nickname: 'Newbie', kind: 'member', avatarUrl: null },
};

beforeEach(() => {
  appState.set(initialAppState());
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/register by phone or email', () => {
  it('checks every field with the §5 messages in English', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/register', { routes: { 'GET /api/identity/captcha': captchas() } });
    await user.click(await screen.findByRole('tab', { name: 'Phone' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(errorOf(field('Phone number'))).toBe('Phone number cannot be empty');
    expect(errorOf(field('SMS verification code'))).toBe('SMS verification code cannot be empty');
    expect(errorOf(field('Password'))).toBe('Password cannot be empty');
    expect(errorOf(field('Confirm password'))).toBe('Password cannot be empty');
    // The captcha guards sending the code, not the registration: the code proves the member.
    expect(errorOf(field('Captcha'))).toBeNull();
    expect(errorOf(field('I have read and agree to the terms of service'))).toBe(
      'Please agree to the terms of service',
    );

    await user.type(field('Phone number'), '1380013800012345678901');
    await user.type(field('SMS verification code'), '12');
    await user.type(field('Password'), 'short');
    await user.type(field('Confirm password'), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(errorOf(field('Phone number'))).toBe('The phone number length is incorrect');
    expect(errorOf(field('SMS verification code'))).toBe('The verification code is 6 characters');
    expect(errorOf(field('Password'))).toBe('The password must be at least 7 characters');
    expect(callsTo(network.sent, 'POST', '/api/identity/register')).toHaveLength(0);
  });

  it('checks the email form in Chinese, including different passwords', async () => {
    const user = userEvent.setup();
    renderApp('/register', { language: 'zh', routes: { 'GET /api/identity/captcha': captchas() } });
    await user.click(await screen.findByRole('tab', { name: '邮箱' }));
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(errorOf(field('邮箱'))).toBe('邮箱不能为空');
    expect(errorOf(field('邮箱验证码'))).toBe('验证码不能为空');
    expect(errorOf(field('我已阅读并同意服务条款'))).toBe('请同意服务条款');
    await user.type(field('邮箱'), 'not-an-email');
    await user.type(field('密码'), 'secret-pass');
    await user.type(field('确认密码'), 'secret-pasS');
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(errorOf(field('邮箱'))).toBe('邮箱长度不正确');
    expect(errorOf(field('确认密码'))).toBe('两次输入的密码不一致');
  });

  it('registers by email with the code, asking for the captcha once, then goes home after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { network, router } = renderApp('/register', {
      routes: {
        'GET /api/identity/captcha': captchas(),
        'POST /api/identity/codes': () => json(200, { resendAfterSeconds: 60, validSeconds: 600 }),
        'POST /api/identity/register': () => json(201, created),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Email' }));
    // The account tab has a captcha of its own (k1): a captcha is never shared between forms.
    await waitFor(() => expect(callsTo(network.sent, 'GET', '/api/identity/captcha')).toHaveLength(2));
    await user.type(field('Email'), 'new@example.com');
    await user.type(field('Captcha'), 'ab3d');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect(formOf(callsTo(network.sent, 'POST', '/api/identity/codes')[0]!.body)).toMatchObject({
      channel: 'email',
      target: 'new@example.com',
      purpose: 'register',
      captchaKey: 'k2',
      captcha: 'ab3d',
    });

    await user.type(field('Email verification code'), '654321');
    await user.type(field('Password'), 'secret-pass');
    await user.type(field('Confirm password'), 'secret-pass');
    await user.click(field('I have read and agree to the terms of service'));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Registration successful' })).toBeTruthy();
    expect(formOf(callsTo(network.sent, 'POST', '/api/identity/register')[0]!.body)).toEqual({
      method: 'email',
      email: 'new@example.com',
      emailCode: '654321',
      password: 'secret-pass',
      confirmPassword: 'secret-pass',
      agreeTerms: 'true',
    });
    expect(localStorage.getItem('accessToken')).toBe('access-new');
    await act(async () => void (await vi.advanceTimersByTimeAsync(3100)));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('keeps what was typed when a code send fails, and renews the captcha only once the server spent it', async () => {
    const user = userEvent.setup();
    let send = 0;
    const { network } = renderApp('/register', {
      routes: {
        'GET /api/identity/captcha': captchas(),
        'POST /api/identity/codes': () =>
          ++send === 1
            ? json(429, { code: 'common.rate_limited', message: 'Too many requests. Try again shortly.' })
            : json(409, { code: 'identity.email_taken', message: 'This email address is already registered.' }),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Email' }));
    await user.type(field('Email'), 'new@example.com');
    await user.type(field('Password'), 'secret-pass');
    await user.type(field('Captcha'), 'ab3d');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Too many requests. Try again shortly.')).toBeTruthy();
    expect([field('Email').value, field('Password').value, field('Captcha').value]).toEqual([
      'new@example.com',
      'secret-pass',
      'ab3d',
    ]);

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(errorOf(field('Email'))).toBe('This email address is already registered.'));
    expect([field('Email').value, field('Password').value, field('Captcha').value]).toEqual([
      'new@example.com',
      'secret-pass',
      '',
    ]);
    await waitFor(() => expect(callsTo(network.sent, 'GET', '/api/identity/captcha')).toHaveLength(3));
  });

  it('shows a phone that already has an account, and a wrong code, under their fields', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    renderApp('/register', {
      routes: {
        'GET /api/identity/captcha': captchas(),
        'POST /api/identity/register': () =>
          ++attempt === 1
            ? json(409, { code: 'identity.phone_taken', message: 'This phone number is already registered.' })
            : json(400, {
                code: 'identity.code_invalid',
                message: 'The verification code is wrong or expired.',
                fieldErrors: [{ field: 'smsCode', code: 'identity.code_invalid', message: 'Wrong code.' }],
              }),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Phone' }));
    const fill = async () => {
      await user.clear(field('Phone number'));
      await user.type(field('Phone number'), '13800138000');
      await user.clear(field('SMS verification code'));
      await user.type(field('SMS verification code'), '123456');
      await user.clear(field('Password'));
      await user.type(field('Password'), 'secret-pass');
      await user.clear(field('Confirm password'));
      await user.type(field('Confirm password'), 'secret-pass');
    };
    await fill();
    await user.click(field('I have read and agree to the terms of service'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(errorOf(field('Phone number'))).toBe('This phone number is already registered.'));

    await fill();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(errorOf(field('SMS verification code'))).toBe('Wrong code.'));
    expect(errorOf(field('Phone number'))).toBeNull();
  });
});
