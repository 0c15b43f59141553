/** The logged-in member as `/baseInfo` and `/refreshToken` describe it. */
export interface SystemUser {
  id: string;
  account: string;
  nickname: string;
  /** 'member' or 'staff'. */
  kind?: string;
  avatarUrl?: string | null;
}

/** Answer of a successful login or registration: the token pair and the member it belongs to. */
export interface SessionAnswer {
  accessToken: string;
  refreshToken: string;
  systemUser: SystemUser;
}

/** Answer of `POST /refreshToken`. */
export interface RefreshAnswer {
  accessToken?: string;
  refreshToken?: string;
  systemUser?: SystemUser | null;
}

/** One page of a paged list, as every list endpoint answers. */
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}
