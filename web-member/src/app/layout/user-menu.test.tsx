import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { appState, applySiteInfo, initialAppState } from '@/stores/app-state';

const member = { id: 'm1', account: 'ann', nickname: 'Ann', kind: 'member' };

beforeEach(() => {
  appState.set(initialAppState());
  applySiteInfo({ systemUser: member });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('header user menu', () => {
  it('shows the nickname with links to the control panel', async () => {
    const user = userEvent.setup();
    renderApp('/askList');
    const menu = await screen.findByRole('button', { name: 'Account menu for Ann' });
    expect(menu.textContent).toContain('Ann');
    await user.click(menu);
    expect(screen.getByRole('link', { name: 'Control panel' }).getAttribute('href')).toBe('/user/control/home');
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe('/user/control/editUser');
  });

  it('logs out: tells the server with the Bearer pair, clears the tokens and the user, goes home', async () => {
    const user = userEvent.setup();
    const { network, router } = renderApp('/askList', {
      routes: { 'POST /api/identity/logout': () => new Response(null, { status: 204 }) },
    });
    const version = appState.get().userInfoVersion;
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ann' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const call = network.sent.find((request) => request.url.pathname === '/api/identity/logout')!;
    expect(call.method).toBe('POST');
    expect(call.headers.get('Authorization')).toBe('Bearer access-1,refresh-1');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(appState.get().systemUser).toBeNull();
    expect(appState.get().userInfoVersion).toBeGreaterThan(version);
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Account menu for Ann' })).toBeNull();
  });

  it('ends the session here even when the server cannot be told', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/askList', {
      routes: { 'POST /api/identity/logout': () => json(500, { code: 'common.internal', message: 'Server error.' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ann' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(appState.get().systemUser).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
