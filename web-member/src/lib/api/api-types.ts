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

/** The author of content as the forum and the Q&A answer it (a cancelled account has no name, no avatar). */
export interface AuthorView {
  memberId: string;
  nickname: string | null;
  avatarUrl: string | null;
  /** "This user account has been cancelled": no name, no avatar. */
  cancelled: boolean;
  /** Present on comment and reply authors. */
  isStaff?: boolean;
}
