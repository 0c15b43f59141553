import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fake-fetch';
import { callsTo, captchas, errorOf, field } from '@/testing/form-helpers';
import { formOf, renderApp } from '@/testing/render-app';
import { appState, initialAppState } from '@/stores/app-state';

const ways = { hintQuestion: 'Name of my first teacher?', phone: '138****5678', email: 'an***@example.com' };

beforeEach(() => {
  appState.set(initialAppState());
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function findAccount(user: ReturnType<typeof userEvent.setup>, account = 'ann_lee') {
  await user.type(await screen.findByLabelText('Account', { selector: 'input' }), account);
  await user.type(field('Captcha'), 'ab3d');
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

describe('/findPassWord', () => {
  it('step 1 checks the account and captcha, and says when there is no such account', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/findPassWord/step1', {
      routes: {
        'GET /api/identity/captcha': captchas(),
        'POST /api/identity/password-recovery/start': () =>
          json(404, { code: 'identity.account_not_found', message: 'This account does not exist.' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(errorOf(field('Account'))).toBe('Account cannot be empty');
    expect(errorOf(field('Captcha'))).toBe('Captcha cannot be empty');
    await user.type(field('Account'), 'ab');
    await user.type(field('Captcha'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(errorOf(field('Account'))).toBe('The account must be 3 to 25 characters');
    expect(errorOf(field('Captcha'))).toBe('The captcha is 4 characters');
    expect(callsTo(network.sent, 'POST', '/api/identity/password-recovery/start')).toHaveLength(0);

    await user.clear(field('Account'));
    await user.clear(field('Captcha'));
    await findAccount(user, 'nobody');
    await waitFor(() => expect(errorOf(field('Account'))).toBe('This account does not exist.'));
    expect(formOf(callsTo(network.sent, 'POST', '/api/identity/password-recovery/start')[0]!.body)).toEqual({
      account: 'nobody',
      captchaKey: 'k1',
      captcha: 'ab3d',
    });
    expect(field('Captcha').value).toBe('');
  });

  it('offers the hint question and the masked phone and email, and goes to step 2 with the token', async () => {
    const user = userEvent.setup();
    const { network, router } = renderApp('/findPassWord/step1', {
      routes: {
        'GET /api/identity/captcha': captchas(),
        'POST /api/identity/password-recovery/start': () => json(200, ways),
        'POST /api/identity/password-recovery/verify': () => json(200, { recoveryToken: 'rt-1' }),
      },
    });
    await findAccount(user);
    expect(await screen.findByRole('radio', { name: 'Answer the password hint question' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('radio', { name: 'Send a code to the phone 138****5678' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Send a code to the email an***@example.com' })).toBeTruthy();
    expect(screen.getByText('Name of my first teacher?')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(errorOf(field('Password hint answer'))).toBe('Password hint answer cannot be empty');
    await user.type(field('Password hint answer'), 'Mrs Wang');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/findPassWord/step2'));
    expect(router.state.location.state).toEqual({ recoveryToken: 'rt-1' });
    expect(formOf(callsTo(network.sent, 'POST', '/api/identity/password-recovery/verify')[0]!.body)).toEqual({
      account: 'ann_lee',
      way: 'hint',
      hintAnswer: 'Mrs Wang',
    });
  });

  it('sends the recovery code to the bound phone with a fresh captcha, and shows a wrong code under its field (zh)', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/findPassWord/step1', {
      language: 'zh',
      routes: {
        'GET /api/identity/captcha': captchas(),
        'POST /api/identity/password-recovery/start': () => json(200, { ...ways, hintQuestion: null }),
        'POST /api/identity/codes': () => json(200, { resendAfterSeconds: 60, validSeconds: 600 }),
        'POST /api/identity/password-recovery/verify': () =>
          json(400, { code: 'identity.code_invalid', message: '验证码错误或已过期' }),
      },
    });
    await user.type(await screen.findByLabelText('账号', { selector: 'input' }), 'ann_lee');
    await user.type(field('验证码'), 'ab3d');
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await user.click(await screen.findByRole('radio', { name: '发送验证码到手机 138****5678' }));
    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect(errorOf(field('短信验证码'))).toBe('短信验证码不能为空');

    await user.type(field('验证码'), 'x7Kp');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '60 秒后重新获取' });
    expect(formOf(callsTo(network.sent, 'POST', '/api/identity/codes')[0]!.body)).toMatchObject({
      channel: 'sms',
      purpose: 'recover',
      target: 'ann_lee',
      // Not k1: the account step spent that one.
      captchaKey: 'k2',
      captcha: 'x7Kp',
    });
    await user.type(field('短信验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(errorOf(field('短信验证码'))).toBe('验证码错误或已过期'));
  });

  it('step 2 checks the passwords, resets, and sends the member to log in after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { network, router } = renderApp('/findPassWord/step2?recoveryToken=rt-9', {
      routes: { 'POST /api/identity/password-recovery/reset': () => new Response(null, { status: 204 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Set the new password' }));
    expect(errorOf(field('New password'))).toBe('Password cannot be empty');
    await user.type(field('New password'), 'new-secret');
    await user.type(field('Confirm password'), 'new-secreT');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(errorOf(field('Confirm password'))).toBe('The two passwords do not match');
    await user.clear(field('Confirm password'));
    await user.type(field('Confirm password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByText('Your password has been changed. Please log in with it.')).toBeTruthy();
    expect(formOf(callsTo(network.sent, 'POST', '/api/identity/password-recovery/reset')[0]!.body)).toEqual({
      recoveryToken: 'rt-9',
      password: 'new-secret',
      confirmPassword: 'new-secret',
    });
    await act(async () => void (await vi.advanceTimersByTimeAsync(2900)));
    expect(router.state.location.pathname).toBe('/findPassWord/step2');
    await act(async () => void (await vi.advanceTimersByTimeAsync(200)));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('step 2 without a token sends the member back to step 1', async () => {
    renderApp('/findPassWord/step2');
    expect((await screen.findByRole('alert')).textContent).toContain('Please start from step 1');
    expect(screen.getByRole('link', { name: 'Go to step 1' }).getAttribute('href')).toBe('/findPassWord/step1');
  });
});
