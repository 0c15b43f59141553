import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { MemberAvatar, memberHref, useMemberName } from '@/components/member/author-name';
import { Badge } from '@/components/ui/badge';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { useConversations, useDeleteConversation } from '../api/messages';
import { PagedMessages, Time } from './paged-messages';

export const chatHref = (memberId: string) =>
  `/user/control/privateMessageChatList?memberId=${encodeURIComponent(memberId)}`;

/** My conversations, newest first: the other member, the last message, its unread count; delete for me. */
export function ConversationList({ page }: { page: number }) {
  const { t } = useTranslation();
  const nameOf = useMemberName();
  const list = useConversations(page);
  const remove = useDeleteConversation();
  return (
    <PagedMessages list={list} page={page}>
      {(items) => (
        <ul className="message-list" aria-label={t('messages.conversations.list')}>
          {items.map((row) => {
            const name = nameOf(row.member);
            const last = row.lastMessage;
            return (
              <li
                key={row.member.memberId}
                className={row.unreadCount ? 'message-list__row message-list__row--unread' : 'message-list__row'}
              >
                {row.member.cancelled ? (
                  <MemberAvatar member={row.member} />
                ) : (
                  <Link to={memberHref(row.member.memberId)} aria-label={t('member.pageOf', { name })}>
                    <MemberAvatar member={row.member} />
                  </Link>
                )}
                <Link to={chatHref(row.member.memberId)} aria-label={t('messages.conversations.with', { name })}>
                  <strong>{name}</strong>
                </Link>
                <Badge count={row.unreadCount} />
                {row.unreadCount ? (
                  <span className="visually-hidden">
                    {t('messages.conversations.unreadCount', { count: row.unreadCount })}
                  </span>
                ) : null}
                {last ? (
                  <>
                    <span className="message-list__text">
                      {last.fromMe ? t('messages.conversations.me', { content: last.content }) : last.content}
                    </span>
                    <Time iso={last.sentAt} />
                  </>
                ) : null}
                <ConfirmButton
                  label={t('messages.delete')}
                  question={t('messages.conversations.deleteQuestion')}
                  disabled={remove.isPending}
                  onConfirm={() => remove.mutate(row.member.memberId)}
                />
              </li>
            );
          })}
        </ul>
      )}
    </PagedMessages>
  );
}
