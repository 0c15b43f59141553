/** Identity's public read views of members (`/api/identity/...`): a member's own account, their card, follows. */

/** `GET /api/identity/me`: the member's own account, with the contact details masked. */
export interface MeView {
  id: string;
  account: string;
  nickname: string;
  kind: 'member' | 'staff';
  avatarUrl: string | null;
  /** Masked, e.g. `ab***@example.com`. */
  email: string | null;
  /** Masked, e.g. `138****5678`. */
  phone: string | null;
  /** A bound phone is the real-name authentication. */
  realNameVerified: boolean;
  allowUserDynamic: boolean;
  hintQuestion: string | null;
  state: 'enabled' | 'disabled' | 'cancelled';
  registeredAt: string;
  followerCount: number;
  followingCount: number;
}

/** `GET /api/identity/members/:memberId`: what anyone may see of a member (the member card and page). */
export interface PublicProfileView {
  id: string;
  nickname: string | null;
  avatarUrl: string | null;
  cancelled: boolean;
  isStaff: boolean;
  /** False when the member hides their dynamics ("allow display of user dynamics" off). */
  allowUserDynamic: boolean;
  registeredAt: string;
  followerCount: number;
  followingCount: number;
  followedByMe: boolean;
}

/** A row of `GET /api/identity/members/:memberId/following|followers`, newest first. */
export interface FollowListRow {
  memberId: string;
  /** Null once the member cancelled their account. */
  nickname: string | null;
  avatarUrl: string | null;
  cancelled: boolean;
  followedAt: string;
}
