import { useTranslation } from 'react-i18next';
import type { AuthorView } from '../api/types';

/** A member's name, or "this user account has been cancelled"; staff get a badge. */
export function AuthorName({ author, isStaff }: { author: AuthorView | null; isStaff?: boolean }) {
  const { t } = useTranslation();
  const cancelled = !author || author.cancelled;
  return (
    <span className="author-name">
      <span className={cancelled ? 'author-name__cancelled' : 'author-name__nickname'}>
        {cancelled ? t('common.cancelledAccount') : (author.nickname ?? author.memberId)}
      </span>
      {(isStaff ?? author?.isStaff) ? <span className="staff-badge">{t('forum.staff')}</span> : null}
    </span>
  );
}
