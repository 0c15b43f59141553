import { useTranslation } from '@/lib/translator';
import { ConfirmButton } from '@/components/ui/confirm-button';
import {
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useSystemNotifications,
} from '../api/messages';
import { PagedMessages, Time } from './paged-messages';

/** Staff notices, newest first, with read state; mark one or all read; delete for me. */
export function NotificationList({ page }: { page: number }) {
  const { t } = useTranslation();
  const list = useSystemNotifications(page);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const anyUnread = !!list.data?.items.some((notice) => !notice.read);
  return (
    <>
      <p>
        <button
          type="button"
          className="button"
          disabled={markAll.isPending || !anyUnread}
          onClick={() => markAll.mutate(undefined)}
        >
          {t('messages.markAllRead')}
        </button>
      </p>
      <PagedMessages list={list} page={page}>
        {(items) => (
          <ul className="message-list" aria-label={t('messages.notifications.list')}>
            {items.map((notice) => (
              <li
                key={notice.notificationId}
                className={notice.read ? 'message-list__row' : 'message-list__row message-list__row--unread'}
              >
                <article aria-label={notice.title}>
                  <h2 className="message-list__title">
                    {notice.title}{' '}
                    <span className="message-list__state">
                      {notice.read ? t('messages.read') : t('messages.unread')}
                    </span>
                  </h2>
                  <p className="message-list__content">{notice.content}</p>
                  <p className="muted">
                    {t('messages.notifications.published')}
                    <Time iso={notice.publishedAt} />
                    {notice.editedAt ? (
                      <>
                        {' · '}
                        {t('messages.notifications.edited')}
                        <Time iso={notice.editedAt} />
                      </>
                    ) : null}
                  </p>
                </article>
                {notice.read ? null : (
                  <button
                    type="button"
                    className="button button--small"
                    disabled={markRead.isPending}
                    onClick={() => markRead.mutate(notice.notificationId)}
                  >
                    {t('messages.markRead')}
                  </button>
                )}
                <ConfirmButton
                  label={t('messages.delete')}
                  question={t('messages.notifications.deleteQuestion')}
                  disabled={remove.isPending}
                  onConfirm={() => remove.mutate(notice.notificationId)}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedMessages>
    </>
  );
}
