/** The logged-in member as `/baseInfo` and `/refreshToken` describe it. */
export interface SystemUser {
  id: string;
  account: string;
  nickname: string;
  avatarUrl?: string | null;
}

/** Answer of `POST /refreshToken`. */
export interface RefreshAnswer {
  accessToken?: string;
  refreshToken?: string;
  systemUser?: SystemUser | null;
}
