import { useTranslation } from 'react-i18next';
import type { MemberView } from '../api/messages';

/** The name shown for a member: "this user account has been cancelled" once they cancelled. */
export function useMemberName() {
  const { t } = useTranslation();
  return (member: MemberView | null | undefined) =>
    !member || member.cancelled ? t('common.cancelledAccount') : (member.nickname ?? member.memberId);
}
