import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { AuthorName } from '@/components/member/author-name';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { questionHref } from '@/features/questions';
import { topicHref } from '@/features/topics';
import {
  useDeleteReminder,
  useMarkAllRemindersRead,
  useMarkReminderRead,
  useReminders,
  type ReminderView,
} from '../api/messages';
import { PagedMessages, Time } from './paged-messages';

/**
 * Where a reminder leads: a Q&A one to its question page; otherwise the comment (or the comment a reply belongs to)
 * in its topic, else the topic.
 */
export function reminderHref(reminder: ReminderView): string | null {
  if (reminder.questionId) return questionHref(reminder.questionId);
  if (!reminder.topicId) return null;
  const topic = topicHref(reminder.topicId);
  return reminder.commentId ? `${topic}&commentId=${encodeURIComponent(reminder.commentId)}` : topic;
}

/** Stands for the name in a translated sentence, so the name can be a link wherever the language puts it. */
const NAME_SLOT = '\u0000name\u0000';

function WithName({ text, name }: { text: string; name: ReactNode }) {
  const parts = text.split(NAME_SLOT);
  return parts.flatMap((part, index) => (index === 0 ? [part] : [<Fragment key={index}>{name}</Fragment>, part]));
}

/** My reminders, newest first: who did what, when, a link to it, read state; mark one / all read; delete. */
export function ReminderList({ page }: { page: number }) {
  const { t } = useTranslation();
  const list = useReminders(page);
  const markRead = useMarkReminderRead();
  const markAll = useMarkAllRemindersRead();
  const remove = useDeleteReminder();
  const anyUnread = !!list.data?.items.some((reminder) => !reminder.read);
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
          <ul className="message-list" aria-label={t('messages.reminders.list')}>
            {items.map((reminder) => {
              const href = reminderHref(reminder);
              return (
                <li
                  key={reminder.reminderId}
                  className={reminder.read ? 'message-list__row' : 'message-list__row message-list__row--unread'}
                >
                  <span className="message-list__state">
                    {reminder.read ? t('messages.read') : t('messages.unread')}
                  </span>
                  <span className="message-list__text">
                    <WithName
                      text={t(`messages.reminders.type.${reminder.type}`, {
                        name: NAME_SLOT,
                        defaultValue: String(reminder.type),
                      })}
                      name={<AuthorName author={reminder.sender} />}
                    />
                  </span>
                  {href ? (
                    <Link to={href} onClick={() => reminder.read || markRead.mutate(reminder.reminderId)}>
                      {reminder.questionTitle ?? reminder.topicTitle ?? t('messages.reminders.viewTarget')}
                    </Link>
                  ) : null}
                  {reminder.summary ? <q className="message-list__summary">{reminder.summary}</q> : null}
                  <Time iso={reminder.at} />
                  {reminder.read ? null : (
                    <button
                      type="button"
                      className="button button--small"
                      disabled={markRead.isPending}
                      onClick={() => markRead.mutate(reminder.reminderId)}
                    >
                      {t('messages.markRead')}
                    </button>
                  )}
                  <ConfirmButton
                    label={t('messages.delete')}
                    question={t('messages.deleteConfirm')}
                    disabled={remove.isPending}
                    onConfirm={() => remove.mutate(reminder.reminderId)}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </PagedMessages>
    </>
  );
}
