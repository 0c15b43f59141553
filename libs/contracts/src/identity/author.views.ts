/**
 * How any context shows an author: a cancelled account has no name and no avatar, wherever it posted. Built from
 * the context's own copy of the member profiles (`authorViewOf` in `@forum/platform`).
 */
export interface AuthorView {
  memberId: string;
  nickname: string | null;
  avatarUrl: string | null;
  /** "This user account has been cancelled": no name, no avatar. */
  cancelled: boolean;
  isStaff: boolean;
}
