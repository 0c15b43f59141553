import { describe, expect, it } from 'vitest';
import { fakeApi, testClient } from '../testing/fake-api';
import { createAuthProvider } from './auth-provider';

const staff = { id: 's-1', account: 'admin', nickname: 'Ada', permissions: ['report.handle', 'topic.manage'] };

function setup(routes: Parameters<typeof fakeApi>[0] = {}, signedIn = true) {
  const api = fakeApi(routes);
  const { httpClient, session, storage } = testClient(api, { signedIn });
  const authProvider = createAuthProvider({ apiUrl: '/api', httpClient, session });
  return { api, authProvider, storage };
}

describe('authProvider', () => {
  it('logs in with {account, password} and keeps the tokens and the staff profile', async () => {
    const { api, authProvider, storage } = setup(
      { 'POST /api/identity/staff/login': { json: { accessToken: 'a-2', refreshToken: 'r-2', staff } } },
      false,
    );
    await authProvider.login({ username: 'admin', password: 'correct horse' });
    expect(JSON.parse(api.requests[0]!.body!)).toEqual({ account: 'admin', password: 'correct horse' });
    expect(api.requests[0]!.headers['bbs-xsrf-token']).toBeDefined();
    expect(storage.getItem('staffAccessToken')).toBe('a-2');
    expect(storage.getItem('staffRefreshToken')).toBe('r-2');
    expect(await authProvider.getPermissions!({})).toEqual(['report.handle', 'topic.manage']);
    expect(await authProvider.getIdentity!()).toEqual({ id: 's-1', fullName: 'Ada' });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('takes the profile from `systemUser`, as the identity context answers, without permissions yet', async () => {
    const systemUser = { id: 's-2', account: 'admin', nickname: '管理员', kind: 'staff', avatarUrl: null };
    const { authProvider } = setup(
      { 'POST /api/identity/staff/login': { json: { accessToken: 'a-3', refreshToken: 'r-3', systemUser } } },
      false,
    );
    await authProvider.login({ username: 'admin', password: 'admin123456' });
    expect(await authProvider.getIdentity!()).toEqual({ id: 's-2', fullName: '管理员' });
    expect(await authProvider.getPermissions!({})).toEqual([]);
  });

  it('sends the captcha the server asked for along with the account and password', async () => {
    const { api, authProvider } = setup(
      { 'POST /api/identity/staff/login': { json: { accessToken: 'a-4', refreshToken: 'r-4', staff } } },
      false,
    );
    await authProvider.login({ username: 'admin', password: 'pw', captchaKey: 'k-1', captcha: 'ab12' });
    expect(JSON.parse(api.requests[0]!.body!)).toEqual({
      account: 'admin',
      password: 'pw',
      captchaKey: 'k-1',
      captcha: 'ab12',
    });
  });

  it('rejects a failed login with the server message, for the login form to show', async () => {
    const { authProvider, storage } = setup({
      'POST /api/identity/staff/login': {
        status: 401,
        json: { code: 'identity.bad_credentials', message: '账号或密码错误' },
      },
    });
    await expect(authProvider.login({ username: 'admin', password: 'nope' })).rejects.toMatchObject({
      message: '账号或密码错误',
    });
    expect(storage.getItem('staffAccessToken')).toBeNull();
  });

  it('shows the server message while the staff login endpoint does not exist yet', async () => {
    const { authProvider } = setup({}, false);
    await expect(authProvider.login({ username: 'admin', password: 'x' })).rejects.toMatchObject({
      message: 'There is no such address.',
      status: 404,
    });
  });

  it('refuses checkAuth without a token, silently (the login page is enough)', async () => {
    const { authProvider } = setup({}, false);
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
  });

  it('renews the tokens once on a 401 through POST /refreshToken, for concurrent failures too', async () => {
    const { api, authProvider, storage } = setup({
      'POST /refreshToken': { json: { accessToken: 'access-2', refreshToken: 'refresh-2' } },
    });
    await Promise.all([authProvider.checkError({ status: 401 }), authProvider.checkError({ status: 401 })]);
    const refreshes = api.requests.filter((request) => request.url === '/refreshToken');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]).toMatchObject({ method: 'POST', body: '' });
    expect(refreshes[0]!.headers).toMatchObject({
      authorization: 'Bearer access-1,refresh-1',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(storage.getItem('staffAccessToken')).toBe('access-2');
    expect(storage.getItem('staffRefreshToken')).toBe('refresh-2');
  });

  it('logs out when the renewal fails', async () => {
    const { authProvider, storage } = setup({
      'POST /refreshToken': { status: 401, json: { code: 'auth.token_invalid', message: 'Please log in again.' } },
    });
    await expect(authProvider.checkError({ status: 401 })).rejects.toThrow('ra.notification.logged_out');
    expect(storage.getItem('staffAccessToken')).toBeNull();
  });

  it('renews a given access token only once, so a server that keeps refusing it cannot loop', async () => {
    const { api, authProvider } = setup({
      'POST /refreshToken': { json: { accessToken: 'access-1', refreshToken: 'r' } },
    });
    await authProvider.checkError({ status: 401 });
    await expect(authProvider.checkError({ status: 401 })).rejects.toThrow();
    expect(api.requests.filter((request) => request.url === '/refreshToken')).toHaveLength(1);
  });

  it('keeps the session on a 403 or any other error', async () => {
    const { api, authProvider, storage } = setup();
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    expect(api.requests).toHaveLength(0);
    expect(storage.getItem('staffAccessToken')).toBe('access-1');
  });

  it('names a session opened with a bare token after the token subject', async () => {
    const { authProvider, storage } = setup();
    const payload = btoa(JSON.stringify({ sub: 'staff-42', kind: 'staff' })).replace(/=+$/, '');
    storage.setItem('staffAccessToken', `header.${payload}.signature`);
    expect(await authProvider.getIdentity!()).toEqual({ id: 'staff-42', fullName: 'staff-42' });
    expect(await authProvider.getPermissions!({})).toEqual([]);
  });

  it('ends the session on the server and forgets everything on logout', async () => {
    const { api, authProvider, storage } = setup({ 'POST /api/identity/logout': { status: 204 } });
    await authProvider.logout({});
    expect(storage.getItem('staffAccessToken')).toBeNull();
    expect(storage.getItem('staffRefreshToken')).toBeNull();
    expect(api.requests[0]).toMatchObject({ method: 'POST', url: '/api/identity/logout' });
    expect(api.requests[0]!.headers.authorization).toBe('Bearer access-1,refresh-1');
  });

  it('logs out locally even when the server call fails', async () => {
    const { authProvider, storage } = setup({ 'POST /api/identity/logout': { status: 401, json: { message: 'x' } } });
    await expect(authProvider.logout({})).resolves.toBeUndefined();
    expect(storage.getItem('staffAccessToken')).toBeNull();
  });
});
