/** What the staff login answers with, and what the console keeps of it. */
export interface StaffProfile {
  id: string;
  account: string;
  nickname: string;
  permissions: string[];
}

export interface StaffTokens {
  access: string;
  refresh: string;
}

const ACCESS_KEY = 'staffAccessToken';
const REFRESH_KEY = 'staffRefreshToken';
const PROFILE_KEY = 'staffProfile';

/**
 * The signed-in staff member's tokens and profile in local storage, under keys of their own so that a
 * member session on the same origin (the member site) never mixes with a staff one.
 */
export class StaffSession {
  constructor(private readonly storage: Storage) {}

  tokens(): StaffTokens | null {
    const access = this.storage.getItem(ACCESS_KEY);
    return access ? { access, refresh: this.storage.getItem(REFRESH_KEY) ?? '' } : null;
  }

  profile(): StaffProfile | null {
    const raw = this.storage.getItem(PROFILE_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as StaffProfile;
    } catch {
      return null;
    }
  }

  /** The staff id inside the access token, for a session whose profile is not stored (a pasted token). */
  subject(): string | null {
    const payload = this.tokens()?.access.split('.')[1];
    if (!payload) return null;
    try {
      const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
      return typeof claims.sub === 'string' ? claims.sub : null;
    } catch {
      return null;
    }
  }

  save(tokens: StaffTokens, profile?: StaffProfile): void {
    this.storage.setItem(ACCESS_KEY, tokens.access);
    this.storage.setItem(REFRESH_KEY, tokens.refresh);
    if (profile) this.storage.setItem(PROFILE_KEY, JSON.stringify(profile));
  }

  clear(): void {
    for (const key of [ACCESS_KEY, REFRESH_KEY, PROFILE_KEY]) this.storage.removeItem(key);
  }
}
