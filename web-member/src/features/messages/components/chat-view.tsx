import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { AuthorName } from '@/components/member/author-name';
import { FormError } from '@/components/ui/form-error';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { ApiError } from '@/lib/api/api-error';
import {
  MESSAGE_MAX_LENGTH,
  useBlocks,
  useChat,
  useDeleteMessage,
  useMarkConversationRead,
  useSendMessage,
  useSetBlocked,
} from '../api/messages';
import { PagedMessages, Time } from './paged-messages';

/**
 * The conversation with one member, a page at a time (page 1 holds the newest messages, shown oldest first like a
 * chat). Showing the newest page marks the conversation read.
 */
export function ChatView({ memberId, page }: { memberId: string; page: number }) {
  const { t } = useTranslation();
  const list = useChat(memberId, page);
  const markRead = useMarkConversationRead();
  const remove = useDeleteMessage();
  const hasUnread = page === 1 && !!list.data?.items.some((message) => !message.fromMe && !message.read);
  const { mutate: markConversationRead } = markRead;
  useEffect(() => {
    if (hasUnread) markConversationRead(memberId);
  }, [hasUnread, memberId, markConversationRead]);

  return (
    <>
      <p>
        <Link to="/user/control/privateMessageList">{t('messages.chat.back')}</Link>
      </p>
      <BlockToggle memberId={memberId} />
      <PagedMessages list={list} page={page}>
        {(items) => (
          <ol className="chat" aria-label={t('messages.chat.messages')}>
            {[...items].reverse().map((message) => (
              <li
                key={message.messageId}
                className={message.fromMe ? 'chat__message chat__message--mine' : 'chat__message'}
              >
                <span className="chat__sender">
                  <AuthorName author={message.sender} />
                </span>{' '}
                <Time iso={message.sentAt} />
                <p className="chat__content">{message.content}</p>
                {message.fromMe ? (
                  <span className="muted">
                    {message.read ? t('messages.chat.readByOther') : t('messages.chat.unreadByOther')}
                  </span>
                ) : null}
                <ConfirmButton
                  label={t('messages.delete')}
                  question={t('messages.chat.deleteQuestion')}
                  disabled={remove.isPending}
                  onConfirm={() => remove.mutate({ memberId, messageId: message.messageId })}
                />
              </li>
            ))}
          </ol>
        )}
      </PagedMessages>
      <SendForm memberId={memberId} />
    </>
  );
}

/** Refuse (or accept again) this member's messages; mine to them still go out. */
function BlockToggle({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const blocks = useBlocks();
  const setBlocked = useSetBlocked();
  if (!blocks.data) return null;
  const blocked = blocks.data.items.some((row) => row.member.memberId === memberId);
  return (
    <p>
      {blocked ? <span className="muted">{t('messages.chat.blocked')} </span> : null}
      <ConfirmButton
        label={blocked ? t('messages.chat.unblock') : t('messages.chat.block')}
        question={blocked ? t('messages.chat.unblockQuestion') : t('messages.chat.blockQuestion')}
        disabled={setBlocked.isPending}
        onConfirm={() => setBlocked.mutate({ memberId, blocked: !blocked })}
      />
    </p>
  );
}

/** Not empty, at most 1000 characters; the server's refusal (permission, cancelled member…) shows above the button. */
function SendForm({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendMessage();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) return setProblem(t('messages.chat.required'));
    if (content.length > MESSAGE_MAX_LENGTH) return setProblem(t('messages.chat.tooLong', { max: MESSAGE_MAX_LENGTH }));
    setProblem(null);
    send.mutate(
      { toMemberId: memberId, content },
      {
        onSuccess: () => setContent(''),
        onError: (error) => setProblem(error instanceof ApiError ? error.message : t('common.submitError')),
      },
    );
  };

  return (
    <form className="chat-form" onSubmit={submit} noValidate>
      <label htmlFor={fieldId}>{t('messages.chat.content')}</label>
      <textarea
        id={fieldId}
        value={content}
        rows={4}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={t('messages.chat.placeholder', { max: MESSAGE_MAX_LENGTH })}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => setContent(event.target.value)}
      />
      <p className="muted">{t('messages.chat.remaining', { count: MESSAGE_MAX_LENGTH - content.length })}</p>
      <FormError message={problem} />
      <button type="submit" className="button button--primary" disabled={send.isPending}>
        {send.isPending ? t('messages.chat.sending') : t('messages.chat.send')}
      </button>
    </form>
  );
}
