import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { Badge } from '@/components/ui/badge';
import { totalUnread, useUnreadCount } from '@/features/messages/api/get-unread-count';
import { useLiveUnread } from '@/features/messages/api/live-unread';

/** A bell with the member's unread count, live from the server's stream (polled without it); leads to whichever inbox has unread items. */
export function UnreadLink({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const live = useLiveUnread(userId);
  const { data } = useUnreadCount(userId, live);
  const count = totalUnread(data);
  const target = data?.privateMessageCount
    ? 'privateMessageList'
    : data?.systemNotifyCount && !data.remindCount
      ? 'systemNotifyList'
      : 'remindList';
  return (
    <Link to={`/user/control/${target}`} className="icon-button unread-link" aria-label={t('header.unread', { count })}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
      </svg>
      <Badge count={count} />
    </Link>
  );
}
