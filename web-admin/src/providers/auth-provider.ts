import type { AuthProvider } from 'react-admin';
import type { HttpClient } from '../api/http-client';
import type { StaffProfile, StaffSession } from '../api/staff-session';

export interface AuthProviderOptions {
  /** The API root, e.g. `/api`. */
  apiUrl: string;
  /** The fixed renewal call (docs/rules/web.md), outside `/api`. */
  refreshUrl?: string;
  httpClient: HttpClient;
  session: StaffSession;
}

/** The identity context answers `systemUser` (the member site's name); `staff` is the console's own contract. */
interface LoginAnswer {
  accessToken: string;
  refreshToken: string;
  staff?: Partial<StaffProfile> & { id: string };
  systemUser?: Partial<StaffProfile> & { id: string };
}

/** What the login form passes to `useLogin`. */
export interface LoginParams {
  username: string;
  password: string;
  captchaKey?: string;
  captcha?: string;
}

interface RefreshAnswer {
  accessToken?: string;
  refreshToken?: string;
}

/**
 * Staff sign-in on the identity context's staff tokens (`POST /api/identity/staff/login`). A 401 from any call gets one renewal through
 * `POST /refreshToken` per access token; when that fails (or the renewed token is refused again) the
 * session ends and react-admin shows the login page. A 403 keeps the session: the staff member is signed in
 * but lacks that permission.
 */
export function createAuthProvider(options: AuthProviderOptions): AuthProvider {
  const { apiUrl, httpClient, session } = options;
  const refreshUrl = options.refreshUrl ?? '/refreshToken';
  const renewedTokens = new Set<string>();
  let renewal: Promise<boolean> | null = null;

  const renew = (): Promise<boolean> => {
    if (renewal) return renewal;
    const tokens = session.tokens();
    if (!tokens?.refresh || renewedTokens.has(tokens.access)) return Promise.resolve(false);
    renewedTokens.add(tokens.access);
    renewal = httpClient<RefreshAnswer | undefined>(refreshUrl, { method: 'POST', body: {}, form: true })
      .then(({ json }) => {
        if (!json?.accessToken) return false;
        session.save({ access: json.accessToken, refresh: json.refreshToken ?? tokens.refresh });
        return true;
      })
      .catch(() => false)
      .then((renewed) => {
        if (!renewed) session.clear();
        return renewed;
      })
      .finally(() => {
        renewal = null;
      });
    return renewal;
  };

  return {
    async login({ username, password, captchaKey, captcha }: LoginParams) {
      session.clear();
      // The captcha goes along only once the server has asked for it (`identity.captcha_required`).
      const withCaptcha = captchaKey && captcha ? { captchaKey, captcha } : {};
      const { json } = await httpClient<LoginAnswer>(`${apiUrl}/identity/staff/login`, {
        method: 'POST',
        body: { account: username, password, ...withCaptcha },
      });
      const staff = json.staff ?? json.systemUser;
      session.save(
        { access: json.accessToken, refresh: json.refreshToken },
        staff && {
          id: staff.id,
          account: staff.account ?? '',
          nickname: staff.nickname ?? '',
          permissions: staff.permissions ?? [],
        },
      );
    },

    async logout() {
      // Ends the session on the server too (its refresh token stops working); signing out locally must not
      // wait on, or fail with, that call.
      if (session.tokens()) void httpClient(`${apiUrl}/identity/logout`, { method: 'POST' }).catch(() => undefined);
      session.clear();
    },

    async checkAuth() {
      if (!session.tokens()) throw { message: false };
    },

    async checkError(error: { status?: number }) {
      if (error?.status !== 401) return;
      if (!(await renew())) throw new Error('ra.notification.logged_out');
    },

    async getPermissions() {
      return session.profile()?.permissions ?? [];
    },

    async getIdentity() {
      const profile = session.profile();
      if (profile) return { id: profile.id, fullName: profile.nickname || profile.account };
      const subject = session.subject();
      if (!subject) throw new Error('ra.auth.auth_check_error');
      return { id: subject, fullName: subject };
    },
  };
}
