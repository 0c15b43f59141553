import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { Pagination } from '@/components/ui/pagination';
import { RichContent } from '@/components/ui/rich-content';
import { toast } from '@/components/ui/toast-store';
import { formatDateTime } from '@/lib/format-time';
import { useCommentReplies, useComments, useDeleteContent } from '../api/comments';
import type { AuthorView, CommentView, ReplyView } from '../api/types';
import { AuthorName, NAME_SLOT, WithMemberName } from '@/components/member/author-name';
import { ReportButton } from '@/features/moderation';
import { EditedMark } from '@/components/content/revisions';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { EditForm, ReplyForm } from './content-form-lazy';
import { LikeButton } from './reaction-buttons';

type Composer =
  | { kind: 'reply'; commentId: string; replyToReplyId?: string; name: string }
  | { kind: 'editComment'; commentId: string; html: string }
  | { kind: 'editReply'; replyId: string; html: string }
  | null;

const nameOf = (author: AuthorView | null, cancelled: string) =>
  !author || author.cancelled ? cancelled : (author.nickname ?? author.memberId);

/**
 * One page of a topic's comments: quote chains, replies (reply to reply), likes, and edit / delete for the
 * member's own. `focusCommentId` is scrolled into view once its page is shown.
 */
export function CommentList({
  topicId,
  page,
  memberId,
  onQuote,
  focusCommentId,
}: {
  topicId: string;
  page: number;
  memberId: string | null;
  onQuote: (comment: CommentView) => void;
  focusCommentId?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const comments = useComments(topicId, page);
  const [composer, setComposer] = useState<Composer>(null);
  const remove = useDeleteContent();
  const cancelled = t('common.cancelledAccount');

  useEffect(() => {
    if (!focusCommentId || !comments.data) return;
    const element = document.getElementById(`comment-${focusCommentId}`);
    element?.scrollIntoView?.({ block: 'start' });
    element?.focus();
  }, [focusCommentId, comments.data]);

  if (comments.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (comments.isError) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('forum.my.loadError')}</p>
        <button type="button" className="button" onClick={() => void comments.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const { items, totalPages, total } = comments.data;
  const deleteIt = (kind: 'comment' | 'reply', id: string) =>
    remove.mutate({ kind, id }, { onSuccess: () => toast.success(t('forum.deleted')) });
  const time = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <section className="comments" aria-label={t('forum.comments', { value: total })}>
      <h2 className="section-title">{t('forum.comments', { value: total })}</h2>
      {items.length === 0 ? <p className="muted">{t('forum.noComments')}</p> : null}
      <ol className="comment-list">
        {items.map((comment) => {
          const mine = memberId !== null && comment.author.memberId === memberId;
          return (
            <li
              key={comment.commentId}
              id={`comment-${comment.commentId}`}
              tabIndex={-1}
              className={`comment${comment.commentId === focusCommentId ? ' comment--focused' : ''}`}
            >
              <header className="comment__head">
                <AuthorName author={comment.author} avatar />
                {comment.pending ? (
                  <span className="badge">{t('forum.pendingReview')}</span>
                ) : (
                  <span className="muted">{t('forum.floor', { floor: comment.floor })}</span>
                )}
                <time dateTime={comment.postedAt}>{time(comment.postedAt)}</time>
                {comment.editedAt && !comment.pending ? (
                  <EditedMark
                    target={{ kind: 'comment', id: comment.commentId }}
                    label={t('forum.edited', { time: time(comment.editedAt) })}
                  />
                ) : null}
              </header>
              {comment.quotes.length ? <QuoteChain quotes={comment.quotes} /> : null}
              {composer?.kind === 'editComment' && composer.commentId === comment.commentId ? (
                <EditForm
                  target={{ kind: 'editComment', commentId: comment.commentId }}
                  label={t('forum.commentLabel')}
                  html={composer.html}
                  onClose={() => setComposer(null)}
                />
              ) : (
                <RichContent html={comment.contentHtml} className="comment__content" />
              )}
              {/* A held comment (ADR 0014) cannot be liked, quoted or answered until staff approve it. */}
              <div className="comment__actions" hidden={comment.pending}>
                <LikeButton kind="comment" id={comment.commentId} liked={comment.likedByMe} count={comment.likeCount} />
                <button type="button" className="button button--small" onClick={() => onQuote(comment)}>
                  {t('forum.quote')}
                </button>
                <ReplyEditDelete
                  mine={mine}
                  onReply={() =>
                    setComposer({
                      kind: 'reply',
                      commentId: comment.commentId,
                      name: nameOf(comment.author, cancelled),
                    })
                  }
                  onEdit={() =>
                    setComposer({ kind: 'editComment', commentId: comment.commentId, html: comment.contentHtml })
                  }
                  onDelete={() => deleteIt('comment', comment.commentId)}
                />
                {mine ? null : <ReportButton kind="comment" contentId={comment.commentId} />}
              </div>
              <Replies
                comment={comment}
                memberId={memberId}
                composer={composer}
                setComposer={setComposer}
                onDelete={(replyId) => deleteIt('reply', replyId)}
              />
              {composer?.kind === 'reply' && composer.commentId === comment.commentId ? (
                <ReplyForm
                  target={{
                    kind: 'reply',
                    commentId: comment.commentId,
                    replyToReplyId: composer.replyToReplyId,
                  }}
                  name={composer.name}
                  onClose={() => setComposer(null)}
                  draftKey={`reply:${comment.commentId}`}
                  draftExtra={{ topicId }}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}

function QuoteChain({ quotes }: { quotes: CommentView['quotes'] }) {
  const { t } = useTranslation();
  // Oldest first: each quote nests inside the next, as the forum has always shown them.
  const nested = quotes.reduce<React.ReactNode>(
    (inner, quote) => (
      <blockquote className="quote" key={quote.commentId}>
        {inner}
        <p className="quote__author">
          <AuthorName author={quote.author} />
        </p>
        {quote.deleted ? <p className="muted">{t('forum.quotedDeleted')}</p> : <RichContent html={quote.contentHtml} />}
      </blockquote>
    ),
    null,
  );
  return <div className="quote-chain">{nested}</div>;
}

function Replies({
  comment,
  memberId,
  composer,
  setComposer,
  onDelete,
}: {
  comment: CommentView;
  memberId: string | null;
  composer: Composer;
  setComposer: (composer: Composer) => void;
  onDelete: (replyId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  const more = useCommentReplies(comment.commentId, all);
  const replies: ReplyView[] = all && more.data ? more.data.items : comment.replies;
  const cancelled = t('common.cancelledAccount');
  if (!replies.length) return null;
  return (
    <div className="replies">
      <ul className="reply-list">
        {replies.map((reply) => {
          const mine = memberId !== null && reply.author.memberId === memberId;
          return (
            <li key={reply.replyId} className="reply" id={`reply-${reply.replyId}`}>
              <p className="reply__head">
                <AuthorName author={reply.author} avatar />
                {reply.replyTo ? (
                  <span className="muted">
                    {' '}
                    <WithMemberName
                      text={t('forum.repliedTo', { name: NAME_SLOT })}
                      name={<AuthorName author={reply.replyTo} />}
                    />
                  </span>
                ) : null}
                <time dateTime={reply.postedAt}> {formatDateTime(reply.postedAt, i18n.language)}</time>
                {reply.editedAt ? (
                  <>
                    {' '}
                    <EditedMark
                      target={{ kind: 'reply', id: reply.replyId }}
                      label={t('forum.edited', { time: formatDateTime(reply.editedAt, i18n.language) })}
                    />
                  </>
                ) : null}
              </p>
              {composer?.kind === 'editReply' && composer.replyId === reply.replyId ? (
                <EditForm
                  target={{ kind: 'editReply', replyId: reply.replyId }}
                  label={t('forum.replyLabel')}
                  html={composer.html}
                  onClose={() => setComposer(null)}
                />
              ) : (
                <RichContent html={reply.contentHtml} className="reply__content" />
              )}
              <div className="comment__actions">
                <LikeButton kind="reply" id={reply.replyId} liked={reply.likedByMe} count={reply.likeCount} />
                <ReplyEditDelete
                  mine={mine}
                  onReply={() =>
                    setComposer({
                      kind: 'reply',
                      commentId: comment.commentId,
                      replyToReplyId: reply.replyId,
                      name: nameOf(reply.author, cancelled),
                    })
                  }
                  onEdit={() => setComposer({ kind: 'editReply', replyId: reply.replyId, html: reply.contentHtml })}
                  onDelete={() => onDelete(reply.replyId)}
                />
                {mine ? null : <ReportButton kind="reply" contentId={reply.replyId} />}
              </div>
            </li>
          );
        })}
      </ul>
      {!all && comment.replyCount > comment.replies.length ? (
        <button type="button" className="button button--link" onClick={() => setAll(true)}>
          {t('forum.moreReplies', { value: comment.replyCount })}
        </button>
      ) : null}
    </div>
  );
}

/** The actions every comment and reply offers: reply to it, and, on the member's own, edit and delete (asked first). */
function ReplyEditDelete({
  mine,
  onReply,
  onEdit,
  onDelete,
}: {
  mine: boolean;
  onReply: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="button button--small" onClick={onReply}>
        {t('forum.reply')}
      </button>
      {mine ? (
        <>
          <button type="button" className="button button--small" onClick={onEdit}>
            {t('forum.edit')}
          </button>
          <ConfirmButton label={t('forum.delete')} question={t('forum.confirmDelete')} onConfirm={onDelete} />
        </>
      ) : null}
    </>
  );
}
