import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fake-fetch';
import { callsTo, captchas, errorOf, field } from '@/testing/form-helpers';
import { formOf, renderApp } from '@/testing/render-app';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';

const me = (overrides: object = {}) => ({
  id: 'm1',
  account: 'ann',
  nickname: 'Ann',
  kind: 'member',
  avatarUrl: null,
  email: null,
  phone: '138****5678',
  realNameVerified: true,
  allowUserDynamic: true,
  hintQuestion: null,
  state: 'enabled',
  registeredAt: '2025-01-01T00:00:00.000Z',
  followerCount: 0,
  followingCount: 0,
  ...overrides,
});
const codeSent = () => json(200, { resendAfterSeconds: 60, validSeconds: 600 });

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('real-name authentication and the phone', () => {
  it('shows the bound phone masked and verified, with a link to change it', async () => {
    renderApp('/user/control/realNameAuthentication', { routes: { 'GET /api/identity/me': () => json(200, me()) } });
    expect(await screen.findByText('138****5678')).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change the phone' }).getAttribute('href')).toBe(
      '/user/control/updatePhoneBinding/step1',
    );
  });

  it('without a phone says not verified (zh) and links to binding', async () => {
    renderApp('/user/control/realNameAuthentication', {
      language: 'zh',
      routes: { 'GET /api/identity/me': () => json(200, me({ phone: null, realNameVerified: false })) },
    });
    expect(await screen.findByText('未认证')).toBeTruthy();
    const content = within(document.querySelector<HTMLElement>('.control__content')!);
    expect(content.getByRole('link', { name: '绑定手机' }).getAttribute('href')).toBe('/user/control/phoneBinding');
  });

  it('binds a phone with its code, then goes to the real-name page after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { network, router } = renderApp('/user/control/phoneBinding', {
      routes: {
        'GET /api/identity/me': () => json(200, me({ phone: null, realNameVerified: false })),
        'GET /api/identity/captcha': captchas(),
        'POST /api/identity/codes': codeSent,
        'POST /api/identity/me/phone': () => json(200, { phone: '139****0000', realNameVerified: true }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Bind' }));
    expect(errorOf(field('Phone number'))).toBe('Phone number cannot be empty');
    expect(errorOf(field('SMS verification code'))).toBe('SMS verification code cannot be empty');

    await user.type(field('Phone number'), '13900000000');
    await user.type(field('Captcha'), 'ab3d');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect(formOf(callsTo(network.sent, 'POST', '/api/identity/codes')[0]!.body)).toMatchObject({
      purpose: 'bindPhone',
      target: '13900000000',
    });
    await user.type(field('SMS verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Bind' }));
    expect(await screen.findByText('Your phone is bound: real-name authentication is done.')).toBeTruthy();
    expect(formOf(callsTo(network.sent, 'POST', '/api/identity/me/phone')[0]!.body)).toEqual({
      phone: '13900000000',
      smsCode: '123456',
    });
    await act(async () => void (await vi.advanceTimersByTimeAsync(3100)));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/control/realNameAuthentication'));
  });

  it('changes the phone: step 1 verifies the old number, step 2 follows after 3 s, the real-name page after 3 s more', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { network, router } = renderApp('/user/control/updatePhoneBinding/step1', {
      routes: {
        'GET /api/identity/me': () => json(200, me()),
        'GET /api/identity/captcha': captchas(),
        'POST /api/identity/codes': codeSent,
        'POST /api/identity/me/phone/verify-old': () => json(200, { changeToken: 'ct-1' }),
        'POST /api/identity/me/phone/change': () => json(200, { phone: '139****0000', realNameVerified: true }),
      },
    });
    expect(await screen.findByText('A code will be sent to your current number 138****5678.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(errorOf(field('SMS verification code'))).toBe('SMS verification code cannot be empty');
    await user.type(field('Captcha'), 'ab3d');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect(formOf(callsTo(network.sent, 'POST', '/api/identity/codes')[0]!.body)).toMatchObject({
      purpose: 'verifyOldPhone',
      target: '',
    });
    await user.type(field('SMS verification code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(errorOf(field('SMS verification code'))).toBe('The verification code is 6 characters');
    await user.type(field('SMS verification code'), '6');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The old number is verified. Now bind the new one.')).toBeTruthy();

    await act(async () => void (await vi.advanceTimersByTimeAsync(2900)));
    expect(router.state.location.pathname).toBe('/user/control/updatePhoneBinding/step1');
    await act(async () => void (await vi.advanceTimersByTimeAsync(200)));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/control/updatePhoneBinding/step2'));
    expect(router.state.location.state).toEqual({ changeToken: 'ct-1' });

    await user.click(await screen.findByRole('button', { name: 'Bind the new number' }));
    expect(errorOf(field('New phone number'))).toBe('Phone number cannot be empty');
    await user.type(field('New phone number'), '1390');
    await user.click(screen.getByRole('button', { name: 'Bind the new number' }));
    expect(errorOf(field('New phone number'))).toBe('The phone number length is incorrect');
    await user.clear(field('New phone number'));
    await user.type(field('New phone number'), '13900000000');
    await user.type(field('SMS verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Bind the new number' }));
    expect(await screen.findByText('Your new phone number is bound.')).toBeTruthy();
    expect(formOf(callsTo(network.sent, 'POST', '/api/identity/me/phone/change')[0]!.body)).toEqual({
      changeToken: 'ct-1',
      phone: '13900000000',
      smsCode: '654321',
    });
    await act(async () => void (await vi.advanceTimersByTimeAsync(3100)));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/control/realNameAuthentication'));
  });

  it('step 2 opened directly asks for step 1 first (zh)', async () => {
    renderApp('/user/control/updatePhoneBinding/step2', { language: 'zh' });
    expect((await screen.findByRole('alert')).textContent).toContain('请先验证当前手机（第一步）。');
  });
});
