import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeLocation } from '@/lib/route-codec';
import { json } from '@/testing/fake-fetch';
import { callsTo } from '@/testing/form-helpers';
import { formOf, renderApp } from '@/testing/render-app';
import { appState, initialAppState } from '@/stores/app-state';

const session = {
  accessToken: 'access-oauth',
  refreshToken: 'refresh-oauth',
  systemUser: { id: 'm5', account: 'u5550000000', nickname: 'Sandy', kind: 'member', avatarUrl: null },
};

beforeEach(() => {
  appState.set(initialAppState());
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('/thirdParty/loginRedirect', () => {
  it('trades code and state for a session once and returns to the remembered screen', async () => {
    sessionStorage.setItem('oauthJumpUrl', encodeLocation('/question?questionId=7'));
    const { network, router } = renderApp('/thirdParty/loginRedirect?code=c-1&state=s-1', {
      routes: { 'POST /api/identity/oauth/callback': () => json(200, session) },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/question'));
    expect(router.state.location.search).toBe('?questionId=7');
    const calls = callsTo(network.sent, 'POST', '/api/identity/oauth/callback');
    expect(calls).toHaveLength(1);
    expect(formOf(calls[0]!.body)).toEqual({ code: 'c-1', state: 's-1' });
    expect(localStorage.getItem('accessToken')).toBe('access-oauth');
    expect(appState.get().systemUser).toMatchObject({ nickname: 'Sandy' });
    expect(sessionStorage.getItem('oauthJumpUrl')).toBeNull();
  });

  it('goes to the path the server kept with the state, when it gives one', async () => {
    sessionStorage.setItem('oauthJumpUrl', encodeLocation('/askList'));
    const { router } = renderApp('/thirdParty/loginRedirect?code=c-1&state=s-1', {
      routes: { 'POST /api/identity/oauth/callback': () => json(200, { ...session, jumpUrl: '/thread?topicId=t9' }) },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/thread'));
    expect(router.state.location.search).toBe('?topicId=t9');
  });

  it('never follows a path off the site, and goes home when nothing was remembered', async () => {
    const { router } = renderApp('/thirdParty/loginRedirect?code=c-1&state=s-1', {
      routes: { 'POST /api/identity/oauth/callback': () => json(200, { ...session, jumpUrl: '//evil.example/x' }) },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('accessToken')).toBe('access-oauth');
  });

  it('shows the server’s refusal with a way back to the login page', async () => {
    renderApp('/thirdParty/loginRedirect?code=c-1&state=stale', {
      language: 'zh',
      routes: {
        'POST /api/identity/oauth/callback': () =>
          json(400, { code: 'identity.oauth_state_invalid', message: '登录请求已过期，请重新登录。' }),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('登录请求已过期，请重新登录。');
    expect(screen.getByRole('link', { name: '返回登录页' }).getAttribute('href')).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('explains a return without a code or state without calling the server', async () => {
    const { network } = renderApp('/thirdParty/loginRedirect?state=s-1');
    expect((await screen.findByRole('alert')).textContent).toContain('the provider sent no authorization code');
    expect(callsTo(network.sent, 'POST', '/api/identity/oauth/callback')).toHaveLength(0);
  });

  it('passes the provider’s refusal on to the server (closing the state) and shows it', async () => {
    const { network } = renderApp(
      '/thirdParty/loginRedirect?state=s-1&error=access_denied&error_description=User%20cancelled',
      {
        routes: {
          'POST /api/identity/oauth/callback': () =>
            json(502, { code: 'identity.oauth_failed', message: 'The third-party login failed.' }),
        },
      },
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The provider did not sign you in: User cancelled',
    );
    expect(formOf(callsTo(network.sent, 'POST', '/api/identity/oauth/callback')[0]!.body)).toEqual({
      state: 's-1',
      error: 'access_denied',
    });
  });
});
