import { AuthorName } from '@/components/member/author-name';
import type { EnvelopeMember } from '../api/types';

/** A member of an envelope (sender, claimer) by avatar and name, or "this user account has been cancelled". */
export function MemberName({ member }: { member: EnvelopeMember }) {
  return (
    <AuthorName
      avatar
      author={{ memberId: member.id, nickname: member.nickname, avatarUrl: member.avatar, cancelled: member.cancelled }}
    />
  );
}
