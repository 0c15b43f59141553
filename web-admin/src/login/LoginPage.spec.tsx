import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../i18n/i18n-provider';
import { createAuthProvider } from '../providers/auth-provider';
import { createDataProvider } from '../providers/data-provider';
import { fakeApi, memoryStorage, testClient } from '../testing/fake-api';
import { LoginForm } from './LoginPage';

type Answer = { status?: number; json?: unknown };

const tokens = {
  json: {
    accessToken: 'a-2',
    refreshToken: 'r-2',
    systemUser: { id: 's-1', account: 'admin', nickname: 'Ada' },
  },
};
const captchaRequired = {
  status: 400,
  json: { code: 'identity.captcha_required', message: 'Please enter the captcha.' },
};
const captchaInvalid = { status: 400, json: { code: 'identity.captcha_invalid', message: 'Captcha error.' } };

function renderLogin(loginAnswers: Answer[], language: 'en' | 'zh' = 'en') {
  let captchas = 0;
  const api = fakeApi({
    'POST /api/identity/staff/login': () => loginAnswers.shift() ?? { status: 500, json: { message: 'unexpected' } },
    'GET /api/identity/captcha': () => ({
      json: { captchaKey: `k-${++captchas}`, image: `data:image/svg+xml;base64,${captchas}`, expiresInSeconds: 120 },
    }),
  });
  const { httpClient, session, storage } = testClient(api, { signedIn: false, language });
  const authProvider = createAuthProvider({ apiUrl: '/api', httpClient, session });
  const dataProvider = createDataProvider({ apiUrl: '/api', httpClient });
  const i18nProvider = createI18nProvider(memoryStorage({ adminLanguage: language }), [language]);
  render(
    <AdminContext
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={memoryStore()}
    >
      <LoginForm />
      <Notification />
    </AdminContext>,
  );
  const logins = () =>
    api.requests
      .filter((request) => request.url === '/api/identity/staff/login')
      .map((request) => JSON.parse(request.body!) as Record<string, unknown>);
  return { logins, storage };
}

/** An input by its label; required ones end with " *". */
function field(label: string) {
  return screen.getByLabelText<HTMLInputElement>(new RegExp(`^${label}( \\*)?$`));
}

function fill(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

afterEach(cleanup);

describe('the console login', () => {
  it('shows the captcha when the server asks for it and sends it with the next attempt', async () => {
    const { logins, storage } = renderLogin([captchaRequired, tokens]);
    fill('Username', 'admin');
    fill('Password', 'admin123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const image = await screen.findByRole<HTMLImageElement>('img', { name: 'Captcha image' });
    expect(image.src).toBe('data:image/svg+xml;base64,1');
    expect(await screen.findByText('Please enter the captcha.')).toBeTruthy();
    expect(logins()[0]).toEqual({ account: 'admin', password: 'admin123456' });

    fill('Captcha', 'ab12');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(storage.getItem('staffAccessToken')).toBe('a-2'));
    expect(logins()[1]).toEqual({ account: 'admin', password: 'admin123456', captchaKey: 'k-1', captcha: 'ab12' });
  });

  it('fetches a new captcha after a wrong one (each is single-use) and clears the typed text', async () => {
    const { logins } = renderLogin([captchaRequired, captchaInvalid, tokens]);
    fill('Username', 'admin');
    fill('Password', 'admin123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('img', { name: 'Captcha image' });
    fill('Captcha', 'zzzz');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() =>
      expect(screen.getByRole<HTMLImageElement>('img', { name: 'Captcha image' }).src).toBe(
        'data:image/svg+xml;base64,2',
      ),
    );
    await waitFor(() => expect(field('Captcha').value).toBe(''));
    fill('Captcha', 'good');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(logins()).toHaveLength(3));
    expect(logins()[2]).toMatchObject({ captchaKey: 'k-2', captcha: 'good' });
  });

  it('labels the captcha in Chinese', async () => {
    renderLogin([captchaRequired], 'zh');
    fill('账号', 'admin');
    fill('密码', 'x');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('img', { name: '验证码图片' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '换一张' })).toBeTruthy();
  });
});
