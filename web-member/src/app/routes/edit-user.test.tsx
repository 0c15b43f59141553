import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fake-fetch';
import { callsTo, errorOf } from '@/testing/form-helpers';
import { formOf, renderApp } from '@/testing/render-app';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';

const me = {
  id: 'm1',
  account: 'ann',
  nickname: 'Ann',
  kind: 'member',
  avatarUrl: null,
  email: 'an***@example.com',
  phone: null,
  realNameVerified: false,
  allowUserDynamic: true,
  hintQuestion: 'Name of my first teacher?',
  state: 'enabled',
  registeredAt: '2025-01-01T00:00:00.000Z',
  followerCount: 3,
  followingCount: 2,
};

const inForm = (title: string) => within(screen.getByRole('form', { name: title }));
const fieldIn = (title: string, label: string) =>
  inForm(title).getByLabelText<HTMLInputElement>(label, { selector: 'input' });

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: { id: 'm1', account: 'ann', nickname: 'Ann' } });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/user/control/editUser', () => {
  it('saves the nickname and the activity switch, and the header shows the new name', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/user/control/editUser', {
      routes: {
        'GET /api/identity/me': () => json(200, me),
        'PATCH /api/identity/me': () => json(200, { ...me, nickname: 'Annie', allowUserDynamic: false }),
      },
    });
    const nickname = await screen.findByLabelText<HTMLInputElement>('Nickname', { selector: 'input' });
    expect(nickname.value).toBe('Ann');
    expect(fieldIn('Profile', 'Password hint question').value).toBe('Name of my first teacher?');
    await user.clear(nickname);
    await user.type(nickname, 'x'.repeat(16));
    await user.click(inForm('Profile').getByRole('button', { name: 'Save' }));
    expect(errorOf(nickname)).toBe('The nickname can be at most 15 characters');

    await user.clear(nickname);
    await user.type(nickname, 'Annie');
    await user.click(screen.getByLabelText('Let other members see my activity'));
    await user.click(inForm('Profile').getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile was saved.')).toBeTruthy();
    const patch = callsTo(network.sent, 'PATCH', '/api/identity/me')[0]!;
    // No new hint answer: the hint is left as it is.
    expect(formOf(patch.body)).toEqual({ nickname: 'Annie', allowUserDynamic: 'false' });
    expect(await screen.findByRole('button', { name: 'Account menu for Annie' })).toBeTruthy();
  });

  it('a new hint question needs its answer, both at least 7 characters (zh)', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/user/control/editUser', {
      language: 'zh',
      routes: {
        'GET /api/identity/me': () => json(200, me),
        'PATCH /api/identity/me': () => json(200, me),
      },
    });
    const question = await screen.findByLabelText<HTMLInputElement>('密码提示问题', { selector: 'input' });
    await user.clear(question);
    await user.type(question, 'Pet?');
    await user.click(inForm('个人资料').getByRole('button', { name: '保存' }));
    expect(errorOf(question)).toBe('密码提示问题至少 7 个字符');
    expect(errorOf(fieldIn('个人资料', '密码提示答案'))).toBe('密码提示答案不能为空');
    expect(callsTo(network.sent, 'PATCH', '/api/identity/me')).toHaveLength(0);

    await user.type(question, ' name of my cat');
    await user.type(fieldIn('个人资料', '密码提示答案'), 'Whiskers');
    await user.click(inForm('个人资料').getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(network.sent, 'PATCH', '/api/identity/me')).toHaveLength(1));
    expect(formOf(callsTo(network.sent, 'PATCH', '/api/identity/me')[0]!.body)).toMatchObject({
      hintQuestion: 'Pet? name of my cat',
      hintAnswer: 'Whiskers',
    });
  });

  it('changes the password, showing mismatches and a wrong current password', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const { network } = renderApp('/user/control/editUser', {
      routes: {
        'GET /api/identity/me': () => json(200, me),
        'POST /api/identity/me/password': () =>
          ++attempt === 1
            ? json(400, {
                code: 'identity.password_incorrect',
                message: 'The current password is incorrect.',
              })
            : new Response(null, { status: 204 }),
      },
    });
    await screen.findByRole('form', { name: 'Change password' });
    const form = 'Change password';
    await user.click(inForm(form).getByRole('button', { name: 'Change password' }));
    expect(errorOf(fieldIn(form, 'Current password'))).toBe('Password cannot be empty');
    expect(errorOf(fieldIn(form, 'New password'))).toBe('Password cannot be empty');
    await user.type(fieldIn(form, 'Current password'), 'old-secret');
    await user.type(fieldIn(form, 'New password'), 'new-secret');
    await user.type(fieldIn(form, 'Confirm password'), 'new-secreT');
    await user.click(inForm(form).getByRole('button', { name: 'Change password' }));
    expect(errorOf(fieldIn(form, 'Confirm password'))).toBe('The two passwords do not match');

    await user.clear(fieldIn(form, 'Confirm password'));
    await user.type(fieldIn(form, 'Confirm password'), 'new-secret');
    await user.click(inForm(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(errorOf(fieldIn(form, 'Current password'))).toBe('The current password is incorrect.'));
    await user.click(inForm(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password was changed.')).toBeTruthy();
    expect(fieldIn(form, 'New password').value).toBe('');
    expect(formOf(callsTo(network.sent, 'POST', '/api/identity/me/password')[1]!.body)).toEqual({
      oldPassword: 'old-secret',
      password: 'new-secret',
      confirmPassword: 'new-secret',
    });
  });

  it('cancels the account after the password and an explicit confirmation, and logs out', async () => {
    const user = userEvent.setup();
    const { network, router } = renderApp('/user/control/editUser', {
      routes: {
        'GET /api/identity/me': () => json(200, me),
        'POST /api/identity/me/cancel': () => new Response(null, { status: 204 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel my account' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel your account?' }));
    const submit = dialog.getByRole('button', { name: 'Cancel account' });
    expect(submit).toHaveProperty('disabled', true);
    await user.click(dialog.getByLabelText('I understand that this cannot be undone'));
    await user.click(submit);
    expect(errorOf(dialog.getByLabelText('Password', { selector: 'input' }))).toBe('Password cannot be empty');

    await user.click(dialog.getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(network.sent, 'POST', '/api/identity/me/cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel my account' }));
    const again = within(screen.getByRole('dialog'));
    await user.type(again.getByLabelText('Password', { selector: 'input' }), 'my-secret');
    await user.click(again.getByLabelText('I understand that this cannot be undone'));
    await user.click(again.getByRole('button', { name: 'Cancel account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(formOf(callsTo(network.sent, 'POST', '/api/identity/me/cancel')[0]!.body)).toEqual({
      password: 'my-secret',
      confirm: 'true',
    });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(appState.get().systemUser).toBeNull();
    expect(await screen.findByText('Your account has been cancelled.')).toBeTruthy();
  });
});
